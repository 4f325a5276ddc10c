#include "util/heap_settings.h"

#include <malloc.h>

namespace rw {

void returnLargeBlocksToTheSystem() {
#if defined(__GLIBC__)
  mallopt(M_MMAP_THRESHOLD, int(kOwnMappingBytes));
#endif
}

}  // namespace rw

#include "heap/heap_allocator.h"

#include <cstdlib>

#include "util/heap_settings.h"

#if defined(RIGWRIGHT_WITH_MIMALLOC)
#include <mimalloc.h>
#endif

namespace rw {

namespace {

#if defined(RIGWRIGHT_WITH_MIMALLOC)
/// Whether the process's malloc is mimalloc's: a block from the C heap lies in its heap.
bool mallocIsMimalloc() {
  void* block = std::calloc(1, 64);  // calloc: the check reads nothing, GCC cannot tell
  const bool ours = block && mi_is_in_heap_region(block);
  std::free(block);
  return ours;
}
#endif

}  // namespace

void configureHeap() {
#if defined(RIGWRIGHT_WITH_MIMALLOC)
  if (mallocIsMimalloc()) return;
#endif
  returnLargeBlocksToTheSystem();
}

std::string heapAllocatorName() {
#if defined(RIGWRIGHT_WITH_MIMALLOC)
  if (mallocIsMimalloc()) {
    const int version = mi_version();  // e.g. 209 for 2.0.9
    return "mimalloc " + std::to_string(version / 100) + "." + std::to_string(version / 10 % 10) +
           "." + std::to_string(version % 10);
  }
#endif
  return "glibc malloc";
}

}  // namespace rw

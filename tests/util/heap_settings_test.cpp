// The heap's fixed mmap threshold (util/heap_settings.h): a large block freed after a bigger one
// still comes from its own mapping, so its pages go back to the system when freed.
#include <gtest/gtest.h>
#include <malloc.h>

#include <cstdlib>
#include <cstring>

#include "util/heap_settings.h"

namespace rw {
namespace {

/// Mapped blocks in use right now.
std::size_t mappedBlocks() {
  return mallinfo2().hblks;
}

TEST(HeapSettings, ALargeBlockAfterABiggerOneFreedIsStillMappedOnItsOwn) {
  returnLargeBlocksToTheSystem();
  // glibc's adaptive threshold would rise to this block's size once it is freed...
  void* big = std::malloc(std::size_t(24) << 20);
  ASSERT_NE(big, nullptr);
  std::memset(big, 1, 4096);
  std::free(big);
  // ...and serve the next 2 MB block from the heap, whose freed pages stay resident.
  const std::size_t before = mappedBlocks();
  void* block = std::malloc(std::size_t(2) << 20);
  ASSERT_NE(block, nullptr);
  EXPECT_EQ(mappedBlocks(), before + 1);
  std::free(block);
  EXPECT_EQ(mappedBlocks(), before);
}

}  // namespace
}  // namespace rw

#pragma once
// How the process's heap hands memory back. glibc serves a block of at least the mmap threshold
// from its own mapping, returned to the system when freed; the threshold grows to the largest
// such block freed so far (up to 32 MB), so after the first big factorization the next ones come
// from the heap, whose freed pages stay resident and add to the next stage's peak. A fixed
// threshold keeps large arrays (factors, right-hand sides, level sets) out of the heap: at 548K
// triangles the CLI's autorig + skin peak fell from 658 to 579 MB at the same speed. The
// executables now serve their heap from mimalloc, faster and lower still
// (app/heap/heap_allocator.h); this setting is what a build without it (the sanitizer build,
// the tests) keeps.
#include <cstddef>

namespace rw {

/// Blocks of at least this many bytes are mapped on their own and unmapped when freed.
inline constexpr std::size_t kOwnMappingBytes = std::size_t(1) << 20;

/// Fixes the heap's mmap threshold at kOwnMappingBytes (once, at start-up, before threads).
void returnLargeBlocksToTheSystem();

}  // namespace rw

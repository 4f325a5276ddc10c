#pragma once
// The executables' heap allocator.
//
// The engine allocates and frees large arrays stage after stage (Laplacians, factors, right-hand
// sides, ray-tracing structures). glibc's malloc serves every block of 1 MB or more from a fresh
// mapping (util/heap_settings.h keeps the peak down that way), so each is zero-filled again, a
// page fault per 4 KB: a 548K-triangle autorig + skin took ~505K faults and ~2.8 s of system time
// against ~4.2 s of user time on this machine kind, where a fault costs 2-5 µs. mimalloc keeps
// freed segments for reuse a short while before it returns them (its reset delay), so the next
// stage's arrays land on pages already there: 360K faults, 0.6-0.8 s less wall time and a lower
// peak (424 against 449 MB). Results are identical (nothing depends on where a block lands).
// Measured alternatives are in docs/build-notes.md.
//
// With RIGWRIGHT_MIMALLOC (the default) the executables link mimalloc's shared library, which
// replaces malloc/free for the whole process (the libraries included); without it, glibc's heap
// with the fixed mmap threshold. The sanitizer build turns it off: ASan brings its own allocator.
#include <string>

namespace rw {

/// Sets the heap up for the process: once, at start-up, before any thread starts.
void configureHeap();

/// The allocator that actually serves malloc in this process, checked on a live block (a build
/// that links mimalloc but does not get its malloc reports glibc): "mimalloc 2.0.9" or
/// "glibc malloc".
std::string heapAllocatorName();

}  // namespace rw

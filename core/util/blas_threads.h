#pragma once
// The BLAS library's own threads: limited while we run several sparse solves at once, and never
// changed while another thread is inside BLAS.
//
// CHOLMOD's supernodal factorization and solve call BLAS on many small dense blocks. On this
// machine kind OpenBLAS's threads add nothing there for bone heat's parts (41K and 168K vertices
// take the same time with one BLAS thread or two), and when independent parts are solved on TBB's
// threads side by side, its thread server contends with them (11 % slower than one part at a
// time). The harmonic field's one large factorization does gain from them (15-25 % at 115K-460K
// faces), so the count is lowered only around the parts' solve, not for the whole process.
//
// OpenBLAS's thread server is not safe against its count changing while another thread is in a
// BLAS call (its issue tracker has hangs from exactly that): in the workstation the skin job and
// the session's field solve run at the same time. So every BLAS user holds a section: sections at
// the library's current count share; a section that sets a count excludes all others.

namespace rw {

/// Stops OpenBLAS's worker threads, which it starts when it loads: they spin (sched_yield)
/// for about 0.1 s waiting for work that comes much later or never, and on a 2-core machine
/// that takes a core from the program's own threads (an 8.5K-triangle rig, 0.09 s in all,
/// spent 170 ms of CPU against 101 with one BLAS thread). OpenBLAS starts them again at its
/// next call that uses them. Call once at start-up, before any BLAS use; does nothing with
/// another BLAS library.
void parkBlasThreads();

/// A section of BLAS use. With `threads` ≥ 1 the BLAS library's thread count is set to it for
/// the section's life and restored after, and no other section runs meanwhile; with 0 the
/// count is left as it is and the section runs alongside other such sections. Not reentrant:
/// code inside a section (on any thread) must not open another.
class ScopedBlasThreads {
 public:
  explicit ScopedBlasThreads(int threads);
  ~ScopedBlasThreads();
  ScopedBlasThreads(const ScopedBlasThreads&) = delete;
  ScopedBlasThreads& operator=(const ScopedBlasThreads&) = delete;

  /// True when the BLAS library in this process lets us set its thread count.
  static bool available();
  /// Its thread count now; 0 when not available.
  static int current();

 private:
  bool exclusive_ = false;
  int previous_ = 0;  ///< 0: nothing was changed
};

}  // namespace rw

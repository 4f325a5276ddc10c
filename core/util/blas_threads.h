#pragma once
// The BLAS library's own threads, limited while we run several sparse solves at once.
//
// CHOLMOD's supernodal factorization and solve call BLAS on many small dense blocks. On this
// machine kind OpenBLAS's threads add nothing there (bone heat at 41K and 168K vertices takes the
// same time with one BLAS thread or two), and when independent parts are solved on TBB's threads
// side by side, its thread server contends with them (11 % slower than one part at a time).

namespace rw {

/// Sets the BLAS library's thread count for the life of this object and restores it after
/// (OpenBLAS, found at run time; nothing happens with a BLAS that has no such setting).
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
  int previous_ = 0;  ///< 0: nothing was changed
};

}  // namespace rw

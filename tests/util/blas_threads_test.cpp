// ScopedBlasThreads (util/blas_threads.h): the BLAS library's threads are limited inside the
// scope and restored after, and never changed while another thread's section is open (OpenBLAS
// can hang then). setup.sh installs OpenBLAS, whose setting this is.
#include <gtest/gtest.h>

#include <Eigen/CholmodSupport>
#include <Eigen/Sparse>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <future>
#include <thread>

#include "util/blas_threads.h"

namespace rw {
namespace {

TEST(ScopedBlasThreads, LimitsOpenBlasInsideTheScopeAndRestoresItAfter) {
  ASSERT_TRUE(ScopedBlasThreads::available()) << "OpenBLAS (setup.sh) is not this process's BLAS";
  const int before = ScopedBlasThreads::current();
  ASSERT_GE(before, 1);
  {
    const ScopedBlasThreads one(1);
    EXPECT_EQ(ScopedBlasThreads::current(), 1);
  }
  EXPECT_EQ(ScopedBlasThreads::current(), before);
}

TEST(ScopedBlasThreads, ZeroLeavesTheSettingAlone) {
  const int before = ScopedBlasThreads::current();
  {
    const ScopedBlasThreads none(0);
    EXPECT_EQ(ScopedBlasThreads::current(), before);
  }
  EXPECT_EQ(ScopedBlasThreads::current(), before);
}

TEST(ScopedBlasThreads, SectionsAtTheCurrentCountShare) {
  const ScopedBlasThreads first(0);
  // Another thread opens its own section while this one is open.
  std::future<void> second =
      std::async(std::launch::async, [] { const ScopedBlasThreads other(0); });
  EXPECT_EQ(second.wait_for(std::chrono::seconds(30)), std::future_status::ready);
}

TEST(ScopedBlasThreads, ACountIsNotChangedWhileAnotherSectionIsOpen) {
  const int before = ScopedBlasThreads::current();
  std::atomic<bool> changing{false};
  std::atomic<int> seenInside{0};
  std::thread changer;
  {
    const ScopedBlasThreads using_(0);
    changer = std::thread([&] {
      const ScopedBlasThreads one(1);
      changing = true;
      seenInside = ScopedBlasThreads::current();
    });
    // The changer waits for this section: the count stays while it is open.
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    EXPECT_FALSE(changing.load());
    EXPECT_EQ(ScopedBlasThreads::current(), before);
  }
  changer.join();
  EXPECT_TRUE(changing.load());
  EXPECT_EQ(seenInside.load(), 1);
  EXPECT_EQ(ScopedBlasThreads::current(), before);
}

}  // namespace
}  // namespace rw

namespace rw {
namespace {

int threadsOfThisProcess() {
  int count = 0;
  for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator("/proc/self/task"))
    ++count;
  return count;
}

/// A supernodal factorization and solve of a 2D grid's Laplacian (plus the identity), large
/// enough for OpenBLAS to use its threads; the residual of the solve.
double factorAndSolveGrid(int side) {
  const int n = side * side;
  std::vector<Eigen::Triplet<double>> entries;
  for (int y = 0; y < side; ++y)
    for (int x = 0; x < side; ++x) {
      const int v = y * side + x;
      entries.emplace_back(v, v, 5.0);
      if (x + 1 < side) entries.emplace_back(v, v + 1, -1.0), entries.emplace_back(v + 1, v, -1.0);
      if (y + 1 < side)
        entries.emplace_back(v, v + side, -1.0), entries.emplace_back(v + side, v, -1.0);
    }
  Eigen::SparseMatrix<double> A(n, n);
  A.setFromTriplets(entries.begin(), entries.end());
  Eigen::CholmodSupernodalLLT<Eigen::SparseMatrix<double>> solver(A);
  const Eigen::VectorXd b = Eigen::VectorXd::LinSpaced(n, 0.0, 1.0);
  const Eigen::VectorXd x = solver.solve(b);
  return (A * x - b).norm() / b.norm();
}

/// The process's thread count once it settles at `expected` (an exiting thread leaves the task
/// list a moment after it is joined, later on a loaded machine), or what it is after 5 s.
int threadsOnceSettledAt(int expected) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  int now = threadsOfThisProcess();
  while (now != expected && std::chrono::steady_clock::now() < until) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    now = threadsOfThisProcess();
  }
  return now;
}

TEST(ParkBlasThreads, StopsOpenBlasWorkersWhichTheNextCallStartsAgain) {
  ASSERT_TRUE(ScopedBlasThreads::available()) << "OpenBLAS (setup.sh) is not this process's BLAS";
  const int workers = ScopedBlasThreads::current() - 1;  // none on one CPU
  EXPECT_LT(factorAndSolveGrid(300), 1e-10);             // the workers are running now
  const int running = threadsOfThisProcess();
  parkBlasThreads();
  EXPECT_EQ(threadsOnceSettledAt(running - workers), running - workers);
  EXPECT_LT(factorAndSolveGrid(300), 1e-10);  // started again, the same answer
  EXPECT_EQ(threadsOnceSettledAt(running), running);
}

}  // namespace
}  // namespace rw

// ScopedBlasThreads (util/blas_threads.h): the BLAS library's threads are limited inside the
// scope and restored after, and never changed while another thread's section is open (OpenBLAS
// can hang then). setup.sh installs OpenBLAS, whose setting this is.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
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

// ScopedBlasThreads (util/blas_threads.h): the BLAS library's threads are limited inside the
// scope and restored after. setup.sh installs OpenBLAS, whose setting this is.
#include <gtest/gtest.h>

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

}  // namespace
}  // namespace rw

// `rigwright-cli --version`: the version, and the heap allocator that really serves the process
// (app/heap/heap_allocator.h). A build that loses mimalloc's link, or links it without its malloc
// taking over, runs 548K-triangle work ~0.7 s slower; this catches it.
#include <gtest/gtest.h>

#include "support/run_process.h"

using namespace rw::test;

TEST(CliVersion, NamesTheVersionAndTheHeapThatServesTheProcess) {
  const ProcessResult r = runCli({"--version"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(r.out.rfind("rigwright-cli 0.", 0), 0u) << r.out;
  EXPECT_NE(r.out.find(std::string("(heap: ") + RIGWRIGHT_EXPECTED_HEAP), std::string::npos)
      << r.out;
}

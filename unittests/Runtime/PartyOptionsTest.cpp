//===- PartyOptionsTest.cpp - a party's options through its flags --------===//

#include "mplang/Runtime/Backends/PartyOptions.h"

#include "llvm/Support/FileSystem.h"
#include "gtest/gtest.h"

using namespace mplang::rt;

namespace {

/// Parses `args` (after the program name) as a tool that registered the
/// party's flags.
StatusOr<PartyOptions> parse(const std::vector<std::string> &args) {
  static llvm::cl::OptionCategory category("party options");
  static bool registered = (PartyOptions::registerCLOptions(category), true);
  (void)registered;
  llvm::cl::ResetAllOptionOccurrences();
  std::vector<const char *> argv = {"test"};
  for (const std::string &arg : args)
    argv.push_back(arg.c_str());
  EXPECT_TRUE(llvm::cl::ParseCommandLineOptions(argv.size(), argv.data(), "",
                                                &llvm::nulls()));
  return PartyOptions::createFromCLOptions();
}

TEST(PartyOptionsTest, AWorkerGetsWhatItWasGiven) {
  llvm::SmallString<64> root;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("party", root));
  PartyOptions given;
  given.poolThreads = 3;
  given.jit = {jit::Mode::On, "dump-dir", "cache-dir", uint64_t(5) << 10};
  given.store = {root.str().str(), uint64_t(7) << 20, 9};
  std::vector<std::string> args;
  given.appendArgs(args);
  EXPECT_EQ(args, (std::vector<std::string>{
                      "--pool-threads=3", "--jit=on", "--jit-dump=dump-dir",
                      "--jit-cache=cache-dir", "--jit-cache-max-kb=5",
                      "--data-root=" + root.str().str(), "--store-max-mib=7",
                      "--store-ttl=9"}));
  StatusOr<PartyOptions> parsed = parse(args);
  ASSERT_TRUE(parsed.isOk()) << parsed.status().message();
  EXPECT_EQ(parsed->poolThreads, 3u);
  EXPECT_EQ(parsed->jit.mode, jit::Mode::On);
  EXPECT_EQ(parsed->jit.dumpDir, "dump-dir");
  EXPECT_EQ(parsed->jit.cacheDir, "cache-dir");
  EXPECT_EQ(parsed->jit.cacheMaxBytes, uint64_t(5) << 10);
  EXPECT_EQ(parsed->store.dataRoot, root.str().str());
  EXPECT_EQ(parsed->store.maxMemoryBytes, uint64_t(7) << 20);
  EXPECT_EQ(parsed->store.memoryTtlSeconds, 9u);
  llvm::sys::fs::remove(root);
}

TEST(PartyOptionsTest, FlagsDefaultToTheStructsDefaults) {
  StatusOr<PartyOptions> parsed = parse({"--jit=auto"});
  ASSERT_TRUE(parsed.isOk()) << parsed.status().message();
  PartyOptions defaults;
  EXPECT_EQ(parsed->poolThreads, defaults.poolThreads);
  EXPECT_EQ(parsed->jit.mode, defaults.jit.mode);
  EXPECT_EQ(parsed->jit.cacheMaxBytes, defaults.jit.cacheMaxBytes);
  EXPECT_EQ(parsed->store.dataRoot, "");
  EXPECT_EQ(parsed->store.maxMemoryBytes, defaults.store.maxMemoryBytes);
  EXPECT_EQ(parsed->store.memoryTtlSeconds, defaults.store.memoryTtlSeconds);
}

TEST(PartyOptionsTest, RefusesValuesThatMakeNoSense) {
  EXPECT_EQ(parse({"--pool-threads=0"}).status().message(),
            "--pool-threads must be at least 1");
  EXPECT_EQ(parse({"--jit=fast"}).status().message(),
            "--jit takes off, on or auto, not 'fast'");
  EXPECT_EQ(parse({"--store-ttl=0"}).status().message(),
            "--store-ttl must be at least 1");
  StatusOr<PartyOptions> missing = parse({"--data-root=/nonexistent/dir"});
  EXPECT_EQ(missing.status().code(), StatusCode::InvalidArgument);
  EXPECT_EQ(missing.status().message(),
            "--data-root '/nonexistent/dir' is not a directory");
}

} // namespace

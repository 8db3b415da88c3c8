//===- PartyOptions.cpp - how each party runs its programs ----------------===//

#include "mplang/Runtime/Backends/PartyOptions.h"
#include "mplang/Runtime/CommandLine.h"

using namespace mplang::rt;
namespace cl = llvm::cl;

namespace {
constexpr char kPoolThreads[] = "pool-threads";

struct CLOptions {
  explicit CLOptions(cl::OptionCategory &category)
      : poolThreads(kPoolThreads,
                    cl::desc("Threads for heavy kernels, in each party's own "
                             "pool (at least 1)"),
                    cl::init(PartyOptions().poolThreads), cl::cat(category)) {}

  cl::opt<unsigned> poolThreads;
};
} // namespace

void PartyOptions::registerCLOptions(cl::OptionCategory &category) {
  flags::registerOnce<CLOptions>(category);
  jit::Options::registerCLOptions(category);
  ObjectStoreOptions::registerCLOptions(category);
}

StatusOr<PartyOptions> PartyOptions::createFromCLOptions() {
  const CLOptions &o = flags::registered<CLOptions>();
  MPLANG_RETURN_IF_ERROR(
      flags::checkPositive({{&o.poolThreads, o.poolThreads}}));
  StatusOr<jit::Options> jit = jit::Options::createFromCLOptions();
  MPLANG_RETURN_IF_ERROR(jit);
  StatusOr<ObjectStoreOptions> store =
      ObjectStoreOptions::createFromCLOptions();
  MPLANG_RETURN_IF_ERROR(store);
  return PartyOptions{o.poolThreads, *std::move(jit), *std::move(store)};
}

void PartyOptions::appendArgs(std::vector<std::string> &args) const {
  flags::append(args, kPoolThreads, llvm::Twine(poolThreads));
  jit.appendArgs(args);
  store.appendArgs(args);
}

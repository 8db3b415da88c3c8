//===- Options.cpp - the JIT's flags --------------------------------------===//

#include "mplang/Runtime/CommandLine.h"
#include "mplang/Runtime/JIT/JIT.h"

#include <cstdlib>

using namespace mplang::rt;
namespace cl = llvm::cl;

std::optional<jit::Mode> jit::parseMode(llvm::StringRef text) {
  for (Mode mode : {Mode::Off, Mode::On, Mode::Auto})
    if (text == modeName(mode))
      return mode;
  return std::nullopt;
}

llvm::StringRef jit::modeName(Mode mode) {
  switch (mode) {
  case Mode::Off:
    return "off";
  case Mode::On:
    return "on";
  case Mode::Auto:
    return "auto";
  }
  return "";
}

std::string jit::defaultModeName() {
  const char *mode = std::getenv("MPLANG_JIT");
  return mode ? mode : modeName(Options().mode).str();
}

namespace {
constexpr char kMode[] = "jit", kDump[] = "jit-dump", kCache[] = "jit-cache",
               kCacheMax[] = "jit-cache-max-kb";

struct CLOptions {
  explicit CLOptions(cl::OptionCategory &category)
      : mode(kMode,
             cl::desc("Compile each party's local code to native code: off "
                      "(interpret), on (every group), auto (groups that pay "
                      "off); default: $MPLANG_JIT, else auto"),
             cl::init(jit::defaultModeName()), cl::cat(category)),
        dumpDir(kDump, cl::desc("Write each compiled group's IR to DIR"),
                cl::value_desc("DIR"), cl::cat(category)),
        cacheDir(kCache,
                 cl::desc("Keep compiled local code in DIR for later "
                          "processes"),
                 cl::value_desc("DIR"), cl::cat(category)),
        cacheMaxKiB(kCacheMax,
                    cl::desc("Size --jit-cache keeps, in KiB (least recently "
                             "used go)"),
                    cl::init(jit::Options().cacheMaxBytes >> 10),
                    cl::cat(category)) {}

  cl::opt<std::string> mode, dumpDir, cacheDir;
  cl::opt<uint64_t> cacheMaxKiB;
};
} // namespace

void jit::Options::registerCLOptions(cl::OptionCategory &category) {
  flags::registerOnce<CLOptions>(category);
}

StatusOr<jit::Options> jit::Options::createFromCLOptions() {
  const CLOptions &o = flags::registered<CLOptions>();
  std::optional<Mode> mode = parseMode(o.mode);
  if (!mode)
    return Status::invalidArgument("--jit takes off, on or auto, not '" +
                                   o.mode + "'");
  return Options{*mode, o.dumpDir, o.cacheDir, o.cacheMaxKiB << 10};
}

void jit::Options::appendArgs(std::vector<std::string> &args) const {
  flags::append(args, kMode, modeName(mode));
  if (!dumpDir.empty())
    flags::append(args, kDump, dumpDir);
  if (!cacheDir.empty())
    flags::append(args, kCache, cacheDir);
  flags::append(args, kCacheMax, llvm::Twine(cacheMaxBytes >> 10));
}

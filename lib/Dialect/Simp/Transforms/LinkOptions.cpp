//===- LinkOptions.cpp - where tools find library functions ---------------===//

#include "mplang/Dialect/Simp/Transforms/Link.h"
#include "mplang/Support/CommandLine.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Path.h"
#include <cstdlib>

using namespace mlir;
using namespace mlir::simp;
using namespace mplang;
namespace cl = llvm::cl;

LinkOptions simp::toolLinkOptions(ArrayRef<std::string> libraries,
                                  ArrayRef<std::string> dirs,
                                  StringRef mainExecutable) {
  LinkOptions options{libraries.vec(), dirs.vec()};
  if (const char *env = std::getenv("MPLANG_LIBRARY_PATH")) {
    SmallVector<StringRef> envDirs;
    StringRef(env).split(envDirs, ':', -1, /*KeepEmpty=*/false);
    for (StringRef dir : envDirs)
      options.searchPaths.push_back(dir.str());
  }
  SmallString<256> installed(llvm::sys::path::parent_path(mainExecutable));
  llvm::sys::path::append(installed, "..", "share", "mplang", "protocols");
  llvm::sys::path::remove_dots(installed, /*remove_dot_dot=*/true);
  options.searchPaths.push_back(std::string(installed));
  return options;
}

namespace {
struct CLOptions {
  explicit CLOptions(cl::OptionCategory &category)
      : libraries("library", cl::desc("Link the public functions of FILE"),
                  cl::value_desc("FILE"), cl::cat(category)),
        searchPaths("library-path",
                    cl::desc("Search DIR for declared functions (before the "
                             "default path: $MPLANG_LIBRARY_PATH, the "
                             "installed protocols)"),
                    cl::value_desc("DIR"), cl::cat(category)) {}

  cl::list<std::string> libraries, searchPaths;
};
} // namespace

void LinkOptions::registerCLOptions(cl::OptionCategory &category) {
  flags::registerOnce<CLOptions>(category);
}

LinkOptions LinkOptions::createFromCLOptions(StringRef mainExecutable) {
  const CLOptions &o = flags::registered<CLOptions>();
  return toolLinkOptions(
      std::vector<std::string>(o.libraries.begin(), o.libraries.end()),
      std::vector<std::string>(o.searchPaths.begin(), o.searchPaths.end()),
      mainExecutable);
}

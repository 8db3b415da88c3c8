//===- Link.h - link library functions into a program -----------*- C++ -*-===//

#ifndef MPLANG_DIALECT_SIMP_TRANSFORMS_LINK_H
#define MPLANG_DIALECT_SIMP_TRANSFORMS_LINK_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/CommandLine.h"

#include <string>
#include <vector>

namespace mlir::simp {

/// Where `linkLibraries` finds definitions.
struct LinkOptions {
  /// Files whose public functions are all linkable (templates, `*.mlir.in`,
  /// for every size); a public function of one that the program also
  /// defines, or that two files define, is an error.
  std::vector<std::string> libraries;
  /// Directories whose `*.mlir` and `*.mlir.in` files are read, in order,
  /// for the declarations the explicit libraries leave undefined.
  std::vector<std::string> searchPaths;

  /// Registers a tool's --library FILE and --library-path DIR in `category`.
  static void registerCLOptions(llvm::cl::OptionCategory &category);
  /// What they gave, as toolLinkOptions completes them.
  static LinkOptions createFromCLOptions(StringRef mainExecutable);
};

/// Gives every body-less `func.func` of `program` the body of the library
/// function it names (its own name, or `simp.link_name`), specialized to the
/// program's parties: the library's ranks are roles, bound by matching the
/// declaration's signature against the library's. Library functions that
/// the body calls are linked with the same roles. Emits errors at the
/// declaration (or at the library op that cannot be remapped).
LogicalResult linkLibraries(ModuleOp program, const LinkOptions &options);

/// What a tool's `--library` and `--library-path` flags give: `libraries`,
/// and `dirs` followed by the directories of `MPLANG_LIBRARY_PATH`
/// (colon-separated) and `<dir of mainExecutable>/../share/mplang/protocols`,
/// where the build and the installation put the protocol library.
LinkOptions toolLinkOptions(ArrayRef<std::string> libraries,
                            ArrayRef<std::string> dirs,
                            StringRef mainExecutable);

} // namespace mlir::simp

#endif // MPLANG_DIALECT_SIMP_TRANSFORMS_LINK_H

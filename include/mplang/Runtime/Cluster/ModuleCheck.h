//===- ModuleCheck.h - parse untrusted modules in a child -------*- C++ -*-===//
//
// MLIR's parsers and verifiers crash on some inputs (e.g. `scf.for` whose
// upper bound is defined in its own body). A process that parses bytes it
// does not trust first parses and verifies them in a child process under
// time and memory limits, and parses them itself only when the child
// succeeded (docs/protocol.md, "Untrusted modules").
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_RUNTIME_CLUSTER_MODULECHECK_H
#define MPLANG_RUNTIME_CLUSTER_MODULECHECK_H

#include "mplang/Runtime/Status.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/StringRef.h"

namespace mplang::rt {

struct ModuleCheckLimits {
  /// Wall time, and CPU time, of the child.
  unsigned seconds = 60;
  /// The child's address space: this plus 16 bytes per byte of the module.
  uint64_t baseAddressSpace = 4ull << 30;
  /// Run the check in a fork of this process instead of a fresh one. Only
  /// for processes whose other threads hold no locks the check needs (the
  /// fuzz targets, the tools before they start threads): a fork of a
  /// multi-threaded process may deadlock.
  bool fork = false;
  /// Parse each piece between these markers on its own, as
  /// `mplang-opt --split-input-file` does (empty: the whole input).
  std::string splitMarker;
};

/// Parses and verifies `bytes` (MLIR text or bytecode; locations name
/// `name`) with every mplang dialect in a child process. A fresh child is
/// this executable (/proc/self/exe) run with the arguments that
/// `runModuleCheckIfAsked` recognizes, so every executable that calls this
/// must call that first thing in main. Errors: InvalidArgument "malformed
/// module:\n" and the child's diagnostics; Failed "the module crashed the
/// parser (signal N: ...)" or "parsing the module took over N s";
/// Unavailable when the child could not run.
Status checkModuleInChild(llvm::StringRef bytes, llvm::StringRef name,
                          const ModuleCheckLimits &limits = {});

/// checkModuleInChild, then, when the child succeeded, the same parse in
/// `context`. Null, with `error` set, when either fails.
mlir::OwningOpRef<mlir::ModuleOp>
parseUntrustedModule(const std::string &bytes, llvm::StringRef name,
                     mlir::MLIRContext &context,
                     const ModuleCheckLimits &limits, Status &error);

/// For tools that parse a local file themselves, and report its errors with
/// their own diagnostics: an error only when checkModuleInChild found that
/// the parser crashes (or runs over an hour) on `bytes`. Checks in a fork:
/// call it before the process starts threads.
Status checkParserSurvives(llvm::StringRef bytes, llvm::StringRef name,
                           llvm::StringRef splitMarker = "");

/// When `argv` asks for a module check (checkModuleInChild's child), runs it
/// on the bytes of stdin and exits; otherwise returns.
void runModuleCheckIfAsked(int argc, char **argv);

} // namespace mplang::rt

#endif // MPLANG_RUNTIME_CLUSTER_MODULECHECK_H

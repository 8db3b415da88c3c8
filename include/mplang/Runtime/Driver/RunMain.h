//===- RunMain.h - mplang-run's main, in the library ------------*- C++ -*-===//
//
// As MLIR's MlirOptMain and JitRunnerMain: a RunConfig says what a run is
// asked, from the command line or built in code, and runMain runs it and
// reports as mplang-run does (docs/cli.md).
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_RUNTIME_DRIVER_RUNMAIN_H
#define MPLANG_RUNTIME_DRIVER_RUNMAIN_H

#include "mplang/Dialect/Simp/Transforms/Link.h"
#include "mplang/Runtime/Backends/Run.h"

#include "mlir/IR/DialectRegistry.h"

namespace mplang::rt {

struct RunConfig {
  /// The global program (`-`: stdin).
  std::string inputFile;
  /// Where declared functions are found.
  mlir::simp::LinkOptions link;
  /// Entry argument bindings: `R:I=FILE.npy` or `R:I=@URI` (--input),
  /// `R:I=ATTR` (--arg).
  std::vector<std::string> inputs, args;
  /// Results kept on their parties (--keep).
  std::vector<std::string> keep;
  /// Where and how it runs (mode, entry, time-out, parties, trace, ...).
  RunOptions run;
  /// Reports: a Chrome trace, .npy results, statistics printed and as JSON.
  std::string traceFile, outputDir, statsJson;
  bool printStats = false;
  /// Print every element of large results.
  bool printFull = false;

  /// Registers mplang-run's flags, those of the libraries it uses and
  /// MLIR's context and printing options (--mlir-print-op-on-diagnostic,
  /// ...), and hides the rest from --help.
  static void registerCLOptions();
  /// What the flags gave, or the first that makes no sense: exactly one run
  /// mode of --sim N, --local N and --cluster FILE. `mainExecutable` places
  /// the protocol library and mplang-worker.
  static StatusOr<RunConfig>
  createFromCLOptions(llvm::StringRef mainExecutable);
};

/// Runs `config` with the dialects of `registry`: prints each rank's
/// results, or the error that explains the run, and what it asked to report.
/// Returns the exit code: 0, 1 on any error, 130 after Ctrl-C. Run-time
/// errors name the op's location, not the op itself, unless
/// --mlir-print-op-on-diagnostic asks for it.
int runMain(const RunConfig &config, mlir::DialectRegistry &registry);

/// mplang-run's main: registers and parses the flags, then runs.
int runMain(int argc, char **argv, mlir::DialectRegistry &registry);

} // namespace mplang::rt

#endif // MPLANG_RUNTIME_DRIVER_RUNMAIN_H

//===- ProgramDigest.h - what an operator approves --------------*- C++ -*-===//
//
// A worker started with --approved-programs runs a job only if its digest is
// approved. The digest covers everything that decides what runs on the
// party: the rank's program, the world it runs in, the entry function and
// how each argument of the entry is bound.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_DIALECT_SIMP_TRANSFORMS_PROGRAMDIGEST_H
#define MPLANG_DIALECT_SIMP_TRANSFORMS_PROGRAMDIGEST_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"

#include <optional>
#include <string>
#include <vector>

namespace mlir::simp {

/// How a job runs a rank's program.
struct JobBinding {
  /// The `simp.world_size` of the module around the rank's program.
  std::optional<int64_t> worldSize;
  std::string entry;
  /// Per entry argument: the URI of the party's own object it is loaded
  /// from (an argument `@URI` in the job), or empty for a value the driver
  /// sends.
  std::vector<std::string> references;
};

/// What the digest approves, for people: `@main(value, @fs://x.npy)
/// world_size=2`.
std::string describeJob(const JobBinding &job);

/// `job-sha256:` and the hex SHA-256 of `job` and of `rankModule` printed
/// alone in the generic op form without locations, which neither the
/// source's file and lines nor bytecode versus text change.
std::string jobDigest(ModuleOp rankModule, const JobBinding &job);

/// What an operator puts in --approved-programs, as mplang-opt
/// --simp-program-digests prints it: describeJob, a space, jobDigest.
std::string approvalLine(ModuleOp rankModule, const JobBinding &job);

/// One rank's part of an invocation: its program and its job.
struct RankJob {
  int64_t rank;
  ModuleOp program;
  JobBinding job;
};

/// Runs `pipeline` on `module` (a pass's runPipeline).
using PipelineRunner =
    llvm::function_ref<LogicalResult(OpPassManager &pipeline, ModuleOp module)>;

/// Whether `module` holds per-rank programs (modules with `simp.rank`).
bool holdsRankPrograms(ModuleOp module);

/// The jobs of one invocation of `module`, rank by rank, as mplang-run
/// submits them with `--entry entry`, `--input inputs` and `--keep keep`: a
/// global program is projected (by `runPipeline`) and its results kept in
/// place; a projected module is taken as it is, and then `inputs` and `keep`
/// must be empty, since they name the global program's arguments and
/// results. Errors are reported on `module`.
FailureOr<SmallVector<RankJob>> prepareJobs(ModuleOp module, StringRef entry,
                                            ArrayRef<std::string> inputs,
                                            ArrayRef<std::string> keep,
                                            PipelineRunner runPipeline);

/// The prefix of jobDigest's digests.
inline constexpr const char *kJobDigestPrefix = "job-sha256:";

} // namespace mlir::simp

#endif // MPLANG_DIALECT_SIMP_TRANSFORMS_PROGRAMDIGEST_H

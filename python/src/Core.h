//===- Core.h - what the Python extension asks of the libraries -*- C++ -*-===//
//
// The extension's MLIR side, behind plain C++ types: the pybind11 unit is
// built with exceptions and RTTI, LLVM and MLIR without, so only this
// header's types cross between them. A program is parsed, linked, verified
// and projected as by mplang-run, then run by the simulator or on workers.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_PYTHON_CORE_H
#define MPLANG_PYTHON_CORE_H

#include "mplang/Runtime/Value.h"

#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mplang::python {

/// Why a compile or a run did not give results. A rank's failure has its
/// rank and the `file:line:col` of the op it failed at; a program rejected
/// before running has rank -1 and the MLIR diagnostics.
struct Failure {
  int64_t rank = -1;
  std::string location;
  std::string message;
  std::vector<std::string> diagnostics;
};

/// A global program, verified and projected.
class Program {
public:
  /// Null with `failure` set when the text does not parse, link, verify or
  /// project.
  static std::unique_ptr<Program> compile(const std::string &text,
                                          Failure &failure);
  ~Program();

  int64_t worldSize() const;
  /// Each rank's projected module as text.
  std::vector<std::string> ranks() const;
  /// Each rank's approval digest (`sha256:...`).
  std::vector<std::string> digests() const;

  struct Impl;
  std::unique_ptr<Impl> impl;
};

/// Where and how runs go: every rank in this process (the simulator, with
/// stores that outlive each run), or one mplang-worker per rank (started
/// once with `localWorkers`, or those of `clusterFile`).
struct RunnerOptions {
  int64_t worldSize = 0;
  /// off, on or auto (empty: $MPLANG_JIT, else auto).
  std::string jit;
  unsigned timeout = 60;
  unsigned poolThreads = 2;
  unsigned localWorkers = 0;
  std::string clusterFile;
  /// The mplang-worker that `localWorkers` runs.
  std::string workerPath;
  /// Rank R's `fs://` files are under DIR/rankR (empty: no files).
  std::string dataRoot;
};

/// Where a result piece stayed: rank `rank`'s worker keeps it as `uri`.
struct Kept {
  int64_t rank = 0;
  std::string uri;
};

/// A piece of a result: its value, or where it stayed.
struct Piece {
  rt::Value value;
  std::optional<Kept> kept;
};

class Runner {
public:
  Runner();
  ~Runner();
  /// False (with `failure`) for options that make no sense, or workers that
  /// do not start or answer. Local workers live until `close`.
  bool init(const RunnerOptions &options, Failure &failure);

  /// Runs `program` with `args[r][i]`: rank r's piece of entry argument i
  /// (absent where r does not hold it; a reference to what r's worker kept
  /// is passed as such). On success `results[r][i]` is rank r's piece of
  /// result i (absent where it holds none). On workers every piece held by
  /// a static party set stays there, under a name fresh for the run.
  /// Setting `*interrupt` stops the run.
  bool run(Program &program, const std::vector<std::vector<rt::Value>> &args,
           std::vector<std::vector<Piece>> &results, Failure &failure,
           const std::atomic<bool> *interrupt = nullptr);

  /// The object `kept.uri` that `kept.rank`'s worker keeps.
  bool fetch(const Kept &kept, rt::Value &out, Failure &failure);

  /// Stops the workers this runner started; later runs fail.
  void close();
  bool distributed() const;

private:
  struct Workers;
  RunnerOptions options;
  int jitMode = 0;
  std::unique_ptr<Workers> workers;
};

/// A job argument that the worker of its rank loads from its own store.
rt::Value referenceTo(const std::string &uri);

/// The runtime element type of a numpy type character and item size
/// (`i`/`u`/`b`/`f`), or false.
bool dtypeFromNumpy(char kind, size_t itemSize, rt::DType &dtype);

} // namespace mplang::python

#endif // MPLANG_PYTHON_CORE_H

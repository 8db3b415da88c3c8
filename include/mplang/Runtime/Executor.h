//===- Executor.h - the scheduler of one rank ------------------*- C++ -*-===//
//
// One scheduling thread per rank runs every ready step whose kernel is cheap
// inline, hands heavy kernels to the thread pool, and lets asynchronous
// kernels (receives, nested regions) finish later by posting a completion.
// All frame state is touched on the scheduling thread only, so it needs no
// locks; other threads talk to it through `post`.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_RUNTIME_EXECUTOR_H
#define MPLANG_RUNTIME_EXECUTOR_H

#include "mplang/Runtime/Communicator.h"
#include "mplang/Runtime/Plan.h"
#include "mplang/Runtime/ThreadPool.h"

#include <atomic>
#include <condition_variable>
#include <list>
#include <memory>
#include <mutex>

namespace mplang::rt {

class Monitor;

/// Counters of the last run, for tests and benchmarks.
struct RunStats {
  uint64_t stepsRun = 0;
  /// The most values held in frame slots at once.
  uint64_t peakLiveValues = 0;
};

/// How far a run is, for progress reports: the ops finished and the ops
/// known, those of every region entered so far (a loop's body counts once
/// per iteration begun), terminators left out. The scheduling thread writes
/// them, any thread may read them.
struct RunProgress {
  std::atomic<uint64_t> done{0}, known{0};
};

/// Why a run failed, and the op it failed at (null when it was stopped
/// from outside: a peer's failure, a time-out). A status of code Aborted is
/// not a root cause.
struct RunError {
  Status status = Status::ok();
  mlir::Operation *op = nullptr;
};

class Executor {
public:
  using RegionDone =
      std::function<void(Status, llvm::SmallVector<Value, 2> results)>;

  /// With a monitor, runs keep statistics (and a trace, if it has a
  /// tracer) at the cost of a few clock reads per op.
  Executor(Communicator &comm, ThreadPool &pool, Monitor *monitor = nullptr);
  ~Executor();

  /// Runs `plan` on the calling thread until it finishes or fails; on
  /// failure the communicator is aborted so peers stop too.
  Status run(const BlockPlan &plan, llvm::ArrayRef<Value> args,
             std::vector<Value> &results);
  /// The first error of the last failed run.
  const RunError &error() const { return firstError; }
  const RunStats &stats() const { return runStats; }
  /// The progress of the current or last run; it outlives the executor.
  std::shared_ptr<const RunProgress> progress() const { return runProgress; }

  /// What kernels send and receive through.
  Communicator &comm() { return monitored ? *monitored : communicator; }
  /// Queues `fn` to run on the scheduling thread. Thread-safe.
  void post(std::function<void()> fn);
  /// Runs a nested region (scheduling thread only); `done` runs on the
  /// scheduling thread with the region's results. `context` qualifies the
  /// message keys of the region (see MessageKey). A region run per element
  /// or slice is traced as part of the op `summarizeInto` that runs it: its
  /// count and total time, not an event per op.
  void runRegion(const BlockPlan &plan, llvm::ArrayRef<Value> args,
                 std::string context, RegionDone done,
                 Invocation *summarizeInto = nullptr);

private:
  friend class Invocation;
  struct Frame;

  Frame &newFrame(const BlockPlan &plan, llvm::ArrayRef<Value> args,
                  std::string context, RegionDone done);
  /// What the monitor watches: the steps' code is specialized for each, so
  /// that an unwatched run pays nothing and a watched one no tests.
  enum class Watch : uint8_t { None, Stats, Trace };
  /// Runs the ready steps, and those they make ready, until none is left.
  template <Watch W> void runReady();
  /// Runs step `index`, ready since `readyTick` (when traced).
  template <Watch W>
  void runStep(Frame &frame, uint32_t index, uint64_t readyTick);
  /// Starts step `index`, which does not run inline: on the pool, or
  /// asynchronously.
  void startStep(Frame &frame, uint32_t index, uint64_t readyTick,
                 llvm::SmallVector<Value, 4> &&args);
  /// Tells the monitor that step `index`, ready at `ready`, ran on `lane`
  /// from `start` to `end`.
  void noteRan(Frame &frame, uint32_t index, uint32_t lane, uint64_t ready,
               uint64_t start, uint64_t end, llvm::ArrayRef<Value> results,
               const Invocation *inv = nullptr);
  void complete(Frame &frame, uint32_t index, Status status,
                llvm::MutableArrayRef<Value> results);
  /// As above; only a trace keeps more than an unwatched run.
  template <bool Traced>
  void complete(Frame &frame, uint32_t index, Status status,
                llvm::MutableArrayRef<Value> results);
  void fail(Status status, mlir::Operation *op);
  void loop();
  void waitForInbox(std::vector<std::function<void()>> &batch);
  /// Fails the run when a peer (or the driver) aborted it.
  void checkAbort();

  Communicator &communicator;
  ThreadPool &pool;
  Monitor *monitor;
  /// Trace: the monitor records a trace, so ready times and live bytes are
  /// kept.
  Watch watch;
  std::unique_ptr<Communicator> monitored;
  uint32_t schedulerLane = 0;

  // Scheduling-thread state.
  std::list<std::unique_ptr<Frame>> frames;
  struct ReadyStep {
    Frame *frame;
    uint32_t index;
    /// When it became ready (when traced), for the trace's queue waits.
    uint64_t tick;
  };
  std::vector<ReadyStep> ready;
  /// The next entry of `ready` to run.
  size_t readyNext = 0;
  bool finished = false;
  bool failed = false;
  RunError firstError;
  RunStats runStats;
  std::shared_ptr<RunProgress> runProgress = std::make_shared<RunProgress>();
  uint64_t liveValues = 0;
  /// Bytes of the tensors in `liveValues`, counted when monitored.
  uint64_t liveBytes = 0;

  // Shared with other threads.
  std::mutex inboxMutex;
  std::condition_variable inboxReady;
  std::vector<std::function<void()>> inbox;
  std::atomic<bool> inboxPending{false};
  /// Pool tasks and message kernels not finished yet; a run returns only
  /// when it reaches zero, so nothing refers to a dead executor.
  std::atomic<int64_t> outstanding{0};
};

/// One asynchronous kernel call.
class Invocation : public std::enable_shared_from_this<Invocation> {
public:
  llvm::SmallVector<Value, 4> args;
  llvm::SmallVector<Value, 2> results;

  Executor &executor() { return exec; }
  Communicator &comm() { return exec.comm(); }
  /// The message context of the frame the op runs in.
  const std::string &context() const;
  mlir::Operation *op() const;
  /// Completes the op with `results` (on success). Thread-safe; call once.
  void finish(Status status);

private:
  friend class Executor;
  Invocation(Executor &exec, Executor::Frame &frame, uint32_t step)
      : exec(exec), frame(frame), step(step) {}
  Executor &exec;
  Executor::Frame &frame;
  uint32_t step;
  uint64_t readyTick = 0, startTick = 0;
  /// Per-element region runs summarized into this op and their time.
  uint32_t bodyRuns = 0;
  uint64_t bodyTicks = 0;
  /// Counted in the executor's `outstanding` until finished.
  bool counted = false;
};

} // namespace mplang::rt

#endif // MPLANG_RUNTIME_EXECUTOR_H

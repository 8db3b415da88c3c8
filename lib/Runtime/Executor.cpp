//===- Executor.cpp - the dependency-counting scheduler of one rank -------===//

#include "mplang/Runtime/Executor.h"
#include "MonitoredCommunicator.h"
#include "mplang/Runtime/Clock.h"
#include "mplang/Runtime/Monitor.h"

#include "mlir/IR/Operation.h"
#include <thread>

using namespace mplang::rt;

/// One running instance of a BlockPlan.
struct Executor::Frame {
  const BlockPlan *plan;
  std::vector<Value> slots;
  std::vector<uint32_t> pending;
  std::vector<uint32_t> usesLeft;
  /// The op whose per-element region this frame runs, if it does.
  Invocation *summarizeInto = nullptr;
  uint32_t remaining;
  std::string context;
  RegionDone done;
  llvm::SmallVector<Value, 2> yielded;
  std::list<std::unique_ptr<Frame>>::iterator self;
};

Executor::Executor(Communicator &comm, ThreadPool &pool, Monitor *monitor)
    : communicator(comm), pool(pool), monitor(monitor),
      watch(!monitor             ? Watch::None
            : monitor->tracing() ? Watch::Trace
                                 : Watch::Stats) {
  if (monitor)
    monitored = std::make_unique<MonitoredCommunicator>(
        comm, *monitor,
        [this](std::function<void()> fn) { post(std::move(fn)); });
}

/// Bytes of the tensors among `values`.
static size_t tensorBytes(llvm::ArrayRef<Value> values) {
  size_t bytes = 0;
  for (const Value &v : values)
    bytes += v.isTensor() ? v.getTensor().numBytes() : 0;
  return bytes;
}

Executor::~Executor() = default;

/// Adds to a counter only this thread writes: no atomic read-modify-write
/// on the path of every op.
static void addTo(std::atomic<uint64_t> &counter, uint64_t by) {
  counter.store(counter.load(std::memory_order_relaxed) + by,
                std::memory_order_relaxed);
}

void Executor::post(std::function<void()> fn) {
  {
    std::lock_guard<std::mutex> lock(inboxMutex);
    inbox.push_back(std::move(fn));
    inboxPending = true;
  }
  inboxReady.notify_one();
}

Executor::Frame &Executor::newFrame(const BlockPlan &plan,
                                    llvm::ArrayRef<Value> args,
                                    std::string context, RegionDone done) {
  frames.push_back(std::make_unique<Frame>());
  Frame &frame = *frames.back();
  frame.self = std::prev(frames.end());
  frame.plan = &plan;
  frame.slots.resize(plan.numSlots);
  frame.usesLeft = plan.slotUses;
  for (auto [i, arg] : llvm::enumerate(args))
    if (frame.usesLeft[i]) {
      frame.slots[i] = arg;
      ++liveValues;
      if (watch == Watch::Trace)
        liveBytes += tensorBytes(arg);
    }
  runStats.peakLiveValues = std::max(runStats.peakLiveValues, liveValues);
  frame.pending.reserve(plan.steps.size());
  for (const Step &step : plan.steps)
    frame.pending.push_back(step.initialPending);
  frame.remaining = plan.steps.size();
  addTo(runProgress->known, plan.steps.size() - 1);
  frame.context = std::move(context);
  frame.done = std::move(done);
  uint64_t now = watch == Watch::Trace ? monitor->readyTick() : 0;
  for (uint32_t index : plan.initiallyReady)
    ready.push_back({&frame, index, now});
  return frame;
}

void Executor::runRegion(const BlockPlan &plan, llvm::ArrayRef<Value> args,
                         std::string context, RegionDone done,
                         Invocation *summarizeInto) {
  newFrame(plan, args, std::move(context), std::move(done)).summarizeInto =
      summarizeInto;
  if (summarizeInto)
    ++summarizeInto->bodyRuns;
}

Status Executor::run(const BlockPlan &plan, llvm::ArrayRef<Value> args,
                     std::vector<Value> &results) {
  finished = failed = false;
  firstError = RunError();
  schedulerLane = Tracer::currentLane();
  runStats = RunStats();
  runProgress->done = runProgress->known = 0;
  liveValues = liveBytes = 0;
  if (monitor) {
    Tracer::nameCurrentThread("scheduler");
    monitor->runStarted(clock::ticks(), schedulerLane);
    monitor->watchLive(&liveValues, &liveBytes);
  }
  newFrame(plan, args, "", [&](Status status, llvm::SmallVector<Value, 2> out) {
    finished = true;
    if (status.isOk())
      results.assign(out.begin(), out.end());
  });
  loop();
  frames.clear();
  ready.clear();
  if (monitor)
    monitor->runFinished(clock::ticks(), runStats.peakLiveValues);
  if (failed)
    return firstError.status;
  return Status::ok();
}

void Executor::loop() {
  std::vector<std::function<void()>> batch;
  while (true) {
    switch (watch) {
    case Watch::None:
      runReady<Watch::None>();
      break;
    case Watch::Stats:
      runReady<Watch::Stats>();
      break;
    case Watch::Trace:
      runReady<Watch::Trace>();
      break;
    }
    if (monitor)
      monitor->queueLength(clock::ticks(), 0);
    if ((finished || failed) && outstanding == 0)
      return;
    checkAbort();
    if (failed && outstanding == 0)
      return;
    waitForInbox(batch);
    // Inline ops start where the previous one ended: not before the wake-up.
    if (monitor)
      monitor->resumed(clock::ticks());
    for (auto &fn : batch)
      fn();
    batch.clear();
  }
}

template <Executor::Watch W> void Executor::runReady() {
  // Inline steps first: each may make more ready.
  // In the order they became ready: a layer of a wide DAG runs before the
  // next, which keeps its slots in cache.
  for (readyNext = 0; readyNext < ready.size() && !failed; ++readyNext) {
    auto [frame, index, readyTick] = ready[readyNext];
    runStep<W>(*frame, index, readyTick);
    if (readyNext % 1024 != 1023)
      continue;
    checkAbort();
    // A long inline run (a loop) keeps adding steps: drop those that ran,
    // so that the queue holds only what waits (2^20 iterations held
    // millions of entries).
    if (2 * (readyNext + 1) >= ready.size()) {
      ready.erase(ready.begin(), ready.begin() + readyNext + 1);
      readyNext = size_t(-1); // the loop's increment makes it 0
    }
  }
  ready.clear();
}

void Executor::checkAbort() {
  if (Status reason = communicator.abortStatus(); !reason.isOk())
    fail(std::move(reason), nullptr);
}

void Executor::waitForInbox(std::vector<std::function<void()>> &batch) {
  // Completions from the pool often arrive within microseconds: poll a
  // little before paying for a sleep and a wake-up.
  for (int spin = 0; spin < 2000 && !inboxPending.load(); ++spin)
    std::this_thread::yield();
  std::unique_lock<std::mutex> lock(inboxMutex);
  inboxReady.wait(lock, [&] { return !inbox.empty(); });
  batch.swap(inbox);
  inboxPending = false;
}

template <Executor::Watch W>
void Executor::runStep(Frame &frame, uint32_t index, uint64_t readyTick) {
  constexpr bool traced = W == Watch::Trace;
  const BlockPlan &plan = *frame.plan;
  const Step &step = plan.steps[index];
  llvm::SmallVector<Value, 4> args;
  args.reserve(step.operands.size());
  for (uint32_t slot : step.operands) {
    // The last reader takes the value instead of sharing it.
    if (--frame.usesLeft[slot] == 0) {
      args.push_back(std::move(frame.slots[slot]));
      --liveValues;
      if constexpr (traced)
        liveBytes -= tensorBytes(args.back());
    } else {
      args.push_back(frame.slots[slot]);
    }
  }
  ++runStats.stepsRun;

  if (index == plan.terminator) {
    frame.yielded.assign(args.begin(), args.end());
    complete<traced>(frame, index, Status::ok(), {});
    return;
  }
  const Kernel &kernel = *step.kernel;
  if (!kernel.isSync() || kernel.isHeavy())
    return startStep(frame, index, readyTick, std::move(args));
  if constexpr (W != Watch::None) {
    uint64_t queued = ready.size() - readyNext - 1;
    if constexpr (traced)
      monitor->inlineStarting(
          step.op, queued,
          frame.summarizeInto ? &frame.summarizeInto->bodyTicks : nullptr);
    else
      monitor->inlineStarting(step.op, queued);
  }
  llvm::SmallVector<Value, 2> results(step.results.size());
  Status status = kernel.compute(args, results);
  if constexpr (W != Watch::None) {
    if (!monitor->timingAlone())
      monitor->inlineFinishedGrouped();
    else if constexpr (traced)
      monitor->inlineFinishedAlone(readyTick, tensorBytes(results));
    else
      monitor->inlineFinishedAlone(0, 0);
  }
  complete<traced>(frame, index, std::move(status), results);
}

void Executor::startStep(Frame &frame, uint32_t index, uint64_t readyTick,
                         llvm::SmallVector<Value, 4> &&args) {
  const Step &step = frame.plan->steps[index];
  const Kernel &kernel = *step.kernel;
  // An op run here starts when the scheduler's previous one ended.
  uint64_t start = 0;
  if (monitor) {
    monitor->opStarted(ready.size() - readyNext - 1);
    start = monitor->opStartTick();
  }
  if (kernel.isSync()) {
    ++outstanding;
    pool.submit([this, &frame, index, readyTick, &kernel,
                 args = std::move(args),
                 numResults = step.results.size()]() mutable {
      auto results = std::make_shared<llvm::SmallVector<Value, 2>>(numResults);
      // The op runs (and is traced) here, on the pool thread.
      uint64_t start = monitor ? clock::ticks() : 0;
      Status status = kernel.compute(args, *results);
      uint64_t end = monitor ? clock::ticks() : 0;
      uint32_t lane = monitor ? Tracer::currentLane() : 0;
      post([this, &frame, index, readyTick, start, end, lane, results,
            status = std::move(status)]() mutable {
        --outstanding;
        if (monitor)
          noteRan(frame, index, lane, readyTick, start, end, *results);
        complete(frame, index, std::move(status), *results);
      });
    });
    return;
  }
  std::shared_ptr<Invocation> inv(new Invocation(*this, frame, index));
  inv->readyTick = readyTick;
  inv->startTick = start;
  inv->counted = kernel.finishesElsewhere();
  if (inv->counted)
    ++outstanding;
  inv->args = std::move(args);
  inv->results.resize(step.results.size());
  kernel.start(inv);
}

void Executor::complete(Frame &frame, uint32_t index, Status status,
                        llvm::MutableArrayRef<Value> results) {
  if (watch == Watch::Trace)
    complete<true>(frame, index, std::move(status), results);
  else
    complete<false>(frame, index, std::move(status), results);
}

template <bool Traced>
void Executor::complete(Frame &frame, uint32_t index, Status status,
                        llvm::MutableArrayRef<Value> results) {
  if (failed)
    return;
  const Step &step = frame.plan->steps[index];
  if (!status.isOk())
    return fail(std::move(status), step.op);
  for (auto [slot, value] : llvm::zip(step.results, results))
    if (frame.usesLeft[slot]) {
      if constexpr (Traced)
        liveBytes += tensorBytes(value);
      frame.slots[slot] = std::move(value);
      ++liveValues;
    }
  runStats.peakLiveValues = std::max(runStats.peakLiveValues, liveValues);
  if (index != frame.plan->terminator)
    addTo(runProgress->done, 1);
  uint64_t now = Traced ? monitor->readyTick() : 0;
  for (uint32_t consumer : step.consumers)
    if (--frame.pending[consumer] == 0)
      ready.push_back({&frame, consumer, now});
  if (--frame.remaining)
    return;
  RegionDone done = std::move(frame.done);
  llvm::SmallVector<Value, 2> yielded = std::move(frame.yielded);
  frames.erase(frame.self);
  done(Status::ok(), std::move(yielded));
}

void Executor::fail(Status status, mlir::Operation *op) {
  if (failed)
    return;
  failed = true;
  firstError.status = std::move(status);
  firstError.op = op;
  communicator.abort(Status::aborted(
      "rank " + std::to_string(communicator.rank()) + " failed"));
}

void Executor::noteRan(Frame &frame, uint32_t index, uint32_t lane,
                       uint64_t ready, uint64_t start, uint64_t end,
                       llvm::ArrayRef<Value> results, const Invocation *inv) {
  Tracer::OpRun run{frame.plan->steps[index].op,
                    lane,
                    ready,
                    start,
                    end,
                    watch == Watch::Trace ? tensorBytes(results) : 0,
                    inv != nullptr,
                    inv ? inv->bodyRuns : 0,
                    inv ? inv->bodyTicks : 0};
  monitor->opFinished(run, frame.summarizeInto ? &frame.summarizeInto->bodyTicks
                                               : nullptr);
}

const std::string &Invocation::context() const { return frame.context; }

mlir::Operation *Invocation::op() const { return frame.plan->steps[step].op; }

void Invocation::finish(Status status) {
  // Keeps this invocation (and so its results) alive until it is consumed.
  exec.post([self = shared_from_this(), status = std::move(status)]() mutable {
    if (self->counted)
      --self->exec.outstanding;
    if (self->exec.monitor)
      self->exec.noteRan(self->frame, self->step, self->exec.schedulerLane,
                         self->readyTick, self->startTick, clock::ticks(),
                         self->results, self.get());
    self->exec.complete(self->frame, self->step, std::move(status),
                        self->results);
  });
}

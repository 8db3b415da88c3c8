//===- Executor.cpp - the dependency-counting scheduler of one rank -------===//

#include "mplang/Runtime/Executor.h"
#include "mplang/Runtime/Trace.h"

#include "mlir/IR/Operation.h"
#include <thread>

using namespace mplang::rt;

/// One running instance of a BlockPlan.
struct Executor::Frame {
  const BlockPlan *plan;
  std::vector<Value> slots;
  std::vector<uint32_t> pending;
  std::vector<uint32_t> usesLeft;
  /// When each step became ready, for the trace's scheduling delays.
  std::vector<uint64_t> readyAt;
  uint32_t remaining;
  std::string context;
  RegionDone done;
  llvm::SmallVector<Value, 2> yielded;
  std::list<std::unique_ptr<Frame>>::iterator self;
};

Executor::Executor(Communicator &comm, ThreadPool &pool, Tracer *tracer)
    : communicator(comm), pool(pool), tracer(tracer) {}

Executor::~Executor() = default;

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
    }
  runStats.peakLiveValues = std::max(runStats.peakLiveValues, liveValues);
  frame.pending.reserve(plan.steps.size());
  for (const Step &step : plan.steps)
    frame.pending.push_back(step.initialPending);
  frame.remaining = plan.steps.size();
  frame.context = std::move(context);
  frame.done = std::move(done);
  uint64_t now = tracer ? Tracer::nowUs() : 0;
  if (tracer)
    frame.readyAt.assign(plan.steps.size(), now);
  for (uint32_t index : plan.initiallyReady)
    ready.push_back({&frame, index});
  return frame;
}

void Executor::runRegion(const BlockPlan &plan, llvm::ArrayRef<Value> args,
                         std::string context, RegionDone done) {
  newFrame(plan, args, std::move(context), std::move(done));
}

Status Executor::run(const BlockPlan &plan, llvm::ArrayRef<Value> args,
                     std::vector<Value> &results) {
  finished = failed = false;
  firstError = RunError();
  schedulerTid = Tracer::currentThreadId();
  runStats = RunStats();
  liveValues = 0;
  newFrame(plan, args, "", [&](Status status, llvm::SmallVector<Value, 2> out) {
    finished = true;
    if (status.isOk())
      results.assign(out.begin(), out.end());
  });
  loop();
  frames.clear();
  ready.clear();
  if (failed)
    return Status::error(firstError.message);
  return Status::ok();
}

void Executor::loop() {
  std::vector<std::function<void()>> batch;
  while (true) {
    // Inline steps first: each may make more ready.
    // In the order they became ready: a layer of a wide DAG runs before the
    // next, which keeps its slots in cache.
    for (size_t next = 0; next < ready.size() && !failed; ++next) {
      auto [frame, index] = ready[next];
      runStep(*frame, index);
      if (next % 1024 == 1023)
        checkAbort();
    }
    ready.clear();
    if ((finished || failed) && outstanding == 0)
      return;
    checkAbort();
    if (failed && outstanding == 0)
      return;
    waitForInbox(batch);
    for (auto &fn : batch)
      fn();
    batch.clear();
  }
}

void Executor::checkAbort() {
  std::string reason = communicator.abortReason();
  if (!reason.empty())
    fail(Status::error(reason), nullptr);
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

/// Bytes of the tensors a step produced, for its trace event.
static size_t tensorBytes(llvm::ArrayRef<Value> results) {
  size_t bytes = 0;
  for (const Value &v : results)
    bytes += v.isTensor() ? v.getTensor().numBytes() : 0;
  return bytes;
}

void Executor::runStep(Frame &frame, uint32_t index) {
  const BlockPlan &plan = *frame.plan;
  const Step &step = plan.steps[index];
  llvm::SmallVector<Value, 4> args;
  args.reserve(step.operands.size());
  for (uint32_t slot : step.operands) {
    // The last reader takes the value instead of sharing it.
    if (--frame.usesLeft[slot] == 0) {
      args.push_back(std::move(frame.slots[slot]));
      --liveValues;
    } else {
      args.push_back(frame.slots[slot]);
    }
  }
  ++runStats.stepsRun;
  uint64_t start = tracer ? Tracer::nowUs() : 0;
  auto traced = [this, &frame, index, start,
                 &step](llvm::ArrayRef<Value> results) {
    if (tracer)
      tracer->opEvent(step.op, frame.readyAt[index], start, Tracer::nowUs(),
                      tensorBytes(results));
  };

  if (index == plan.terminator) {
    frame.yielded.assign(args.begin(), args.end());
    complete(frame, index, Status::ok(), {});
    return;
  }
  const Kernel &kernel = *step.kernel;
  if (kernel.isSync() && !kernel.isHeavy()) {
    llvm::SmallVector<Value, 2> results(step.results.size());
    Status status = kernel.compute(args, results);
    traced(results);
    complete(frame, index, std::move(status), results);
    return;
  }
  if (kernel.isSync()) {
    ++outstanding;
    pool.submit([this, &frame, index, &kernel, start, args = std::move(args),
                 numResults = step.results.size()]() mutable {
      auto results = std::make_shared<llvm::SmallVector<Value, 2>>(numResults);
      Status status = kernel.compute(args, *results);
      uint64_t end = tracer ? Tracer::nowUs() : 0;
      post([this, &frame, index, start, end, results,
            status = std::move(status)]() mutable {
        --outstanding;
        if (tracer)
          tracer->opEvent(frame.plan->steps[index].op, frame.readyAt[index],
                          start, end, tensorBytes(*results));
        complete(frame, index, std::move(status), *results);
      });
    });
    return;
  }
  std::shared_ptr<Invocation> inv(new Invocation(*this, frame, index));
  inv->startUs = start;
  inv->counted = kernel.finishesElsewhere();
  if (inv->counted)
    ++outstanding;
  inv->args = std::move(args);
  inv->results.resize(step.results.size());
  kernel.start(inv);
}

void Executor::complete(Frame &frame, uint32_t index, Status status,
                        llvm::MutableArrayRef<Value> results) {
  if (failed)
    return;
  const Step &step = frame.plan->steps[index];
  if (!status.isOk())
    return fail(std::move(status), step.op);
  for (auto [slot, value] : llvm::zip(step.results, results))
    if (frame.usesLeft[slot]) {
      frame.slots[slot] = std::move(value);
      ++liveValues;
    }
  runStats.peakLiveValues = std::max(runStats.peakLiveValues, liveValues);
  uint64_t now = tracer ? Tracer::nowUs() : 0;
  for (uint32_t consumer : step.consumers)
    if (--frame.pending[consumer] == 0) {
      if (tracer)
        frame.readyAt[consumer] = now;
      ready.push_back({&frame, consumer});
    }
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
  firstError.message = status.message();
  firstError.op = op;
  firstError.aborted = status.message().rfind("aborted", 0) == 0;
  communicator.abort("aborted: rank " + std::to_string(communicator.rank()) +
                     " failed");
}

void Executor::traceFlow(bool start, int64_t src, int64_t dst,
                         const MessageKey &key) {
  if (tracer)
    tracer->flow(start, Tracer::flowId(src, dst, key.str()), Tracer::nowUs(),
                 schedulerTid);
}

const std::string &Invocation::context() const { return frame.context; }

mlir::Operation *Invocation::op() const { return frame.plan->steps[step].op; }

void Invocation::finish(Status status) {
  // Keeps this invocation (and so its results) alive until it is consumed.
  exec.post([self = shared_from_this(), status = std::move(status)]() mutable {
    if (self->counted)
      --self->exec.outstanding;
    if (Tracer *tracer = self->exec.tracer)
      tracer->opEvent(self->op(), self->frame.readyAt[self->step],
                      self->startUs, Tracer::nowUs(),
                      tensorBytes(self->results));
    self->exec.complete(self->frame, self->step, std::move(status),
                        self->results);
  });
}

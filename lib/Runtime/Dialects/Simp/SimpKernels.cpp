//===- SimpKernels.cpp - messages and run-time checked simp ops -----------===//

#include "SimpRegionKernels.h"
#include "mplang/Dialect/Simp/IR/SimpOps.h"
#include "mplang/Runtime/Dialects/Simp/SimpRuntime.h"
#include "mplang/Runtime/Elementwise.h"
#include "mplang/Runtime/Executor.h"
#include "mplang/Runtime/Serialize.h"

#include "llvm/ADT/STLExtras.h"
#include <mutex>

using namespace mplang::rt;

namespace {

using InvPtr = std::shared_ptr<Invocation>;
using Factory = FailureOr<std::unique_ptr<Kernel>>;

class AsyncKernel : public Kernel {
public:
  bool isSync() const override { return false; }
};

/// Checks that a received value is what the program declares.
Status checkReceived(const Value &value, mlir::Type expected, int64_t src) {
  if (value.isAbsent())
    return Status::ok();
  if (Status s = checkValueType(value, expected); !s.isOk())
    return Status::error("rank " + llvm::Twine(src) + " sent " + s.message());
  return Status::ok();
}

/// Receives one value from each of `peers` under `key`, then calls `done`
/// with them in the order of `peers` (on whichever thread got the last).
void receiveAll(Communicator &comm, llvm::ArrayRef<int64_t> peers,
                const MessageKey &key,
                std::function<void(Status, std::vector<Value>)> done) {
  struct State {
    std::mutex mutex;
    std::vector<Value> values;
    size_t left;
    Status status = Status::ok();
    std::function<void(Status, std::vector<Value>)> done;
  };
  auto state = std::make_shared<State>();
  state->values.resize(peers.size());
  state->left = peers.size();
  state->done = std::move(done);
  if (peers.empty())
    return state->done(Status::ok(), {});
  for (auto [i, peer] : llvm::enumerate(peers)) {
    comm.recv(peer, key, [state, i = i](Status status, Message message) {
      Value value;
      if (status.isOk())
        status = decodeValue(std::move(message), value);
      std::unique_lock<std::mutex> lock(state->mutex);
      if (!status.isOk() && state->status.isOk())
        state->status = std::move(status);
      state->values[i] = std::move(value);
      if (--state->left)
        return;
      lock.unlock();
      state->done(std::move(state->status), std::move(state->values));
    });
  }
}

Status sendTo(Communicator &comm, llvm::ArrayRef<int64_t> peers,
              const MessageKey &key, const Value &value) {
  Message message = encodeValue(value);
  for (int64_t peer : peers)
    if (Status s = comm.send(peer, key, message); !s.isOk())
      return s;
  return Status::ok();
}

class SendKernel : public AsyncKernel {
public:
  SendKernel(int64_t peer, int64_t tag) : peer(peer), tag(tag) {}
  void start(const InvPtr &inv) const override {
    MessageKey key{tag, inv->context()};
    inv->finish(sendTo(inv->comm(), {peer}, key, inv->args[0]));
  }

private:
  int64_t peer, tag;
};

class RecvKernel : public AsyncKernel {
public:
  RecvKernel(int64_t peer, int64_t tag, mlir::Type type)
      : peer(peer), tag(tag), type(type) {}
  void start(const InvPtr &inv) const override {
    MessageKey key{tag, inv->context()};
    receiveAll(inv->comm(), {peer}, key,
               [this, inv](Status status, std::vector<Value> values) {
                 if (status.isOk())
                   status = checkReceived(values[0], type, peer);
                 if (status.isOk())
                   inv->results[0] = values[0];
                 inv->finish(std::move(status));
               });
  }

private:
  int64_t peer, tag;
  mlir::Type type;
};

/// The participants other than this rank.
llvm::SmallVector<int64_t> others(llvm::ArrayRef<int64_t> participants,
                                  int64_t self) {
  llvm::SmallVector<int64_t> peers;
  for (int64_t p : participants)
    if (p != self)
      peers.push_back(p);
  return peers;
}

std::string describe(const Value &v) {
  if (!v.isTensor())
    return "absent";
  return v.getTensor().data<int8_t>()[0] ? "true" : "false";
}

/// simp.agree: all-to-all exchange of the predicate, then every participant
/// compares all of them, so each one reports a disagreement itself.
class AgreeKernel : public AsyncKernel {
public:
  AgreeKernel(llvm::ArrayRef<int64_t> participants, int64_t tag)
      : participants(participants), tag(tag) {}
  void start(const InvPtr &inv) const override {
    Communicator &comm = inv->comm();
    MessageKey key{tag, inv->context() + "agree/"};
    auto peers = others(participants, comm.rank());
    if (Status s = sendTo(comm, peers, key, inv->args[0]); !s.isOk())
      return inv->finish(std::move(s));
    receiveAll(comm, peers, key,
               [this, inv, peers](Status status, std::vector<Value> values) {
                 if (!status.isOk())
                   return inv->finish(std::move(status));
                 std::string own = describe(inv->args[0]);
                 bool uniform = own != "absent";
                 for (const Value &v : values)
                   uniform &= describe(v) == own;
                 if (!uniform) {
                   std::string list;
                   for (int64_t p : participants) {
                     const Value &v =
                         p == inv->comm().rank()
                             ? inv->args[0]
                             : values[llvm::find(peers, p) - peers.begin()];
                     list +=
                         (list.empty() ? "" : ", ") +
                         ("rank " + std::to_string(p) + " = " + describe(v));
                   }
                   return inv->finish(
                       Status::error("the predicate is not uniform across its "
                                     "participants: " +
                                     list));
                 }
                 inv->results[0] = inv->args[0];
                 inv->finish(Status::ok());
               });
  }

private:
  llvm::SmallVector<int64_t> participants;
  int64_t tag;
};

/// simp.exchange: every participant shares its index, then serves its piece
/// to the participants whose index names it and fetches the piece its own
/// index names.
class ExchangeKernel : public AsyncKernel {
public:
  ExchangeKernel(llvm::ArrayRef<int64_t> participants, int64_t tag,
                 mlir::Type type)
      : participants(participants), tag(tag), type(type) {}

  void start(const InvPtr &inv) const override {
    Communicator &comm = inv->comm();
    int64_t self = comm.rank();
    auto peers = others(participants, self);
    std::optional<int64_t> own;
    if (Status s = readIndex(inv->args[1], own); !s.isOk())
      return inv->finish(std::move(s));
    MessageKey indexKey{tag, inv->context() + "index/"};
    if (Status s = sendTo(comm, peers, indexKey, inv->args[1]); !s.isOk())
      return inv->finish(std::move(s));
    receiveAll(comm, peers, indexKey,
               [this, inv, peers, own, self](Status status,
                                             std::vector<Value> indices) {
                 if (!status.isOk())
                   return inv->finish(std::move(status));
                 Communicator &comm = inv->comm();
                 MessageKey pieceKey{tag, inv->context() + "piece/"};
                 llvm::SmallVector<int64_t> askers;
                 for (auto [peer, index] : llvm::zip(peers, indices)) {
                   std::optional<int64_t> wanted;
                   if (Status s = readIndex(index, wanted); !s.isOk())
                     return inv->finish(std::move(s));
                   if (wanted == self)
                     askers.push_back(peer);
                 }
                 if (Status s = sendTo(comm, askers, pieceKey, inv->args[0]);
                     !s.isOk())
                   return inv->finish(std::move(s));
                 if (!own)
                   return inv->finish(Status::ok()); // no index: absent
                 if (*own == self) {
                   inv->results[0] = inv->args[0];
                   return inv->finish(Status::ok());
                 }
                 receiveAll(comm, {*own}, pieceKey,
                            [this, inv, src = *own](Status status,
                                                    std::vector<Value> v) {
                              if (status.isOk())
                                status = checkReceived(v[0], type, src);
                              if (status.isOk())
                                inv->results[0] = v[0];
                              inv->finish(std::move(status));
                            });
               });
  }

private:
  Status readIndex(const Value &v, std::optional<int64_t> &out) const {
    out.reset();
    if (!v.isTensor())
      return Status::ok();
    int64_t index = visitInt(v.getTensor().dtype(), [&](auto tag) -> int64_t {
      return v.getTensor().data<decltype(tag)>()[0];
    });
    if (!llvm::is_contained(participants, index))
      return Status::error("simp.exchange index " + llvm::Twine(index) +
                           " names no participant");
    out = index;
    return Status::ok();
  }

  llvm::SmallVector<int64_t> participants;
  int64_t tag;
  mlir::Type type;
};

} // namespace

void mplang::rt::registerSimpKernels(KernelRegistry &r) {
  registerSimpRegionKernels(r);
  r.add("simp.send", [](Operation *op, PlanBuilder &) -> Factory {
    auto send = cast<mlir::simp::SendOp>(op);
    return std::unique_ptr<Kernel>(
        new SendKernel(send.getPeer(), send.getTag()));
  });
  r.add("simp.recv", [](Operation *op, PlanBuilder &) -> Factory {
    auto recv = cast<mlir::simp::RecvOp>(op);
    return std::unique_ptr<Kernel>(new RecvKernel(recv.getPeer(), recv.getTag(),
                                                  recv.getType()));
  });
  r.add("simp.agree", [](Operation *op, PlanBuilder &) -> Factory {
    auto agree = cast<mlir::simp::AgreeOp>(op);
    return std::unique_ptr<Kernel>(
        new AgreeKernel(agree.getParticipants(), agree.getTag()));
  });
  r.add("simp.exchange", [](Operation *op, PlanBuilder &) -> Factory {
    auto exchange = cast<mlir::simp::ExchangeOp>(op);
    return std::unique_ptr<Kernel>(
        new ExchangeKernel(exchange.getParticipants(), exchange.getTag(),
                           exchange.getType()));
  });
  r.add("simp.absent", [](Operation *, PlanBuilder &) -> Factory {
    return std::unique_ptr<Kernel>(
        new FnKernel([](llvm::ArrayRef<Value>, llvm::MutableArrayRef<Value>) {
          return Status::ok();
        }));
  });
  r.add("simp.first_present", [](Operation *, PlanBuilder &) -> Factory {
    return std::unique_ptr<Kernel>(new FnKernel(
        [](llvm::ArrayRef<Value> args, llvm::MutableArrayRef<Value> results) {
          for (const Value &v : args)
            if (!v.isAbsent()) {
              results[0] = v;
              break;
            }
          return Status::ok();
        }));
  });
}

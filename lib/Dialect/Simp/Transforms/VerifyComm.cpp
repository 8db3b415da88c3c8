//===- VerifyComm.cpp - matching sends, receives, collectives ---*- C++ -*-===//

#include "mplang/Dialect/Simp/IR/SimpOps.h"
#include "mplang/Dialect/Simp/Transforms/Passes.h"

#include "llvm/ADT/MapVector.h"

namespace mlir::simp {
#define GEN_PASS_DEF_SIMPVERIFYCOMM
#include "mplang/Dialect/Simp/Transforms/Passes.h.inc"
} // namespace mlir::simp

using namespace mlir;
using namespace mlir::simp;

namespace {

/// One direction of a channel: (from rank, to rank, tag).
using ChannelKey = std::tuple<int64_t, int64_t, int64_t>;
/// A collective instance: (op name, tag).
using CollectiveKey = std::pair<StringRef, int64_t>;

struct Ends {
  Operation *send = nullptr;
  Operation *recv = nullptr;
};

class CommChecker {
public:
  /// Records the communication ops of the program of `rank`.
  LogicalResult collect(ModuleOp program, int64_t rank) {
    WalkResult result = program.walk([&](Operation *op) {
      if (auto send = dyn_cast<SendOp>(op))
        return record(channels[{rank, send.getPeer(), send.getTag()}].send, op);
      if (auto recv = dyn_cast<RecvOp>(op))
        return record(channels[{recv.getPeer(), rank, recv.getTag()}].recv, op);
      if (auto agree = dyn_cast<AgreeOp>(op))
        return recordCollective(op, agree.getTag(), rank);
      if (auto exchange = dyn_cast<ExchangeOp>(op))
        return recordCollective(op, exchange.getTag(), rank);
      return WalkResult::advance();
    });
    return failure(result.wasInterrupted());
  }

  LogicalResult check() {
    bool ok = true;
    for (auto &[key, ends] : channels)
      ok &= succeeded(checkChannel(key, ends));
    for (auto &[key, members] : collectives)
      ok &= succeeded(checkCollective(members));
    return success(ok);
  }

private:
  WalkResult record(Operation *&slot, Operation *op) {
    if (slot) {
      op->emitOpError("uses the same peer and tag as another op in this "
                      "program")
              .attachNote(slot->getLoc())
          << "the other op";
      return WalkResult::interrupt();
    }
    slot = op;
    return WalkResult::advance();
  }

  WalkResult recordCollective(Operation *op, int64_t tag, int64_t rank) {
    auto &members = collectives[{op->getName().getStringRef(), tag}];
    if (members.count(rank)) {
      op->emitOpError("repeats tag ")
              .append(tag)
              .attachNote(members[rank]->getLoc())
          << "the other op";
      return WalkResult::interrupt();
    }
    members[rank] = op;
    return WalkResult::advance();
  }

  static LogicalResult checkChannel(const ChannelKey &key, const Ends &ends) {
    auto [from, to, tag] = key;
    if (!ends.recv)
      return ends.send->emitOpError("to rank ")
             << to << " with tag " << tag
             << " has no matching simp.recv in the program of rank " << to;
    if (!ends.send)
      return ends.recv->emitOpError("from rank ")
             << from << " with tag " << tag
             << " has no matching simp.send in the program of rank " << from;
    Type sent = cast<SendOp>(ends.send).getValue().getType();
    Type received = cast<RecvOp>(ends.recv).getType();
    if (sent != received) {
      ends.send->emitOpError("sends ")
              .append(sent, " but the matching simp.recv expects ", received)
              .attachNote(ends.recv->getLoc())
          << "the simp.recv";
      return failure();
    }
    return success();
  }

  static ArrayRef<int64_t> participantsOf(Operation *op) {
    if (auto agree = dyn_cast<AgreeOp>(op))
      return agree.getParticipants();
    return cast<ExchangeOp>(op).getParticipants();
  }

  static LogicalResult
  checkCollective(const std::map<int64_t, Operation *> &members) {
    Operation *first = members.begin()->second;
    ArrayRef<int64_t> participants = participantsOf(first);
    for (int64_t rank : participants)
      if (!members.count(rank))
        return first->emitOpError("has no counterpart in the program of "
                                  "participant rank ")
               << rank;
    for (auto [rank, op] : members) {
      if (participantsOf(op) != participants ||
          op->getOperandTypes() != first->getOperandTypes()) {
        op->emitOpError("in the program of rank ")
                .append(rank, " disagrees with its counterpart on "
                              "participants or types")
                .attachNote(first->getLoc())
            << "the counterpart";
        return failure();
      }
    }
    return success();
  }

  // Hashed, not ordered: a program has one channel per message, and the
  // check must stay linear in its size.
  llvm::MapVector<ChannelKey, Ends> channels;
  llvm::MapVector<CollectiveKey, std::map<int64_t, Operation *>> collectives;
};

} // namespace

LogicalResult mlir::simp::verifyCommunication(ModuleOp module) {
  CommChecker checker;
  for (auto program : module.getOps<ModuleOp>())
    if (auto rank =
            program->getAttrOfType<IntegerAttr>(SimpDialect::getRankAttrName()))
      if (failed(checker.collect(program, rank.getInt())))
        return failure();
  return checker.check();
}

namespace {
struct SimpVerifyCommPass
    : public simp::impl::SimpVerifyCommBase<SimpVerifyCommPass> {
  void runOnOperation() override {
    if (failed(verifyCommunication(getOperation())))
      signalPassFailure();
  }
};
} // namespace

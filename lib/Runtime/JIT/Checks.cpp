//===- Checks.cpp - run-time checks in compiled code ----------------------===//
//
// Before lowering, every op the interpreter can fail on (division by zero,
// signed division overflow, out-of-range shifts, out-of-bounds indices) gets
// a guard: when its operands are bad, the guard stores the op's number + 1
// in the error buffer and the op computes on a safe operand instead, so the
// compiled code never hits undefined behaviour. Loops stop early once the
// buffer is set. The kernel then reruns the group in the interpreter, which
// reports the first failing op with the interpreter's own message.
//
//===----------------------------------------------------------------------===//

#include "Checks.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;

namespace {

/// The constant `v` always holds: a constant op, or a linalg body argument
/// fed by a splat constant.
std::optional<APInt> constantInt(Value v) {
  APInt value;
  if (matchPattern(v, m_ConstantInt(&value)))
    return value;
  auto arg = dyn_cast<BlockArgument>(v);
  if (!arg)
    return std::nullopt;
  auto linalgOp = dyn_cast<linalg::LinalgOp>(arg.getOwner()->getParentOp());
  if (!linalgOp || arg.getArgNumber() >= linalgOp.getNumDpsInputs())
    return std::nullopt;
  DenseIntElementsAttr dense;
  if (matchPattern(linalgOp.getDpsInputs()[arg.getArgNumber()],
                   m_Constant(&dense)) &&
      dense.isSplat())
    return dense.getSplatValue<APInt>();
  return std::nullopt;
}

class Guards {
public:
  Guards(Value errors, Value stop) : errors(errors), stop(stop) {}

  void guard(Operation *op) {
    if (isa<arith::DivSIOp, arith::RemSIOp>(op))
      return guardDivision(op, /*isSigned=*/true);
    if (isa<arith::DivUIOp, arith::RemUIOp>(op))
      return guardDivision(op, /*isSigned=*/false);
    if (isa<arith::ShLIOp, arith::ShRSIOp, arith::ShRUIOp>(op))
      return guardShift(op);
    if (auto extract = dyn_cast<tensor::ExtractOp>(op))
      return guardIndices(op, extract.getTensor().getType(),
                          extract.getIndicesMutable());
    if (auto insert = dyn_cast<tensor::InsertOp>(op))
      return guardIndices(op, insert.getDest().getType(),
                          insert.getIndicesMutable());
    if (auto loop = dyn_cast<scf::WhileOp>(op))
      return stopWhile(loop);
    if (auto loop = dyn_cast<scf::ForOp>(op))
      return stopFor(loop);
  }

private:
  /// `bad` records op `id` (1-based) in the error buffer.
  void record(OpBuilder &b, Location loc, Value bad) {
    int64_t id = ++numChecks;
    b.create<scf::IfOp>(loc, bad, [&](OpBuilder &then, Location loc) {
      Value code = then.create<arith::ConstantIntOp>(loc, id, 64);
      then.create<memref::StoreOp>(loc, code, errors);
      then.create<scf::YieldOp>(loc);
    });
  }

  /// Whether an error was recorded or the runtime asked to stop. In a
  /// loop the stop flag is read atomically, so that the read is not hoisted.
  Value mustStop(OpBuilder &b, Location loc, bool atomic) {
    Value zero = b.create<arith::ConstantIntOp>(loc, 0, 64);
    Value stopping =
        atomic ? b.create<memref::AtomicRMWOp>(loc, arith::AtomicRMWKind::ori,
                                               zero, stop, ValueRange())
                     .getResult()
               : b.create<memref::LoadOp>(loc, stop).getResult();
    Value code = b.create<memref::LoadOp>(loc, errors);
    Value any = b.create<arith::OrIOp>(loc, code, stopping);
    return b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::ne, any, zero);
  }

  void guardDivision(Operation *op, bool isSigned) {
    Value lhs = op->getOperand(0), rhs = op->getOperand(1);
    unsigned width = rhs.getType().getIntOrFloatBitWidth();
    if (std::optional<APInt> c = constantInt(rhs))
      if (!c->isZero() && (!isSigned || !c->isAllOnes()))
        return;
    OpBuilder b(op);
    Location loc = op->getLoc();
    Type type = rhs.getType();
    auto constant = [&](const APInt &v) -> Value {
      return b.create<arith::ConstantOp>(loc, b.getIntegerAttr(type, v));
    };
    Value bad = b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, rhs,
                                        constant(APInt(width, 0)));
    if (isSigned) {
      Value minusOne =
          b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, rhs,
                                  constant(APInt::getAllOnes(width)));
      Value min =
          b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, lhs,
                                  constant(APInt::getSignedMinValue(width)));
      bad = b.create<arith::OrIOp>(loc, bad,
                                   b.create<arith::AndIOp>(loc, minusOne, min));
    }
    record(b, loc, bad);
    Value safe =
        b.create<arith::SelectOp>(loc, bad, constant(APInt(width, 1)), rhs);
    op->setOperand(1, safe);
  }

  void guardShift(Operation *op) {
    Value amount = op->getOperand(1);
    unsigned width = amount.getType().getIntOrFloatBitWidth();
    if (std::optional<APInt> c = constantInt(amount))
      if (c->ult(width))
        return;
    OpBuilder b(op);
    Location loc = op->getLoc();
    Type type = amount.getType();
    Value limit =
        b.create<arith::ConstantOp>(loc, b.getIntegerAttr(type, width));
    Value bad =
        b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::uge, amount, limit);
    record(b, loc, bad);
    Value zero = b.create<arith::ConstantOp>(loc, b.getIntegerAttr(type, 0));
    op->setOperand(1, b.create<arith::SelectOp>(loc, bad, zero, amount));
  }

  void guardIndices(Operation *op, RankedTensorType type,
                    MutableOperandRange indices) {
    OpBuilder b(op);
    Location loc = op->getLoc();
    Value zero = b.create<arith::ConstantIndexOp>(loc, 0);
    for (auto [d, operand] : llvm::enumerate(indices)) {
      Value index = operand.get();
      int64_t size = type.getDimSize(d);
      if (std::optional<APInt> c = constantInt(index))
        if (c->ult(size))
          continue;
      Value limit = b.create<arith::ConstantIndexOp>(loc, size);
      // Unsigned: a negative index is out of bounds too.
      Value bad =
          b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::uge, index, limit);
      record(b, loc, bad);
      operand.set(b.create<arith::SelectOp>(loc, bad, zero, index));
    }
  }

  /// A while loop whose condition came from a replaced operand could run
  /// forever, and any while loop may: it also stops once an error is
  /// recorded or the runtime asks it to (the run was aborted).
  void stopWhile(scf::WhileOp loop) {
    scf::ConditionOp condition = loop.getConditionOp();
    OpBuilder b(condition);
    Location loc = condition.getLoc();
    Value ok =
        b.create<arith::XOrIOp>(loc, mustStop(b, loc, /*atomic=*/true),
                                b.create<arith::ConstantIntOp>(loc, 1, 1));
    condition.getConditionMutable().assign(
        b.create<arith::AndIOp>(loc, condition.getCondition(), ok));
  }

  /// A for loop entered after an error or a stop request runs no iteration.
  void stopFor(scf::ForOp loop) {
    OpBuilder b(loop);
    Location loc = loop.getLoc();
    loop.getUpperBoundMutable().assign(
        b.create<arith::SelectOp>(loc, mustStop(b, loc, /*atomic=*/false),
                                  loop.getLowerBound(), loop.getUpperBound()));
  }

  Value errors, stop;
  int64_t numChecks = 0;
};

} // namespace

void mplang::rt::jit::insertChecks(func::FuncOp fn, Value errors, Value stop) {
  SmallVector<Operation *> ops;
  fn.walk([&](Operation *op) { ops.push_back(op); });
  Guards guards(errors, stop);
  for (Operation *op : ops)
    guards.guard(op);
}

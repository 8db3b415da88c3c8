//===- SSOps.cpp - ss dialect operations ------------------------*- C++ -*-===//

#include "mplang/Dialect/SS/IR/SSOps.h"
#include "mplang/Dialect/Simp/IR/Parties.h"
#include "mplang/Dialect/Simp/IR/SimpOps.h"

#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace mlir::ss;

#define GET_OP_CLASSES
#include "mplang/Dialect/SS/IR/SSOps.cpp.inc"

namespace {

/// Shares exist only between the parties of a global program: not inside a
/// party's local code, nor in a projected per-rank program. The holders of
/// the shares an op uses must be inside the world (the simp dialect checks
/// the ranks of `!simp.mp` types).
LogicalResult verifyGlobal(Operation *op) {
  for (Operation *it = op->getParentOp(); it; it = it->getParentOp())
    if (isa<simp::PCallOp, simp::PCallDynamicOp, simp::IfPresentOp>(it) ||
        it->hasAttr(simp::SimpDialect::getRankAttrName()))
      return op->emitOpError("must be at the global level of a program, not "
                             "inside '")
             << it->getName() << "'";
  auto check = [&](Type type) -> LogicalResult {
    if (auto share = dyn_cast<ShareType>(type))
      return simp::verifyRanksInWorld(op, share.getParties(), "share holder");
    return success();
  };
  for (Type type : op->getOperandTypes())
    if (failed(check(type)))
      return failure();
  for (Type type : op->getResultTypes())
    if (failed(check(type)))
      return failure();
  return success();
}

/// Checks that the local type of a `!simp.mp` operand or result (`what`)
/// is the shared value type.
LogicalResult verifySameValue(Operation *op, StringRef what, simp::MPType mp,
                              ShareType share) {
  if (mp.getValueType() == share.getValueType())
    return success();
  return op->emitOpError() << what << " value type " << mp.getValueType()
                           << " differs from the shared type "
                           << share.getValueType();
}

} // namespace

LogicalResult ShareOp::verify() {
  simp::MPType input = getInput().getType();
  if (input.getParties().size() != 1)
    return emitOpError("shares the value of one party, but its input is ")
           << input;
  if (failed(verifySameValue(*this, "input", input, getType())))
    return failure();
  return verifyGlobal(*this);
}

LogicalResult RevealOp::verify() {
  simp::MPType result = getType();
  if (result.isDynamic())
    return emitOpError("reveals to a static party set, not ") << result;
  if (failed(verifySameValue(*this, "result", result, getInput().getType())))
    return failure();
  return verifyGlobal(*this);
}

LogicalResult AddOp::verify() { return verifyGlobal(*this); }
LogicalResult SubOp::verify() { return verifyGlobal(*this); }
LogicalResult MulOp::verify() { return verifyGlobal(*this); }
LogicalResult NegOp::verify() { return verifyGlobal(*this); }
LogicalResult MsbOp::verify() { return verifyGlobal(*this); }
LogicalResult LtOp::verify() { return verifyGlobal(*this); }
LogicalResult EqOp::verify() { return verifyGlobal(*this); }
LogicalResult SelectOp::verify() { return verifyGlobal(*this); }

LogicalResult MulPublicOp::verify() {
  simp::MPType pub = getPlain().getType();
  ShareType share = getInput().getType();
  if (pub.isDynamic())
    return emitOpError("needs a public value of a static party set, not ")
           << pub;
  for (int64_t rank : share.getParties())
    if (!pub.holds(rank))
      return emitOpError("share holder ")
             << rank << " does not hold the public value of type " << pub;
  if (failed(verifySameValue(*this, "public", pub, share)))
    return failure();
  return verifyGlobal(*this);
}

/// Checks that `result` is shared like `input`.
static LogicalResult verifySharedAlike(Operation *op, ShareType input,
                                       ShareType result) {
  if (input.getParties() != result.getParties() ||
      input.getScheme() != result.getScheme())
    return op->emitOpError("result type ")
           << result << " is not shared like its input " << input;
  return success();
}

/// Checks that `input` and `result` are shared alike and that `dims` are
/// sorted, unique and below the rank of the wider of the two (the input's
/// when `narrowing`); returns that shape without them.
static FailureOr<SmallVector<int64_t>> keptDims(Operation *op, ShareType input,
                                                ShareType result,
                                                ArrayRef<int64_t> dims,
                                                bool narrowing) {
  if (failed(verifySharedAlike(op, input, result)))
    return failure();
  ArrayRef<int64_t> wide =
      (narrowing ? input : result).getTensorType().getShape();
  SmallVector<int64_t> kept;
  int64_t next = 0;
  for (int64_t dim : dims) {
    if (dim < next || dim >= int64_t(wide.size()))
      return op->emitOpError("dimensions must be sorted, unique and below the ")
             << (narrowing ? "input" : "result") << "'s rank " << wide.size();
    llvm::append_range(kept, wide.slice(next, dim - next));
    next = dim + 1;
  }
  llvm::append_range(kept, wide.drop_front(next));
  return kept;
}

LogicalResult SumOp::verify() {
  ShareType input = getInput().getType(), result = getType();
  FailureOr<SmallVector<int64_t>> kept =
      keptDims(*this, input, result, getDimensions(), /*narrowing=*/true);
  if (failed(kept))
    return failure();
  auto expected =
      RankedTensorType::get(*kept, input.getTensorType().getElementType());
  if (result.getValueType() != expected)
    return emitOpError("sums ") << input.getValueType() << " into " << expected
                                << ", not " << result.getValueType();
  return verifyGlobal(*this);
}

LogicalResult ReshapeOp::verify() {
  ShareType input = getInput().getType(), result = getType();
  if (failed(verifySharedAlike(*this, input, result)))
    return failure();
  if (input.getTensorType().getNumElements() !=
      result.getTensorType().getNumElements())
    return emitOpError("reshapes ")
           << input.getValueType() << " into " << result.getValueType()
           << ", a different number of elements";
  return verifyGlobal(*this);
}

LogicalResult BroadcastOp::verify() {
  ShareType input = getInput().getType(), result = getType();
  FailureOr<SmallVector<int64_t>> kept =
      keptDims(*this, input, result, getDimensions(), /*narrowing=*/false);
  if (failed(kept))
    return failure();
  if (ArrayRef<int64_t>(*kept) != input.getTensorType().getShape())
    return emitOpError("broadcasts ")
           << input.getValueType() << ", not " << result.getValueType()
           << " without its added dimensions";
  return verifyGlobal(*this);
}

namespace {

/// Checks the fixed-point conversions: the same parties and shape, `from`
/// to `to` elements, and `fractionBits` in [0, 62].
LogicalResult verifyConversion(Operation *op, simp::MPType input,
                               simp::MPType result, int64_t fractionBits,
                               bool encode) {
  if (fractionBits < 0 || fractionBits > 62)
    return op->emitOpError("needs between 0 and 62 fraction bits, not ")
           << fractionBits;
  if (input.getParties() != result.getParties())
    return op->emitOpError("result ")
           << result << " is not held like its input " << input;
  auto in = dyn_cast<RankedTensorType>(input.getValueType());
  auto out = dyn_cast<RankedTensorType>(result.getValueType());
  RankedTensorType real = encode ? in : out, fixed = encode ? out : in;
  if (!in || !out || in.getShape() != out.getShape() ||
      !isa_and_nonnull<Float32Type, Float64Type>(real.getElementType()) ||
      !fixed.getElementType().isInteger(64))
    return op->emitOpError("converts between f32 or f64 and i64 tensors of "
                           "one shape, not ")
           << input.getValueType() << " and " << result.getValueType();
  return verifyGlobal(op);
}

} // namespace

LogicalResult EncodeOp::verify() {
  return verifyConversion(*this, getInput().getType(), getType(),
                          getFractionBits(), /*encode=*/true);
}

LogicalResult DecodeOp::verify() {
  return verifyConversion(*this, getInput().getType(), getType(),
                          getFractionBits(), /*encode=*/false);
}

LogicalResult TruncOp::verify() {
  if (getBits() < 1 || getBits() > 62)
    return emitOpError("truncates by 1 to 62 bits, not ") << getBits();
  return verifyGlobal(*this);
}

LogicalResult MatmulOp::verify() {
  ShareType lhs = getLhs().getType(), rhs = getRhs().getType(),
            result = getType();
  for (ShareType other : {rhs, result})
    if (other.getParties() != lhs.getParties() ||
        other.getScheme() != lhs.getScheme())
      return emitOpError("operands and result must be shared alike, not ")
             << lhs << " and " << other;
  RankedTensorType a = lhs.getTensorType(), b = rhs.getTensorType();
  if (a.getRank() != 2 || b.getRank() != 2 ||
      a.getDimSize(1) != b.getDimSize(0))
    return emitOpError("multiplies M x K by K x N matrices, not ")
           << a << " by " << b;
  auto expected = RankedTensorType::get({a.getDimSize(0), b.getDimSize(1)},
                                        a.getElementType());
  if (result.getValueType() != expected)
    return emitOpError("result value type should be ")
           << expected << ", not " << result.getValueType();
  return verifyGlobal(*this);
}

//===- BFVOps.cpp - bfv dialect operations ----------------------*- C++ -*-===//

#include "mplang/Dialect/BFV/IR/BFVOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::bfv;

#define GET_OP_CLASSES
#include "mplang/Dialect/BFV/IR/BFVOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Shared rules
//===----------------------------------------------------------------------===//

LogicalResult mlir::bfv::verifySameParameters(Operation *op) {
  ParamsAttr expected;
  std::string expectedName;
  auto check = [&](TypeRange types, StringRef kind) -> LogicalResult {
    for (auto [i, type] : llvm::enumerate(types)) {
      ParamsAttr params = getParams(type);
      if (!params)
        continue;
      if (!expected) {
        expected = params;
        expectedName = (kind + " #" + Twine(i)).str();
      } else if (params != expected) {
        return op->emitOpError()
               << kind << " #" << i << " has parameters " << params << " but "
               << expectedName << " has " << expected;
      }
    }
    return success();
  };
  return failure(failed(check(op->getOperandTypes(), "operand")) ||
                 failed(check(op->getResultTypes(), "result")));
}

/// Checks that an integer vector (`what`, of `vector` type) fits the slots of
/// `plaintext`: the same element type and at most N elements.
static LogicalResult verifyFitsSlots(Operation *op, StringRef what,
                                     RankedTensorType vector,
                                     PlaintextType plaintext) {
  if (vector.getElementType() != plaintext.getElementType())
    return op->emitOpError()
           << what << " element type " << vector.getElementType()
           << " differs from the plaintext's " << plaintext.getElementType();
  int64_t length = vector.getShape().back();
  if (length > plaintext.getNumSlots())
    return op->emitOpError()
           << what << " has " << length << " elements but the parameters have "
           << plaintext.getNumSlots() << " slots";
  return success();
}

/// add, sub and mul: at least one ciphertext operand, and the element type of
/// both operands is the result's.
static LogicalResult verifyArithmetic(Operation *op) {
  TypeRange operands = op->getOperandTypes();
  if (llvm::none_of(operands, llvm::IsaPred<CiphertextType>))
    return op->emitOpError("needs at least one ciphertext operand");
  auto result = cast<CiphertextType>(op->getResult(0).getType());
  for (auto [i, type] : llvm::enumerate(operands)) {
    auto slots = isa<PlaintextType>(type)
                     ? cast<PlaintextType>(type).getCiphertextType()
                     : cast<CiphertextType>(type);
    if (slots.getElementType() != result.getElementType())
      return op->emitOpError("operand #")
             << i << " has element type " << slots.getElementType()
             << " but the result has " << result.getElementType();
  }
  return success();
}

LogicalResult AddOp::verify() { return verifyArithmetic(*this); }
LogicalResult SubOp::verify() { return verifyArithmetic(*this); }
LogicalResult MulOp::verify() { return verifyArithmetic(*this); }

//===----------------------------------------------------------------------===//
// Keys
//===----------------------------------------------------------------------===//

LogicalResult MakeGaloisKeysOp::inferReturnTypes(
    MLIRContext *context, std::optional<Location> location, Adaptor adaptor,
    SmallVectorImpl<Type> &inferredReturnTypes) {
  auto secretKey = dyn_cast<SecretKeyType>(adaptor.getSecretKey().getType());
  if (!secretKey)
    return emitOptionalError(location, "operand must be a !bfv.secret_key");
  ParamsAttr params = secretKey.getParams();
  ArrayRef<int64_t> steps;
  if (std::optional<ArrayRef<int64_t>> explicitSteps = adaptor.getSteps()) {
    steps = *explicitSteps;
    auto emitError = [&] {
      return mlir::emitError(location.value_or(UnknownLoc::get(context)));
    };
    if (failed(verifyGaloisSteps(emitError, params, steps)))
      return failure();
  }
  inferredReturnTypes.push_back(GaloisKeyType::get(context, params, steps));
  return success();
}

//===----------------------------------------------------------------------===//
// Encoding
//===----------------------------------------------------------------------===//

LogicalResult EncodeOp::verify() {
  return verifyFitsSlots(*this, "input", getInput().getType(),
                         getResult().getType());
}

LogicalResult BatchEncodeOp::verify() {
  RankedTensorType input = getInput().getType();
  if (static_cast<int64_t>(getNumResults()) != input.getDimSize(0))
    return emitOpError("has ")
           << getNumResults() << " results but the input has "
           << input.getDimSize(0) << " rows";
  for (Type result : getResultTypes())
    if (failed(verifyFitsSlots(*this, "input row", input,
                               cast<PlaintextType>(result))))
      return failure();
  return success();
}

LogicalResult DecodeOp::verify() {
  return verifyFitsSlots(*this, "result", getResult().getType(),
                         getInput().getType());
}

//===----------------------------------------------------------------------===//
// Modulus switching and sanitizing
//===----------------------------------------------------------------------===//

/// The result of `op` is a modulus-switched ciphertext: no bfv op but
/// bfv.decrypt may use it.
static LogicalResult verifyOnlyDecrypted(Operation *op) {
  for (Operation *user : op->getResult(0).getUsers())
    if (user->getDialect() == op->getDialect() && !isa<DecryptOp>(user))
      return op->emitOpError("result is used by '")
             << user->getName()
             << "': a modulus-switched ciphertext can only be decrypted";
  return success();
}

LogicalResult ModSwitchOp::verify() {
  // q_bits lists the data primes and then the special prime.
  ParamsAttr params = getInput().getType().getParams();
  int64_t dataPrimes = params.getCoeffModulusBits().size() - 1;
  if (getDrop() >= dataPrimes)
    return emitOpError("drops ")
           << getDrop() << " of the ciphertext's " << dataPrimes
           << " data primes; at least one must remain";
  return verifyOnlyDecrypted(*this);
}

LogicalResult SanitizeOp::verify() { return verifyOnlyDecrypted(*this); }

//===----------------------------------------------------------------------===//
// Rotations
//===----------------------------------------------------------------------===//

LogicalResult RotateOp::verify() {
  GaloisKeyType key = getGaloisKey().getType();
  int64_t steps = getSteps();
  if (failed(verifyRotationStep([&] { return emitOpError(); }, key.getParams(),
                                steps)))
    return failure();
  if (!key.supportsStep(steps))
    return emitOpError("Galois key ")
           << key << " does not support a rotation by " << steps << " steps";
  return success();
}

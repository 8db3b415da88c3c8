//===- BFVTypes.cpp - bfv dialect attributes and types ----------*- C++ -*-===//

#include "mplang/Dialect/BFV/IR/BFVTypes.h"
#include "mplang/Dialect/BFV/IR/BFVDialect.h"
#include "mplang/Crypto/BFV/Context.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

#include <numeric>

using namespace mlir;
using namespace mlir::bfv;

#define GET_ATTRDEF_CLASSES
#include "mplang/Dialect/BFV/IR/BFVOpsAttributes.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "mplang/Dialect/BFV/IR/BFVOpsTypes.cpp.inc"

void BFVDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "mplang/Dialect/BFV/IR/BFVOpsAttributes.cpp.inc"
      >();
}

void BFVDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "mplang/Dialect/BFV/IR/BFVOpsTypes.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// ParamsAttr
//===----------------------------------------------------------------------===//

__extension__ typedef unsigned __int128 UInt128;

static uint64_t mulMod(uint64_t a, uint64_t b, uint64_t m) {
  return static_cast<uint64_t>(static_cast<UInt128>(a) * b % m);
}

/// Deterministic Miller-Rabin: the first twelve primes as bases decide every
/// n < 3.3 * 10^24.
static bool isPrime(uint64_t n) {
  static constexpr uint64_t bases[] = {2,  3,  5,  7,  11, 13,
                                       17, 19, 23, 29, 31, 37};
  if (n < 2)
    return false;
  for (uint64_t p : bases)
    if (n % p == 0)
      return n == p;
  unsigned twos = llvm::countr_zero(n - 1);
  uint64_t odd = (n - 1) >> twos;
  return llvm::all_of(bases, [&](uint64_t base) {
    uint64_t x = 1;
    for (uint64_t e = odd, b = base; e; e >>= 1, b = mulMod(b, b, n))
      if (e & 1)
        x = mulMod(x, b, n);
    if (x == 1)
      return true;
    for (unsigned i = 0; i < twos; ++i, x = mulMod(x, x, n))
      if (x == n - 1)
        return true;
    return false;
  });
}

// The bound and the standard sets are the BFV library's, so that a type
// names exactly the context the run time builds.
int64_t ParamsAttr::getMaxCoeffModulusBits(int64_t n) {
  return n > 0 ? mplang::crypto::bfv::maxCoeffModulusBits(n) : 0;
}

SmallVector<int64_t> ParamsAttr::getStandardCoeffModulusBits(int64_t n) {
  if (n <= 0)
    return {};
  std::vector<int> bits = mplang::crypto::bfv::defaultCoeffModulusBits(n);
  return SmallVector<int64_t>(bits.begin(), bits.end());
}

/// `<n = N, t = T[, q_bits = [b0, ...]]>`; without `q_bits`, the standard
/// set of degree N.
Attribute ParamsAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  int64_t n;
  uint64_t t;
  if (parser.parseLess() || parser.parseKeyword("n") || parser.parseEqual() ||
      parser.parseInteger(n) || parser.parseComma() ||
      parser.parseKeyword("t") || parser.parseEqual() ||
      parser.parseInteger(t))
    return {};
  SmallVector<int64_t> qBits;
  if (succeeded(parser.parseOptionalComma())) {
    if (parser.parseKeyword("q_bits") || parser.parseEqual() ||
        parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&] {
          return parser.parseInteger(qBits.emplace_back());
        }))
      return {};
  } else {
    qBits = getStandardCoeffModulusBits(n);
    if (qBits.empty()) {
      parser.emitError(loc) << "q_bits is required for n = " << n
                            << ": standard sets exist for n = 4096, 8192 "
                               "and 16384";
      return {};
    }
  }
  if (parser.parseGreater())
    return {};
  return parser.getChecked<ParamsAttr>(loc, parser.getContext(), n, t, qBits);
}

/// Always the full form, so that a printed program does not depend on which
/// sets are standard.
void ParamsAttr::print(AsmPrinter &printer) const {
  printer << "<n = " << getPolyModulusDegree()
          << ", t = " << getPlainModulus() << ", q_bits = [";
  llvm::interleaveComma(getCoeffModulusBits(), printer);
  printer << "]>";
}

LogicalResult ParamsAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 int64_t n, uint64_t t,
                                 ArrayRef<int64_t> qBits) {
  int64_t maxBits = getMaxCoeffModulusBits(n);
  if (!maxBits)
    return emitError() << "poly modulus degree n must be 4096, 8192 or 16384, "
                          "got "
                       << n;
  if (t >= (uint64_t(1) << 60) || !isPrime(t))
    return emitError() << "plain modulus t = " << t
                       << " must be a prime below 2^60";
  if (t % (2 * n) != 1)
    return emitError() << "plain modulus t = " << t
                       << " must be 1 mod 2n = " << 2 * n << " for batching";
  if (qBits.size() < 2)
    return emitError() << "coefficient modulus needs at least two primes "
                          "(data and special), got "
                       << qBits.size();
  for (int64_t bits : qBits)
    if (bits < 20 || bits > 60)
      return emitError() << "coefficient modulus prime size " << bits
                         << " is outside 20 to 60 bits";
  int64_t total = std::accumulate(qBits.begin(), qBits.end(), int64_t(0));
  if (total > maxBits)
    return emitError() << "coefficient modulus of " << total
                       << " bits exceeds the 128-bit security bound of "
                       << maxBits << " bits for n = " << n;
  return success();
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

ParamsAttr mlir::bfv::getParams(Type type) {
  return TypeSwitch<Type, ParamsAttr>(type)
      .Case<PublicKeyType, SecretKeyType, RelinKeyType, GaloisKeyType,
            EncoderType, PlaintextType, CiphertextType>(
          [](auto bfvType) { return bfvType.getParams(); })
      .Default([](Type) { return nullptr; });
}

LogicalResult
mlir::bfv::verifyRotationStep(function_ref<InFlightDiagnostic()> emitError,
                              ParamsAttr params, int64_t step) {
  if (std::abs(step) >= params.getRowSize())
    return emitError() << "rotation step " << step
                       << " is out of range: |step| must be below N/2 = "
                       << params.getRowSize();
  return success();
}

LogicalResult
mlir::bfv::verifyGaloisSteps(function_ref<InFlightDiagnostic()> emitError,
                             ParamsAttr params, ArrayRef<int64_t> steps) {
  if (steps.empty())
    return emitError() << "Galois key step list must not be empty (omit it "
                          "for the power-of-two set)";
  for (auto [i, step] : llvm::enumerate(steps)) {
    if (step == 0)
      return emitError() << "Galois key steps must be non-zero";
    if (i > 0 && step <= steps[i - 1])
      return emitError() << "Galois key steps must be sorted and unique, but "
                         << step << " follows " << steps[i - 1];
    if (failed(verifyRotationStep(emitError, params, step)))
      return failure();
  }
  return success();
}

LogicalResult
GaloisKeyType::verify(function_ref<InFlightDiagnostic()> emitError,
                      ParamsAttr params, ArrayRef<int64_t> steps) {
  // An empty list is the power-of-two set.
  if (steps.empty())
    return success();
  return verifyGaloisSteps(emitError, params, steps);
}

bool GaloisKeyType::supportsStep(int64_t step) const {
  if (step == 0 || hasPowerOfTwoSteps())
    return true;
  // Rotations by s and s +- N/2 are the same automorphism.
  int64_t rowSize = getParams().getRowSize();
  return llvm::any_of(
      getSteps(), [&](int64_t held) { return (held - step) % rowSize == 0; });
}

static LogicalResult
verifySlotElementType(function_ref<InFlightDiagnostic()> emitError,
                      IntegerType elementType) {
  if (elementType.getWidth() > 64)
    return emitError() << "slot element type must be an integer of at most 64 "
                          "bits, got "
                       << elementType;
  return success();
}

LogicalResult
PlaintextType::verify(function_ref<InFlightDiagnostic()> emitError,
                      IntegerType elementType, ParamsAttr params) {
  return verifySlotElementType(emitError, elementType);
}

LogicalResult
CiphertextType::verify(function_ref<InFlightDiagnostic()> emitError,
                       IntegerType elementType, ParamsAttr params) {
  return verifySlotElementType(emitError, elementType);
}

PlaintextType PlaintextType::getPlaintextType() const { return *this; }

CiphertextType PlaintextType::getCiphertextType() const {
  return CiphertextType::get(getContext(), getElementType(), getParams());
}

PlaintextType CiphertextType::getPlaintextType() const {
  return PlaintextType::get(getContext(), getElementType(), getParams());
}

CiphertextType CiphertextType::getCiphertextType() const { return *this; }

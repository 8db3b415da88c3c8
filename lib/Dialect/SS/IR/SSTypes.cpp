//===- SSTypes.cpp - ss dialect schemes and types ---------------*- C++ -*-===//

#include "mplang/Dialect/SS/IR/SSTypes.h"
#include "mplang/Dialect/SS/IR/SSDialect.h"
#include "mplang/Dialect/Simp/IR/Parties.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::ss;

#include "mplang/Dialect/SS/IR/SSAttrInterfaces.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "mplang/Dialect/SS/IR/SSOpsAttributes.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "mplang/Dialect/SS/IR/SSOpsTypes.cpp.inc"

void SSDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "mplang/Dialect/SS/IR/SSOpsAttributes.cpp.inc"
      >();
}

void SSDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "mplang/Dialect/SS/IR/SSOpsTypes.cpp.inc"
      >();
}

LogicalResult
AdditiveAttr::verifyShares(function_ref<InFlightDiagnostic()> emitError,
                           RankedTensorType valueType,
                           ArrayRef<int64_t> parties) const {
  if (!valueType.getElementType().isSignlessInteger(64))
    return emitError() << "#ss.additive shares elements of Z_2^64 (i64), not "
                       << valueType.getElementType();
  return success();
}

LogicalResult
ReplicatedAttr::verifyShares(function_ref<InFlightDiagnostic()> emitError,
                             RankedTensorType valueType,
                             ArrayRef<int64_t> parties) const {
  if (!valueType.getElementType().isSignlessInteger(64))
    return emitError() << "#ss.replicated shares elements of Z_2^64 (i64), "
                          "not "
                       << valueType.getElementType();
  if (parties.size() != 3)
    return emitError() << "#ss.replicated shares among exactly 3 parties, got "
                       << parties.size();
  return success();
}

LogicalResult ShareType::verify(function_ref<InFlightDiagnostic()> emitError,
                                Type valueType, ArrayRef<int64_t> parties,
                                SchemeAttrInterface scheme) {
  auto tensor = llvm::dyn_cast_or_null<RankedTensorType>(valueType);
  if (!tensor || !tensor.hasStaticShape())
    return emitError() << "!ss.share needs a statically shaped tensor, not "
                       << valueType;
  if (failed(simp::verifyPartySet(emitError, parties)))
    return failure();
  if (parties.size() < 2)
    return emitError() << "!ss.share needs at least two parties, got "
                       << parties.size();
  if (!scheme)
    return emitError() << "!ss.share needs a scheme";
  return scheme.verifyShares(emitError, tensor, parties);
}

// `<` type `,` `[` rank (`,` rank)* `]` (`,` scheme)? `>`
Type ShareType::parse(AsmParser &parser) {
  Type valueType;
  SmallVector<int64_t> parties;
  if (parser.parseLess() || parser.parseType(valueType) ||
      parser.parseComma() ||
      parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&] {
        return parser.parseInteger(parties.emplace_back());
      }))
    return {};
  SchemeAttrInterface scheme = AdditiveAttr::get(parser.getContext());
  if (succeeded(parser.parseOptionalComma())) {
    SMLoc loc = parser.getCurrentLocation();
    Attribute attr;
    if (parser.parseAttribute(attr))
      return {};
    scheme = llvm::dyn_cast<SchemeAttrInterface>(attr);
    if (!scheme) {
      parser.emitError(loc, "expected a secret-sharing scheme such as "
                            "#ss.additive, got ")
          << attr;
      return {};
    }
  }
  if (parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(parser.getNameLoc()); },
                    parser.getContext(), valueType, parties, scheme);
}

// The default scheme is left out.
void ShareType::print(AsmPrinter &printer) const {
  printer << '<' << getValueType() << ", [";
  llvm::interleaveComma(getParties(), printer);
  printer << ']';
  if (!llvm::isa<AdditiveAttr>(getScheme()))
    printer << ", " << getScheme();
  printer << '>';
}

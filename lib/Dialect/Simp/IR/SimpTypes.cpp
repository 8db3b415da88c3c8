//===- SimpTypes.cpp - simp dialect types -----------------------*- C++ -*-===//

#include "mplang/Dialect/Simp/IR/SimpTypes.h"
#include "mplang/Dialect/Simp/IR/Parties.h"
#include "mplang/Dialect/Simp/IR/SimpDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::simp;

#define GET_TYPEDEF_CLASSES
#include "mplang/Dialect/Simp/IR/SimpOpsTypes.cpp.inc"

void SimpDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "mplang/Dialect/Simp/IR/SimpOpsTypes.cpp.inc"
      >();
}

LogicalResult MPType::verify(function_ref<InFlightDiagnostic()> emitError,
                             Type valueType, ArrayRef<int64_t> parties) {
  if (!valueType)
    return emitError() << "!simp.mp needs a value type";
  return verifyPartySet(emitError, parties);
}

// `<` type `,` (`?` | `[` rank (`,` rank)* `]`) `>`
Type MPType::parse(AsmParser &parser) {
  Type valueType;
  SmallVector<int64_t> parties;
  if (parser.parseLess() || parser.parseType(valueType) || parser.parseComma())
    return {};
  if (failed(parser.parseOptionalQuestion())) {
    SMLoc loc = parser.getCurrentLocation();
    if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&] {
          return parser.parseInteger(parties.emplace_back());
        }))
      return {};
    if (parties.empty()) {
      parser.emitError(loc, "party set must not be empty (write '?' for a "
                            "party set known only at run time)");
      return {};
    }
  }
  if (parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(parser.getNameLoc()); },
                    parser.getContext(), valueType, parties);
}

void MPType::print(AsmPrinter &printer) const {
  printer << '<' << getValueType() << ", ";
  if (isDynamic()) {
    printer << '?';
  } else {
    printer << '[';
    llvm::interleaveComma(getParties(), printer);
    printer << ']';
  }
  printer << '>';
}

//===- Measure.cpp - calls that --stats reports on ------------------------===//

#include "mplang/Dialect/Simp/IR/Measure.h"
#include "mplang/Dialect/Simp/IR/SimpDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"

using namespace mlir;

void simp::setMeasure(Operation *call, StringRef op, int64_t elements) {
  Builder b(call->getContext());
  call->setAttr(
      SimpDialect::getMeasureAttrName(),
      b.getDictionaryAttr(
          {b.getNamedAttr("op", b.getStringAttr(op)),
           b.getNamedAttr("elements", b.getI64IntegerAttr(elements))}));
}

void simp::setMeasuredRounds(Operation *call, int64_t rounds) {
  auto dict =
      call->getAttrOfType<DictionaryAttr>(SimpDialect::getMeasureAttrName());
  if (!dict)
    return;
  NamedAttrList entries(dict);
  Builder b(call->getContext());
  entries.set("rounds", b.getI64IntegerAttr(rounds));
  call->setAttr(SimpDialect::getMeasureAttrName(),
                entries.getDictionary(call->getContext()));
}

std::optional<simp::Measure> simp::getMeasure(Operation *op) {
  auto dict =
      op->getAttrOfType<DictionaryAttr>(SimpDialect::getMeasureAttrName());
  if (!dict)
    return std::nullopt;
  auto name = dict.getAs<StringAttr>("op");
  auto elements = dict.getAs<IntegerAttr>("elements");
  if (!name || !elements)
    return std::nullopt;
  Measure m{name.getValue(), elements.getInt()};
  if (auto rounds = dict.getAs<IntegerAttr>("rounds"))
    m.rounds = rounds.getInt();
  return m;
}

//===- FieldValueTypes.cpp - field types as run-time values ---------------===//

#include "mplang/Dialect/Field/IR/FieldDialect.h"
#include "mplang/Dialect/Field/IR/FieldTypes.h"
#include "mplang/Runtime/Dialects/Field/FieldRuntime.h"
#include "mplang/Runtime/TypeConversion.h"

using namespace mplang::rt;

/// The type hook: a gf128 element is two 64-bit words.
static std::optional<DType> getFieldDType(mlir::Type elementType) {
  if (mlir::isa<mlir::field::GF128Type>(elementType))
    return DType::GF128;
  return std::nullopt;
}

void mplang::rt::registerFieldValueTypes() {
  registerTypeHook(mlir::field::FieldDialect::getDialectNamespace(),
                   {getFieldDType, nullptr});
}

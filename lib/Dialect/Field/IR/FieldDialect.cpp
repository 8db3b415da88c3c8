//===- FieldDialect.cpp - field dialect -------------------------*- C++ -*-===//

#include "mplang/Dialect/Field/IR/FieldDialect.h"
#include "mplang/Dialect/Field/IR/FieldOps.h"
#include "mplang/Dialect/Field/IR/FieldTypes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::field;

#include "mplang/Dialect/Field/IR/FieldOpsDialect.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "mplang/Dialect/Field/IR/FieldOpsTypes.cpp.inc"

void FieldDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "mplang/Dialect/Field/IR/FieldOps.cpp.inc"
      >();
  registerTypes();
}

void FieldDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "mplang/Dialect/Field/IR/FieldOpsTypes.cpp.inc"
      >();
}

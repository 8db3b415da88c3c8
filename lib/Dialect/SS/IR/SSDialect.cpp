//===- SSDialect.cpp - ss dialect -------------------------------*- C++ -*-===//

#include "mplang/Dialect/SS/IR/SSDialect.h"
#include "mplang/Dialect/SS/IR/SSOps.h"
#include "mplang/Dialect/SS/IR/SSTypes.h"

using namespace mlir;
using namespace mlir::ss;

#include "mplang/Dialect/SS/IR/SSOpsDialect.cpp.inc"

void SSDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "mplang/Dialect/SS/IR/SSOps.cpp.inc"
      >();
  registerAttributes();
  registerTypes();
}

//===- StoreDialect.cpp - store dialect -------------------------*- C++ -*-===//

#include "mplang/Dialect/Store/IR/StoreDialect.h"
#include "mplang/Dialect/Store/IR/StoreOps.h"

using namespace mlir;
using namespace mlir::store;

#include "mplang/Dialect/Store/IR/StoreOpsDialect.cpp.inc"

void StoreDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "mplang/Dialect/Store/IR/StoreOps.cpp.inc"
      >();
}

//===- BFVDialect.cpp - bfv dialect -----------------------------*- C++ -*-===//

#include "mplang/Dialect/BFV/IR/BFVDialect.h"
#include "mplang/Dialect/BFV/IR/BFVOps.h"
#include "mplang/Dialect/BFV/IR/BFVTypes.h"

#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::bfv;

#include "mplang/Dialect/BFV/IR/BFVOpsDialect.cpp.inc"

namespace {
/// Prints every parameter set once, as `#bfv_params = #bfv.params<...>`, so
/// that types stay short.
struct BFVOpAsmInterface : public OpAsmDialectInterface {
  using OpAsmDialectInterface::OpAsmDialectInterface;

  AliasResult getAlias(Attribute attr, raw_ostream &os) const override {
    if (!isa<ParamsAttr>(attr))
      return AliasResult::NoAlias;
    os << "bfv_params";
    return AliasResult::FinalAlias;
  }
};
} // namespace

void BFVDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "mplang/Dialect/BFV/IR/BFVOps.cpp.inc"
      >();
  registerAttributes();
  registerTypes();
  addInterfaces<BFVOpAsmInterface>();
}

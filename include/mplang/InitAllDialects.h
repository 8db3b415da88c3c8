//===- InitAllDialects.h - every dialect an mplang program uses -*- C++ -*-===//

#ifndef MPLANG_INITALLDIALECTS_H
#define MPLANG_INITALLDIALECTS_H

#include "mplang/Dialect/BFV/IR/BFVDialect.h"
#include "mplang/Dialect/Crypto/IR/CryptoDialect.h"
#include "mplang/Dialect/Field/IR/FieldDialect.h"
#include "mplang/Dialect/SS/IR/SSDialect.h"
#include "mplang/Dialect/Simp/IR/SimpDialect.h"
#include "mplang/Dialect/Store/IR/StoreDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/DialectRegistry.h"

namespace mplang {

/// Registers our dialects and the upstream ones used for local computation.
inline void registerAllDialects(mlir::DialectRegistry &registry) {
  registry.insert<mlir::bfv::BFVDialect, mlir::crypto::CryptoDialect,
                  mlir::field::FieldDialect,
                  mlir::simp::SimpDialect, mlir::ss::SSDialect,
                  mlir::store::StoreDialect,
                  mlir::arith::ArithDialect,
                  mlir::func::FuncDialect, mlir::linalg::LinalgDialect,
                  mlir::scf::SCFDialect, mlir::tensor::TensorDialect>();
}

} // namespace mplang

#endif // MPLANG_INITALLDIALECTS_H

//===- mplang-opt.cpp - mplang optimizer driver -----------------*- C++ -*-===//
//
// Parses, verifies and transforms multi-party programs.
//
//===----------------------------------------------------------------------===//

#include "mplang/InitAllDialects.h"
#include "mplang/InitAllPasses.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  mplang::registerAllDialects(registry);
  mplang::registerAllPasses();
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "mplang multi-party program optimizer\n", registry));
}

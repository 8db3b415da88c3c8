//===- InitAllPasses.h - every pass mplang-opt offers -----------*- C++ -*-===//

#ifndef MPLANG_INITALLPASSES_H
#define MPLANG_INITALLPASSES_H

#include "mplang/Dialect/BFV/Transforms/Passes.h"
#include "mplang/Dialect/SS/Transforms/Passes.h"
#include "mplang/Dialect/Simp/Transforms/Passes.h"

#include "mlir/Transforms/Passes.h"

namespace mplang {

/// Registers our passes and the upstream transforms useful on our programs.
inline void registerAllPasses() {
  mlir::registerTransformsPasses();
  mlir::simp::registerSimpPasses();
  mlir::ss::registerSSPasses();
  mlir::bfv::registerBFVPasses();
}

} // namespace mplang

#endif // MPLANG_INITALLPASSES_H

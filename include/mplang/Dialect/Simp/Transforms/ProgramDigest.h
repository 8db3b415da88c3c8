//===- ProgramDigest.h - digests of per-rank programs -----------*- C++ -*-===//

#ifndef MPLANG_DIALECT_SIMP_TRANSFORMS_PROGRAMDIGEST_H
#define MPLANG_DIALECT_SIMP_TRANSFORMS_PROGRAMDIGEST_H

#include "mlir/IR/BuiltinOps.h"

#include <string>

namespace mlir::simp {

/// `sha256:` and the hex SHA-256 of `rankModule` printed in the generic op
/// form without locations (as a top-level op, with its aliases), which
/// neither the source's file and lines nor bytecode versus text change.
std::string programDigest(ModuleOp rankModule);

} // namespace mlir::simp

#endif // MPLANG_DIALECT_SIMP_TRANSFORMS_PROGRAMDIGEST_H

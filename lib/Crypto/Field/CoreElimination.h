//===- CoreElimination.h - dense solve of an OKVS 2-core --------*- C++ -*-===//
//
// Internal. Peeling leaves a 2-core whose equations each XOR three cells;
// Gauss-Jordan elimination over GF(2), carrying the 128-bit right-hand sides,
// solves it when it is small.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_LIB_CRYPTO_FIELD_COREELIMINATION_H
#define MPLANG_LIB_CRYPTO_FIELD_COREELIMINATION_H

#include "mplang/Crypto/Field/Okvs.h"

#include <vector>

namespace mplang::crypto::field::detail {

/// Finds x with x[c0] + x[c1] + x[c2] = rhs[r] for every equation
/// r = (c0, c1, c2), each c < numColumns. Unconstrained cells are zero. Fails
/// if the equations are inconsistent.
llvm::Expected<std::vector<Gf128>>
solveCore(llvm::ArrayRef<OkvsCells> equations, llvm::ArrayRef<Gf128> rhs,
          size_t numColumns);

} // namespace mplang::crypto::field::detail

#endif // MPLANG_LIB_CRYPTO_FIELD_COREELIMINATION_H

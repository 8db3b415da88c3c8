//===- LocalProgramGenerator.h - random party-local programs ---*- C++ -*-===//

#ifndef MPLANG_UNITTESTS_JIT_LOCALPROGRAMGENERATOR_H
#define MPLANG_UNITTESTS_JIT_LOCALPROGRAMGENERATOR_H

#include <cstdint>
#include <string>

namespace mplang::rt::testing {

/// A random `func.func @main` of local ops only (scalar and tensor arith,
/// scf.for/if/while, linalg.map/reduce/matmul/transpose, tensor
/// extract/insert/slices), returning every value it computes, with
/// arguments `(i64, i64, i32, f64, tensor<8xi64>, tensor<8xi64>,
/// tensor<8xf64>, tensor<4x4xi64>)`. Divisors, shift amounts and indices
/// are mostly in range, sometimes not, so some programs fail at run time.
std::string generateLocalProgram(uint64_t seed, int numOps);

} // namespace mplang::rt::testing

#endif // MPLANG_UNITTESTS_JIT_LOCALPROGRAMGENERATOR_H

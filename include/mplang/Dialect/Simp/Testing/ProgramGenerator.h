//===- ProgramGenerator.h - random well-formed global programs --*- C++ -*-===//
//
// Seeded generator of global simp programs for the projection property test
// and benchmark. The output is MLIR text, so that parsing is part of what
// they exercise.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_DIALECT_SIMP_TESTING_PROGRAMGENERATOR_H
#define MPLANG_DIALECT_SIMP_TESTING_PROGRAMGENERATOR_H

#include <cstdint>
#include <string>

namespace mlir::simp {

struct RandomProgramOptions {
  int64_t worldSize = 3;
  /// Generation stops once the entry function holds at least this many ops
  /// (nested ones included).
  int64_t numOps = 50;
  /// How deep uniform_cond and while_loop may nest.
  int64_t maxDepth = 2;
};

/// A module with `simp.world_size` and an entry `@main` built from party
/// calls (nested ones included) with arith bodies, shuffles with broadcast,
/// permutation and self-copy routings, converges of disjoint pieces, global
/// uniform_cond and while_loop whose predicate every acting rank holds, and
/// calls of generated helper functions. The same seed gives the same text.
std::string generateRandomProgram(uint64_t seed,
                                  const RandomProgramOptions &options);

} // namespace mlir::simp

#endif // MPLANG_DIALECT_SIMP_TESTING_PROGRAMGENERATOR_H

// field.try_solve_okvs reports a seed that cannot solve the system as a
// value, so that a protocol can retry with a fresh one: ok = false and an
// all-zero table where field.solve_okvs fails the run (field-errors.mlir).

// Two keys on all three cells of a 3-cell table with different values: no
// solution.
// RUN: mplang-run --sim 1 %s | FileCheck %s --check-prefix=INCONSISTENT
// INCONSISTENT: rank 0: dense<0> : tensor<3x2xi64>, false

// m = n: peeling leaves a 2-core beyond the dense fallback.
// RUN: mplang-run --sim 1 %s --entry core | FileCheck %s --check-prefix=CORE
// CORE: rank 0: dense<0> : tensor<2048x2xi64>, false

// A solvable system: ok, and decoding gives the values back (their
// difference is zero).
// RUN: mplang-run --sim 1 %s --entry solvable | FileCheck %s --check-prefix=SOLVABLE
// SOLVABLE: rank 0: dense<0> : tensor<2xi64>, true

!seed = tensor<!field.gf128>
module attributes {simp.world_size = 1 : i64} {
  func.func @main() -> (!simp.mp<tensor<3x2xi64>, [0]>, !simp.mp<i1, [0]>) {
    %0:2 = simp.pcall [0] () : () -> (!simp.mp<tensor<3x2xi64>, [0]>, !simp.mp<i1, [0]>) {
      %k = arith.constant dense<[1, 2]> : tensor<2xi64>
      %vw = arith.constant dense<[[1, 0], [2, 0]]> : tensor<2x2xi64>
      %v = field.from_words %vw : tensor<2x2xi64> -> tensor<2x!field.gf128>
      %sw = arith.constant dense<[7, 0]> : tensor<2xi64>
      %seed = field.from_words %sw : tensor<2xi64> -> !seed
      %t, %ok = field.try_solve_okvs %k, %v, %seed m = 3 : tensor<2xi64>, tensor<2x!field.gf128>, !seed -> tensor<3x!field.gf128>, i1
      %tw = field.to_words %t : tensor<3x!field.gf128> -> tensor<3x2xi64>
      simp.yield %tw, %ok : tensor<3x2xi64>, i1
    }
    return %0#0, %0#1 : !simp.mp<tensor<3x2xi64>, [0]>, !simp.mp<i1, [0]>
  }

  func.func @core() -> (!simp.mp<tensor<2048x2xi64>, [0]>, !simp.mp<i1, [0]>) {
    %0:2 = simp.pcall [0] () : () -> (!simp.mp<tensor<2048x2xi64>, [0]>, !simp.mp<i1, [0]>) {
      %k = field.random : tensor<2048xi64>
      %v = field.random : tensor<2048x!field.gf128>
      %seed = field.random : !seed
      %t, %ok = field.try_solve_okvs %k, %v, %seed m = 2048 : tensor<2048xi64>, tensor<2048x!field.gf128>, !seed -> tensor<2048x!field.gf128>, i1
      %tw = field.to_words %t : tensor<2048x!field.gf128> -> tensor<2048x2xi64>
      simp.yield %tw, %ok : tensor<2048x2xi64>, i1
    }
    return %0#0, %0#1 : !simp.mp<tensor<2048x2xi64>, [0]>, !simp.mp<i1, [0]>
  }

  func.func @solvable() -> (!simp.mp<tensor<2xi64>, [0]>, !simp.mp<i1, [0]>) {
    %0:2 = simp.pcall [0] () : () -> (!simp.mp<tensor<2xi64>, [0]>, !simp.mp<i1, [0]>) {
      %k = field.random : tensor<1000xi64>
      %v = field.random : tensor<1000x!field.gf128>
      %seed = field.random : !seed
      %t, %ok = field.try_solve_okvs %k, %v, %seed m = 3000 : tensor<1000xi64>, tensor<1000x!field.gf128>, !seed -> tensor<3000x!field.gf128>, i1
      %d = field.decode_okvs %k, %t, %seed : tensor<1000xi64>, tensor<3000x!field.gf128>, !seed -> tensor<1000x!field.gf128>
      %diff = field.add %d, %v : tensor<1000x!field.gf128>
      %s = field.sum %diff axis = 0 : tensor<1000x!field.gf128> -> !seed
      %sw = field.to_words %s : !seed -> tensor<2xi64>
      simp.yield %sw, %ok : tensor<2xi64>, i1
    }
    return %0#0, %0#1 : !simp.mp<tensor<2xi64>, [0]>, !simp.mp<i1, [0]>
  }
}

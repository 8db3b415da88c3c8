// field.try_solve_okvs reports a seed that cannot solve the system as a
// value, so that a protocol can retry with a fresh one: ok = false and an
// all-zero table where field.solve_okvs fails the run (field-errors.mlir).

// Two keys on all three cells of a 3-cell table with different values: no
// solution.
// RUN: mplang-run --sim 1 %s | FileCheck %s --check-prefix=INCONSISTENT
// INCONSISTENT: rank 0: dense<0> : tensor<3x2xi64>, False

// m = n: peeling leaves a 2-core beyond the dense fallback.
// RUN: mplang-run --sim 1 %s --entry core | FileCheck %s --check-prefix=CORE
// CORE: rank 0: dense<0> : tensor<2048x2xi64>, False

// A solvable system (field-okvs.mlir's keys 0..99 and seed, random
// values): ok, and decoding gives the values back (their difference is
// zero).
// RUN: mplang-run --sim 1 %s --entry solvable | FileCheck %s --check-prefix=SOLVABLE
// SOLVABLE: rank 0: dense<0> : tensor<2xi64>, True

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
      %k = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99]> : tensor<100xi64>
      %v = field.random : tensor<100x!field.gf128>
      %sw = arith.constant dense<[0xDEADBEEF, 0xCAFEBABE]> : tensor<2xi64>
      %seed = field.from_words %sw : tensor<2xi64> -> !seed
      %t, %ok = field.try_solve_okvs %k, %v, %seed m = 160 : tensor<100xi64>, tensor<100x!field.gf128>, !seed -> tensor<160x!field.gf128>, i1
      %d = field.decode_okvs %k, %t, %seed : tensor<100xi64>, tensor<160x!field.gf128>, !seed -> tensor<100x!field.gf128>
      %diff = field.add %d, %v : tensor<100x!field.gf128>
      %s = field.sum %diff axis = 0 : tensor<100x!field.gf128> -> !seed
      %dw = field.to_words %s : !seed -> tensor<2xi64>
      simp.yield %dw, %ok : tensor<2xi64>, i1
    }
    return %0#0, %0#1 : !simp.mp<tensor<2xi64>, [0]>, !simp.mp<i1, [0]>
  }
}

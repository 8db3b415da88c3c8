// Field ops that fail at run time: an error naming the op, with its location
// and rank, and a non-zero exit; a failed OKVS solve never yields a table.

// Two keys share all three cells of a 3-cell table but have different
// values: the system has no solution.
// RUN: not mplang-run --sim 2 %s 2>&1 | FileCheck %s --check-prefix=INCONSISTENT
// INCONSISTENT: field-errors.mlir:[[@LINE+29]]:12: error: rank 0 failed: field.solve_okvs: OKVS solve failed: the equations of the 2-row 2-core are inconsistent
// INCONSISTENT-NOT: rank 1:

// m = n leaves a 2-core far beyond the dense fallback: peeling fails.
// RUN: not mplang-run --sim 2 %s --entry core 2>&1 | FileCheck %s --check-prefix=CORE
// CORE: field-errors.mlir:[[@LINE+35]]:12: error: rank 0 failed: field.solve_okvs: OKVS solve failed: peeling left a 2-core of {{[0-9]+}} keys, more than the 1024 the dense fallback handles

// An LDPC column index outside the message.
// RUN: not mplang-run --sim 2 %s --entry ldpc --arg 1:0='dense<[[1, 10], [2, 20], [4, 40], [8, 80]]> : tensor<4x2xi64>' 2>&1 | FileCheck %s --check-prefix=LDPC
// LDPC: field-errors.mlir:[[@LINE+42]]:12: error: rank 1 failed: field.ldpc_encode: ldpc: column 9 is outside the 4-element message

// gf128 arguments are given as their words: two per element.
// RUN: not mplang-run --sim 2 %s --entry ldpc --arg 1:0='dense<[1, 2, 3, 4]> : tensor<4xi64>' 2>&1 | FileCheck %s --check-prefix=WORDS
// WORDS: error: binding '1:0=dense<[1, 2, 3, 4]> : tensor<4xi64>': constant has the wrong number of elements
// RUN: not mplang-run --sim 2 %s --entry ldpc --arg 1:0='7 : i64' 2>&1 | FileCheck %s --check-prefix=SCALAR
// SCALAR: error: binding '1:0=7 : i64': a gf128 constant is a dense attribute of its words

!keys = tensor<2xi64>
!vals = tensor<2x!field.gf128>
!seed = tensor<!field.gf128>
!table = tensor<3x!field.gf128>
module attributes {simp.world_size = 2 : i64} {
  func.func @main() -> !simp.mp<!table, [0]> {
    %0 = simp.pcall [0] () : () -> !simp.mp<!table, [0]> {
      %k = arith.constant dense<[1, 2]> : !keys
      %vw = arith.constant dense<[[1, 0], [2, 0]]> : tensor<2x2xi64>
      %v = field.from_words %vw : tensor<2x2xi64> -> !vals
      %sw = arith.constant dense<[7, 0]> : tensor<2xi64>
      %seed = field.from_words %sw : tensor<2xi64> -> !seed
      %t = field.solve_okvs %k, %v, %seed m = 3 : !keys, !vals, !seed -> !table
      simp.yield %t : !table
    }
    return %0 : !simp.mp<!table, [0]>
  }

  func.func @core() -> !simp.mp<tensor<2048x!field.gf128>, [0]> {
    %0 = simp.pcall [0] () : () -> !simp.mp<tensor<2048x!field.gf128>, [0]> {
      %k = field.random : tensor<2048xi64>
      %v = field.random : tensor<2048x!field.gf128>
      %seed = field.random : !seed
      %t = field.solve_okvs %k, %v, %seed m = 2048 : tensor<2048xi64>, tensor<2048x!field.gf128>, !seed -> tensor<2048x!field.gf128>
      simp.yield %t : tensor<2048x!field.gf128>
    }
    return %0 : !simp.mp<tensor<2048x!field.gf128>, [0]>
  }

  func.func @ldpc(%msg: !simp.mp<tensor<4x!field.gf128>, [1]>) -> !simp.mp<tensor<1x!field.gf128>, [1]> {
    %0 = simp.pcall [1] (%msg) : (!simp.mp<tensor<4x!field.gf128>, [1]>) -> !simp.mp<tensor<1x!field.gf128>, [1]> {
    ^bb0(%m: tensor<4x!field.gf128>):
      %indices = arith.constant dense<[0, 9]> : tensor<2xi64>
      %indptr = arith.constant dense<[0, 2]> : tensor<2xi64>
      %s = field.ldpc_encode %m, %indices, %indptr m = 1, n = 4 : tensor<4x!field.gf128>, tensor<2xi64>, tensor<2xi64> -> tensor<1x!field.gf128>
      simp.yield %s : tensor<1x!field.gf128>
    }
    return %0 : !simp.mp<tensor<1x!field.gf128>, [1]>
  }
}

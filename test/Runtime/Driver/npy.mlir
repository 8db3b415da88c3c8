// Results written as .npy files read back as inputs: the doubled values are
// doubled again. The header is what NumPy writes for the same array.
// RUN: rm -rf %t && mplang-run --sim 2 %s --arg 0:0='dense<[1, -2, 3]> : tensor<3xi32>' --arg 1:0='dense<[10, 20, 30]> : tensor<3xi32>' --output-dir %t
// RUN: %python -c "d = open('%t/rank0_result0.npy', 'rb').read(); print(d[:6] == b'\x93NUMPY', len(d), d[10:].split(b'\n')[0].decode().strip())" | FileCheck %s --check-prefix=HEADER
// HEADER: True 140 {'descr': '<i4', 'fortran_order': False, 'shape': (3,), }
// RUN: mplang-run --sim 2 %s --input 0:0=%t/rank0_result0.npy --input 1:0=%t/rank1_result0.npy | FileCheck %s
// CHECK:      rank 0: dense<[4, -8, 12]> : tensor<3xi32>
// CHECK-NEXT: rank 1: dense<[40, 80, 120]> : tensor<3xi32>
// A file of another type is rejected.
// RUN: not mplang-run --sim 2 %s --input 0:0=%t/rank0_result0.npy --input 1:0=%t/rank1_result0.npy --entry wide 2>&1 | FileCheck %s --check-prefix=TYPE
// TYPE: error: binding '0:0={{.*}}rank0_result0.npy': a tensor<3xi32> where tensor<3xi64> is declared

module attributes {simp.world_size = 2 : i64} {
  func.func @main(%x: !simp.mp<tensor<3xi32>, [0, 1]>) -> !simp.mp<tensor<3xi32>, [0, 1]> {
    %0 = simp.pcall [0, 1] (%x) : (!simp.mp<tensor<3xi32>, [0, 1]>) -> !simp.mp<tensor<3xi32>, [0, 1]> {
    ^bb0(%a: tensor<3xi32>):
      %s = arith.addi %a, %a : tensor<3xi32>
      simp.yield %s : tensor<3xi32>
    }
    return %0 : !simp.mp<tensor<3xi32>, [0, 1]>
  }

  func.func @wide(%x: !simp.mp<tensor<3xi64>, [0, 1]>) -> !simp.mp<tensor<3xi64>, [0, 1]> {
    return %x : !simp.mp<tensor<3xi64>, [0, 1]>
  }
}

// RR22 PSI of 2^20 random items on each side, 123457 of them shared,
// checked item by item, under --local 2 and --sim 2.
// UNSUPPORTED: asan
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/psi_sets.py %t 1048576 1048576 1048576 123457 20
// RUN: mplang-run --local 2 --timeout 600 %s --entry psi1048576 --input 0:0=%t/x.npy --input 0:1=%t/xm.npy --input 1:2=%t/y.npy --input 1:3=%t/ym.npy --input 1:4=%t/expected.npy | FileCheck %s
// RUN: mplang-run --sim 2 --timeout 600 %s --entry psi1048576 --input 0:0=%t/x.npy --input 0:1=%t/xm.npy --input 1:2=%t/y.npy --input 1:3=%t/ym.npy --input 1:4=%t/expected.npy | FileCheck %s
// CHECK: rank 1: dense<123457> : tensor<i64>, dense<0> : tensor<i64>

module attributes {simp.world_size = 2 : i64} {
  func.func private @mplang.psi.rr22.n1048576(!simp.mp<tensor<1048576xi64>, [0]>, !simp.mp<tensor<1048576xi1>, [0]>,
                                          !simp.mp<tensor<1048576xi64>, [1]>, !simp.mp<tensor<1048576xi1>, [1]>)
      -> !simp.mp<tensor<1048576xi1>, [1]>

  // The receiver's count of items found, and of items where the result
  // differs from the expected mask.
  func.func @psi1048576(%x: !simp.mp<tensor<1048576xi64>, [0]>, %xm: !simp.mp<tensor<1048576xi1>, [0]>,
                    %y: !simp.mp<tensor<1048576xi64>, [1]>, %ym: !simp.mp<tensor<1048576xi1>, [1]>,
                    %expected: !simp.mp<tensor<1048576xi1>, [1]>)
      -> (!simp.mp<tensor<i64>, [1]>, !simp.mp<tensor<i64>, [1]>) {
    %found = func.call @mplang.psi.rr22.n1048576(%x, %xm, %y, %ym)
        : (!simp.mp<tensor<1048576xi64>, [0]>, !simp.mp<tensor<1048576xi1>, [0]>,
           !simp.mp<tensor<1048576xi64>, [1]>, !simp.mp<tensor<1048576xi1>, [1]>) -> !simp.mp<tensor<1048576xi1>, [1]>
    %count, %wrong = simp.pcall [1] (%found, %expected)
        : (!simp.mp<tensor<1048576xi1>, [1]>, !simp.mp<tensor<1048576xi1>, [1]>)
          -> (!simp.mp<tensor<i64>, [1]>, !simp.mp<tensor<i64>, [1]>) {
    ^bb0(%f: tensor<1048576xi1>, %e: tensor<1048576xi1>):
      %d = arith.xori %f, %e : tensor<1048576xi1>
      %c = func.call @ones1048576(%f) : (tensor<1048576xi1>) -> tensor<i64>
      %w = func.call @ones1048576(%d) : (tensor<1048576xi1>) -> tensor<i64>
      simp.yield %c, %w : tensor<i64>, tensor<i64>
    }
    return %count, %wrong : !simp.mp<tensor<i64>, [1]>, !simp.mp<tensor<i64>, [1]>
  }

  func.func private @ones1048576(%b: tensor<1048576xi1>) -> tensor<i64> {
    %e = arith.extui %b : tensor<1048576xi1> to tensor<1048576xi64>
    %zero = arith.constant dense<0> : tensor<i64>
    %s = linalg.reduce ins(%e : tensor<1048576xi64>) outs(%zero : tensor<i64>) dimensions = [0]
      (%in: i64, %acc: i64) {
        %t = arith.addi %in, %acc : i64
        linalg.yield %t : i64
      }
    return %s : tensor<i64>
  }
}

// Silent VOLE from the protocol library: w = v + u * delta in GF(2^128) for
// every element, and u dense (no zero word), for the VOLE size of PSI over
// 1024 items (1664 elements: 832 trees of 4 leaves). psi.mlir runs the
// other sizes.
// RUN: mplang-run --sim 2 %s --entry svole1664 | FileCheck %s --check-prefix=S1664
// RUN: mplang-run --local 2 %s --entry svole1664 | FileCheck %s --check-prefix=S1664
// S1664: rank 1: dense<3328> : tensor<i64>, dense<0> : tensor<i64>

!w2 = tensor<2xi64>

module attributes {simp.world_size = 2 : i64} {
  func.func private @mplang.vole.silent.n1664(!simp.mp<!w2, [1]>)
      -> (!simp.mp<tensor<1664x2xi64>, [0]>, !simp.mp<tensor<1664x2xi64>, [0]>, !simp.mp<tensor<1664x2xi64>, [1]>)

  // The number of words where w + v = u * delta, and of zero words in u.
  func.func private @check1664(%u: tensor<1664x2xi64>, %v: tensor<1664x2xi64>, %w: tensor<1664x2xi64>, %d: !w2)
      -> (tensor<i64>, tensor<i64>) {
    %x = arith.xori %w, %v : tensor<1664x2xi64>
    %ug = field.from_words %u : tensor<1664x2xi64> -> tensor<1664x!field.gf128>
    %dg = field.from_words %d : !w2 -> tensor<!field.gf128>
    %init = tensor.empty() : tensor<1664x!field.gf128>
    %db = linalg.broadcast ins(%dg : tensor<!field.gf128>) outs(%init : tensor<1664x!field.gf128>) dimensions = [0]
    %p = field.mul %ug, %db : tensor<1664x!field.gf128>
    %pw = field.to_words %p : tensor<1664x!field.gf128> -> tensor<1664x2xi64>
    %eq = arith.cmpi eq, %x, %pw : tensor<1664x2xi64>
    %e = arith.extui %eq : tensor<1664x2xi1> to tensor<1664x2xi64>
    %z = arith.constant dense<0> : tensor<1664x2xi64>
    %uz = arith.cmpi eq, %u, %z : tensor<1664x2xi64>
    %ze = arith.extui %uz : tensor<1664x2xi1> to tensor<1664x2xi64>
    %zero = arith.constant dense<0> : tensor<i64>
    %good = linalg.reduce ins(%e : tensor<1664x2xi64>) outs(%zero : tensor<i64>) dimensions = [0, 1]
      (%in: i64, %acc: i64) {
        %t = arith.addi %in, %acc : i64
        linalg.yield %t : i64
      }
    %zeros = linalg.reduce ins(%ze : tensor<1664x2xi64>) outs(%zero : tensor<i64>) dimensions = [0, 1]
      (%in: i64, %acc: i64) {
        %t = arith.addi %in, %acc : i64
        linalg.yield %t : i64
      }
    return %good, %zeros : tensor<i64>, tensor<i64>
  }

  func.func @svole1664() -> (!simp.mp<tensor<i64>, [1]>, !simp.mp<tensor<i64>, [1]>) {
    %d = simp.pcall [1] () : () -> !simp.mp<!w2, [1]> {
      %d = crypto.random_bytes : !w2
      simp.yield %d : !w2
    }
    %u, %v, %w = func.call @mplang.vole.silent.n1664(%d)
        : (!simp.mp<!w2, [1]>) -> (!simp.mp<tensor<1664x2xi64>, [0]>, !simp.mp<tensor<1664x2xi64>, [0]>, !simp.mp<tensor<1664x2xi64>, [1]>)
    %u1 = simp.shuffle %u [1 <- 0] : !simp.mp<tensor<1664x2xi64>, [0]> -> !simp.mp<tensor<1664x2xi64>, [1]>
    %v1 = simp.shuffle %v [1 <- 0] : !simp.mp<tensor<1664x2xi64>, [0]> -> !simp.mp<tensor<1664x2xi64>, [1]>
    %good, %zeros = simp.pcall [1] (%u1, %v1, %w, %d)
        : (!simp.mp<tensor<1664x2xi64>, [1]>, !simp.mp<tensor<1664x2xi64>, [1]>, !simp.mp<tensor<1664x2xi64>, [1]>, !simp.mp<!w2, [1]>)
          -> (!simp.mp<tensor<i64>, [1]>, !simp.mp<tensor<i64>, [1]>) {
    ^bb0(%uu: tensor<1664x2xi64>, %vv: tensor<1664x2xi64>, %ww: tensor<1664x2xi64>, %dd: !w2):
      %g, %z = func.call @check1664(%uu, %vv, %ww, %dd) : (tensor<1664x2xi64>, tensor<1664x2xi64>, tensor<1664x2xi64>, !w2) -> (tensor<i64>, tensor<i64>)
      simp.yield %g, %z : tensor<i64>, tensor<i64>
    }
    return %good, %zeros : !simp.mp<tensor<i64>, [1]>, !simp.mp<tensor<i64>, [1]>
  }
}

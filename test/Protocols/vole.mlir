// Gilboa VOLE from the protocol library: w = v + u * delta in GF(2^128)
// for hand-picked products and for every element.
// RUN: mplang-run --sim 2 %s --entry vole128 | FileCheck %s --check-prefix=V128
// V128: rank 1: dense<{{\[\[}}2, 0], [4, 0], [135, 0]]> : tensor<3x2xi64>, dense<256> : tensor<i64>
// RUN: mplang-run --local 2 %s --entry vole1024 | FileCheck %s --check-prefix=V1024
// V1024: rank 1: dense<{{\[\[}}2, 0], [4, 0], [135, 0]]> : tensor<3x2xi64>, dense<2048> : tensor<i64>

module attributes {simp.world_size = 2 : i64} {
  func.func private @mplang.vole.gilboa.n128(!simp.mp<tensor<128x2xi64>, [0]>, !simp.mp<tensor<2xi64>, [1]>)
      -> (!simp.mp<tensor<128x2xi64>, [0]>, !simp.mp<tensor<128x2xi64>, [1]>)

  // u holds 1, x and x^127 first, then random elements; delta = x. On the
  // receiver: w + v for the first three (x, x^2, x^128 = x^7 + x^2 + x + 1)
  // and the number of words where w + v = u * delta.
  func.func @vole128() -> (!simp.mp<tensor<3x2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>) {
    %u = simp.pcall [0] () : () -> !simp.mp<tensor<128x2xi64>, [0]> {
      %r = crypto.random_bytes : tensor<128x2xi64>
      %k = arith.constant dense<[[1, 0], [2, 0], [0, -9223372036854775808]]> : tensor<3x2xi64>
      %u = tensor.insert_slice %k into %r[0, 0] [3, 2] [1, 1] : tensor<3x2xi64> into tensor<128x2xi64>
      simp.yield %u : tensor<128x2xi64>
    }
    %d = simp.pcall [1] () : () -> !simp.mp<tensor<2xi64>, [1]> {
      %d = arith.constant dense<[2, 0]> : tensor<2xi64>
      simp.yield %d : tensor<2xi64>
    }
    %v, %w = func.call @mplang.vole.gilboa.n128(%u, %d)
        : (!simp.mp<tensor<128x2xi64>, [0]>, !simp.mp<tensor<2xi64>, [1]>)
          -> (!simp.mp<tensor<128x2xi64>, [0]>, !simp.mp<tensor<128x2xi64>, [1]>)
    %v1 = simp.shuffle %v [1 <- 0] : !simp.mp<tensor<128x2xi64>, [0]> -> !simp.mp<tensor<128x2xi64>, [1]>
    %u1 = simp.shuffle %u [1 <- 0] : !simp.mp<tensor<128x2xi64>, [0]> -> !simp.mp<tensor<128x2xi64>, [1]>
    %first, %n = simp.pcall [1] (%w, %v1, %u1, %d)
        : (!simp.mp<tensor<128x2xi64>, [1]>, !simp.mp<tensor<128x2xi64>, [1]>, !simp.mp<tensor<128x2xi64>, [1]>, !simp.mp<tensor<2xi64>, [1]>)
          -> (!simp.mp<tensor<3x2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>) {
    ^bb0(%ww: tensor<128x2xi64>, %vv: tensor<128x2xi64>, %uu: tensor<128x2xi64>, %dd: tensor<2xi64>):
      %x = arith.xori %ww, %vv : tensor<128x2xi64>
      %f = tensor.extract_slice %x[0, 0] [3, 2] [1, 1] : tensor<128x2xi64> to tensor<3x2xi64>
      %ug = field.from_words %uu : tensor<128x2xi64> -> tensor<128x!field.gf128>
      %dg = field.from_words %dd : tensor<2xi64> -> tensor<!field.gf128>
      %init = tensor.empty() : tensor<128x!field.gf128>
      %db = linalg.broadcast ins(%dg : tensor<!field.gf128>) outs(%init : tensor<128x!field.gf128>) dimensions = [0]
      %p = field.mul %ug, %db : tensor<128x!field.gf128>
      %pw = field.to_words %p : tensor<128x!field.gf128> -> tensor<128x2xi64>
      %eq = arith.cmpi eq, %x, %pw : tensor<128x2xi64>
      %e = arith.extui %eq : tensor<128x2xi1> to tensor<128x2xi64>
      %zero = arith.constant dense<0> : tensor<i64>
      %s = linalg.reduce ins(%e : tensor<128x2xi64>) outs(%zero : tensor<i64>) dimensions = [0, 1]
        (%in: i64, %acc: i64) {
          %t = arith.addi %in, %acc : i64
          linalg.yield %t : i64
        }
      simp.yield %f, %s : tensor<3x2xi64>, tensor<i64>
    }
    return %first, %n : !simp.mp<tensor<3x2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>
  }

  func.func private @mplang.vole.gilboa.n1024(!simp.mp<tensor<1024x2xi64>, [0]>, !simp.mp<tensor<2xi64>, [1]>)
      -> (!simp.mp<tensor<1024x2xi64>, [0]>, !simp.mp<tensor<1024x2xi64>, [1]>)

  // u holds 1, x and x^127 first, then random elements; delta = x. On the
  // receiver: w + v for the first three (x, x^2, x^128 = x^7 + x^2 + x + 1)
  // and the number of words where w + v = u * delta.
  func.func @vole1024() -> (!simp.mp<tensor<3x2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>) {
    %u = simp.pcall [0] () : () -> !simp.mp<tensor<1024x2xi64>, [0]> {
      %r = crypto.random_bytes : tensor<1024x2xi64>
      %k = arith.constant dense<[[1, 0], [2, 0], [0, -9223372036854775808]]> : tensor<3x2xi64>
      %u = tensor.insert_slice %k into %r[0, 0] [3, 2] [1, 1] : tensor<3x2xi64> into tensor<1024x2xi64>
      simp.yield %u : tensor<1024x2xi64>
    }
    %d = simp.pcall [1] () : () -> !simp.mp<tensor<2xi64>, [1]> {
      %d = arith.constant dense<[2, 0]> : tensor<2xi64>
      simp.yield %d : tensor<2xi64>
    }
    %v, %w = func.call @mplang.vole.gilboa.n1024(%u, %d)
        : (!simp.mp<tensor<1024x2xi64>, [0]>, !simp.mp<tensor<2xi64>, [1]>)
          -> (!simp.mp<tensor<1024x2xi64>, [0]>, !simp.mp<tensor<1024x2xi64>, [1]>)
    %v1 = simp.shuffle %v [1 <- 0] : !simp.mp<tensor<1024x2xi64>, [0]> -> !simp.mp<tensor<1024x2xi64>, [1]>
    %u1 = simp.shuffle %u [1 <- 0] : !simp.mp<tensor<1024x2xi64>, [0]> -> !simp.mp<tensor<1024x2xi64>, [1]>
    %first, %n = simp.pcall [1] (%w, %v1, %u1, %d)
        : (!simp.mp<tensor<1024x2xi64>, [1]>, !simp.mp<tensor<1024x2xi64>, [1]>, !simp.mp<tensor<1024x2xi64>, [1]>, !simp.mp<tensor<2xi64>, [1]>)
          -> (!simp.mp<tensor<3x2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>) {
    ^bb0(%ww: tensor<1024x2xi64>, %vv: tensor<1024x2xi64>, %uu: tensor<1024x2xi64>, %dd: tensor<2xi64>):
      %x = arith.xori %ww, %vv : tensor<1024x2xi64>
      %f = tensor.extract_slice %x[0, 0] [3, 2] [1, 1] : tensor<1024x2xi64> to tensor<3x2xi64>
      %ug = field.from_words %uu : tensor<1024x2xi64> -> tensor<1024x!field.gf128>
      %dg = field.from_words %dd : tensor<2xi64> -> tensor<!field.gf128>
      %init = tensor.empty() : tensor<1024x!field.gf128>
      %db = linalg.broadcast ins(%dg : tensor<!field.gf128>) outs(%init : tensor<1024x!field.gf128>) dimensions = [0]
      %p = field.mul %ug, %db : tensor<1024x!field.gf128>
      %pw = field.to_words %p : tensor<1024x!field.gf128> -> tensor<1024x2xi64>
      %eq = arith.cmpi eq, %x, %pw : tensor<1024x2xi64>
      %e = arith.extui %eq : tensor<1024x2xi1> to tensor<1024x2xi64>
      %zero = arith.constant dense<0> : tensor<i64>
      %s = linalg.reduce ins(%e : tensor<1024x2xi64>) outs(%zero : tensor<i64>) dimensions = [0, 1]
        (%in: i64, %acc: i64) {
          %t = arith.addi %in, %acc : i64
          linalg.yield %t : i64
        }
      simp.yield %f, %s : tensor<3x2xi64>, tensor<i64>
    }
    return %first, %n : !simp.mp<tensor<3x2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>
  }
}

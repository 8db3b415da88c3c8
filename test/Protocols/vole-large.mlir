// Gilboa VOLE of 2^20 random elements under one delta, as 64 library calls
// of 2^14 elements: w = v + u * delta for every one of the 2^21 words. Each
// chunk waits for the previous one's count, so one chunk is in memory at a
// time. About 20 s in a release build, over a minute under ASan.
// RUN: mplang-run --sim 2 --timeout 900 %s | FileCheck %s
// CHECK: rank 1: dense<2097152> : tensor<i64>

module attributes {simp.world_size = 2 : i64} {
  func.func private @mplang.vole.gilboa.n16384(!simp.mp<tensor<16384x2xi64>, [0]>, !simp.mp<tensor<2xi64>, [1]>)
      -> (!simp.mp<tensor<16384x2xi64>, [0]>, !simp.mp<tensor<16384x2xi64>, [1]>)

  // `count` plus the words of one chunk where w + v = u * delta, on the
  // receiver.
  func.func private @chunk(%d: !simp.mp<tensor<2xi64>, [1]>, %count: !simp.mp<tensor<i64>, [1]>) -> !simp.mp<tensor<i64>, [1]> {
    %after = simp.shuffle %count [0 <- 1] : !simp.mp<tensor<i64>, [1]> -> !simp.mp<tensor<i64>, [0]>
    %u = simp.pcall [0] (%after) : (!simp.mp<tensor<i64>, [0]>) -> !simp.mp<tensor<16384x2xi64>, [0]> {
    ^bb0(%c: tensor<i64>):
      %r = crypto.random_bytes : tensor<16384x2xi64>
      // xor 0 = min(count, 0) into one word: u waits for the count.
      %n = tensor.extract %c[] : tensor<i64>
      %c0 = arith.constant 0 : i64
      %z = arith.minsi %n, %c0 : i64
      %i0 = arith.constant 0 : index
      %w = tensor.extract %r[%i0, %i0] : tensor<16384x2xi64>
      %x = arith.xori %w, %z : i64
      %u = tensor.insert %x into %r[%i0, %i0] : tensor<16384x2xi64>
      simp.yield %u : tensor<16384x2xi64>
    }
    %v, %w = func.call @mplang.vole.gilboa.n16384(%u, %d)
        : (!simp.mp<tensor<16384x2xi64>, [0]>, !simp.mp<tensor<2xi64>, [1]>) -> (!simp.mp<tensor<16384x2xi64>, [0]>, !simp.mp<tensor<16384x2xi64>, [1]>)
    %v1 = simp.shuffle %v [1 <- 0] : !simp.mp<tensor<16384x2xi64>, [0]> -> !simp.mp<tensor<16384x2xi64>, [1]>
    %u1 = simp.shuffle %u [1 <- 0] : !simp.mp<tensor<16384x2xi64>, [0]> -> !simp.mp<tensor<16384x2xi64>, [1]>
    %n = simp.pcall [1] (%w, %v1, %u1, %d, %count)
        : (!simp.mp<tensor<16384x2xi64>, [1]>, !simp.mp<tensor<16384x2xi64>, [1]>, !simp.mp<tensor<16384x2xi64>, [1]>, !simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>)
          -> !simp.mp<tensor<i64>, [1]> {
    ^bb0(%ww: tensor<16384x2xi64>, %vv: tensor<16384x2xi64>, %uu: tensor<16384x2xi64>, %dd: tensor<2xi64>, %before: tensor<i64>):
      %x = arith.xori %ww, %vv : tensor<16384x2xi64>
      %ug = field.from_words %uu : tensor<16384x2xi64> -> tensor<16384x!field.gf128>
      %dg = field.from_words %dd : tensor<2xi64> -> tensor<!field.gf128>
      %init = tensor.empty() : tensor<16384x!field.gf128>
      %db = linalg.broadcast ins(%dg : tensor<!field.gf128>) outs(%init : tensor<16384x!field.gf128>) dimensions = [0]
      %p = field.mul %ug, %db : tensor<16384x!field.gf128>
      %pw = field.to_words %p : tensor<16384x!field.gf128> -> tensor<16384x2xi64>
      %eq = arith.cmpi eq, %x, %pw : tensor<16384x2xi64>
      %e = arith.extui %eq : tensor<16384x2xi1> to tensor<16384x2xi64>
      %s = linalg.reduce ins(%e : tensor<16384x2xi64>) outs(%before : tensor<i64>) dimensions = [0, 1]
        (%in: i64, %acc: i64) {
          %t = arith.addi %in, %acc : i64
          linalg.yield %t : i64
        }
      simp.yield %s : tensor<i64>
    }
    return %n : !simp.mp<tensor<i64>, [1]>
  }

  func.func @main() -> !simp.mp<tensor<i64>, [1]> {
    %d, %n0 = simp.pcall [1] () : () -> (!simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>) {
      %d = crypto.random_bytes : tensor<2xi64>
      %zero = arith.constant dense<0> : tensor<i64>
      simp.yield %d, %zero : tensor<2xi64>, tensor<i64>
    }
    %n1 = func.call @chunk(%d, %n0) : (!simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>) -> !simp.mp<tensor<i64>, [1]>
    %n2 = func.call @chunk(%d, %n1) : (!simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>) -> !simp.mp<tensor<i64>, [1]>
    %n3 = func.call @chunk(%d, %n2) : (!simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>) -> !simp.mp<tensor<i64>, [1]>
    %n4 = func.call @chunk(%d, %n3) : (!simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>) -> !simp.mp<tensor<i64>, [1]>
    %n5 = func.call @chunk(%d, %n4) : (!simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>) -> !simp.mp<tensor<i64>, [1]>
    %n6 = func.call @chunk(%d, %n5) : (!simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>) -> !simp.mp<tensor<i64>, [1]>
    %n7 = func.call @chunk(%d, %n6) : (!simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>) -> !simp.mp<tensor<i64>, [1]>
    %n8 = func.call @chunk(%d, %n7) : (!simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>) -> !simp.mp<tensor<i64>, [1]>
    %n9 = func.call @chunk(%d, %n8) : (!simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>) -> !simp.mp<tensor<i64>, [1]>
    %n10 = func.call @chunk(%d, %n9) : (!simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>) -> !simp.mp<tensor<i64>, [1]>
    %n11 = func.call @chunk(%d, %n10) : (!simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>) -> !simp.mp<tensor<i64>, [1]>
    %n12 = func.call @chunk(%d, %n11) : (!simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>) -> !simp.mp<tensor<i64>, [1]>
    %n13 = func.call @chunk(%d, %n12) : (!simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>) -> !simp.mp<tensor<i64>, [1]>
    %n14 = func.call @chunk(%d, %n13) : (!simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>) -> !simp.mp<tensor<i64>, [1]>
    %n15 = func.call @chunk(%d, %n14) : (!simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>) -> !simp.mp<tensor<i64>, [1]>
    %n16 = func.call @chunk(%d, %n15) : (!simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>) -> !simp.mp<tensor<i64>, [1]>
    %n17 = func.call @chunk(%d, %n16) : (!simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>) -> !simp.mp<tensor<i64>, [1]>
    %n18 = func.call @chunk(%d, %n17) : (!simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>) -> !simp.mp<tensor<i64>, [1]>
    %n19 = func.call @chunk(%d, %n18) : (!simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>) -> !simp.mp<tensor<i64>, [1]>
    %n20 = func.call @chunk(%d, %n19) : (!simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>) -> !simp.mp<tensor<i64>, [1]>
    %n21 = func.call @chunk(%d, %n20) : (!simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>) -> !simp.mp<tensor<i64>, [1]>
    %n22 = func.call @chunk(%d, %n21) : (!simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>) -> !simp.mp<tensor<i64>, [1]>
    %n23 = func.call @chunk(%d, %n22) : (!simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>) -> !simp.mp<tensor<i64>, [1]>
    %n24 = func.call @chunk(%d, %n23) : (!simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>) -> !simp.mp<tensor<i64>, [1]>
    %n25 = func.call @chunk(%d, %n24) : (!simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>) -> !simp.mp<tensor<i64>, [1]>
    %n26 = func.call @chunk(%d, %n25) : (!simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>) -> !simp.mp<tensor<i64>, [1]>
    %n27 = func.call @chunk(%d, %n26) : (!simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>) -> !simp.mp<tensor<i64>, [1]>
    %n28 = func.call @chunk(%d, %n27) : (!simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>) -> !simp.mp<tensor<i64>, [1]>
    %n29 = func.call @chunk(%d, %n28) : (!simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>) -> !simp.mp<tensor<i64>, [1]>
    %n30 = func.call @chunk(%d, %n29) : (!simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>) -> !simp.mp<tensor<i64>, [1]>
    %n31 = func.call @chunk(%d, %n30) : (!simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>) -> !simp.mp<tensor<i64>, [1]>
    %n32 = func.call @chunk(%d, %n31) : (!simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>) -> !simp.mp<tensor<i64>, [1]>
    %n33 = func.call @chunk(%d, %n32) : (!simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>) -> !simp.mp<tensor<i64>, [1]>
    %n34 = func.call @chunk(%d, %n33) : (!simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>) -> !simp.mp<tensor<i64>, [1]>
    %n35 = func.call @chunk(%d, %n34) : (!simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>) -> !simp.mp<tensor<i64>, [1]>
    %n36 = func.call @chunk(%d, %n35) : (!simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>) -> !simp.mp<tensor<i64>, [1]>
    %n37 = func.call @chunk(%d, %n36) : (!simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>) -> !simp.mp<tensor<i64>, [1]>
    %n38 = func.call @chunk(%d, %n37) : (!simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>) -> !simp.mp<tensor<i64>, [1]>
    %n39 = func.call @chunk(%d, %n38) : (!simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>) -> !simp.mp<tensor<i64>, [1]>
    %n40 = func.call @chunk(%d, %n39) : (!simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>) -> !simp.mp<tensor<i64>, [1]>
    %n41 = func.call @chunk(%d, %n40) : (!simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>) -> !simp.mp<tensor<i64>, [1]>
    %n42 = func.call @chunk(%d, %n41) : (!simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>) -> !simp.mp<tensor<i64>, [1]>
    %n43 = func.call @chunk(%d, %n42) : (!simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>) -> !simp.mp<tensor<i64>, [1]>
    %n44 = func.call @chunk(%d, %n43) : (!simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>) -> !simp.mp<tensor<i64>, [1]>
    %n45 = func.call @chunk(%d, %n44) : (!simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>) -> !simp.mp<tensor<i64>, [1]>
    %n46 = func.call @chunk(%d, %n45) : (!simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>) -> !simp.mp<tensor<i64>, [1]>
    %n47 = func.call @chunk(%d, %n46) : (!simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>) -> !simp.mp<tensor<i64>, [1]>
    %n48 = func.call @chunk(%d, %n47) : (!simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>) -> !simp.mp<tensor<i64>, [1]>
    %n49 = func.call @chunk(%d, %n48) : (!simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>) -> !simp.mp<tensor<i64>, [1]>
    %n50 = func.call @chunk(%d, %n49) : (!simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>) -> !simp.mp<tensor<i64>, [1]>
    %n51 = func.call @chunk(%d, %n50) : (!simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>) -> !simp.mp<tensor<i64>, [1]>
    %n52 = func.call @chunk(%d, %n51) : (!simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>) -> !simp.mp<tensor<i64>, [1]>
    %n53 = func.call @chunk(%d, %n52) : (!simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>) -> !simp.mp<tensor<i64>, [1]>
    %n54 = func.call @chunk(%d, %n53) : (!simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>) -> !simp.mp<tensor<i64>, [1]>
    %n55 = func.call @chunk(%d, %n54) : (!simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>) -> !simp.mp<tensor<i64>, [1]>
    %n56 = func.call @chunk(%d, %n55) : (!simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>) -> !simp.mp<tensor<i64>, [1]>
    %n57 = func.call @chunk(%d, %n56) : (!simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>) -> !simp.mp<tensor<i64>, [1]>
    %n58 = func.call @chunk(%d, %n57) : (!simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>) -> !simp.mp<tensor<i64>, [1]>
    %n59 = func.call @chunk(%d, %n58) : (!simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>) -> !simp.mp<tensor<i64>, [1]>
    %n60 = func.call @chunk(%d, %n59) : (!simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>) -> !simp.mp<tensor<i64>, [1]>
    %n61 = func.call @chunk(%d, %n60) : (!simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>) -> !simp.mp<tensor<i64>, [1]>
    %n62 = func.call @chunk(%d, %n61) : (!simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>) -> !simp.mp<tensor<i64>, [1]>
    %n63 = func.call @chunk(%d, %n62) : (!simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>) -> !simp.mp<tensor<i64>, [1]>
    %n64 = func.call @chunk(%d, %n63) : (!simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<i64>, [1]>) -> !simp.mp<tensor<i64>, [1]>
    return %n64 : !simp.mp<tensor<i64>, [1]>
  }
}

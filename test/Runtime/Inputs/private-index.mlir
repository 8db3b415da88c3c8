// P0's private index picks an entry of a public table; an index out of
// range fails with a message that holds the index.
module attributes {simp.world_size = 2 : i64} {
  func.func @main(%i: !simp.mp<i64, [0]>) -> !simp.mp<i64, [0]> {
    %e = simp.pcall [0] (%i) : (!simp.mp<i64, [0]>) -> !simp.mp<i64, [0]> {
    ^bb0(%v: i64):
      %t = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi64>
      %x = arith.index_cast %v : i64 to index
      %y = tensor.extract %t[%x] : tensor<4xi64>
      simp.yield %y : i64
    }
    return %e : !simp.mp<i64, [0]>
  }
}

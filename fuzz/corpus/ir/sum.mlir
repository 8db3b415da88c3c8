// Three-party sum: party i holds one private i64 (entry argument i); P1 and
// P2 send their values to P0, P0 adds the three, and every party receives
// the sum.
module attributes {simp.world_size = 3 : i64} {
  func.func @main(%a: !simp.mp<i64, [0]>, %b: !simp.mp<i64, [1]>,
                  %c: !simp.mp<i64, [2]>) -> !simp.mp<i64, [0, 1, 2]> {
    %b0 = simp.shuffle %b [0 <- 1] : !simp.mp<i64, [1]> -> !simp.mp<i64, [0]>
    %c0 = simp.shuffle %c [0 <- 2] : !simp.mp<i64, [2]> -> !simp.mp<i64, [0]>
    %sum = simp.pcall [0] (%a, %b0, %c0)
        : (!simp.mp<i64, [0]>, !simp.mp<i64, [0]>, !simp.mp<i64, [0]>) -> !simp.mp<i64, [0]> {
    ^bb0(%x: i64, %y: i64, %z: i64):
      %xy = arith.addi %x, %y : i64
      %xyz = arith.addi %xy, %z : i64
      simp.yield %xyz : i64
    }
    %all = simp.shuffle %sum [0 <- 0, 1 <- 0, 2 <- 0]
        : !simp.mp<i64, [0]> -> !simp.mp<i64, [0, 1, 2]>
    return %all : !simp.mp<i64, [0, 1, 2]>
  }
}

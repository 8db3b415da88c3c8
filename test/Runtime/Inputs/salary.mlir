// What P0 approves: P1 learns P0's salary in thousands. The private helper
// alone would move the exact salary.
module attributes {simp.world_size = 2 : i64} {
  func.func @main(%s: !simp.mp<i64, [0]>) -> !simp.mp<i64, [1]> {
    %k = simp.pcall [0] (%s) : (!simp.mp<i64, [0]>) -> !simp.mp<i64, [0]> {
    ^bb0(%v: i64):
      %c = arith.constant 1000 : i64
      %q = arith.divsi %v, %c : i64
      simp.yield %q : i64
    }
    %r = call @to_p1(%k) : (!simp.mp<i64, [0]>) -> !simp.mp<i64, [1]>
    return %r : !simp.mp<i64, [1]>
  }

  func.func private @to_p1(%x: !simp.mp<i64, [0]>) -> !simp.mp<i64, [1]> {
    %y = simp.shuffle %x [1 <- 0] : !simp.mp<i64, [0]> -> !simp.mp<i64, [1]>
    return %y : !simp.mp<i64, [1]>
  }
}

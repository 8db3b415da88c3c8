// Nested party calls: P0 and P1 both run the outer call; inside it only P0
// runs the inner call, which squares P0's copy of the input. The inner
// result is itself placed (on P0) inside the value both parties hold, so the
// outer result has the nested type !simp.mp<!simp.mp<i64, [0]>, [0, 1]>.
// The outer call also returns x + 1, computed by both parties.
module attributes {simp.world_size = 2 : i64} {
  func.func @main(%x: !simp.mp<i64, [0, 1]>)
      -> (!simp.mp<!simp.mp<i64, [0]>, [0, 1]>, !simp.mp<i64, [0, 1]>) {
    %sq, %inc = simp.pcall [0, 1] (%x) : (!simp.mp<i64, [0, 1]>)
        -> (!simp.mp<!simp.mp<i64, [0]>, [0, 1]>, !simp.mp<i64, [0, 1]>) {
    ^bb0(%v: i64):
      %inner = simp.pcall [0] (%v) : (i64) -> !simp.mp<i64, [0]> {
      ^bb0(%w: i64):
        %s = arith.muli %w, %w : i64
        simp.yield %s : i64
      }
      %one = arith.constant 1 : i64
      %n = arith.addi %v, %one : i64
      simp.yield %inner, %n : !simp.mp<i64, [0]>, i64
    }
    return %sq, %inc : !simp.mp<!simp.mp<i64, [0]>, [0, 1]>, !simp.mp<i64, [0, 1]>
  }
}

// Nested party calls: P0 and P1 both run the outer call on their own copy
// of x. Inside it, an inner call on both parties doubles x, and an inner
// call on P0 alone squares it. Inner results are themselves placed values,
// so the outer results have nested types. With x = 10 on P0 and 20 on P1:
// doubled = 20 and 40; squared = 100 on P0 and absent on P1.
module attributes {simp.world_size = 2 : i64} {
  func.func @main(%x: !simp.mp<i64, [0, 1]>)
      -> (!simp.mp<!simp.mp<i64, [0, 1]>, [0, 1]>,
          !simp.mp<!simp.mp<i64, [0]>, [0, 1]>) {
    %doubled, %squared = simp.pcall [0, 1] (%x) : (!simp.mp<i64, [0, 1]>)
        -> (!simp.mp<!simp.mp<i64, [0, 1]>, [0, 1]>,
            !simp.mp<!simp.mp<i64, [0]>, [0, 1]>) {
    ^bb0(%v: i64):
      %d = simp.pcall [0, 1] (%v) : (i64) -> !simp.mp<i64, [0, 1]> {
      ^bb0(%w: i64):
        %s = arith.addi %w, %w : i64
        simp.yield %s : i64
      }
      %q = simp.pcall [0] (%v) : (i64) -> !simp.mp<i64, [0]> {
      ^bb0(%w: i64):
        %s = arith.muli %w, %w : i64
        simp.yield %s : i64
      }
      simp.yield %d, %q : !simp.mp<i64, [0, 1]>, !simp.mp<i64, [0]>
    }
    return %doubled, %squared
        : !simp.mp<!simp.mp<i64, [0, 1]>, [0, 1]>, !simp.mp<!simp.mp<i64, [0]>, [0, 1]>
  }
}

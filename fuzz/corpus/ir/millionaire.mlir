// Two-party "millionaire" compare: P0 holds 100 and P1 holds 200. P0's value
// is moved to P1, which learns whether P0 is poorer (100 < 200: true). This
// plain version reveals P0's number to P1; it shows the data movement only.
module attributes {simp.world_size = 2 : i64} {
  func.func @main() -> !simp.mp<i1, [1]> {
    %x = simp.pcall [0] () : () -> !simp.mp<i64, [0]> {
      %c = arith.constant 100 : i64
      simp.yield %c : i64
    }
    %y = simp.pcall [1] () : () -> !simp.mp<i64, [1]> {
      %c = arith.constant 200 : i64
      simp.yield %c : i64
    }
    %x1 = simp.shuffle %x [1 <- 0] : !simp.mp<i64, [0]> -> !simp.mp<i64, [1]>
    %less = simp.pcall [1] (%x1, %y)
        : (!simp.mp<i64, [1]>, !simp.mp<i64, [1]>) -> !simp.mp<i1, [1]> {
    ^bb0(%a: i64, %b: i64):
      %lt = arith.cmpi slt, %a, %b : i64
      simp.yield %lt : i1
    }
    return %less : !simp.mp<i1, [1]>
  }
}

// Uniform branch: P0 decides whether to share its value (x = 42 > 10, so
// yes) and tells everyone; then both parties take the same branch. The
// `then` branch sends P0's value to P1; the `else` branch gives P1 zero.
// P1 ends up with 42.
module attributes {simp.world_size = 2 : i64} {
  func.func @main() -> !simp.mp<i64, [1]> {
    %x = simp.pcall [0] () : () -> !simp.mp<i64, [0]> {
      %c = arith.constant 42 : i64
      simp.yield %c : i64
    }
    %p0 = simp.pcall [0] (%x) : (!simp.mp<i64, [0]>) -> !simp.mp<i1, [0]> {
    ^bb0(%v: i64):
      %ten = arith.constant 10 : i64
      %gt = arith.cmpi sgt, %v, %ten : i64
      simp.yield %gt : i1
    }
    // Every party that runs the branch must hold the predicate.
    %p = simp.shuffle %p0 [0 <- 0, 1 <- 0] : !simp.mp<i1, [0]> -> !simp.mp<i1, [0, 1]>
    %r = simp.uniform_cond %p (%x)
        : !simp.mp<i1, [0, 1]>, (!simp.mp<i64, [0]>) -> !simp.mp<i64, [1]>
    then {
    ^bb0(%v: !simp.mp<i64, [0]>):
      %sent = simp.shuffle %v [1 <- 0] : !simp.mp<i64, [0]> -> !simp.mp<i64, [1]>
      simp.yield %sent : !simp.mp<i64, [1]>
    } else {
    ^bb0(%v: !simp.mp<i64, [0]>):
      %zero = simp.pcall [1] () : () -> !simp.mp<i64, [1]> {
        %c = arith.constant 0 : i64
        simp.yield %c : i64
      }
      simp.yield %zero : !simp.mp<i64, [1]>
    }
    return %r : !simp.mp<i64, [1]>
  }
}

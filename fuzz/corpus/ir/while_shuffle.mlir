// A global loop whose body moves data: P0 holds x = 1. While x < 100, x goes
// to P1, P1 doubles it and sends it back. The predicate is computed by P0 and
// shared with P1, so both parties iterate together. Result on P0: 128.
module attributes {simp.world_size = 2 : i64} {
  func.func @main() -> !simp.mp<i64, [0]> {
    %init = simp.pcall [0] () : () -> !simp.mp<i64, [0]> {
      %one = arith.constant 1 : i64
      simp.yield %one : i64
    }
    %r = simp.while_loop (%init) : (!simp.mp<i64, [0]>) -> !simp.mp<i64, [0]>
    cond {
    ^bb0(%x: !simp.mp<i64, [0]>):
      %lt = simp.pcall [0] (%x) : (!simp.mp<i64, [0]>) -> !simp.mp<i1, [0]> {
      ^bb0(%v: i64):
        %hundred = arith.constant 100 : i64
        %c = arith.cmpi slt, %v, %hundred : i64
        simp.yield %c : i1
      }
      %both = simp.shuffle %lt [0 <- 0, 1 <- 0] : !simp.mp<i1, [0]> -> !simp.mp<i1, [0, 1]>
      simp.yield %both : !simp.mp<i1, [0, 1]>
    } body {
    ^bb0(%x: !simp.mp<i64, [0]>):
      %at1 = simp.shuffle %x [1 <- 0] : !simp.mp<i64, [0]> -> !simp.mp<i64, [1]>
      %doubled = simp.pcall [1] (%at1) : (!simp.mp<i64, [1]>) -> !simp.mp<i64, [1]> {
      ^bb0(%v: i64):
        %d = arith.addi %v, %v : i64
        simp.yield %d : i64
      }
      %back = simp.shuffle %doubled [0 <- 1] : !simp.mp<i64, [1]> -> !simp.mp<i64, [0]>
      simp.yield %back : !simp.mp<i64, [0]>
    }
    return %r : !simp.mp<i64, [0]>
  }
}

// Threshold sum (the program of docs/tutorial.md): P0 holds a, P1 holds b.
// Both learn a + b when it exceeds 100, and 0 otherwise. P1 adds, so it
// sees a: the program shows placement and messages, not secrecy (the bfv
// examples compute on encrypted data).
module attributes {simp.world_size = 2 : i64} {
  func.func @main(%a: !simp.mp<i64, [0]>, %b: !simp.mp<i64, [1]>)
      -> !simp.mp<i64, [0, 1]> {
    // P0 sends a to P1.
    %a1 = simp.shuffle %a [1 <- 0] : !simp.mp<i64, [0]> -> !simp.mp<i64, [1]>

    // P1 adds and compares, on plain local values.
    %sum, %big = simp.pcall [1] (%a1, %b)
        : (!simp.mp<i64, [1]>, !simp.mp<i64, [1]>)
        -> (!simp.mp<i64, [1]>, !simp.mp<i1, [1]>) {
    ^bb0(%x: i64, %y: i64):
      %s = arith.addi %x, %y : i64
      %limit = arith.constant 100 : i64
      %gt = arith.cmpi sgt, %s, %limit : i64
      simp.yield %s, %gt : i64, i1
    }

    // Both parties take the branch, so both must hold the predicate.
    %p = simp.shuffle %big [0 <- 1, 1 <- 1]
        : !simp.mp<i1, [1]> -> !simp.mp<i1, [0, 1]>
    %r = simp.uniform_cond %p (%sum)
        : !simp.mp<i1, [0, 1]>, (!simp.mp<i64, [1]>) -> !simp.mp<i64, [0, 1]>
    then {
    ^bb0(%s: !simp.mp<i64, [1]>):
      %both = simp.shuffle %s [0 <- 1, 1 <- 1]
          : !simp.mp<i64, [1]> -> !simp.mp<i64, [0, 1]>
      simp.yield %both : !simp.mp<i64, [0, 1]>
    } else {
    ^bb0(%s: !simp.mp<i64, [1]>):
      %zero = simp.pcall [0, 1] () : () -> !simp.mp<i64, [0, 1]> {
        %c = arith.constant 0 : i64
        simp.yield %c : i64
      }
      simp.yield %zero : !simp.mp<i64, [0, 1]>
    }
    return %r : !simp.mp<i64, [0, 1]>
  }
}

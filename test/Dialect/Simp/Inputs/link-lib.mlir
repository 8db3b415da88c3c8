// A two-role library for link.mlir: ranks 0 and 1 are roles.
module attributes {simp.world_size = 2 : i64} {
  // Role 0 sends x + 1 to role 1.
  func.func @inc_to_1(%x: !simp.mp<i64, [0]>) -> !simp.mp<i64, [1]> {
    %y = simp.pcall [0] (%x) : (!simp.mp<i64, [0]>) -> !simp.mp<i64, [0]> {
    ^bb0(%v: i64):
      %r = func.call @add_one(%v) : (i64) -> i64
      simp.yield %r : i64
    }
    %z = func.call @move(%y) : (!simp.mp<i64, [0]>) -> !simp.mp<i64, [1]>
    return %z : !simp.mp<i64, [1]>
  }

  // Both roles end up holding role 0's value.
  func.func @share(%x: !simp.mp<i64, [0]>) -> !simp.mp<i64, [0, 1]> {
    %y = simp.shuffle %x [0 <- 0, 1 <- 0] : !simp.mp<i64, [0]> -> !simp.mp<i64, [0, 1]>
    return %y : !simp.mp<i64, [0, 1]>
  }

  // Defined in link-lib2.mlir.
  func.func private @twice(i64) -> i64

  func.func @twice_on_1(%x: !simp.mp<i64, [1]>) -> !simp.mp<i64, [1]> {
    %y = simp.pcall [1] (%x) : (!simp.mp<i64, [1]>) -> !simp.mp<i64, [1]> {
    ^bb0(%v: i64):
      %r = func.call @twice(%v) : (i64) -> i64
      simp.yield %r : i64
    }
    return %y : !simp.mp<i64, [1]>
  }

  func.func private @move(%x: !simp.mp<i64, [0]>) -> !simp.mp<i64, [1]> {
    %y = simp.shuffle %x [1 <- 0] : !simp.mp<i64, [0]> -> !simp.mp<i64, [1]>
    return %y : !simp.mp<i64, [1]>
  }

  func.func private @add_one(%v: i64) -> i64 {
    %c = arith.constant 1 : i64
    %r = arith.addi %v, %c : i64
    return %r : i64
  }

  func.func @dynamic(%x: !simp.mp<i64, [0, 1]>, %i: !simp.mp<i64, [0, 1]>) -> !simp.mp<i64, ?> {
    %y = simp.shuffle_dynamic %x, %i : !simp.mp<i64, [0, 1]>, !simp.mp<i64, [0, 1]> -> !simp.mp<i64, ?>
    return %y : !simp.mp<i64, ?>
  }
}

// A program that would wait forever (the branch predicate differs between the
// ranks and its agreement check is off) is stopped by the time-out, which
// names the receive that never completed.
// RUN: not mplang-run --sim 2 %s --timeout 1 --arg 0:0=true --arg 1:0=false 2>&1 | FileCheck %s
// CHECK: error: rank 0 failed: timed out after 1 s
// CHECK-NEXT: rank 0 waits for tag 0 from rank 1

module attributes {simp.world_size = 2 : i64} {
  func.func @main(%p: !simp.mp<i1, [0, 1]>) -> !simp.mp<i64, [0]> {
    %one = simp.pcall [1] () : () -> !simp.mp<i64, [1]> {
      %c = arith.constant 1 : i64
      simp.yield %c : i64
    }
    %r = simp.uniform_cond %p () {verify_uniform = false} : !simp.mp<i1, [0, 1]>, () -> !simp.mp<i64, [0]> then {
      %moved = simp.shuffle %one [0 <- 1] : !simp.mp<i64, [1]> -> !simp.mp<i64, [0]>
      simp.yield %moved : !simp.mp<i64, [0]>
    } else {
      %zero = simp.pcall [0] () : () -> !simp.mp<i64, [0]> {
        %c = arith.constant 0 : i64
        simp.yield %c : i64
      }
      simp.yield %zero : !simp.mp<i64, [0]>
    }
    return %r : !simp.mp<i64, [0]>
  }
}

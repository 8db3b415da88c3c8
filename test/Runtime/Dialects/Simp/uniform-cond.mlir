// A branch on a predicate each party supplies: both true -> then, both
// false -> else, disagreeing -> an error saying the predicate is not uniform.
// RUN: mplang-run --sim 2 %s --arg 0:0=true --arg 1:0=true | FileCheck %s --check-prefix=THEN
// THEN:      rank 0: 1 : i64
// THEN-NEXT: rank 1: 1 : i64
// RUN: mplang-run --sim 2 %s --arg 0:0=false --arg 1:0=false | FileCheck %s --check-prefix=ELSE
// ELSE:      rank 0: 2 : i64
// ELSE-NEXT: rank 1: 2 : i64
// RUN: not mplang-run --sim 2 %s --arg 0:0=true --arg 1:0=false 2>&1 | FileCheck %s --check-prefix=DISAGREE
// DISAGREE: uniform-cond.mlir:15:10: error: rank {{[01]}} failed: the predicate is not uniform across its participants: rank 0 = true, rank 1 = false
// DISAGREE-NOT: rank 0:

module attributes {simp.world_size = 2 : i64} {
  func.func @main(%p: !simp.mp<i1, [0, 1]>) -> !simp.mp<i64, [0, 1]> {
    %r = simp.uniform_cond %p () : !simp.mp<i1, [0, 1]>, () -> !simp.mp<i64, [0, 1]> then {
      %one = simp.pcall [0, 1] () : () -> !simp.mp<i64, [0, 1]> {
        %c = arith.constant 1 : i64
        simp.yield %c : i64
      }
      simp.yield %one : !simp.mp<i64, [0, 1]>
    } else {
      %two = simp.pcall [0, 1] () : () -> !simp.mp<i64, [0, 1]> {
        %c = arith.constant 2 : i64
        simp.yield %c : i64
      }
      simp.yield %two : !simp.mp<i64, [0, 1]>
    }
    return %r : !simp.mp<i64, [0, 1]>
  }
}

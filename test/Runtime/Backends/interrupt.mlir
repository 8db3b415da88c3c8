// Ctrl-C stops a run promptly even while every rank is busy with local work
// (no rank waits for a message), with exit code 130.
// RUN: %python %S/interrupt.py mplang-run --sim 2 %s | FileCheck %s
// CHECK: exit code 130
// CHECK: error: rank 0 failed: interrupted
// CHECK: mplang-run: error: interrupted

module attributes {simp.world_size = 2 : i64} {
  func.func @main() -> !simp.mp<i64, [0, 1]> {
    %r = simp.pcall [0, 1] () : () -> !simp.mp<i64, [0, 1]> {
      %zero = arith.constant 0 : i64
      %one = arith.constant 1 : i64
      %n = scf.while (%i = %zero) : (i64) -> i64 {
        %t = arith.constant true
        scf.condition(%t) %i : i64
      } do {
      ^bb0(%i: i64):
        %next = arith.addi %i, %one : i64
        scf.yield %next : i64
      }
      simp.yield %n : i64
    }
    return %r : !simp.mp<i64, [0, 1]>
  }
}

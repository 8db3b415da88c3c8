// An op without a kernel is reported, with its location, before anything
// runs.
// RUN: not mplang-run --sim 1 %s 2>&1 | FileCheck %s
// CHECK: missing-kernel.mlir:[[@LINE+7]]:12: error: 'scf.index_switch' op has no kernel in the runtime
// CHECK-NOT: rank 0:

module attributes {simp.world_size = 1 : i64} {
  func.func @main() -> !simp.mp<i64, [0]> {
    %0 = simp.pcall [0] () : () -> !simp.mp<i64, [0]> {
      %c = arith.constant 1 : index
      %r = scf.index_switch %c -> i64
      case 1 {
        %one = arith.constant 1 : i64
        scf.yield %one : i64
      }
      default {
        %zero = arith.constant 0 : i64
        scf.yield %zero : i64
      }
      simp.yield %r : i64
    }
    return %0 : !simp.mp<i64, [0]>
  }
}

// The comparison protocols of the library, called directly on edge values
// (0, +-1, +-2, -2^63, 2^63 - 1, +-2^62, +-2^16, ...): msb gives 1 exactly
// for the negative ones, eqz exactly for the zeros, each an additive share
// of 0 or 1 opened to both parties.
// RUN: mplang-run --sim 2 %s | FileCheck %s
// RUN: mplang-run --local 2 %s | FileCheck %s
// CHECK:      rank 0: dense<[0, 0, 1, 0, 1, 1, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1]> : tensor<16xi64>, dense<[1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0]> : tensor<16xi64>
// CHECK-NEXT: rank 1: dense<[0, 0, 1, 0, 1, 1, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1]> : tensor<16xi64>, dense<[1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0]> : tensor<16xi64>

!v = tensor<16xi64>
module attributes {simp.world_size = 2 : i64} {
  func.func private @mplang.ss.a2.share.n16(!simp.mp<!v, [0]>) -> !simp.mp<!v, [0, 1]>
  func.func private @mplang.ss.a2.msb.n16(!simp.mp<!v, [0, 1]>) -> !simp.mp<!v, [0, 1]>
  func.func private @mplang.ss.a2.eqz.n16(!simp.mp<!v, [0, 1]>) -> !simp.mp<!v, [0, 1]>
  func.func private @mplang.ss.a2.open.n16(!simp.mp<!v, [0, 1]>) -> !simp.mp<!v, [0, 1]>
  func.func @main() -> (!simp.mp<!v, [0, 1]>, !simp.mp<!v, [0, 1]>) {
    %a = simp.pcall [0] () : () -> !simp.mp<!v, [0]> {
      %c = arith.constant dense<[0, 1, -1, 2, -2, -9223372036854775808, 9223372036854775807, 4611686018427387904, -4611686018427387904, 65536, -65536, 3, -3, 0, 42, -42]> : !v
      simp.yield %c : !v
    }
    %s = func.call @mplang.ss.a2.share.n16(%a) : (!simp.mp<!v, [0]>) -> !simp.mp<!v, [0, 1]>
    %m = func.call @mplang.ss.a2.msb.n16(%s) : (!simp.mp<!v, [0, 1]>) -> !simp.mp<!v, [0, 1]>
    %e = func.call @mplang.ss.a2.eqz.n16(%s) : (!simp.mp<!v, [0, 1]>) -> !simp.mp<!v, [0, 1]>
    %mo = func.call @mplang.ss.a2.open.n16(%m) : (!simp.mp<!v, [0, 1]>) -> !simp.mp<!v, [0, 1]>
    %eo = func.call @mplang.ss.a2.open.n16(%e) : (!simp.mp<!v, [0, 1]>) -> !simp.mp<!v, [0, 1]>
    return %mo, %eo : !simp.mp<!v, [0, 1]>, !simp.mp<!v, [0, 1]>
  }
}

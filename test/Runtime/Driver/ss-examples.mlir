// examples/ss_dot.mlir in the simulator and on two local workers: P0 gets
// sum_i x_i * y_i mod 2^64 (1*10 + ... + 7*70 + 3 * -2^63 = 1400 - 2^63),
// P1 nothing. A product wider than the library's largest protocol is an
// error at the op, before anything runs.
// RUN: mplang-run --sim 2 %examples/ss_dot.mlir --arg 0:0='dense<[1, 2, 3, 4, 5, 6, 7, -9223372036854775808]> : tensor<8xi64>' --arg 1:1='dense<[10, 20, 30, 40, 50, 60, 70, 3]> : tensor<8xi64>' | FileCheck %s
// RUN: mplang-run --local 2 %examples/ss_dot.mlir --arg 0:0='dense<[1, 2, 3, 4, 5, 6, 7, -9223372036854775808]> : tensor<8xi64>' --arg 1:1='dense<[10, 20, 30, 40, 50, 60, 70, 3]> : tensor<8xi64>' | FileCheck %s
// CHECK:      rank 0: dense<-9223372036854774408> : tensor<i64>
// CHECK-NEXT: rank 1: <absent>
// examples/ss_millionaire.mlir: P0 learns 1 exactly when P1 is richer.
// RUN: mplang-run --sim 2 %examples/ss_millionaire.mlir --arg 0:0='dense<100> : tensor<i64>' --arg 1:1='dense<200> : tensor<i64>' | FileCheck %s --check-prefix=RICHER
// RUN: mplang-run --local 2 %examples/ss_millionaire.mlir --arg 0:0='dense<200> : tensor<i64>' --arg 1:1='dense<100> : tensor<i64>' | FileCheck %s --check-prefix=POORER
// RUN: mplang-run --sim 2 %examples/ss_millionaire.mlir --arg 0:0='dense<-7> : tensor<i64>' --arg 1:1='dense<-7> : tensor<i64>' | FileCheck %s --check-prefix=POORER
// RICHER:      rank 0: dense<1> : tensor<i64>
// RICHER-NEXT: rank 1: <absent>
// POORER:      rank 0: dense<0> : tensor<i64>
// POORER-NEXT: rank 1: <absent>
// RUN: not mplang-run --sim 2 %s 2>&1 | FileCheck %s --check-prefix=TOO-BIG
// TOO-BIG: ss-examples.mlir:[[@LINE+4]]:10: error: 'ss.mul' op has 2097152 elements, more than the largest protocol size the library ships (1048576)

module attributes {simp.world_size = 2 : i64} {
  func.func @main(%a: !ss.share<tensor<2097152xi64>, [0, 1]>) -> !ss.share<tensor<2097152xi64>, [0, 1]> {
    %p = ss.mul %a, %a : !ss.share<tensor<2097152xi64>, [0, 1]>
    return %p : !ss.share<tensor<2097152xi64>, [0, 1]>
  }
}

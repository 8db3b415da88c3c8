// examples/ss_rep3_dot.mlir among three parties, in the simulator and on
// local workers: P2 gets sum_i x_i * y_i + c mod 2^64 (1*10 + ... + 7*70 +
// 3 * -2^63 + 1000 = 2400 - 2^63), P0 and P1 nothing.
// RUN: mplang-run --sim 3 %examples/ss_rep3_dot.mlir --arg 0:0='dense<[1, 2, 3, 4, 5, 6, 7, -9223372036854775808]> : tensor<8xi64>' --arg 1:1='dense<[10, 20, 30, 40, 50, 60, 70, 3]> : tensor<8xi64>' --arg 2:2='dense<1000> : tensor<i64>' | FileCheck %s --check-prefix=OUT
// RUN: mplang-run --local 3 %examples/ss_rep3_dot.mlir --arg 0:0='dense<[1, 2, 3, 4, 5, 6, 7, -9223372036854775808]> : tensor<8xi64>' --arg 1:1='dense<[10, 20, 30, 40, 50, 60, 70, 3]> : tensor<8xi64>' --arg 2:2='dense<1000> : tensor<i64>' | FileCheck %s --check-prefix=OUT
// OUT:      rank 0: <absent>
// OUT-NEXT: rank 1: <absent>
// OUT-NEXT: rank 2: dense<-9223372036854773408> : tensor<i64>
//
// What each party can learn from its messages: a PRG key from the next
// party and that party's masked share of each product (reshare), and P2
// P1's share of the result; every other party's input reaches it only
// randomized, never in the clear.
// RUN: mplang-opt --ss-lower-to-simp %examples/ss_rep3_dot.mlir | mplang-opt --simp-disclosure -o /dev/null | FileCheck %s

// CHECK-NOT: receives clear
// CHECK-DAG: rank 0: receives randomized tensor<1x!field.gf128> from rank 1
// CHECK-DAG: rank 0: receives randomized tensor<16xi64> from rank 1
// CHECK-DAG: rank 2: receives randomized tensor<i64> from rank 1
// CHECK-DAG: rank 0: clear from others: none
// CHECK-DAG: rank 0: randomized from others: rank1.arg0, rank2.arg0
// CHECK-DAG: rank 1: clear from others: none
// CHECK-DAG: rank 1: randomized from others: rank0.arg0, rank2.arg0
// CHECK-DAG: rank 2: clear from others: none
// CHECK-DAG: rank 2: randomized from others: rank0.arg0, rank1.arg0

// examples/ss_rep3_compare.mlir in the simulator and on local workers: P2
// gets x < y and x == y for x = [1, 5, -5, 0, 2^62 - 1, -2^62, 7, 9] and
// y = [2, 5, -6, 0, -2^62, 2^62 - 1, 7, -9].
// RUN: mplang-run --sim 3 %examples/ss_rep3_compare.mlir --arg 0:0='dense<[1, 5, -5, 0, 4611686018427387903, -4611686018427387904, 7, 9]> : tensor<8xi64>' --arg 1:1='dense<[2, 5, -6, 0, -4611686018427387904, 4611686018427387903, 7, -9]> : tensor<8xi64>' | FileCheck %s --check-prefix=OUT
// RUN: mplang-run --local 3 %examples/ss_rep3_compare.mlir --arg 0:0='dense<[1, 5, -5, 0, 4611686018427387903, -4611686018427387904, 7, 9]> : tensor<8xi64>' --arg 1:1='dense<[2, 5, -6, 0, -4611686018427387904, 4611686018427387903, 7, -9]> : tensor<8xi64>' | FileCheck %s --check-prefix=OUT
// OUT:      rank 0: <absent>, <absent>
// OUT-NEXT: rank 1: <absent>, <absent>
// OUT-NEXT: rank 2: dense<[1, 0, 0, 0, 0, 1, 0, 0]> : tensor<8xi64>, dense<[0, 1, 0, 1, 0, 0, 1, 0]> : tensor<8xi64>
//
// What each party can learn from its messages: the other inputs reach it
// only randomized (shares masked by PRG outputs under keys it lacks), never
// in the clear.
// RUN: mplang-opt --ss-lower-to-simp %examples/ss_rep3_compare.mlir | mplang-opt --simp-disclosure -o /dev/null | FileCheck %s

// CHECK-NOT: receives clear
// CHECK-DAG: rank 0: clear from others: none
// CHECK-DAG: rank 0: randomized from others: rank1.arg0
// CHECK-DAG: rank 1: clear from others: none
// CHECK-DAG: rank 1: randomized from others: rank0.arg0
// CHECK-DAG: rank 2: clear from others: none
// CHECK-DAG: rank 2: randomized from others: rank0.arg0, rank1.arg0

// RUN: mplang-opt %examples/nested_pcall.mlir | FileCheck %s
// RUN: mplang-opt --simp-project %examples/nested_pcall.mlir | FileCheck %s --check-prefix=PROJECT
// RUN: mplang-opt --simp-disclosure -o /dev/null %examples/nested_pcall.mlir | FileCheck %s --check-prefix=DISCLOSE

// CHECK-LABEL: func.func @main
// CHECK: simp.pcall [0, 1] (%{{.*}}) : (!simp.mp<i64, [0, 1]>) -> (!simp.mp<!simp.mp<i64, [0, 1]>, [0, 1]>, !simp.mp<!simp.mp<i64, [0]>, [0, 1]>)
// CHECK: simp.pcall [0, 1] (%{{.*}}) : (i64) -> !simp.mp<i64, [0, 1]>
// CHECK: arith.addi
// CHECK: simp.pcall [0] (%{{.*}}) : (i64) -> !simp.mp<i64, [0]>
// CHECK: arith.muli
// CHECK: simp.yield %{{.*}}, %{{.*}} : !simp.mp<i64, [0, 1]>, !simp.mp<i64, [0]>

// Projected, rank by rank. Nested pcalls are inlined; P1 is outside the
// inner squaring pcall.
// PROJECT: module attributes {simp.world_size = 2 : i64} {
// PROJECT-LABEL: module @rank0 attributes {simp.rank = 0 : i64} {
// PROJECT-LABEL: func.func @main(
// PROJECT-SAME:  %[[ARG0:.*]]: i64) -> (i64, i64) {
// PROJECT-NEXT:  %[[V0:.*]] = arith.addi %[[ARG0]], %[[ARG0]] : i64
// PROJECT-NEXT:  %[[V1:.*]] = arith.muli %[[ARG0]], %[[ARG0]] : i64
// PROJECT-NEXT:  return %[[V0]], %[[V1]] : i64, i64
// PROJECT-NEXT:  }
// PROJECT-NEXT:  }
// PROJECT-LABEL: module @rank1 attributes {simp.rank = 1 : i64} {
// PROJECT-LABEL: func.func @main(
// PROJECT-SAME:  %[[ARG0:.*]]: i64) -> i64 {
// PROJECT-NEXT:  %[[V0:.*]] = arith.addi %[[ARG0]], %[[ARG0]] : i64
// PROJECT-NEXT:  return %[[V0]] : i64
// PROJECT-NEXT:  }
// PROJECT-NEXT:  }
// PROJECT-NEXT:  }

// What each party can learn (--simp-disclosure): no messages, each party
// computes on its own x.
// DISCLOSE: rank 0: @main(value) world_size=2 job-sha256:{{[0-9a-f]{64}$}}
// DISCLOSE-NEXT: rank 0: argument rank0.arg0: i64 (value) at {{.*}}examples/nested_pcall.mlir:7:19
// DISCLOSE-NEXT: rank 0: returns result 0: i64
// DISCLOSE-NEXT: rank 0:   depends on rank0.arg0
// DISCLOSE-NEXT: rank 0: returns result 1: i64
// DISCLOSE-NEXT: rank 0:   depends on rank0.arg0
// DISCLOSE-NEXT: rank 0: clear from others: none
// DISCLOSE-NEXT: rank 0: randomized from others: none
// DISCLOSE-NEXT: rank 0: encrypted from others: none
// DISCLOSE-NEXT: rank 1: @main(value) world_size=2 job-sha256:{{[0-9a-f]{64}$}}
// DISCLOSE-NEXT: rank 1: argument rank1.arg0: i64 (value) at {{.*}}examples/nested_pcall.mlir:7:19
// DISCLOSE-NEXT: rank 1: returns result 0: i64
// DISCLOSE-NEXT: rank 1:   depends on rank1.arg0
// DISCLOSE-NEXT: rank 1: clear from others: none
// DISCLOSE-NEXT: rank 1: randomized from others: none
// DISCLOSE-NEXT: rank 1: encrypted from others: none

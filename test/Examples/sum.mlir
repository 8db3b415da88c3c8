// RUN: mplang-opt %examples/sum.mlir | FileCheck %s
// RUN: mplang-opt --simp-project %examples/sum.mlir | FileCheck %s --check-prefix=PROJECT
// RUN: mplang-opt --simp-disclosure -o /dev/null %examples/sum.mlir | FileCheck %s --check-prefix=DISCLOSE

// CHECK-LABEL: func.func @main
// CHECK-SAME: (%[[A:.*]]: !simp.mp<i64, [0]>, %[[B:.*]]: !simp.mp<i64, [1]>, %[[C:.*]]: !simp.mp<i64, [2]>) -> !simp.mp<i64, [0, 1, 2]>
// CHECK: %[[B0:.*]] = simp.shuffle %[[B]] [0 <- 1]
// CHECK: %[[C0:.*]] = simp.shuffle %[[C]] [0 <- 2]
// CHECK: %[[S:.*]] = simp.pcall [0] (%[[A]], %[[B0]], %[[C0]])
// CHECK: arith.addi
// CHECK: arith.addi
// CHECK: simp.shuffle %[[S]] [0 <- 0, 1 <- 0, 2 <- 0] : !simp.mp<i64, [0]> -> !simp.mp<i64, [0, 1, 2]>

// Projected, rank by rank. P0 receives both pieces in routing order, adds
// and sends the sum back.
// PROJECT: module attributes {simp.world_size = 3 : i64} {
// PROJECT-LABEL: module @rank0 attributes {simp.rank = 0 : i64} {
// PROJECT-LABEL: func.func @main(
// PROJECT-SAME:  %[[ARG0:.*]]: i64) -> i64 {
// PROJECT-NEXT:  %[[V0:.*]] = simp.recv from 1 tag 0 : i64
// PROJECT-NEXT:  %[[V1:.*]] = simp.recv from 2 tag 1 : i64
// PROJECT-NEXT:  %[[V2:.*]] = arith.addi %[[ARG0]], %[[V0]] : i64
// PROJECT-NEXT:  %[[V3:.*]] = arith.addi %[[V2]], %[[V1]] : i64
// PROJECT-NEXT:  simp.send %[[V3]] to 1 tag 3 : i64
// PROJECT-NEXT:  simp.send %[[V3]] to 2 tag 4 : i64
// PROJECT-NEXT:  return %[[V3]] : i64
// PROJECT-NEXT:  }
// PROJECT-NEXT:  }
// PROJECT-LABEL: module @rank1 attributes {simp.rank = 1 : i64} {
// PROJECT-LABEL: func.func @main(
// PROJECT-SAME:  %[[ARG0:.*]]: i64) -> i64 {
// PROJECT-NEXT:  simp.send %[[ARG0]] to 0 tag 0 : i64
// PROJECT-NEXT:  %[[V0:.*]] = simp.recv from 0 tag 3 : i64
// PROJECT-NEXT:  return %[[V0]] : i64
// PROJECT-NEXT:  }
// PROJECT-NEXT:  }
// PROJECT-LABEL: module @rank2 attributes {simp.rank = 2 : i64} {
// PROJECT-LABEL: func.func @main(
// PROJECT-SAME:  %[[ARG0:.*]]: i64) -> i64 {
// PROJECT-NEXT:  simp.send %[[ARG0]] to 0 tag 1 : i64
// PROJECT-NEXT:  %[[V0:.*]] = simp.recv from 0 tag 4 : i64
// PROJECT-NEXT:  return %[[V0]] : i64
// PROJECT-NEXT:  }
// PROJECT-NEXT:  }
// PROJECT-NEXT:  }

// What each party can learn (--simp-disclosure): P0 receives b and c in the
// clear; P1 and P2 receive the sum, which depends on every input.
// DISCLOSE: rank 0: @main(value) world_size=3 job-sha256:{{[0-9a-f]{64}$}}
// DISCLOSE-NEXT: rank 0: argument rank0.arg0: i64 (value) at {{.*}}examples/sum.mlir:5:19
// DISCLOSE-NEXT: rank 0: receives clear i64 from rank 1 tag 0 at {{.*}}examples/sum.mlir:7:11
// DISCLOSE-NEXT: rank 0:   made by rank 1 from rank1.arg0
// DISCLOSE-NEXT: rank 0:   depends on rank1.arg0
// DISCLOSE-NEXT: rank 0: receives clear i64 from rank 2 tag 1 at {{.*}}examples/sum.mlir:8:11
// DISCLOSE-NEXT: rank 0:   made by rank 2 from rank2.arg0
// DISCLOSE-NEXT: rank 0:   depends on rank2.arg0
// DISCLOSE-NEXT: rank 0: returns result 0: i64
// DISCLOSE-NEXT: rank 0:   depends on rank0.arg0, rank1.arg0, rank2.arg0
// DISCLOSE-NEXT: rank 0: clear from others: rank1.arg0, rank2.arg0
// DISCLOSE-NEXT: rank 0: randomized from others: none
// DISCLOSE-NEXT: rank 0: encrypted from others: none
// DISCLOSE-NEXT: rank 1: @main(value) world_size=3 job-sha256:{{[0-9a-f]{64}$}}
// DISCLOSE-NEXT: rank 1: argument rank1.arg0: i64 (value) at {{.*}}examples/sum.mlir:5:43
// DISCLOSE-NEXT: rank 1: receives clear i64 from rank 0 tag 3 at {{.*}}examples/sum.mlir:16:12
// DISCLOSE-NEXT: rank 1:   made by rank 0 with arith.addi x2 from rank0.arg0, tag 0 from rank 1, tag 1 from rank 2
// DISCLOSE-NEXT: rank 1:   depends on rank0.arg0, rank1.arg0, rank2.arg0
// DISCLOSE-NEXT: rank 1: returns result 0: i64
// DISCLOSE-NEXT: rank 1:   depends on rank0.arg0, rank1.arg0, rank2.arg0
// DISCLOSE-NEXT: rank 1: clear from others: rank0.arg0, rank2.arg0
// DISCLOSE-NEXT: rank 1: randomized from others: none
// DISCLOSE-NEXT: rank 1: encrypted from others: none
// DISCLOSE-NEXT: rank 2: @main(value) world_size=3 job-sha256:{{[0-9a-f]{64}$}}
// DISCLOSE-NEXT: rank 2: argument rank2.arg0: i64 (value) at {{.*}}examples/sum.mlir:6:19
// DISCLOSE-NEXT: rank 2: receives clear i64 from rank 0 tag 4 at {{.*}}examples/sum.mlir:16:12
// DISCLOSE-NEXT: rank 2:   made by rank 0 with arith.addi x2 from rank0.arg0, tag 0 from rank 1, tag 1 from rank 2
// DISCLOSE-NEXT: rank 2:   depends on rank0.arg0, rank1.arg0, rank2.arg0
// DISCLOSE-NEXT: rank 2: returns result 0: i64
// DISCLOSE-NEXT: rank 2:   depends on rank0.arg0, rank1.arg0, rank2.arg0
// DISCLOSE-NEXT: rank 2: clear from others: rank0.arg0, rank1.arg0
// DISCLOSE-NEXT: rank 2: randomized from others: none
// DISCLOSE-NEXT: rank 2: encrypted from others: none

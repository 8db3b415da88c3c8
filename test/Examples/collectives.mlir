// RUN: mplang-opt %examples/collectives.mlir | FileCheck %s
// RUN: mplang-opt --simp-project %examples/collectives.mlir | FileCheck %s --check-prefix=PROJECT
// RUN: mplang-opt --simp-disclosure=entry=distribute -o /dev/null %examples/collectives.mlir | FileCheck %s --check-prefix=DISTRIBUTE
// RUN: mplang-opt --simp-disclosure=entry=collect -o /dev/null %examples/collectives.mlir | FileCheck %s --check-prefix=COLLECT

// CHECK-LABEL: func.func @transfer
// CHECK: simp.shuffle %{{.*}} [2 <- 0]
// CHECK-LABEL: func.func @replicate
// CHECK: simp.shuffle %{{.*}} [0 <- 1, 1 <- 1, 2 <- 1]
// CHECK-LABEL: func.func @distribute
// CHECK: simp.shuffle %{{.*}} [1 <- 0]
// CHECK: simp.shuffle %{{.*}} [2 <- 0]
// CHECK: simp.converge {{.*}} -> !simp.mp<i64, [0, 1, 2]>
// CHECK-LABEL: func.func @collect
// CHECK-COUNT-3: simp.shuffle %{{.*}} [0 <- {{[0-2]}}]
// CHECK-LABEL: func.func @permute
// CHECK: simp.shuffle %{{.*}} [0 <- 1, 1 <- 2, 2 <- 0]

// Projected, rank by rank. Every collective as sends and receives.
// PROJECT: module attributes {simp.world_size = 3 : i64} {
// PROJECT-LABEL: module @rank0 attributes {simp.rank = 0 : i64} {
// PROJECT-LABEL: func.func @transfer(
// PROJECT-SAME:  %[[ARG0:.*]]: tensor<4xi32>) {
// PROJECT-NEXT:  simp.send %[[ARG0]] to 2 tag 0 : tensor<4xi32>
// PROJECT-NEXT:  return
// PROJECT-NEXT:  }
// PROJECT-LABEL: func.func @replicate() -> tensor<4xi32> {
// PROJECT-NEXT:  %[[V0:.*]] = simp.recv from 1 tag 1 : tensor<4xi32>
// PROJECT-NEXT:  return %[[V0]] : tensor<4xi32>
// PROJECT-NEXT:  }
// PROJECT-LABEL: func.func @distribute(
// PROJECT-SAME:  %[[ARG0:.*]]: i64, %[[ARG1:.*]]: i64, %[[ARG2:.*]]: i64) -> i64 {
// PROJECT-NEXT:  simp.send %[[ARG1]] to 1 tag 4 : i64
// PROJECT-NEXT:  simp.send %[[ARG2]] to 2 tag 5 : i64
// PROJECT-NEXT:  return %[[ARG0]] : i64
// PROJECT-NEXT:  }
// PROJECT-LABEL: func.func @collect(
// PROJECT-SAME:  %[[ARG0:.*]]: i64) -> (i64, i64, i64) {
// PROJECT-NEXT:  %[[V0:.*]] = simp.recv from 1 tag 7 : i64
// PROJECT-NEXT:  %[[V1:.*]] = simp.recv from 2 tag 8 : i64
// PROJECT-NEXT:  return %[[ARG0]], %[[V0]], %[[V1]] : i64, i64, i64
// PROJECT-NEXT:  }
// PROJECT-LABEL: func.func @permute(
// PROJECT-SAME:  %[[ARG0:.*]]: i64) -> i64 {
// PROJECT-NEXT:  simp.send %[[ARG0]] to 2 tag 11 : i64
// PROJECT-NEXT:  %[[V0:.*]] = simp.recv from 1 tag 9 : i64
// PROJECT-NEXT:  return %[[V0]] : i64
// PROJECT-NEXT:  }
// PROJECT-NEXT:  }
// PROJECT-LABEL: module @rank1 attributes {simp.rank = 1 : i64} {
// PROJECT-LABEL: func.func @transfer() {
// PROJECT-NEXT:  return
// PROJECT-NEXT:  }
// PROJECT-LABEL: func.func @replicate(
// PROJECT-SAME:  %[[ARG0:.*]]: tensor<4xi32>) -> tensor<4xi32> {
// PROJECT-NEXT:  simp.send %[[ARG0]] to 0 tag 1 : tensor<4xi32>
// PROJECT-NEXT:  simp.send %[[ARG0]] to 2 tag 3 : tensor<4xi32>
// PROJECT-NEXT:  return %[[ARG0]] : tensor<4xi32>
// PROJECT-NEXT:  }
// PROJECT-LABEL: func.func @distribute() -> i64 {
// PROJECT-NEXT:  %[[V0:.*]] = simp.recv from 0 tag 4 : i64
// PROJECT-NEXT:  return %[[V0]] : i64
// PROJECT-NEXT:  }
// PROJECT-LABEL: func.func @collect(
// PROJECT-SAME:  %[[ARG0:.*]]: i64) {
// PROJECT-NEXT:  simp.send %[[ARG0]] to 0 tag 7 : i64
// PROJECT-NEXT:  return
// PROJECT-NEXT:  }
// PROJECT-LABEL: func.func @permute(
// PROJECT-SAME:  %[[ARG0:.*]]: i64) -> i64 {
// PROJECT-NEXT:  simp.send %[[ARG0]] to 0 tag 9 : i64
// PROJECT-NEXT:  %[[V0:.*]] = simp.recv from 2 tag 10 : i64
// PROJECT-NEXT:  return %[[V0]] : i64
// PROJECT-NEXT:  }
// PROJECT-NEXT:  }
// PROJECT-LABEL: module @rank2 attributes {simp.rank = 2 : i64} {
// PROJECT-LABEL: func.func @transfer() -> tensor<4xi32> {
// PROJECT-NEXT:  %[[V0:.*]] = simp.recv from 0 tag 0 : tensor<4xi32>
// PROJECT-NEXT:  return %[[V0]] : tensor<4xi32>
// PROJECT-NEXT:  }
// PROJECT-LABEL: func.func @replicate() -> tensor<4xi32> {
// PROJECT-NEXT:  %[[V0:.*]] = simp.recv from 1 tag 3 : tensor<4xi32>
// PROJECT-NEXT:  return %[[V0]] : tensor<4xi32>
// PROJECT-NEXT:  }
// PROJECT-LABEL: func.func @distribute() -> i64 {
// PROJECT-NEXT:  %[[V0:.*]] = simp.recv from 0 tag 5 : i64
// PROJECT-NEXT:  return %[[V0]] : i64
// PROJECT-NEXT:  }
// PROJECT-LABEL: func.func @collect(
// PROJECT-SAME:  %[[ARG0:.*]]: i64) {
// PROJECT-NEXT:  simp.send %[[ARG0]] to 0 tag 8 : i64
// PROJECT-NEXT:  return
// PROJECT-NEXT:  }
// PROJECT-LABEL: func.func @permute(
// PROJECT-SAME:  %[[ARG0:.*]]: i64) -> i64 {
// PROJECT-NEXT:  simp.send %[[ARG0]] to 1 tag 10 : i64
// PROJECT-NEXT:  %[[V0:.*]] = simp.recv from 0 tag 11 : i64
// PROJECT-NEXT:  return %[[V0]] : i64
// PROJECT-NEXT:  }
// PROJECT-NEXT:  }
// PROJECT-NEXT:  }

// What each party can learn (--simp-disclosure): distribute gives party i
// P0's value v_i in the clear; collect gives P0 every party's piece.
// DISTRIBUTE: rank 0: @distribute(value, value, value) world_size=3 job-sha256:{{[0-9a-f]{64}$}}
// DISTRIBUTE-NEXT: rank 0: argument rank0.arg0: i64 (value) at {{.*}}examples/collectives.mlir:19:25
// DISTRIBUTE-NEXT: rank 0: argument rank0.arg1: i64 (value) at {{.*}}examples/collectives.mlir:19:50
// DISTRIBUTE-NEXT: rank 0: argument rank0.arg2: i64 (value) at {{.*}}examples/collectives.mlir:20:25
// DISTRIBUTE-NEXT: rank 0: returns result 0: i64
// DISTRIBUTE-NEXT: rank 0:   depends on rank0.arg0
// DISTRIBUTE-NEXT: rank 0: clear from others: none
// DISTRIBUTE-NEXT: rank 0: randomized from others: none
// DISTRIBUTE-NEXT: rank 0: encrypted from others: none
// DISTRIBUTE-NEXT: rank 1: @distribute() world_size=3 job-sha256:{{[0-9a-f]{64}$}}
// DISTRIBUTE-NEXT: rank 1: receives clear i64 from rank 0 tag 4 at {{.*}}examples/collectives.mlir:21:11
// DISTRIBUTE-NEXT: rank 1:   made by rank 0 from rank0.arg1
// DISTRIBUTE-NEXT: rank 1:   depends on rank0.arg1
// DISTRIBUTE-NEXT: rank 1: returns result 0: i64
// DISTRIBUTE-NEXT: rank 1:   depends on rank0.arg1
// DISTRIBUTE-NEXT: rank 1: clear from others: rank0.arg1
// DISTRIBUTE-NEXT: rank 1: randomized from others: none
// DISTRIBUTE-NEXT: rank 1: encrypted from others: none
// DISTRIBUTE-NEXT: rank 2: @distribute() world_size=3 job-sha256:{{[0-9a-f]{64}$}}
// DISTRIBUTE-NEXT: rank 2: receives clear i64 from rank 0 tag 5 at {{.*}}examples/collectives.mlir:22:11
// DISTRIBUTE-NEXT: rank 2:   made by rank 0 from rank0.arg2
// DISTRIBUTE-NEXT: rank 2:   depends on rank0.arg2
// DISTRIBUTE-NEXT: rank 2: returns result 0: i64
// DISTRIBUTE-NEXT: rank 2:   depends on rank0.arg2
// DISTRIBUTE-NEXT: rank 2: clear from others: rank0.arg2
// DISTRIBUTE-NEXT: rank 2: randomized from others: none
// DISTRIBUTE-NEXT: rank 2: encrypted from others: none

// COLLECT: rank 0: @collect(value) world_size=3 job-sha256:{{[0-9a-f]{64}$}}
// COLLECT-NEXT: rank 0: argument rank0.arg0: i64 (value) at {{.*}}examples/collectives.mlir:30:22
// COLLECT-NEXT: rank 0: receives clear i64 from rank 1 tag 7 at {{.*}}examples/collectives.mlir:33:14
// COLLECT-NEXT: rank 0:   made by rank 1 from rank1.arg0
// COLLECT-NEXT: rank 0:   depends on rank1.arg0
// COLLECT-NEXT: rank 0: receives clear i64 from rank 2 tag 8 at {{.*}}examples/collectives.mlir:34:14
// COLLECT-NEXT: rank 0:   made by rank 2 from rank2.arg0
// COLLECT-NEXT: rank 0:   depends on rank2.arg0
// COLLECT-NEXT: rank 0: returns result 0: i64
// COLLECT-NEXT: rank 0:   depends on rank0.arg0
// COLLECT-NEXT: rank 0: returns result 1: i64
// COLLECT-NEXT: rank 0:   depends on rank1.arg0
// COLLECT-NEXT: rank 0: returns result 2: i64
// COLLECT-NEXT: rank 0:   depends on rank2.arg0
// COLLECT-NEXT: rank 0: clear from others: rank1.arg0, rank2.arg0
// COLLECT-NEXT: rank 0: randomized from others: none
// COLLECT-NEXT: rank 0: encrypted from others: none
// COLLECT-NEXT: rank 1: @collect(value) world_size=3 job-sha256:{{[0-9a-f]{64}$}}
// COLLECT-NEXT: rank 1: argument rank1.arg0: i64 (value) at {{.*}}examples/collectives.mlir:30:22
// COLLECT-NEXT: rank 1: clear from others: none
// COLLECT-NEXT: rank 1: randomized from others: none
// COLLECT-NEXT: rank 1: encrypted from others: none
// COLLECT-NEXT: rank 2: @collect(value) world_size=3 job-sha256:{{[0-9a-f]{64}$}}
// COLLECT-NEXT: rank 2: argument rank2.arg0: i64 (value) at {{.*}}examples/collectives.mlir:30:22
// COLLECT-NEXT: rank 2: clear from others: none
// COLLECT-NEXT: rank 2: randomized from others: none
// COLLECT-NEXT: rank 2: encrypted from others: none

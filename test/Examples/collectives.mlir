// RUN: mplang-opt %examples/collectives.mlir | FileCheck %s
// RUN: mplang-opt --simp-project %examples/collectives.mlir | FileCheck %s --check-prefix=PROJECT

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

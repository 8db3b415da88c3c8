// RUN: mplang-opt %examples/collectives.mlir | FileCheck %s

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

// RUN: mplang-opt %examples/millionaire.mlir | FileCheck %s
// RUN: mplang-opt --simp-project %examples/millionaire.mlir | FileCheck %s --check-prefix=PROJECT
// RUN: mplang-opt --simp-disclosure -o /dev/null %examples/millionaire.mlir | FileCheck %s --check-prefix=DISCLOSE

// CHECK-LABEL: func.func @main() -> !simp.mp<i1, [1]>
// CHECK: %[[X:.*]] = simp.pcall [0] ()
// CHECK: arith.constant 100 : i64
// CHECK: %[[Y:.*]] = simp.pcall [1] ()
// CHECK: arith.constant 200 : i64
// CHECK: %[[X1:.*]] = simp.shuffle %[[X]] [1 <- 0] : !simp.mp<i64, [0]> -> !simp.mp<i64, [1]>
// CHECK: simp.pcall [1] (%[[X1]], %[[Y]])
// CHECK: arith.cmpi slt

// Projected, rank by rank. P0 only sends its value; P1 receives it and compares.
// PROJECT: module attributes {simp.world_size = 2 : i64} {
// PROJECT-LABEL: module @rank0 attributes {simp.rank = 0 : i64} {
// PROJECT-LABEL: func.func @main() {
// PROJECT-NEXT:  %[[C100_I64:.*]] = arith.constant 100 : i64
// PROJECT-NEXT:  simp.send %[[C100_I64]] to 1 tag 0 : i64
// PROJECT-NEXT:  return
// PROJECT-NEXT:  }
// PROJECT-NEXT:  }
// PROJECT-LABEL: module @rank1 attributes {simp.rank = 1 : i64} {
// PROJECT-LABEL: func.func @main() -> i1 {
// PROJECT-NEXT:  %[[C200_I64:.*]] = arith.constant 200 : i64
// PROJECT-NEXT:  %[[V0:.*]] = simp.recv from 0 tag 0 : i64
// PROJECT-NEXT:  %[[V1:.*]] = arith.cmpi slt, %[[V0]], %[[C200_I64]] : i64
// PROJECT-NEXT:  return %[[V1]] : i1
// PROJECT-NEXT:  }
// PROJECT-NEXT:  }
// PROJECT-NEXT:  }

// What each party can learn (--simp-disclosure): P1 receives P0's number in
// the clear. It is a constant of the program, which every operator reads, so
// it is no private input.
// DISCLOSE: rank 0: @main() world_size=2 job-sha256:{{[0-9a-f]{64}$}}
// DISCLOSE-NEXT: rank 0: clear from others: none
// DISCLOSE-NEXT: rank 0: randomized from others: none
// DISCLOSE-NEXT: rank 0: encrypted from others: none
// DISCLOSE-NEXT: rank 1: @main() world_size=2 job-sha256:{{[0-9a-f]{64}$}}
// DISCLOSE-NEXT: rank 1: receives clear i64 from rank 0 tag 0 at {{.*}}examples/millionaire.mlir:14:11
// DISCLOSE-NEXT: rank 1:   made by rank 0 with arith.constant
// DISCLOSE-NEXT: rank 1:   depends on no private input
// DISCLOSE-NEXT: rank 1: returns result 0: i1
// DISCLOSE-NEXT: rank 1:   depends on no private input
// DISCLOSE-NEXT: rank 1: clear from others: none
// DISCLOSE-NEXT: rank 1: randomized from others: none
// DISCLOSE-NEXT: rank 1: encrypted from others: none

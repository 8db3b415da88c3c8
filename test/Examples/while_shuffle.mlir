// RUN: mplang-opt %examples/while_shuffle.mlir | FileCheck %s
// RUN: mplang-opt --simp-project %examples/while_shuffle.mlir | FileCheck %s --check-prefix=PROJECT
// RUN: mplang-opt --simp-disclosure -o /dev/null %examples/while_shuffle.mlir | FileCheck %s --check-prefix=DISCLOSE

// CHECK-LABEL: func.func @main
// CHECK: simp.while_loop (%{{.*}}) : (!simp.mp<i64, [0]>) -> !simp.mp<i64, [0]> cond {
// CHECK: simp.shuffle %{{.*}} [0 <- 0, 1 <- 0] : !simp.mp<i1, [0]> -> !simp.mp<i1, [0, 1]>
// CHECK: } body {
// CHECK: simp.shuffle %{{.*}} [1 <- 0]
// CHECK: simp.pcall [1]
// CHECK: simp.shuffle %{{.*}} [0 <- 1]

// Projected, rank by rank. The condition is agreed on every iteration;
// P1's loop carries no state.
// PROJECT: module attributes {simp.world_size = 2 : i64} {
// PROJECT-LABEL: module @rank0 attributes {simp.rank = 0 : i64} {
// PROJECT-LABEL: func.func @main() -> i64 {
// PROJECT-NEXT:  %[[C1_I64:.*]] = arith.constant 1 : i64
// PROJECT-NEXT:  %[[V0:.*]] = simp.while_loop (%[[C1_I64]]) {verify_uniform = false} : (i64) -> i64 cond {
// PROJECT-NEXT:  ^bb0(%[[ARG0:.*]]: i64):
// PROJECT-NEXT:  %[[C100_I64:.*]] = arith.constant 100 : i64
// PROJECT-NEXT:  %[[V1:.*]] = arith.cmpi slt, %[[ARG0]], %[[C100_I64]] : i64
// PROJECT-NEXT:  simp.send %[[V1]] to 1 tag 2 : i1
// PROJECT-NEXT:  %[[V2:.*]] = simp.agree %[[V1]] among [0, 1] tag 0 : i1
// PROJECT-NEXT:  simp.yield %[[V2]] : i1
// PROJECT-NEXT:  } body {
// PROJECT-NEXT:  ^bb0(%[[ARG0:.*]]: i64):
// PROJECT-NEXT:  simp.send %[[ARG0]] to 1 tag 3 : i64
// PROJECT-NEXT:  %[[V1:.*]] = simp.recv from 1 tag 4 : i64
// PROJECT-NEXT:  simp.yield %[[V1]] : i64
// PROJECT-NEXT:  }
// PROJECT-NEXT:  return %[[V0]] : i64
// PROJECT-NEXT:  }
// PROJECT-NEXT:  }
// PROJECT-LABEL: module @rank1 attributes {simp.rank = 1 : i64} {
// PROJECT-LABEL: func.func @main() {
// PROJECT-NEXT:  simp.while_loop () {verify_uniform = false} : () -> () cond {
// PROJECT-NEXT:  %[[V0:.*]] = simp.recv from 0 tag 2 : i1
// PROJECT-NEXT:  %[[V1:.*]] = simp.agree %[[V0]] among [0, 1] tag 0 : i1
// PROJECT-NEXT:  simp.yield %[[V1]] : i1
// PROJECT-NEXT:  } body {
// PROJECT-NEXT:  %[[V0:.*]] = simp.recv from 0 tag 3 : i64
// PROJECT-NEXT:  %[[V1:.*]] = arith.addi %[[V0]], %[[V0]] : i64
// PROJECT-NEXT:  simp.send %[[V1]] to 0 tag 4 : i64
// PROJECT-NEXT:  simp.yield
// PROJECT-NEXT:  }
// PROJECT-NEXT:  return
// PROJECT-NEXT:  }
// PROJECT-NEXT:  }
// PROJECT-NEXT:  }

// What each party can learn (--simp-disclosure): the loop state travels in
// the clear both ways; everything comes from constants of the program.
// DISCLOSE: rank 0: @main() world_size=2 job-sha256:{{[0-9a-f]{64}$}}
// DISCLOSE-NEXT: rank 0: receives clear i1 from ranks [1] by simp.agree tag 0 at {{.*}}examples/while_shuffle.mlir:10:10
// DISCLOSE-NEXT: rank 0:   made by rank 1 from tag 2 from rank 0
// DISCLOSE-NEXT: rank 0:   depends on no private input
// DISCLOSE-NEXT: rank 0: receives clear i64 from rank 1 tag 4 at {{.*}}examples/while_shuffle.mlir:29:15
// DISCLOSE-NEXT: rank 0:   made by rank 1 with arith.addi from tag 3 from rank 0
// DISCLOSE-NEXT: rank 0:   depends on no private input
// DISCLOSE-NEXT: rank 0: returns result 0: i64
// DISCLOSE-NEXT: rank 0:   depends on no private input
// DISCLOSE-NEXT: rank 0: clear from others: none
// DISCLOSE-NEXT: rank 0: randomized from others: none
// DISCLOSE-NEXT: rank 0: encrypted from others: none
// DISCLOSE-NEXT: rank 1: @main() world_size=2 job-sha256:{{[0-9a-f]{64}$}}
// DISCLOSE-NEXT: rank 1: receives clear i1 from rank 0 tag 2 at {{.*}}examples/while_shuffle.mlir:19:15
// DISCLOSE-NEXT: rank 1:   made by rank 0 with arith.cmpi, arith.constant x2 from simp.agree tag 0, tag 4 from rank 1
// DISCLOSE-NEXT: rank 1:   depends on no private input
// DISCLOSE-NEXT: rank 1: receives clear i1 from ranks [0] by simp.agree tag 0 at {{.*}}examples/while_shuffle.mlir:10:10
// DISCLOSE-NEXT: rank 1:   made by rank 0 with arith.cmpi, arith.constant x2 from simp.agree tag 0, tag 4 from rank 1
// DISCLOSE-NEXT: rank 1:   depends on no private input
// DISCLOSE-NEXT: rank 1: receives clear i64 from rank 0 tag 3 at {{.*}}examples/while_shuffle.mlir:23:14
// DISCLOSE-NEXT: rank 1:   made by rank 0 with arith.cmpi, arith.constant x2 from simp.agree tag 0, tag 4 from rank 1
// DISCLOSE-NEXT: rank 1:   depends on no private input
// DISCLOSE-NEXT: rank 1: clear from others: none
// DISCLOSE-NEXT: rank 1: randomized from others: none
// DISCLOSE-NEXT: rank 1: encrypted from others: none

// RUN: mplang-opt %examples/uniform_cond.mlir | FileCheck %s
// RUN: mplang-opt --simp-project %examples/uniform_cond.mlir | FileCheck %s --check-prefix=PROJECT
// RUN: mplang-opt --simp-disclosure -o /dev/null %examples/uniform_cond.mlir | FileCheck %s --check-prefix=DISCLOSE

// CHECK-LABEL: func.func @main
// CHECK: %[[P:.*]] = simp.shuffle %{{.*}} [0 <- 0, 1 <- 0] : !simp.mp<i1, [0]> -> !simp.mp<i1, [0, 1]>
// CHECK: simp.uniform_cond %[[P]] (%{{.*}}) : !simp.mp<i1, [0, 1]>, (!simp.mp<i64, [0]>) -> !simp.mp<i64, [1]> then {
// CHECK: simp.shuffle %{{.*}} [1 <- 0]
// CHECK: } else {
// CHECK: simp.pcall [1] ()

// Projected, rank by rank. Both ranks agree on the predicate; only P0
// sends in `then`, only P1 computes in `else`.
// PROJECT: module attributes {simp.world_size = 2 : i64} {
// PROJECT-LABEL: module @rank0 attributes {simp.rank = 0 : i64} {
// PROJECT-LABEL: func.func @main() {
// PROJECT-NEXT:  %[[C42_I64:.*]] = arith.constant 42 : i64
// PROJECT-NEXT:  %[[C10_I64:.*]] = arith.constant 10 : i64
// PROJECT-NEXT:  %[[V0:.*]] = arith.cmpi sgt, %[[C42_I64]], %[[C10_I64]] : i64
// PROJECT-NEXT:  simp.send %[[V0]] to 1 tag 1 : i1
// PROJECT-NEXT:  %[[V1:.*]] = simp.agree %[[V0]] among [0, 1] tag 2 : i1
// PROJECT-NEXT:  simp.uniform_cond %[[V1]] (%[[C42_I64]]) {verify_uniform = false} : i1, (i64) -> () then {
// PROJECT-NEXT:  ^bb0(%[[ARG0:.*]]: i64):
// PROJECT-NEXT:  simp.send %[[ARG0]] to 1 tag 3 : i64
// PROJECT-NEXT:  simp.yield
// PROJECT-NEXT:  } else {
// PROJECT-NEXT:  ^bb0(%[[ARG0:.*]]: i64):
// PROJECT-NEXT:  simp.yield
// PROJECT-NEXT:  }
// PROJECT-NEXT:  return
// PROJECT-NEXT:  }
// PROJECT-NEXT:  }
// PROJECT-LABEL: module @rank1 attributes {simp.rank = 1 : i64} {
// PROJECT-LABEL: func.func @main() -> i64 {
// PROJECT-NEXT:  %[[V0:.*]] = simp.recv from 0 tag 1 : i1
// PROJECT-NEXT:  %[[V1:.*]] = simp.agree %[[V0]] among [0, 1] tag 2 : i1
// PROJECT-NEXT:  %[[V2:.*]] = simp.uniform_cond %[[V1]] () {verify_uniform = false} : i1, () -> i64 then {
// PROJECT-NEXT:  %[[V3:.*]] = simp.recv from 0 tag 3 : i64
// PROJECT-NEXT:  simp.yield %[[V3]] : i64
// PROJECT-NEXT:  } else {
// PROJECT-NEXT:  %[[C0_I64:.*]] = arith.constant 0 : i64
// PROJECT-NEXT:  simp.yield %[[C0_I64]] : i64
// PROJECT-NEXT:  }
// PROJECT-NEXT:  return %[[V2]] : i64
// PROJECT-NEXT:  }
// PROJECT-NEXT:  }
// PROJECT-NEXT:  }

// What each party can learn (--simp-disclosure): P1 receives P0's predicate
// and value in the clear, and both agree on the predicate; all of it comes from
// constants of the program.
// DISCLOSE: rank 0: @main() world_size=2 job-sha256:{{[0-9a-f]{64}$}}
// DISCLOSE-NEXT: rank 0: receives clear i1 from ranks [1] by simp.agree tag 2 at {{.*}}examples/uniform_cond.mlir:19:10
// DISCLOSE-NEXT: rank 0:   made by rank 1 from tag 1 from rank 0
// DISCLOSE-NEXT: rank 0:   depends on no private input
// DISCLOSE-NEXT: rank 0: clear from others: none
// DISCLOSE-NEXT: rank 0: randomized from others: none
// DISCLOSE-NEXT: rank 0: encrypted from others: none
// DISCLOSE-NEXT: rank 1: @main() world_size=2 job-sha256:{{[0-9a-f]{64}$}}
// DISCLOSE-NEXT: rank 1: receives clear i1 from rank 0 tag 1 at {{.*}}examples/uniform_cond.mlir:18:10
// DISCLOSE-NEXT: rank 1:   made by rank 0 with arith.cmpi, arith.constant x2
// DISCLOSE-NEXT: rank 1:   depends on no private input
// DISCLOSE-NEXT: rank 1: receives clear i1 from ranks [0] by simp.agree tag 2 at {{.*}}examples/uniform_cond.mlir:19:10
// DISCLOSE-NEXT: rank 1:   made by rank 0 with arith.cmpi, arith.constant x2
// DISCLOSE-NEXT: rank 1:   depends on no private input
// DISCLOSE-NEXT: rank 1: receives clear i64 from rank 0 tag 3 at {{.*}}examples/uniform_cond.mlir:23:15
// DISCLOSE-NEXT: rank 1:   made by rank 0 with arith.cmpi, arith.constant x2 from simp.agree tag 2
// DISCLOSE-NEXT: rank 1:   depends on no private input
// DISCLOSE-NEXT: rank 1: returns result 0: i64
// DISCLOSE-NEXT: rank 1:   depends on no private input
// DISCLOSE-NEXT: rank 1: clear from others: none
// DISCLOSE-NEXT: rank 1: randomized from others: none
// DISCLOSE-NEXT: rank 1: encrypted from others: none

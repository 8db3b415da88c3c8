// What each party can learn from examples/threshold_sum.mlir
// (--simp-disclosure): P1 receives a in the clear, P0 receives the predicate
// and the sum, which depend on b.
// RUN: mplang-opt --simp-disclosure -o /dev/null %examples/threshold_sum.mlir | FileCheck %s

// CHECK: rank 0: @main(value) world_size=2 job-sha256:{{[0-9a-f]{64}$}}
// CHECK-NEXT: rank 0: argument rank0.arg0: i64 (value) at {{.*}}examples/threshold_sum.mlir:6:19
// CHECK-NEXT: rank 0: receives clear i1 from rank 1 tag 1 at {{.*}}examples/threshold_sum.mlir:23:10
// CHECK-NEXT: rank 0:   made by rank 1 with arith.addi, arith.cmpi, arith.constant from rank1.arg0, tag 0 from rank 0
// CHECK-NEXT: rank 0:   depends on rank0.arg0, rank1.arg0
// CHECK-NEXT: rank 0: receives clear i1 from ranks [1] by simp.agree tag 3 at {{.*}}examples/threshold_sum.mlir:25:10
// CHECK-NEXT: rank 0:   made by rank 1 with arith.addi, arith.cmpi, arith.constant from rank1.arg0, tag 0 from rank 0
// CHECK-NEXT: rank 0:   depends on rank0.arg0, rank1.arg0
// CHECK-NEXT: rank 0: receives clear i64 from rank 1 tag 4 at {{.*}}examples/threshold_sum.mlir:29:15
// CHECK-NEXT: rank 0:   made by rank 1 with arith.addi, arith.cmpi, arith.constant x2 from rank1.arg0, tag 0 from rank 0, simp.agree tag 3
// CHECK-NEXT: rank 0:   depends on rank0.arg0, rank1.arg0
// CHECK-NEXT: rank 0: returns result 0: i64
// CHECK-NEXT: rank 0:   depends on rank0.arg0, rank1.arg0
// CHECK-NEXT: rank 0: clear from others: rank1.arg0
// CHECK-NEXT: rank 0: randomized from others: none
// CHECK-NEXT: rank 0: encrypted from others: none
// CHECK-NEXT: rank 1: @main(value) world_size=2 job-sha256:{{[0-9a-f]{64}$}}
// CHECK-NEXT: rank 1: argument rank1.arg0: i64 (value) at {{.*}}examples/threshold_sum.mlir:6:43
// CHECK-NEXT: rank 1: receives clear i64 from rank 0 tag 0 at {{.*}}examples/threshold_sum.mlir:9:11
// CHECK-NEXT: rank 1:   made by rank 0 from rank0.arg0
// CHECK-NEXT: rank 1:   depends on rank0.arg0
// CHECK-NEXT: rank 1: receives clear i1 from ranks [0] by simp.agree tag 3 at {{.*}}examples/threshold_sum.mlir:25:10
// CHECK-NEXT: rank 1:   made by rank 0 from tag 1 from rank 1
// CHECK-NEXT: rank 1:   depends on rank0.arg0, rank1.arg0
// CHECK-NEXT: rank 1: returns result 0: i64
// CHECK-NEXT: rank 1:   depends on rank0.arg0, rank1.arg0
// CHECK-NEXT: rank 1: clear from others: rank0.arg0
// CHECK-NEXT: rank 1: randomized from others: none
// CHECK-NEXT: rank 1: encrypted from others: none

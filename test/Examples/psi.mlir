// What each party can learn from examples/psi.mlir (--simp-disclosure). The
// report covers the protocol library's messages, linked in: every message
// either party receives depends on the other's randomness (OT and VOLE
// masks), the receiver's items reach the sender only inside the OKVS P + A,
// and the sender's items reach the receiver only as tags; the receiver's
// result depends on both sets, the sender keeps nothing.
// RUN: mplang-opt --simp-disclosure -o /dev/null %examples/psi.mlir | FileCheck %s

// CHECK: rank 0: @main(value) world_size=2 job-sha256:{{[0-9a-f]{64}$}}
// CHECK-NEXT: rank 0: argument rank0.arg0: tensor<1000xi64> (value) at {{.*}}examples/psi.mlir:22:19
// CHECK-NOT: receives clear
// CHECK: rank 0: receives randomized tensor<1664x2xi64> from rank 1 tag {{[0-9]+}} in @rr22.n1024 at {{.*}}psi.mlir.in (N=1024):{{[0-9]+:[0-9]+}}
// CHECK-NEXT: rank 0:   made by rank 1 in @rr22.n1024 with {{.*}}field.solve_okvs{{.*}} from rank1.arg0, rank1.random, tag {{.*}}
// CHECK-NEXT: rank 0:   depends on rank0.random, rank1.arg0, rank1.random
// CHECK-NOT: receives clear
// CHECK: rank 0: receives randomized tensor<33xi8> from rank 1 tag {{[0-9]+}} in @mplang.ot.base at {{.*}}base_ot.mlir:{{[0-9]+:[0-9]+}}
// CHECK-NOT: receives clear
// CHECK-NOT: returns
// CHECK: rank 0: clear from others: none
// CHECK-NEXT: rank 0: randomized from others: rank1.arg0
// CHECK-NEXT: rank 0: encrypted from others: none
// CHECK-NEXT: rank 1: @main(value) world_size=2 job-sha256:{{[0-9a-f]{64}$}}
// CHECK-NEXT: rank 1: argument rank1.arg0: tensor<700xi64> (value) at {{.*}}examples/psi.mlir:22:56
// CHECK-NEXT: rank 1: receives randomized tensor<1024x4xi16> from rank 0 tag {{[0-9]+}} in @rr22.n1024 at {{.*}}psi.mlir.in (N=1024):{{[0-9]+:[0-9]+}}
// CHECK-NEXT: rank 1:   made by rank 0 in @rr22.n1024 with {{.*}}field.sort_rows{{.*}} from rank0.arg0, rank0.random, tag {{.*}}
// CHECK-NEXT: rank 1:   depends on rank0.arg0, rank0.random, rank1.arg0, rank1.random
// CHECK-NOT: receives clear
// CHECK: rank 1: returns result 0: tensor<700xi1>
// CHECK-NEXT: rank 1:   depends on rank0.arg0, rank0.random, rank1.arg0, rank1.random
// CHECK-NEXT: rank 1: returns result 1: tensor<i64>
// CHECK-NEXT: rank 1:   depends on rank0.arg0, rank0.random, rank1.arg0, rank1.random
// CHECK-NEXT: rank 1: clear from others: none
// CHECK-NEXT: rank 1: randomized from others: rank0.arg0
// CHECK-NEXT: rank 1: encrypted from others: none

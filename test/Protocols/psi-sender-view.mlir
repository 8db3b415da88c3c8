// What the PSI sender's own program holds, from the projection of
// examples/psi.mlir: the sender's entry and its PSI return nothing, and
// inside the protocol (@rr22, which also returns the sender's own tags,
// unused here) it receives only the receiver's masked OKVS (P + A, m
// elements) and the OKVS seed, and sends only its sorted tags. (The silent
// VOLE it calls before that sends and receives only OT and VOLE messages.)
// RUN: mplang-opt --simp-project %examples/psi.mlir | FileCheck %s

// CHECK-LABEL: module @rank0
// CHECK: func.func private @mplang.psi.rr22.n1024(%{{.*}}: tensor<1024xi64>, %{{.*}}: tensor<1024xi1>) {
// CHECK-NEXT: call @rr22.n1024(
// CHECK-NEXT: return{{$}}
// CHECK: func.func @main(%{{.*}}: tensor<1000xi64>) {
// CHECK: func.func private @rr22.n1024(%{{.*}}: tensor<1024xi64>, %{{.*}}: tensor<1024xi1>) -> tensor<1024x4xi16> {
// CHECK-NOT: simp.recv
// CHECK: call @mplang.vole.silent.n1664
// CHECK-NEXT: simp.recv from 1 tag {{[0-9]+}} : tensor<1664x2xi64>
// CHECK-NEXT: simp.recv from 1 tag {{[0-9]+}} : tensor<2xi64>
// CHECK-NOT: simp.recv
// CHECK: simp.send %{{.*}} to 1 tag {{[0-9]+}} : tensor<1024x4xi16>
// CHECK-NEXT: return %{{.*}} : tensor<1024x4xi16>
// CHECK-LABEL: module @rank1

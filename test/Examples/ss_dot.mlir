// What each party's projected program of examples/ss_dot.mlir sends and
// receives: P0's vector leaves P0 only as x - r, where r is a fresh mask
// that P1 receives in its place; products open only e = x - a and f = y - b
// for random triple shares a and b; the result goes only to P0. Neither
// main sends or receives anything itself.
// RUN: mplang-opt --ss-lower-to-simp %examples/ss_dot.mlir | mplang-opt --simp-project | FileCheck %s

// CHECK-LABEL: module @rank0
// P0 shares its padded vector: it keeps x - r and sends the mask r.
// CHECK-LABEL: func.func private @mplang.ss.a2.share.n16(%{{.*}}: tensor<16xi64>) -> tensor<16xi64> {
// CHECK-NEXT: %[[R:.*]] = crypto.random_bytes : tensor<16xi64>
// CHECK-NEXT: %[[KEPT:.*]] = arith.subi %{{.*}}, %[[R]] : tensor<16xi64>
// CHECK-NEXT: simp.send %[[R]] to 1 tag {{[0-9]+}} : tensor<16xi64>
// CHECK-NEXT: return %[[KEPT]] : tensor<16xi64>
// P1's vector arrives as P0's share: P1's mask.
// CHECK-LABEL: func.func private @mplang.ss.a2.share.n16_0() -> tensor<16xi64> {
// CHECK-NEXT: simp.recv from 1 tag {{[0-9]+}} : tensor<16xi64>
// CHECK-NEXT: return
// The product opens its shares minus the triple's.
// CHECK-LABEL: func.func private @mplang.ss.a2.mul.n16(
// CHECK-SAME: %[[X:.*]]: tensor<16xi64>, %[[Y:.*]]: tensor<16xi64>) -> tensor<16xi64> {
// CHECK-NEXT: %[[T:.*]]:3 = call @mplang.ss.a2.triple.n16()
// CHECK-NEXT: %[[E:.*]] = arith.subi %[[X]], %[[T]]#0 : tensor<16xi64>
// CHECK-NEXT: %[[F:.*]] = arith.subi %[[Y]], %[[T]]#1 : tensor<16xi64>
// CHECK-NEXT: %[[EF:.*]] = tensor.concat dim(0) %[[E]], %[[F]]
// CHECK-NEXT: simp.send %[[EF]] to 1 tag {{[0-9]+}} : tensor<32xi64>
// CHECK-NEXT: simp.recv from 1 tag {{[0-9]+}} : tensor<32xi64>
// CHECK-NOT: simp.send
// CHECK: return
// CHECK-LABEL: func.func private @mplang.ss.a2.reveal.n16(
// CHECK-NOT: simp.send
// CHECK: return
// CHECK-LABEL: func.func @main(%{{.*}}: tensor<8xi64>) -> tensor<i64> {
// CHECK-NOT: simp.send
// CHECK-NOT: simp.recv
// CHECK: return

// CHECK-LABEL: module @rank1
// CHECK-LABEL: func.func private @mplang.ss.a2.share.n16() -> tensor<16xi64> {
// CHECK-NEXT: simp.recv from 0 tag {{[0-9]+}} : tensor<16xi64>
// CHECK-NEXT: return
// CHECK-LABEL: func.func private @mplang.ss.a2.share.n16_0(%{{.*}}: tensor<16xi64>) -> tensor<16xi64> {
// CHECK-NEXT: %[[R1:.*]] = crypto.random_bytes : tensor<16xi64>
// CHECK-NEXT: %[[KEPT1:.*]] = arith.subi %{{.*}}, %[[R1]] : tensor<16xi64>
// CHECK-NEXT: simp.send %[[R1]] to 0 tag {{[0-9]+}} : tensor<16xi64>
// CHECK-NEXT: return %[[KEPT1]] : tensor<16xi64>
// CHECK-LABEL: func.func private @mplang.ss.a2.mul.n16(
// CHECK-SAME: %[[X1:.*]]: tensor<16xi64>, %[[Y1:.*]]: tensor<16xi64>) -> tensor<16xi64> {
// CHECK-NEXT: %[[T1:.*]]:3 = call @mplang.ss.a2.triple.n16()
// CHECK-NEXT: %[[E1:.*]] = arith.subi %[[X1]], %[[T1]]#0 : tensor<16xi64>
// CHECK-NEXT: %[[F1:.*]] = arith.subi %[[Y1]], %[[T1]]#1 : tensor<16xi64>
// CHECK-NEXT: %[[EF1:.*]] = tensor.concat dim(0) %[[E1]], %[[F1]]
// CHECK-NEXT: simp.send %[[EF1]] to 0 tag {{[0-9]+}} : tensor<32xi64>
// CHECK-NEXT: simp.recv from 0 tag {{[0-9]+}} : tensor<32xi64>
// CHECK-NOT: simp.send
// CHECK: return
// P1 sends its share of the result and learns nothing.
// CHECK-LABEL: func.func private @mplang.ss.a2.reveal.n16(
// CHECK-SAME: %[[S:.*]]: tensor<16xi64>) {
// CHECK-NEXT: simp.send %[[S]] to 0 tag {{[0-9]+}} : tensor<16xi64>
// CHECK-NEXT: return
// CHECK-LABEL: func.func @main(%{{.*}}: tensor<8xi64>) {
// CHECK-NOT: simp.send
// CHECK-NOT: simp.recv
// CHECK: return

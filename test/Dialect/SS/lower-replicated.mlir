// RUN: mplang-opt %s --ss-lower-to-simp -split-input-file | FileCheck %s
// The #ss.replicated lowering: a holder's piece is its pair of shares
// (tensor<2 x T>), the protocols are ss_rep3.mlir.in's.

!s = !ss.share<tensor<4xi64>, [1, 2, 3], #ss.replicated>

// Local ops work on the pairs; a public factor is broadcast over them and
// sums reduce the value's dimensions, one further in.
// CHECK-LABEL: func.func @local
// CHECK-SAME: (%[[A:.*]]: !simp.mp<tensor<2x4xi64>, [1, 2, 3]>, %[[B:.*]]: !simp.mp<tensor<2x4xi64>, [1, 2, 3]>, %[[W:.*]]: !simp.mp<tensor<4xi64>, [1, 2, 3]>) -> (!simp.mp<tensor<2x4xi64>, [1, 2, 3]>, !simp.mp<tensor<2xi64>, [1, 2, 3]>)
// CHECK: %[[SUM:.*]] = simp.pcall [1, 2, 3] (%[[A]], %[[B]])
// CHECK: arith.addi %{{.*}}, %{{.*}} : tensor<2x4xi64>
// CHECK: %[[SCALED:.*]] = simp.pcall [1, 2, 3] (%[[SUM]], %[[W]])
// CHECK-NEXT: ^bb0(%[[P:.*]]: tensor<2x4xi64>, %[[V:.*]]: tensor<4xi64>):
// CHECK: %[[WW:.*]] = linalg.broadcast ins(%[[V]] : tensor<4xi64>) outs(%{{.*}} : tensor<2x4xi64>) dimensions = [0]
// CHECK-NEXT: arith.muli %[[P]], %[[WW]] : tensor<2x4xi64>
// CHECK: %[[TOTAL:.*]] = simp.pcall [1, 2, 3] (%[[SCALED]]) : (!simp.mp<tensor<2x4xi64>, [1, 2, 3]>) -> !simp.mp<tensor<2xi64>, [1, 2, 3]>
// CHECK: linalg.reduce ins(%{{.*}} : tensor<2x4xi64>) outs(%{{.*}} : tensor<2xi64>) dimensions = [1]
// CHECK: return %[[SCALED]], %[[TOTAL]]
module attributes {simp.world_size = 4 : i64} {
  func.func @local(%a: !s, %b: !s, %w: !simp.mp<tensor<4xi64>, [1, 2, 3]>) -> (!s, !ss.share<tensor<i64>, [1, 2, 3], #ss.replicated>) {
    %sum = ss.add %a, %b : !s
    %scaled = ss.mul_public %sum, %w : !s, !simp.mp<tensor<4xi64>, [1, 2, 3]>
    %total = ss.sum %scaled [0] : !s -> !ss.share<tensor<i64>, [1, 2, 3], #ss.replicated>
    return %scaled, %total : !s, !ss.share<tensor<i64>, [1, 2, 3], #ss.replicated>
  }
}

// -----

!s = !ss.share<tensor<4xi64>, [1, 2, 3], #ss.replicated>

// Sharing: the owner's value and the others' zeros reshared. Two products
// are one mul call on their pairs side by side. Truncation: holder 0
// shifts x_0 + x_1, holders 1 and 2 their x_2 (second and first share),
// and from2 makes pairs. Revealing to a holder: the previous holder (mod
// 3) sends its first share. The PRG keys are agreed once, at the
// function's entry, and each call takes its own nonce.
// CHECK-LABEL: module attributes
// CHECK: func.func private @mplang.ss.r3.setup() -> !simp.mp<tensor<2x!field.gf128>, [1, 2, 3]> attributes {simp.link_name = "mplang.ss.r3.setup"}
// CHECK: func.func private @mplang.ss.r3.reshare.n16(!simp.mp<tensor<16xi64>, [1, 2, 3]>, !simp.mp<tensor<2x!field.gf128>, [1, 2, 3]>, !simp.mp<i64, [1, 2, 3]>) -> !simp.mp<tensor<2x16xi64>, [1, 2, 3]> attributes {simp.link_name = "mplang.ss.r3.reshare.n16"}
// CHECK: func.func private @mplang.ss.r3.mul.n16(!simp.mp<tensor<2x16xi64>, [1, 2, 3]>, !simp.mp<tensor<2x16xi64>, [1, 2, 3]>, !simp.mp<tensor<2x!field.gf128>, [1, 2, 3]>, !simp.mp<i64, [1, 2, 3]>) -> !simp.mp<tensor<2x16xi64>, [1, 2, 3]>
// CHECK: func.func private @mplang.ss.r3.from2.n16(!simp.mp<tensor<16xi64>, [1]>, !simp.mp<tensor<16xi64>, [2, 3]>, !simp.mp<tensor<2x!field.gf128>, [1, 2, 3]>, !simp.mp<i64, [1, 2, 3]>) -> !simp.mp<tensor<2x16xi64>, [1, 2, 3]>
// CHECK-LABEL: func.func @protocols
// CHECK-SAME: (%[[X:.*]]: !simp.mp<tensor<4xi64>, [2]>, %[[B:.*]]: !simp.mp<tensor<2x4xi64>, [1, 2, 3]>)
// CHECK-NEXT: %[[KEYS:.*]] = call @mplang.ss.r3.setup()
// CHECK: %[[Z1:.*]] = simp.pcall [1] () : () -> !simp.mp<tensor<4xi64>, [1]>
// CHECK-NEXT: arith.constant dense<0>
// CHECK: %[[Z2:.*]] = simp.pcall [2] (%[[X]])
// CHECK: %[[Z3:.*]] = simp.pcall [3] () : () -> !simp.mp<tensor<4xi64>, [3]>
// CHECK: %[[Z:.*]] = simp.converge %[[Z1]], %[[Z2]], %[[Z3]]
// CHECK: %[[ZP:.*]] = simp.pcall [1, 2, 3] (%[[Z]])
// CHECK: %[[N0:.*]] = simp.pcall [1, 2, 3] () : () -> !simp.mp<i64, [1, 2, 3]>
// CHECK-NEXT: arith.constant 0 : i64
// CHECK: %[[AP:.*]] = call @mplang.ss.r3.reshare.n16(%[[ZP]], %[[KEYS]], %[[N0]])
// CHECK: %[[A:.*]] = simp.pcall [1, 2, 3] (%[[AP]])
// CHECK: %[[L:.*]] = simp.pcall [1, 2, 3] (%[[A]], %[[B]])
// CHECK: tensor.concat dim(1)
// CHECK: %[[R:.*]] = simp.pcall [1, 2, 3] (%[[B]], %[[B]])
// CHECK: %[[N1:.*]] = simp.pcall [1, 2, 3] () : () -> !simp.mp<i64, [1, 2, 3]>
// CHECK-NEXT: arith.constant 1 : i64
// CHECK: %[[PQ:.*]] = call @mplang.ss.r3.mul.n16(%[[L]], %[[R]], %[[KEYS]], %[[N1]])
// CHECK: %[[PRODS:.*]]:2 = simp.pcall [1, 2, 3] (%[[PQ]])
// CHECK: %[[T0:.*]] = simp.pcall [1] (%[[PRODS]]#0)
// CHECK: %[[S0:.*]] = tensor.extract_slice %{{.*}}[0, 0] [1, 4] [1, 1] : tensor<2x4xi64> to tensor<4xi64>
// CHECK: %[[S1:.*]] = tensor.extract_slice %{{.*}}[1, 0] [1, 4] [1, 1] : tensor<2x4xi64> to tensor<4xi64>
// CHECK: %[[SUM:.*]] = arith.addi %[[S0]], %[[S1]]
// CHECK: arith.shrsi %[[SUM]]
// CHECK: %[[T1:.*]] = simp.pcall [2] (%[[PRODS]]#0)
// CHECK: %[[U1:.*]] = tensor.extract_slice %{{.*}}[1, 0] [1, 4] [1, 1]
// CHECK: arith.subi %{{.*}}, %[[U1]]
// CHECK: %[[T2:.*]] = simp.pcall [3] (%[[PRODS]]#0)
// CHECK: %[[U2:.*]] = tensor.extract_slice %{{.*}}[0, 0] [1, 4] [1, 1]
// CHECK: arith.subi %{{.*}}, %[[U2]]
// CHECK: %[[REST:.*]] = simp.converge %[[T1]], %[[T2]]
// CHECK: %[[F0:.*]] = simp.pcall [1] (%[[T0]])
// CHECK: %[[F1:.*]] = simp.pcall [2, 3] (%[[REST]])
// CHECK: %[[N2:.*]] = simp.pcall [1, 2, 3] () : () -> !simp.mp<i64, [1, 2, 3]>
// CHECK-NEXT: arith.constant 2 : i64
// CHECK: call @mplang.ss.r3.from2.n16(%[[F0]], %[[F1]], %[[KEYS]], %[[N2]])
// CHECK: simp.shuffle %{{.*}} [1 <- 3] : !simp.mp<tensor<4xi64>, [1, 2, 3]> -> !simp.mp<tensor<4xi64>, [1]>
// CHECK: simp.shuffle %{{.*}} [2 <- 1, 3 <- 2] : !simp.mp<tensor<4xi64>, [1, 2, 3]> -> !simp.mp<tensor<4xi64>, [2, 3]>
module attributes {simp.world_size = 4 : i64} {
  func.func @protocols(%x: !simp.mp<tensor<4xi64>, [2]>, %b: !s) -> (!simp.mp<tensor<4xi64>, [1]>, !simp.mp<tensor<4xi64>, [2, 3]>) {
    %a = ss.share %x : !simp.mp<tensor<4xi64>, [2]> -> !s
    %p = ss.mul %a, %b : !s
    %q = ss.mul %b, %b : !s
    %t = ss.trunc %p {bits = 8} : !s
    %r = ss.reveal %t : !s -> !simp.mp<tensor<4xi64>, [1]>
    %u = ss.reveal %q : !s -> !simp.mp<tensor<4xi64>, [2, 3]>
    return %r, %u : !simp.mp<tensor<4xi64>, [1]>, !simp.mp<tensor<4xi64>, [2, 3]>
  }
}

// -----

// A matrix product: X_i (Y_i + Y_{i+1}) + X_{i+1} Y_i locally, one reshare
// of the M x N result.
// CHECK-LABEL: func.func @matmul
// CHECK: %[[Z:.*]] = simp.pcall [0, 1, 2]
// CHECK: %[[X0:.*]] = tensor.extract_slice %{{.*}}[0, 0, 0] [1, 2, 3] [1, 1, 1] : tensor<2x2x3xi64> to tensor<2x3xi64>
// CHECK: %[[X1:.*]] = tensor.extract_slice %{{.*}}[1, 0, 0] [1, 2, 3] [1, 1, 1] : tensor<2x2x3xi64> to tensor<2x3xi64>
// CHECK: %[[Y0:.*]] = tensor.extract_slice %{{.*}}[0, 0, 0] [1, 3, 5] [1, 1, 1] : tensor<2x3x5xi64> to tensor<3x5xi64>
// CHECK: %[[Y1:.*]] = tensor.extract_slice %{{.*}}[1, 0, 0] [1, 3, 5] [1, 1, 1] : tensor<2x3x5xi64> to tensor<3x5xi64>
// CHECK: %[[YS:.*]] = arith.addi %[[Y0]], %[[Y1]]
// CHECK: %[[P:.*]] = linalg.matmul ins(%[[X0]], %[[YS]] : {{.*}}) outs(%{{.*}} : tensor<2x5xi64>)
// CHECK: %[[Q:.*]] = linalg.matmul ins(%[[X1]], %[[Y0]] : {{.*}}) outs(%[[P]] : tensor<2x5xi64>)
// CHECK: simp.yield %[[Q]]
// CHECK: call @mplang.ss.r3.reshare.n16(%{{.*}}, %{{.*}}, %{{.*}})
// CHECK: tensor.expand_shape %{{.*}} {{\[}}[0], [1, 2]] output_shape [2, 2, 5] : tensor<2x10xi64> into tensor<2x2x5xi64>
module attributes {simp.world_size = 3 : i64} {
  func.func @matmul(%a: !ss.share<tensor<2x3xi64>, [0, 1, 2], #ss.replicated>, %b: !ss.share<tensor<3x5xi64>, [0, 1, 2], #ss.replicated>)
      -> !ss.share<tensor<2x5xi64>, [0, 1, 2], #ss.replicated> {
    %p = ss.matmul %a, %b : !ss.share<tensor<2x3xi64>, [0, 1, 2], #ss.replicated>,
        !ss.share<tensor<3x5xi64>, [0, 1, 2], #ss.replicated> -> !ss.share<tensor<2x5xi64>, [0, 1, 2], #ss.replicated>
    return %p : !ss.share<tensor<2x5xi64>, [0, 1, 2], #ss.replicated>
  }
}

// -----

// In a loop, whose body may run many times, a product agrees its own keys
// before its call, so that no nonce repeats under one key.
// CHECK-LABEL: func.func @loop
// CHECK-NOT: call @mplang.ss.r3.setup
// CHECK: simp.while_loop
// CHECK: body {
// CHECK: %[[KEYS:.*]] = func.call @mplang.ss.r3.setup()
// CHECK: %[[N:.*]] = simp.pcall [0, 1, 2] () : () -> !simp.mp<i64, [0, 1, 2]>
// CHECK-NEXT: arith.constant 0 : i64
// CHECK: call @mplang.ss.r3.mul.n16(%{{.*}}, %{{.*}}, %[[KEYS]], %[[N]])
!r = !ss.share<tensor<4xi64>, [0, 1, 2], #ss.replicated>
module attributes {simp.world_size = 3 : i64} {
  func.func @loop(%a: !r, %go: !simp.mp<i1, [0, 1, 2]>) -> !r {
    %out = simp.while_loop (%a) : (!r) -> !r
    cond {
    ^bb0(%x: !r):
      simp.yield %go : !simp.mp<i1, [0, 1, 2]>
    } body {
    ^bb0(%x: !r):
      %p = ss.mul %x, %x : !r
      simp.yield %p : !r
    }
    return %out : !r
  }
}

// -----

// Sign bits batch into one msb call (lt is the sign of the difference),
// which takes ten nonces: the product after it gets nonce 10.
// CHECK-LABEL: func.func @signs
// CHECK: %[[KEYS:.*]] = call @mplang.ss.r3.setup()
// CHECK: %[[N0:.*]] = simp.pcall [0, 1, 2] () : () -> !simp.mp<i64, [0, 1, 2]>
// CHECK-NEXT: arith.constant 0 : i64
// CHECK: call @mplang.ss.r3.msb.n16(%{{.*}}, %[[KEYS]], %[[N0]]) : (!simp.mp<tensor<2x16xi64>, [0, 1, 2]>, !simp.mp<tensor<2x!field.gf128>, [0, 1, 2]>, !simp.mp<i64, [0, 1, 2]>) -> !simp.mp<tensor<2x16xi64>, [0, 1, 2]>
// CHECK-NOT: call @mplang.ss.r3.msb
// CHECK: %[[N10:.*]] = simp.pcall [0, 1, 2] () : () -> !simp.mp<i64, [0, 1, 2]>
// CHECK-NEXT: arith.constant 10 : i64
// CHECK: call @mplang.ss.r3.mul.n16(%{{.*}}, %{{.*}}, %[[KEYS]], %[[N10]])
!r = !ss.share<tensor<4xi64>, [0, 1, 2], #ss.replicated>
module attributes {simp.world_size = 3 : i64} {
  func.func @signs(%a: !r, %b: !r) -> (!r, !r) {
    %lt = ss.lt %a, %b : !r
    %m = ss.msb %b : !r
    %p = ss.mul %lt, %m : !r
    return %p, %m : !r, !r
  }
}

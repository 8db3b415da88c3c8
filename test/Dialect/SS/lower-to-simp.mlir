// RUN: mplang-opt %s --ss-lower-to-simp -split-input-file | FileCheck %s

!s = !ss.share<tensor<4xi64>, [0, 1]>

// Local ops are party calls of the holders on their shares.
// CHECK-LABEL: func.func @local
// CHECK-SAME: (%[[A:.*]]: !simp.mp<tensor<4xi64>, [0, 1]>, %[[B:.*]]: !simp.mp<tensor<4xi64>, [0, 1]>, %[[W:.*]]: !simp.mp<tensor<4xi64>, [0, 1, 2]>) -> (!simp.mp<tensor<4xi64>, [0, 1]>, !simp.mp<tensor<i64>, [0, 1]>)
// CHECK: %[[SUM:.*]] = simp.pcall [0, 1] (%[[A]], %[[B]])
// CHECK-NEXT: ^bb0(%[[X:.*]]: tensor<4xi64>, %[[Y:.*]]: tensor<4xi64>):
// CHECK-NEXT: %[[R:.*]] = arith.addi %[[X]], %[[Y]] : tensor<4xi64>
// CHECK-NEXT: simp.yield %[[R]] : tensor<4xi64>
// CHECK: %[[DIFF:.*]] = simp.pcall [0, 1] (%[[SUM]], %[[B]])
// CHECK: arith.subi
// CHECK: %[[NEG:.*]] = simp.pcall [0, 1] (%[[DIFF]])
// CHECK-NEXT: ^bb0(%[[V:.*]]: tensor<4xi64>):
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant dense<0> : tensor<4xi64>
// CHECK-NEXT: arith.subi %[[ZERO]], %[[V]] : tensor<4xi64>
// CHECK: %[[SCALED:.*]] = simp.pcall [0, 1] (%[[NEG]], %[[W]]) : (!simp.mp<tensor<4xi64>, [0, 1]>, !simp.mp<tensor<4xi64>, [0, 1, 2]>) -> !simp.mp<tensor<4xi64>, [0, 1]>
// CHECK: arith.muli
// CHECK: %[[TOTAL:.*]] = simp.pcall [0, 1] (%[[SCALED]]) : (!simp.mp<tensor<4xi64>, [0, 1]>) -> !simp.mp<tensor<i64>, [0, 1]>
// CHECK-NEXT: ^bb0(%[[T:.*]]: tensor<4xi64>):
// CHECK-NEXT: %[[INIT:.*]] = arith.constant dense<0> : tensor<i64>
// CHECK-NEXT: %[[RED:.*]] = linalg.reduce ins(%[[T]] : tensor<4xi64>) outs(%[[INIT]] : tensor<i64>) dimensions = [0]
// CHECK: arith.addi
// CHECK: simp.yield %[[RED]] : tensor<i64>
// CHECK: return %[[SCALED]], %[[TOTAL]] : !simp.mp<tensor<4xi64>, [0, 1]>, !simp.mp<tensor<i64>, [0, 1]>
module attributes {simp.world_size = 3 : i64} {
  func.func @local(%a: !s, %b: !s, %w: !simp.mp<tensor<4xi64>, [0, 1, 2]>) -> (!s, !ss.share<tensor<i64>, [0, 1]>) {
    %sum = ss.add %a, %b : !s
    %diff = ss.sub %sum, %b : !s
    %neg = ss.neg %diff : !s
    %scaled = ss.mul_public %neg, %w : !s, !simp.mp<tensor<4xi64>, [0, 1, 2]>
    %total = ss.sum %scaled [0] : !s -> !ss.share<tensor<i64>, [0, 1]>
    return %scaled, %total : !s, !ss.share<tensor<i64>, [0, 1]>
  }
}

// -----

// Sharing and revealing pad to the library's size and cut back. Rank 1
// shares here, so its declaration binds the library's owner role to it.
// CHECK-LABEL: module attributes
// CHECK: func.func private @mplang.ss.a2.share.n16(!simp.mp<tensor<16xi64>, [1]>) -> !simp.mp<tensor<16xi64>, [0, 1]> attributes {simp.link_name = "mplang.ss.a2.share.n16"}
// CHECK: func.func private @mplang.ss.a2.reveal.n16(!simp.mp<tensor<16xi64>, [0, 1]>) -> !simp.mp<tensor<16xi64>, [1]> attributes {simp.link_name = "mplang.ss.a2.reveal.n16"}
// CHECK: func.func private @mplang.ss.a2.open.n16(!simp.mp<tensor<16xi64>, [0, 1]>) -> !simp.mp<tensor<16xi64>, [0, 1]> attributes {simp.link_name = "mplang.ss.a2.open.n16"}
// CHECK-LABEL: func.func @share_reveal
// CHECK: %[[PADDED:.*]] = simp.pcall [1] (%{{.*}}) : (!simp.mp<tensor<2x3xi64>, [1]>) -> !simp.mp<tensor<16xi64>, [1]>
// CHECK-NEXT: ^bb0(%[[X:.*]]: tensor<2x3xi64>):
// CHECK-NEXT: %[[FLAT:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1]] : tensor<2x3xi64> into tensor<6xi64>
// CHECK-NEXT: %[[ZEROS:.*]] = arith.constant dense<0> : tensor<10xi64>
// CHECK-NEXT: %[[CAT:.*]] = tensor.concat dim(0) %[[FLAT]], %[[ZEROS]]
// CHECK-NEXT: simp.yield %[[CAT]] : tensor<16xi64>
// CHECK: %[[SHARES:.*]] = call @mplang.ss.a2.share.n16(%[[PADDED]])
// CHECK: %[[S:.*]] = simp.pcall [0, 1] (%[[SHARES]]) : (!simp.mp<tensor<16xi64>, [0, 1]>) -> !simp.mp<tensor<2x3xi64>, [0, 1]>
// CHECK-NEXT: ^bb0(%[[P:.*]]: tensor<16xi64>):
// CHECK-NEXT: %[[CUT:.*]] = tensor.extract_slice %[[P]][0] [6] [1] : tensor<16xi64> to tensor<6xi64>
// CHECK-NEXT: %[[BACK:.*]] = tensor.expand_shape %[[CUT]] {{\[}}[0, 1]] output_shape [2, 3] : tensor<6xi64> into tensor<2x3xi64>
// CHECK-NEXT: simp.yield %[[BACK]] : tensor<2x3xi64>
// CHECK: call @mplang.ss.a2.reveal.n16(%{{.*}}) {simp.measure = {elements = 6 : i64, op = "ss.reveal"}} : (!simp.mp<tensor<16xi64>, [0, 1]>) -> !simp.mp<tensor<16xi64>, [1]>
// CHECK: simp.pcall [1]
// CHECK: call @mplang.ss.a2.open.n16(%{{.*}}) {simp.measure = {elements = 6 : i64, op = "ss.reveal"}} : (!simp.mp<tensor<16xi64>, [0, 1]>) -> !simp.mp<tensor<16xi64>, [0, 1]>
// CHECK: simp.pcall [0, 1]
module attributes {simp.world_size = 2 : i64} {
  func.func @share_reveal(%x: !simp.mp<tensor<2x3xi64>, [1]>)
      -> (!simp.mp<tensor<2x3xi64>, [1]>, !simp.mp<tensor<2x3xi64>, [0, 1]>) {
    %s = ss.share %x : !simp.mp<tensor<2x3xi64>, [1]> -> !ss.share<tensor<2x3xi64>, [0, 1]>
    %r = ss.reveal %s : !ss.share<tensor<2x3xi64>, [0, 1]> -> !simp.mp<tensor<2x3xi64>, [1]>
    %o = ss.reveal %s : !ss.share<tensor<2x3xi64>, [0, 1]> -> !simp.mp<tensor<2x3xi64>, [0, 1]>
    return %r, %o : !simp.mp<tensor<2x3xi64>, [1]>, !simp.mp<tensor<2x3xi64>, [0, 1]>
  }
}

// -----

// A scalar is a vector of one element.
// CHECK-LABEL: func.func @scalar
// CHECK: tensor.expand_shape %{{.*}} [] output_shape [1] : tensor<i64> into tensor<1xi64>
// CHECK: call @mplang.ss.a2.share.n16
// CHECK: tensor.extract_slice %{{.*}}[0] [1] [1] : tensor<16xi64> to tensor<1xi64>
// CHECK-NEXT: tensor.collapse_shape %{{.*}} [] : tensor<1xi64> into tensor<i64>
module attributes {simp.world_size = 2 : i64} {
  func.func @scalar(%x: !simp.mp<tensor<i64>, [0]>) -> !ss.share<tensor<i64>, [0, 1]> {
    %s = ss.share %x : !simp.mp<tensor<i64>, [0]> -> !ss.share<tensor<i64>, [0, 1]>
    return %s : !ss.share<tensor<i64>, [0, 1]>
  }
}

// -----

!s = !ss.share<tensor<4xi64>, [0, 1]>

// Independent products run as one call at the last of them, their operands
// laid end to end; a product of their results is a second call.
// CHECK-LABEL: func.func @batch
// CHECK-SAME: (%[[A:.*]]: !simp.mp<tensor<4xi64>, [0, 1]>, %[[B:.*]]: !simp.mp<tensor<2x2xi64>, [0, 1]>)
// CHECK: %[[X:.*]] = simp.pcall [0, 1] (%[[A]], %[[B]], %[[A]])
// CHECK: tensor.concat dim(0) %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : (tensor<4xi64>, tensor<4xi64>, tensor<4xi64>, tensor<4xi64>) -> tensor<16xi64>
// CHECK: %[[Y:.*]] = simp.pcall [0, 1] (%[[A]], %[[B]], %[[A]])
// CHECK: %[[Z:.*]] = call @mplang.ss.a2.mul.n16(%[[X]], %[[Y]]) {simp.measure = {elements = 12 : i64, op = "ss.mul"}}
// CHECK: %[[P:.*]]:3 = simp.pcall [0, 1] (%[[Z]]) : (!simp.mp<tensor<16xi64>, [0, 1]>) -> (!simp.mp<tensor<4xi64>, [0, 1]>, !simp.mp<tensor<2x2xi64>, [0, 1]>, !simp.mp<tensor<4xi64>, [0, 1]>)
// CHECK: tensor.extract_slice %{{.*}}[0] [4] [1]
// CHECK: tensor.extract_slice %{{.*}}[4] [4] [1]
// CHECK: tensor.extract_slice %{{.*}}[8] [4] [1]
// CHECK: %[[SUM:.*]] = simp.pcall [0, 1] (%[[P]]#0, %[[P]]#2)
// CHECK: call @mplang.ss.a2.mul.n16
// CHECK-NOT: call @mplang.ss.a2.mul
// CHECK: return
module attributes {simp.world_size = 2 : i64} {
  func.func @batch(%a: !s, %b: !ss.share<tensor<2x2xi64>, [0, 1]>) -> (!s, !ss.share<tensor<2x2xi64>, [0, 1]>) {
    %p = ss.mul %a, %a : !s
    %q = ss.mul %b, %b : !ss.share<tensor<2x2xi64>, [0, 1]>
    %r = ss.mul %a, %a : !s
    %sum = ss.add %p, %r : !s
    %t = ss.mul %sum, %a : !s
    return %t, %q : !s, !ss.share<tensor<2x2xi64>, [0, 1]>
  }
}

// -----

!s = !ss.share<tensor<4xi64>, [0, 1]>

// Shares pass through calls and loop state as the holders' values.
// CHECK-LABEL: func.func private @square
// CHECK-SAME: (%{{.*}}: !simp.mp<tensor<4xi64>, [0, 1]>) -> !simp.mp<tensor<4xi64>, [0, 1]>
// CHECK-LABEL: func.func @loop
// CHECK: simp.while_loop (%{{.*}}, %{{.*}}) : (!simp.mp<tensor<4xi64>, [0, 1]>, !simp.mp<i64, [0]>) -> (!simp.mp<tensor<4xi64>, [0, 1]>, !simp.mp<i64, [0]>)
// CHECK: ^bb0(%{{.*}}: !simp.mp<tensor<4xi64>, [0, 1]>, %{{.*}}: !simp.mp<i64, [0]>):
// CHECK: call @square(%{{.*}}) : (!simp.mp<tensor<4xi64>, [0, 1]>) -> !simp.mp<tensor<4xi64>, [0, 1]>
// CHECK-NOT: ss.
module attributes {simp.world_size = 2 : i64} {
  func.func private @square(%a: !s) -> !s {
    %p = ss.mul %a, %a : !s
    return %p : !s
  }
  func.func @loop(%a: !s, %n: !simp.mp<i64, [0]>) -> !s {
    %r, %m = simp.while_loop (%a, %n) : (!s, !simp.mp<i64, [0]>) -> (!s, !simp.mp<i64, [0]>)
    cond {
    ^bb0(%x: !s, %i: !simp.mp<i64, [0]>):
      %more = simp.pcall [0] (%i) : (!simp.mp<i64, [0]>) -> !simp.mp<i1, [0]> {
      ^bb0(%v: i64):
        %zero = arith.constant 0 : i64
        %gt = arith.cmpi sgt, %v, %zero : i64
        simp.yield %gt : i1
      }
      %both = simp.shuffle %more [0 <- 0, 1 <- 0] : !simp.mp<i1, [0]> -> !simp.mp<i1, [0, 1]>
      simp.yield %both : !simp.mp<i1, [0, 1]>
    } body {
    ^bb0(%x: !s, %i: !simp.mp<i64, [0]>):
      %y = func.call @square(%x) : (!s) -> !s
      %j = simp.pcall [0] (%i) : (!simp.mp<i64, [0]>) -> !simp.mp<i64, [0]> {
      ^bb0(%v: i64):
        %one = arith.constant 1 : i64
        %w = arith.subi %v, %one : i64
        simp.yield %w : i64
      }
      simp.yield %y, %j : !s, !simp.mp<i64, [0]>
    }
    return %r : !s
  }
}

// -----

!s = !ss.share<tensor<4xi64>, [0, 1]>

// A program's own function of a protocol's name keeps it; the declaration
// is renamed and links by its simp.link_name.
// CHECK-LABEL: module attributes
// CHECK: func.func private @mplang.ss.a2.mul.n16_0(!simp.mp<tensor<16xi64>, [0, 1]>, !simp.mp<tensor<16xi64>, [0, 1]>) -> !simp.mp<tensor<16xi64>, [0, 1]> attributes {simp.link_name = "mplang.ss.a2.mul.n16"}
// CHECK: func.func @mplang.ss.a2.mul.n16()
// CHECK: call @mplang.ss.a2.mul.n16_0
module attributes {simp.world_size = 2 : i64} {
  func.func @mplang.ss.a2.mul.n16() {
    return
  }
  func.func @square(%a: !s) -> !s {
    %p = ss.mul %a, %a : !s
    return %p : !s
  }
}

// -----

!s = !ss.share<tensor<4xi64>, [0, 1]>

// lt is the sign bit of the difference, eq the zero test of the difference,
// select cond * (lhs - rhs) + rhs with its product a Beaver multiplication.
// CHECK-LABEL: func.func @compare
// CHECK-SAME: (%[[A:.*]]: !simp.mp<tensor<4xi64>, [0, 1]>, %[[B:.*]]: !simp.mp<tensor<4xi64>, [0, 1]>)
// CHECK: %[[D:.*]] = simp.pcall [0, 1] (%[[A]], %[[B]])
// CHECK: arith.subi
// CHECK: %[[DP:.*]] = simp.pcall [0, 1] (%[[D]]) : (!simp.mp<tensor<4xi64>, [0, 1]>) -> !simp.mp<tensor<16xi64>, [0, 1]>
// CHECK: %[[LTP:.*]] = call @mplang.ss.a2.msb.n16(%[[DP]])
// CHECK: %[[LT:.*]] = simp.pcall [0, 1] (%[[LTP]]) : (!simp.mp<tensor<16xi64>, [0, 1]>) -> !simp.mp<tensor<4xi64>, [0, 1]>
// CHECK: %[[E:.*]] = simp.pcall [0, 1] (%[[A]], %[[B]])
// CHECK: arith.subi
// CHECK: %[[EP:.*]] = simp.pcall [0, 1] (%[[E]])
// CHECK: call @mplang.ss.a2.eqz.n16(%[[EP]])
// CHECK: %[[SD:.*]] = simp.pcall [0, 1] (%[[A]], %[[B]])
// CHECK: arith.subi
// CHECK: call @mplang.ss.a2.mul.n16
// CHECK: %[[SEL:.*]] = simp.pcall [0, 1] (%{{.*}}, %[[B]])
// CHECK: arith.addi
// CHECK: return %{{.*}}, %[[SEL]]
module attributes {simp.world_size = 2 : i64} {
  func.func @compare(%a: !s, %b: !s) -> (!s, !s) {
    %lt = ss.lt %a, %b : !s
    %eq = ss.eq %a, %b : !s
    %sel = ss.select %lt, %a, %b : !s
    return %eq, %sel : !s, !s
  }
}

// -----

!s = !ss.share<tensor<2x3xi64>, [0, 1]>

// Encoding and decoding are party calls of the value's holders; truncation
// is local, the first holder shifting its share and the second the negated
// share, joined by simp.converge.
// CHECK-LABEL: func.func @fixed_point
// CHECK: simp.pcall [0] (%{{.*}}) : (!simp.mp<tensor<2x3xf64>, [0]>) -> !simp.mp<tensor<2x3xi64>, [0]>
// CHECK: %[[SCALE:.*]] = arith.constant dense<6.553600e+04> : tensor<2x3xf64>
// CHECK: %[[S:.*]] = arith.mulf %{{.*}}, %[[SCALE]]
// CHECK: %[[NEG:.*]] = arith.cmpf olt, %[[S]]
// CHECK: %[[HALF:.*]] = arith.select %[[NEG]]
// CHECK: %[[R:.*]] = arith.addf %[[S]], %[[HALF]]
// CHECK: arith.fptosi %[[R]] : tensor<2x3xf64> to tensor<2x3xi64>
// CHECK: %[[T0:.*]] = simp.pcall [0] (%[[A:.*]]) : (!simp.mp<tensor<2x3xi64>, [0, 1]>) -> !simp.mp<tensor<2x3xi64>, [0]>
// CHECK: arith.shrsi
// CHECK: %[[T1:.*]] = simp.pcall [1] (%[[A]]) : (!simp.mp<tensor<2x3xi64>, [0, 1]>) -> !simp.mp<tensor<2x3xi64>, [1]>
// CHECK: %[[N:.*]] = arith.subi %{{.*}}, %{{.*}}
// CHECK: %[[SH:.*]] = arith.shrsi %[[N]]
// CHECK: arith.subi %{{.*}}, %[[SH]]
// CHECK: %[[T:.*]] = simp.converge %[[T0]], %[[T1]]
// CHECK: simp.pcall [0] (%{{.*}}) : (!simp.mp<tensor<2x3xi64>, [0]>) -> !simp.mp<tensor<2x3xf64>, [0]>
// CHECK: arith.sitofp
// CHECK: arith.constant dense<1.52587890625E-5> : tensor<2x3xf64>
// CHECK: arith.mulf
module attributes {simp.world_size = 2 : i64} {
  func.func @fixed_point(%x: !simp.mp<tensor<2x3xf64>, [0]>, %a: !s, %y: !simp.mp<tensor<2x3xi64>, [0]>)
      -> (!simp.mp<tensor<2x3xi64>, [0]>, !s, !simp.mp<tensor<2x3xf64>, [0]>) {
    %e = ss.encode %x {fraction_bits = 16} : !simp.mp<tensor<2x3xf64>, [0]> -> !simp.mp<tensor<2x3xi64>, [0]>
    %t = ss.trunc %a {bits = 16} : !s
    %d = ss.decode %y {fraction_bits = 16} : !simp.mp<tensor<2x3xi64>, [0]> -> !simp.mp<tensor<2x3xf64>, [0]>
    return %e, %t, %d : !simp.mp<tensor<2x3xi64>, [0]>, !s, !simp.mp<tensor<2x3xf64>, [0]>
  }
}

// -----

// A matrix product spreads both operands over M x K x N, multiplies them
// element by element in one call and sums over K.
// CHECK-LABEL: func.func @matmul
// CHECK: %[[X:.*]]:2 = simp.pcall [0, 1] (%{{.*}}, %{{.*}}) : (!simp.mp<tensor<2x3xi64>, [0, 1]>, !simp.mp<tensor<3x4xi64>, [0, 1]>) -> (!simp.mp<tensor<2x3x4xi64>, [0, 1]>, !simp.mp<tensor<2x3x4xi64>, [0, 1]>)
// CHECK: linalg.broadcast ins(%{{.*}} : tensor<2x3xi64>) outs(%{{.*}} : tensor<2x3x4xi64>) dimensions = [2]
// CHECK: linalg.broadcast ins(%{{.*}} : tensor<3x4xi64>) outs(%{{.*}} : tensor<2x3x4xi64>) dimensions = [0]
// CHECK: call @mplang.ss.a2.mul.n32
// CHECK: simp.pcall [0, 1] (%{{.*}}) : (!simp.mp<tensor<2x3x4xi64>, [0, 1]>) -> !simp.mp<tensor<2x4xi64>, [0, 1]>
// CHECK: linalg.reduce ins(%{{.*}} : tensor<2x3x4xi64>) outs(%{{.*}} : tensor<2x4xi64>) dimensions = [1]
module attributes {simp.world_size = 2 : i64} {
  func.func @matmul(%a: !ss.share<tensor<2x3xi64>, [0, 1]>, %b: !ss.share<tensor<3x4xi64>, [0, 1]>)
      -> !ss.share<tensor<2x4xi64>, [0, 1]> {
    %m = ss.matmul %a, %b : !ss.share<tensor<2x3xi64>, [0, 1]>, !ss.share<tensor<3x4xi64>, [0, 1]> -> !ss.share<tensor<2x4xi64>, [0, 1]>
    return %m : !ss.share<tensor<2x4xi64>, [0, 1]>
  }
}

// -----

// Beyond the largest protocol size, blocks of whole rows (here 2 of the 3)
// run as calls of their own and are joined.
// CHECK-LABEL: func.func @large
// CHECK: simp.pcall [0, 1]
// CHECK: tensor.extract_slice %{{.*}}[0, 0] [2, 512] [1, 1] : tensor<3x512xi64> to tensor<2x512xi64>
// CHECK: call @mplang.ss.a2.mul.n1048576(%{{.*}}, %{{.*}}) {simp.measure = {elements = 1048576 : i64, op = "ss.matmul"}}
// CHECK: tensor.extract_slice %{{.*}}[2, 0] [1, 512] [1, 1] : tensor<3x512xi64> to tensor<1x512xi64>
// CHECK: call @mplang.ss.a2.mul.n524288
// CHECK: tensor.concat dim(0) %{{.*}}, %{{.*}} : (tensor<2x1024xi64>, tensor<1x1024xi64>) -> tensor<3x1024xi64>
module attributes {simp.world_size = 2 : i64} {
  func.func @large(%a: !ss.share<tensor<3x512xi64>, [0, 1]>, %b: !ss.share<tensor<512x1024xi64>, [0, 1]>)
      -> !ss.share<tensor<3x1024xi64>, [0, 1]> {
    %m = ss.matmul %a, %b : !ss.share<tensor<3x512xi64>, [0, 1]>, !ss.share<tensor<512x1024xi64>, [0, 1]> -> !ss.share<tensor<3x1024xi64>, [0, 1]>
    return %m : !ss.share<tensor<3x1024xi64>, [0, 1]>
  }
}

// -----

// Reshapes and broadcasts are local.
// CHECK-LABEL: func.func @shapes
// CHECK: simp.pcall [0, 1] (%{{.*}}) : (!simp.mp<tensor<6xi64>, [0, 1]>) -> !simp.mp<tensor<2x3xi64>, [0, 1]>
// CHECK: tensor.expand_shape %{{.*}} {{\[}}[0, 1]] output_shape [2, 3] : tensor<6xi64> into tensor<2x3xi64>
// CHECK: simp.pcall [0, 1] (%{{.*}}) : (!simp.mp<tensor<i64>, [0, 1]>) -> !simp.mp<tensor<4x2xi64>, [0, 1]>
// CHECK: linalg.broadcast ins(%{{.*}} : tensor<i64>) outs(%{{.*}} : tensor<4x2xi64>) dimensions = [0, 1]
module attributes {simp.world_size = 2 : i64} {
  func.func @shapes(%a: !ss.share<tensor<6xi64>, [0, 1]>, %s: !ss.share<tensor<i64>, [0, 1]>)
      -> (!ss.share<tensor<2x3xi64>, [0, 1]>, !ss.share<tensor<4x2xi64>, [0, 1]>) {
    %r = ss.reshape %a : !ss.share<tensor<6xi64>, [0, 1]> -> !ss.share<tensor<2x3xi64>, [0, 1]>
    %b = ss.broadcast %s [0, 1] : !ss.share<tensor<i64>, [0, 1]> -> !ss.share<tensor<4x2xi64>, [0, 1]>
    return %r, %b : !ss.share<tensor<2x3xi64>, [0, 1]>, !ss.share<tensor<4x2xi64>, [0, 1]>
  }
}

// -----

!s = !ss.share<tensor<4xi64>, [0, 1]>

// Independent comparisons batch as products do: the two sign bits are one
// msb call on both differences, the two equality tests one eqz call.
// CHECK-LABEL: func.func @batch
// CHECK: %[[D1:.*]] = simp.pcall [0, 1] (%[[A:[^,]*]], %[[B:[^)]*]])
// CHECK: %[[D2:.*]] = simp.pcall [0, 1] (%[[B]], %[[C:[^)]*]])
// CHECK: %[[P:.*]] = simp.pcall [0, 1] (%[[D1]], %[[D2]]) : (!simp.mp<tensor<4xi64>, [0, 1]>, !simp.mp<tensor<4xi64>, [0, 1]>) -> !simp.mp<tensor<16xi64>, [0, 1]>
// CHECK: call @mplang.ss.a2.msb.n16(%[[P]])
// CHECK-NOT: call @mplang.ss.a2.msb
// CHECK: %[[E1:.*]] = simp.pcall [0, 1] (%[[A]], %[[C]])
// CHECK: %[[E2:.*]] = simp.pcall [0, 1] (%[[B]], %[[C]])
// CHECK: %[[Q:.*]] = simp.pcall [0, 1] (%[[E1]], %[[E2]])
// CHECK: call @mplang.ss.a2.eqz.n16(%[[Q]])
// CHECK-NOT: call @mplang.ss.a2.eqz
module attributes {simp.world_size = 2 : i64} {
  func.func @batch(%a: !s, %b: !s, %c: !s) -> (!s, !s, !s, !s) {
    %x = ss.lt %a, %b : !s
    %y = ss.lt %b, %c : !s
    %e = ss.eq %a, %c : !s
    %f = ss.eq %b, %c : !s
    return %x, %y, %e, %f : !s, !s, !s, !s
  }
}

// -----

!s = !ss.share<tensor<4xi64>, [0, 1]>

// Exact truncation: the first holder adds 2^62, the wrap bit of the shares
// comes from the library, and each holder shifts its share logically and
// subtracts its share of the wrap bit times 2^(64 - f); the first also
// 2^(62 - f).
// CHECK-LABEL: func.func @exact
// CHECK: %[[B0:.*]] = simp.pcall [0] (%[[X:.*]]) : (!simp.mp<tensor<4xi64>, [0, 1]>) -> !simp.mp<tensor<4xi64>, [0]>
// CHECK: arith.constant dense<4611686018427387904> : tensor<4xi64>
// CHECK: arith.addi
// CHECK: %[[B1:.*]] = simp.pcall [1] (%[[X]])
// CHECK: %[[Y:.*]] = simp.converge %[[B0]], %[[B1]]
// CHECK: call @mplang.ss.a2.wrap.n16(%{{.*}}) {simp.measure = {elements = 4 : i64, op = "ss.trunc"}}
// CHECK: %[[W:.*]] = simp.pcall [0, 1]
// CHECK: simp.pcall [0] (%[[Y]], %[[W]])
// CHECK: arith.constant dense<16> : tensor<4xi64>
// CHECK: arith.shrui
// CHECK: arith.constant dense<48> : tensor<4xi64>
// CHECK: arith.shli
// CHECK: arith.subi
// CHECK: arith.constant dense<70368744177664> : tensor<4xi64>
// CHECK: arith.subi
// CHECK: simp.pcall [1] (%[[Y]], %[[W]])
// CHECK: simp.converge
module attributes {simp.world_size = 2 : i64} {
  func.func @exact(%a: !s) -> !s {
    %t = ss.trunc %a {bits = 16, exact} : !s
    return %t : !s
  }
}

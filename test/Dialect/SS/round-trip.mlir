// RUN: mplang-opt %s | FileCheck %s
// Printing, re-parsing and printing again is a fixed point, in the custom and
// the generic form.
// RUN: mplang-opt %s | mplang-opt | FileCheck %s
// RUN: mplang-opt %s --mlir-print-op-generic | mplang-opt | FileCheck %s

!s = !ss.share<tensor<4xi64>, [0, 2]>

module attributes {simp.world_size = 3 : i64} {

// The default scheme is not printed.
// CHECK-LABEL: func.func @types
// CHECK-SAME: !ss.share<tensor<4xi64>, [0, 2]>
// CHECK-SAME: !ss.share<tensor<2x3xi64>, [0, 1, 2]>
// CHECK-SAME: !ss.share<tensor<i64>, [1, 2]>
// CHECK-SAME: !ss.share<tensor<8xi64>, [0, 1, 2], #ss.replicated>
func.func @types(%a: !ss.share<tensor<4xi64>, [0, 2], #ss.additive>,
                 %b: !ss.share<tensor<2x3xi64>, [0, 1, 2]>,
                 %c: !ss.share<tensor<i64>, [1, 2]>,
                 %d: !ss.share<tensor<8xi64>, [0, 1, 2], #ss.replicated>) {
  return
}

// CHECK-LABEL: func.func @ops
// CHECK: %[[A:.*]] = ss.share %{{.*}} : !simp.mp<tensor<4xi64>, [0]> -> !ss.share<tensor<4xi64>, [0, 2]>
// CHECK: %[[B:.*]] = ss.share %{{.*}} : !simp.mp<tensor<4xi64>, [2]> -> !ss.share<tensor<4xi64>, [0, 2]>
// CHECK: %[[SUM:.*]] = ss.add %[[A]], %[[B]] : !ss.share<tensor<4xi64>, [0, 2]>
// CHECK: %[[DIFF:.*]] = ss.sub %[[SUM]], %[[B]] : !ss.share<tensor<4xi64>, [0, 2]>
// CHECK: %[[NEG:.*]] = ss.neg %[[DIFF]] : !ss.share<tensor<4xi64>, [0, 2]>
// CHECK: %[[PROD:.*]] = ss.mul %[[NEG]], %[[A]] : !ss.share<tensor<4xi64>, [0, 2]>
// CHECK: %[[SCALED:.*]] = ss.mul_public %[[PROD]], %{{.*}} : !ss.share<tensor<4xi64>, [0, 2]>, !simp.mp<tensor<4xi64>, [0, 1, 2]>
// CHECK: %[[TOTAL:.*]] = ss.sum %[[SCALED]] [0] : !ss.share<tensor<4xi64>, [0, 2]> -> !ss.share<tensor<i64>, [0, 2]>
// CHECK: %{{.*}} = ss.reveal %[[SCALED]] : !ss.share<tensor<4xi64>, [0, 2]> -> !simp.mp<tensor<4xi64>, [1]>
func.func @ops(%x: !simp.mp<tensor<4xi64>, [0]>, %y: !simp.mp<tensor<4xi64>, [2]>,
               %w: !simp.mp<tensor<4xi64>, [0, 1, 2]>) -> !simp.mp<tensor<4xi64>, [1]> {
  %a = ss.share %x : !simp.mp<tensor<4xi64>, [0]> -> !s
  %b = ss.share %y : !simp.mp<tensor<4xi64>, [2]> -> !s
  %sum = ss.add %a, %b : !s
  %diff = ss.sub %sum, %b : !s
  %neg = ss.neg %diff : !s
  %prod = ss.mul %neg, %a : !s
  %scaled = ss.mul_public %prod, %w : !s, !simp.mp<tensor<4xi64>, [0, 1, 2]>
  %total = ss.sum %scaled [0] : !s -> !ss.share<tensor<i64>, [0, 2]>
  %r = ss.reveal %scaled : !s -> !simp.mp<tensor<4xi64>, [1]>
  return %r : !simp.mp<tensor<4xi64>, [1]>
}

// CHECK-LABEL: func.func @compare
// CHECK: %[[LT:.*]] = ss.lt %[[A:.*]], %[[B:.*]] : !ss.share<tensor<4xi64>, [0, 2]>
// CHECK: %[[EQ:.*]] = ss.eq %[[A]], %[[B]] : !ss.share<tensor<4xi64>, [0, 2]>
// CHECK: %[[NEG:.*]] = ss.msb %[[A]] : !ss.share<tensor<4xi64>, [0, 2]>
// CHECK: %{{.*}} = ss.select %[[LT]], %[[EQ]], %[[NEG]] : !ss.share<tensor<4xi64>, [0, 2]>
func.func @compare(%a: !s, %b: !s) -> !s {
  %lt = ss.lt %a, %b : !s
  %eq = ss.eq %a, %b : !s
  %neg = ss.msb %a : !s
  %r = ss.select %lt, %eq, %neg : !s
  return %r : !s
}

// CHECK-LABEL: func.func @fixed_point
// CHECK: %[[E:.*]] = ss.encode %{{.*}} {fraction_bits = 16 : i64} : !simp.mp<tensor<2x3xf64>, [0]> -> !simp.mp<tensor<2x3xi64>, [0]>
// CHECK: %[[D:.*]] = ss.decode %[[E]] {fraction_bits = 16 : i64} : !simp.mp<tensor<2x3xi64>, [0]> -> !simp.mp<tensor<2x3xf32>, [0]>
// CHECK: %[[T:.*]] = ss.trunc %{{.*}} {bits = 16 : i64} : !ss.share<tensor<2x3xi64>, [0, 2]>
// CHECK: ss.trunc %[[T]] {bits = 8 : i64, exact} : !ss.share<tensor<2x3xi64>, [0, 2]>
// CHECK: %{{.*}} = ss.matmul %[[T]], %{{.*}} : !ss.share<tensor<2x3xi64>, [0, 2]>, !ss.share<tensor<3x4xi64>, [0, 2]> -> !ss.share<tensor<2x4xi64>, [0, 2]>
func.func @fixed_point(%x: !simp.mp<tensor<2x3xf64>, [0]>, %a: !ss.share<tensor<2x3xi64>, [0, 2]>,
                       %b: !ss.share<tensor<3x4xi64>, [0, 2]>)
    -> (!simp.mp<tensor<2x3xf32>, [0]>, !ss.share<tensor<2x4xi64>, [0, 2]>) {
  %e = ss.encode %x {fraction_bits = 16} : !simp.mp<tensor<2x3xf64>, [0]> -> !simp.mp<tensor<2x3xi64>, [0]>
  %d = ss.decode %e {fraction_bits = 16} : !simp.mp<tensor<2x3xi64>, [0]> -> !simp.mp<tensor<2x3xf32>, [0]>
  %t = ss.trunc %a {bits = 16} : !ss.share<tensor<2x3xi64>, [0, 2]>
  %u = ss.trunc %t {bits = 8, exact} : !ss.share<tensor<2x3xi64>, [0, 2]>
  %m = ss.matmul %t, %b : !ss.share<tensor<2x3xi64>, [0, 2]>, !ss.share<tensor<3x4xi64>, [0, 2]> -> !ss.share<tensor<2x4xi64>, [0, 2]>
  return %d, %m : !simp.mp<tensor<2x3xf32>, [0]>, !ss.share<tensor<2x4xi64>, [0, 2]>
}

// CHECK-LABEL: func.func @shapes
// CHECK: ss.reshape %{{.*}} : !ss.share<tensor<4xi64>, [0, 2]> -> !ss.share<tensor<2x2xi64>, [0, 2]>
// CHECK: ss.broadcast %{{.*}} [1] : !ss.share<tensor<2x2xi64>, [0, 2]> -> !ss.share<tensor<2x5x2xi64>, [0, 2]>
func.func @shapes(%a: !s) -> !ss.share<tensor<2x5x2xi64>, [0, 2]> {
  %r = ss.reshape %a : !s -> !ss.share<tensor<2x2xi64>, [0, 2]>
  %b = ss.broadcast %r [1] : !ss.share<tensor<2x2xi64>, [0, 2]> -> !ss.share<tensor<2x5x2xi64>, [0, 2]>
  return %b : !ss.share<tensor<2x5x2xi64>, [0, 2]>
}

}

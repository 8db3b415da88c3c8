// RUN: mplang-opt %s -split-input-file | FileCheck %s
// Printing, re-parsing and printing again is a fixed point, in the custom and
// the generic form.
// RUN: mplang-opt %s -split-input-file | mplang-opt -split-input-file | FileCheck %s
// RUN: mplang-opt %s -split-input-file --mlir-print-op-generic | mplang-opt -split-input-file | FileCheck %s

module attributes {simp.world_size = 3 : i64} {

// CHECK-LABEL: func.func @types
// CHECK-SAME: !simp.mp<tensor<4xi32>, [0, 2]>
// CHECK-SAME: !simp.mp<i1, ?>
// CHECK-SAME: !simp.mp<!simp.mp<i64, [0]>, [0, 1]>
func.func @types(%a: !simp.mp<tensor<4xi32>, [0, 2]>, %b: !simp.mp<i1, ?>,
                 %c: !simp.mp<!simp.mp<i64, [0]>, [0, 1]>) {
  return
}

// CHECK-LABEL: func.func @pcall
// CHECK: %[[R:.*]] = simp.pcall [0, 1] (%{{.*}}, %{{.*}}) : (!simp.mp<i32, [0, 1]>, index) -> !simp.mp<i32, [0, 1]> {
// CHECK-NEXT: ^bb0(%[[A:.*]]: i32, %{{.*}}: index):
// CHECK-NEXT:   %[[S:.*]] = arith.addi %[[A]], %[[A]] : i32
// CHECK-NEXT:   simp.yield %[[S]] : i32
// CHECK-NEXT: }
// CHECK: simp.pcall [2] () : () -> () {
// CHECK-NEXT:   simp.yield
// CHECK-NEXT: }
func.func @pcall(%x: !simp.mp<i32, [0, 1]>, %i: index) -> !simp.mp<i32, [0, 1]> {
  %0 = simp.pcall [0, 1] (%x, %i) : (!simp.mp<i32, [0, 1]>, index) -> !simp.mp<i32, [0, 1]> {
  ^bb0(%a: i32, %j: index):
    %s = arith.addi %a, %a : i32
    simp.yield %s : i32
  }
  simp.pcall [2] () : () -> () {
    simp.yield
  }
  return %0 : !simp.mp<i32, [0, 1]>
}

// CHECK-LABEL: func.func @pcall_dynamic
// CHECK: simp.pcall_dynamic (%{{.*}}) : (!simp.mp<i32, ?>) -> !simp.mp<i32, ?> {
func.func @pcall_dynamic(%x: !simp.mp<i32, ?>) -> !simp.mp<i32, ?> {
  %0 = simp.pcall_dynamic (%x) : (!simp.mp<i32, ?>) -> !simp.mp<i32, ?> {
  ^bb0(%a: i32):
    simp.yield %a : i32
  }
  return %0 : !simp.mp<i32, ?>
}

// CHECK-LABEL: func.func @shuffle
// CHECK: simp.shuffle %{{.*}} [2 <- 0, 1 <- 0] : !simp.mp<i32, [0]> -> !simp.mp<i32, [1, 2]>
// CHECK: simp.shuffle %{{.*}} [0 <- 1, 1 <- 0] : !simp.mp<i32, [0, 1]> -> !simp.mp<i32, [0, 1]>
// CHECK: simp.shuffle %{{.*}} [0 <- 0] : !simp.mp<i32, [0]> -> !simp.mp<i32, [0]>
func.func @shuffle(%x: !simp.mp<i32, [0]>, %y: !simp.mp<i32, [0, 1]>) {
  %0 = simp.shuffle %x [2 <- 0, 1 <- 0] : !simp.mp<i32, [0]> -> !simp.mp<i32, [1, 2]>
  %1 = simp.shuffle %y [0 <- 1, 1 <- 0] : !simp.mp<i32, [0, 1]> -> !simp.mp<i32, [0, 1]>
  %2 = simp.shuffle %x [0 <- 0] : !simp.mp<i32, [0]> -> !simp.mp<i32, [0]>
  return
}

// CHECK-LABEL: func.func @shuffle_dynamic
// CHECK: simp.shuffle_dynamic %{{.*}}, %{{.*}} : !simp.mp<f32, [0, 1]>, !simp.mp<tensor<i64>, [0, 1]> -> !simp.mp<f32, ?>
func.func @shuffle_dynamic(%x: !simp.mp<f32, [0, 1]>, %i: !simp.mp<tensor<i64>, [0, 1]>) -> !simp.mp<f32, ?> {
  %0 = simp.shuffle_dynamic %x, %i : !simp.mp<f32, [0, 1]>, !simp.mp<tensor<i64>, [0, 1]> -> !simp.mp<f32, ?>
  return %0 : !simp.mp<f32, ?>
}

// CHECK-LABEL: func.func @converge
// CHECK: simp.converge %{{.*}}, %{{.*}} : !simp.mp<i32, [0]>, !simp.mp<i32, [1, 2]> -> !simp.mp<i32, [0, 1, 2]>
// CHECK: simp.converge %{{.*}}, %{{.*}} : !simp.mp<i32, [0]>, !simp.mp<i32, ?> -> !simp.mp<i32, ?>
func.func @converge(%a: !simp.mp<i32, [0]>, %b: !simp.mp<i32, [1, 2]>, %c: !simp.mp<i32, ?>) {
  %0 = simp.converge %a, %b : !simp.mp<i32, [0]>, !simp.mp<i32, [1, 2]> -> !simp.mp<i32, [0, 1, 2]>
  %1 = simp.converge %a, %c : !simp.mp<i32, [0]>, !simp.mp<i32, ?> -> !simp.mp<i32, ?>
  return
}

// CHECK-LABEL: func.func @uniform_cond
// CHECK: simp.uniform_cond %{{.*}} (%{{.*}}) : !simp.mp<i1, [0, 1]>, (!simp.mp<i32, [0, 1]>) -> !simp.mp<i32, [0, 1]> then {
// CHECK: } else {
// CHECK: simp.uniform_cond %{{.*}} () {verify_uniform = false} : !simp.mp<tensor<i1>, [0, 1]>, () -> () then {
func.func @uniform_cond(%p: !simp.mp<i1, [0, 1]>, %q: !simp.mp<tensor<i1>, [0, 1]>,
                        %x: !simp.mp<i32, [0, 1]>) -> !simp.mp<i32, [0, 1]> {
  %0 = simp.uniform_cond %p (%x) : !simp.mp<i1, [0, 1]>, (!simp.mp<i32, [0, 1]>) -> !simp.mp<i32, [0, 1]> then {
  ^bb0(%a: !simp.mp<i32, [0, 1]>):
    simp.yield %a : !simp.mp<i32, [0, 1]>
  } else {
  ^bb0(%a: !simp.mp<i32, [0, 1]>):
    simp.yield %x : !simp.mp<i32, [0, 1]>
  }
  simp.uniform_cond %q () {verify_uniform = false} : !simp.mp<tensor<i1>, [0, 1]>, () -> () then {
    simp.yield
  } else {
    simp.yield
  }
  return %0 : !simp.mp<i32, [0, 1]>
}

// A uniform_cond and a while_loop on local values inside a party call.
// CHECK-LABEL: func.func @local_control_flow
// CHECK: simp.pcall [0, 1]
// CHECK: simp.uniform_cond %{{.*}} (%{{.*}}) : i1, (i32) -> i32 then {
// CHECK: simp.while_loop (%{{.*}}) : (i32) -> i32 cond {
// CHECK: } body {
func.func @local_control_flow(%x: !simp.mp<i32, [0, 1]>) -> !simp.mp<i32, [0, 1]> {
  %0 = simp.pcall [0, 1] (%x) : (!simp.mp<i32, [0, 1]>) -> !simp.mp<i32, [0, 1]> {
  ^bb0(%a: i32):
    %zero = arith.constant 0 : i32
    %pos = arith.cmpi sgt, %a, %zero : i32
    %b = simp.uniform_cond %pos (%a) : i1, (i32) -> i32 then {
    ^bb0(%v: i32):
      simp.yield %v : i32
    } else {
    ^bb0(%v: i32):
      simp.yield %zero : i32
    }
    %c = simp.while_loop (%b) : (i32) -> i32 cond {
    ^bb0(%s: i32):
      %ten = arith.constant 10 : i32
      %lt = arith.cmpi slt, %s, %ten : i32
      simp.yield %lt : i1
    } body {
    ^bb0(%s: i32):
      %one = arith.constant 1 : i32
      %n = arith.addi %s, %one : i32
      simp.yield %n : i32
    }
    simp.yield %c : i32
  }
  return %0 : !simp.mp<i32, [0, 1]>
}

// CHECK-LABEL: func.func @nested_mp
// CHECK: simp.pcall [0, 1] () : () -> !simp.mp<!simp.mp<i64, [0]>, [0, 1]>
func.func @nested_mp() -> !simp.mp<!simp.mp<i64, [0]>, [0, 1]> {
  %0 = simp.pcall [0, 1] () : () -> !simp.mp<!simp.mp<i64, [0]>, [0, 1]> {
    %1 = simp.pcall [0] () : () -> !simp.mp<i64, [0]> {
      %c = arith.constant 5 : i64
      simp.yield %c : i64
    }
    simp.yield %1 : !simp.mp<i64, [0]>
  }
  return %0 : !simp.mp<!simp.mp<i64, [0]>, [0, 1]>
}
}

// -----
// Projected programs: one module per rank, point-to-point messages.

// CHECK-LABEL: module @rank0 attributes {simp.rank = 0 : i64}
// CHECK: simp.send %{{.*}} to 1 tag 0 : tensor<4xi32>
// CHECK: simp.recv from 1 tag 1 : tensor<4xi32>
module attributes {simp.world_size = 2 : i64} {
  module @rank0 attributes {simp.rank = 0 : i64} {
    func.func @main(%x: tensor<4xi32>) -> tensor<4xi32> {
      simp.send %x to 1 tag 0 : tensor<4xi32>
      %y = simp.recv from 1 tag 1 : tensor<4xi32>
      return %y : tensor<4xi32>
    }
  }
}

// -----
// Run-time checked forms of projected programs.

// CHECK-LABEL: module @rank1 attributes {simp.rank = 1 : i64}
// CHECK-LABEL: func.func @checked
// CHECK-SAME: (%[[X:.*]]: i32, %[[P:.*]]: i1, %[[I:.*]]: i64, %[[T:.*]]: tensor<4xi32>)
// CHECK-NEXT: %[[A:.*]] = simp.absent : i32
// CHECK-NEXT: %[[Y:.*]] = simp.if_present (%[[A]], %[[X]]) : (i32, i32) -> i32 {
// CHECK-NEXT: ^bb0(%[[U:.*]]: i32, %[[V:.*]]: i32):
// CHECK-NEXT:   %[[S:.*]] = arith.addi %[[U]], %[[V]] : i32
// CHECK-NEXT:   simp.yield %[[S]] : i32
// CHECK-NEXT: }
// CHECK-NEXT: %[[F:.*]] = simp.first_present %[[Y]], %[[X]] : i32
// CHECK-NEXT: %[[Q:.*]] = simp.agree %[[P]] among [0, 1, 2] tag 0 : i1
// CHECK-NEXT: %[[E:.*]] = simp.exchange %[[T]], %[[I]] among [1, 2] tag 1 : tensor<4xi32>, i64
// CHECK-NEXT: return %[[F]], %[[Q]], %[[E]] : i32, i1, tensor<4xi32>
module attributes {simp.world_size = 3 : i64} {
  module @rank1 attributes {simp.rank = 1 : i64} {
    func.func @checked(%x: i32, %p: i1, %i: i64, %t: tensor<4xi32>) -> (i32, i1, tensor<4xi32>) {
      %a = simp.absent : i32
      %y = simp.if_present (%a, %x) : (i32, i32) -> i32 {
      ^bb0(%u: i32, %v: i32):
        %s = arith.addi %u, %v : i32
        simp.yield %s : i32
      }
      %f = simp.first_present %y, %x : i32
      %q = simp.agree %p among [0, 1, 2] tag 0 : i1
      %e = simp.exchange %t, %i among [1, 2] tag 1 : tensor<4xi32>, i64
      return %f, %q, %e : i32, i1, tensor<4xi32>
    }
  }
}

// RUN: mplang-opt %s -canonicalize | FileCheck %s

module attributes {simp.world_size = 3 : i64} {

// CHECK-LABEL: func.func @shuffle_to_self
// CHECK-SAME: (%[[X:.*]]: !simp.mp<i32, [0, 1]>)
// CHECK-NEXT: return %[[X]] : !simp.mp<i32, [0, 1]>
func.func @shuffle_to_self(%x: !simp.mp<i32, [0, 1]>) -> !simp.mp<i32, [0, 1]> {
  %0 = simp.shuffle %x [1 <- 1, 0 <- 0] : !simp.mp<i32, [0, 1]> -> !simp.mp<i32, [0, 1]>
  return %0 : !simp.mp<i32, [0, 1]>
}

// Keeping only some holders' copies changes the type: not folded.
// CHECK-LABEL: func.func @shuffle_to_self_subset
// CHECK-NEXT: %[[S:.*]] = simp.shuffle %{{.*}} [0 <- 0] : !simp.mp<i32, [0, 1]> -> !simp.mp<i32, [0]>
// CHECK-NEXT: return %[[S]]
func.func @shuffle_to_self_subset(%x: !simp.mp<i32, [0, 1]>) -> !simp.mp<i32, [0]> {
  %0 = simp.shuffle %x [0 <- 0] : !simp.mp<i32, [0, 1]> -> !simp.mp<i32, [0]>
  return %0 : !simp.mp<i32, [0]>
}

// A swap keeps the type but moves data: not folded.
// CHECK-LABEL: func.func @shuffle_swap
// CHECK-NEXT: %[[S:.*]] = simp.shuffle %{{.*}} [0 <- 1, 1 <- 0] : !simp.mp<i32, [0, 1]> -> !simp.mp<i32, [0, 1]>
// CHECK-NEXT: return %[[S]]
func.func @shuffle_swap(%x: !simp.mp<i32, [0, 1]>) -> !simp.mp<i32, [0, 1]> {
  %0 = simp.shuffle %x [0 <- 1, 1 <- 0] : !simp.mp<i32, [0, 1]> -> !simp.mp<i32, [0, 1]>
  return %0 : !simp.mp<i32, [0, 1]>
}

// A dynamic input becomes static: not folded.
// CHECK-LABEL: func.func @shuffle_to_self_dynamic
// CHECK-NEXT: %[[S:.*]] = simp.shuffle %{{.*}} [0 <- 0] : !simp.mp<i32, ?> -> !simp.mp<i32, [0]>
// CHECK-NEXT: return %[[S]]
func.func @shuffle_to_self_dynamic(%x: !simp.mp<i32, ?>) -> !simp.mp<i32, [0]> {
  %0 = simp.shuffle %x [0 <- 0] : !simp.mp<i32, ?> -> !simp.mp<i32, [0]>
  return %0 : !simp.mp<i32, [0]>
}

// CHECK-LABEL: func.func @converge_one
// CHECK-SAME: (%[[X:.*]]: !simp.mp<i32, [2]>)
// CHECK-NEXT: return %[[X]] : !simp.mp<i32, [2]>
func.func @converge_one(%x: !simp.mp<i32, [2]>) -> !simp.mp<i32, [2]> {
  %0 = simp.converge %x : !simp.mp<i32, [2]> -> !simp.mp<i32, [2]>
  return %0 : !simp.mp<i32, [2]>
}

// CHECK-LABEL: func.func @converge_two
// CHECK-NEXT: %[[C:.*]] = simp.converge %{{.*}}, %{{.*}} : !simp.mp<i32, [0]>, !simp.mp<i32, [1]> -> !simp.mp<i32, [0, 1]>
// CHECK-NEXT: return %[[C]]
func.func @converge_two(%a: !simp.mp<i32, [0]>, %b: !simp.mp<i32, [1]>) -> !simp.mp<i32, [0, 1]> {
  %0 = simp.converge %a, %b : !simp.mp<i32, [0]>, !simp.mp<i32, [1]> -> !simp.mp<i32, [0, 1]>
  return %0 : !simp.mp<i32, [0, 1]>
}

// CHECK-LABEL: func.func @converge_one_dynamic
// CHECK-NEXT: %[[C:.*]] = simp.converge %{{.*}} : !simp.mp<i32, [0]>, !simp.mp<i32, ?> -> !simp.mp<i32, ?>
func.func @converge_one_dynamic(%a: !simp.mp<i32, [0]>, %b: !simp.mp<i32, ?>) -> !simp.mp<i32, ?> {
  %0 = simp.converge %a, %b : !simp.mp<i32, [0]>, !simp.mp<i32, ?> -> !simp.mp<i32, ?>
  return %0 : !simp.mp<i32, ?>
}

// CHECK-LABEL: func.func @pcall_empty
// CHECK-NEXT: return
func.func @pcall_empty(%x: !simp.mp<i32, [0]>) {
  simp.pcall [0] (%x) : (!simp.mp<i32, [0]>) -> () {
  ^bb0(%a: i32):
    simp.yield
  }
  return
}

// A body with an effect stays even without results.
// CHECK-LABEL: func.func @pcall_no_results_with_effect
// CHECK-NEXT: simp.pcall [0] (%{{.*}}) : (!simp.mp<i32, [0]>) -> () {
// CHECK-NEXT: ^bb0(%[[A:.*]]: i32):
// CHECK-NEXT:   simp.send %[[A]] to 1 tag 0 : i32
// CHECK-NEXT:   simp.yield
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @pcall_no_results_with_effect(%x: !simp.mp<i32, [0]>) {
  simp.pcall [0] (%x) : (!simp.mp<i32, [0]>) -> () {
  ^bb0(%a: i32):
    simp.send %a to 1 tag 0 : i32
    simp.yield
  }
  return
}

// The pass-through result is the operand; the other result stays.
// CHECK-LABEL: func.func @pcall_pass_through
// CHECK-SAME: (%[[X:.*]]: !simp.mp<i32, [0, 1]>)
// CHECK-NEXT: %[[R:.*]] = simp.pcall [0, 1] (%[[X]]) : (!simp.mp<i32, [0, 1]>) -> !simp.mp<i32, [0, 1]> {
// CHECK-NEXT: ^bb0(%[[A:.*]]: i32):
// CHECK-NEXT:   %[[S:.*]] = arith.addi %[[A]], %[[A]] : i32
// CHECK-NEXT:   simp.yield %[[S]] : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %[[X]], %[[R]] : !simp.mp<i32, [0, 1]>, !simp.mp<i32, [0, 1]>
func.func @pcall_pass_through(%x: !simp.mp<i32, [0, 1]>) -> (!simp.mp<i32, [0, 1]>, !simp.mp<i32, [0, 1]>) {
  %0:2 = simp.pcall [0, 1] (%x) : (!simp.mp<i32, [0, 1]>) -> (!simp.mp<i32, [0, 1]>, !simp.mp<i32, [0, 1]>) {
  ^bb0(%a: i32):
    %s = arith.addi %a, %a : i32
    simp.yield %a, %s : i32, i32
  }
  return %0#0, %0#1 : !simp.mp<i32, [0, 1]>, !simp.mp<i32, [0, 1]>
}

// Once every result is forwarded, the call has no effect left and goes.
// CHECK-LABEL: func.func @pcall_pass_through_only
// CHECK-SAME: (%[[X:.*]]: !simp.mp<i32, [0, 1]>)
// CHECK-NEXT: return %[[X]] : !simp.mp<i32, [0, 1]>
func.func @pcall_pass_through_only(%x: !simp.mp<i32, [0, 1]>) -> !simp.mp<i32, [0, 1]> {
  %0 = simp.pcall [0, 1] (%x) : (!simp.mp<i32, [0, 1]>) -> !simp.mp<i32, [0, 1]> {
  ^bb0(%a: i32):
    simp.yield %a : i32
  }
  return %0 : !simp.mp<i32, [0, 1]>
}

// Passing through on fewer parties than hold the operand narrows the type,
// and a public operand becomes a party value: neither is replaced.
// CHECK-LABEL: func.func @pcall_pass_through_other_type
// CHECK-NEXT: %[[R:.*]]:2 = simp.pcall [0] (%{{.*}}, %{{.*}}) : (!simp.mp<i32, [0, 1]>, i32) -> (!simp.mp<i32, [0]>, !simp.mp<i32, [0]>) {
// CHECK-NEXT: ^bb0(%[[A:.*]]: i32, %[[B:.*]]: i32):
// CHECK-NEXT:   simp.yield %[[A]], %[[B]] : i32, i32
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]]#0, %[[R]]#1
func.func @pcall_pass_through_other_type(%x: !simp.mp<i32, [0, 1]>, %y: i32) -> (!simp.mp<i32, [0]>, !simp.mp<i32, [0]>) {
  %0:2 = simp.pcall [0] (%x, %y) : (!simp.mp<i32, [0, 1]>, i32) -> (!simp.mp<i32, [0]>, !simp.mp<i32, [0]>) {
  ^bb0(%a: i32, %b: i32):
    simp.yield %a, %b : i32, i32
  }
  return %0#0, %0#1 : !simp.mp<i32, [0]>, !simp.mp<i32, [0]>
}

// CHECK-LABEL: func.func @pcall_unused_results
// CHECK-NEXT: %[[R:.*]] = simp.pcall [1] (%{{.*}}) : (!simp.mp<i32, [1]>) -> !simp.mp<i64, [1]> {
// CHECK-NEXT: ^bb0(%[[A:.*]]: i32):
// CHECK-NEXT:   simp.send %[[A]] to 0 tag 0 : i32
// CHECK-NEXT:   %[[W:.*]] = arith.extsi %[[A]] : i32 to i64
// CHECK-NEXT:   simp.yield %[[W]] : i64
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]] : !simp.mp<i64, [1]>
func.func @pcall_unused_results(%x: !simp.mp<i32, [1]>) -> !simp.mp<i64, [1]> {
  %0:3 = simp.pcall [1] (%x) : (!simp.mp<i32, [1]>) -> (!simp.mp<i32, [1]>, !simp.mp<i64, [1]>, !simp.mp<i32, [1]>) {
  ^bb0(%a: i32):
    simp.send %a to 0 tag 0 : i32
    %n = arith.muli %a, %a : i32
    %w = arith.extsi %a : i32 to i64
    simp.yield %n, %w, %a : i32, i64, i32
  }
  return %0#1 : !simp.mp<i64, [1]>
}

// Every result unused and an effect in the body: the call stays, resultless.
// CHECK-LABEL: func.func @pcall_all_results_unused
// CHECK-NEXT: simp.pcall [1] (%{{.*}}) : (!simp.mp<i32, [1]>) -> () {
// CHECK-NEXT: ^bb0(%[[A:.*]]: i32):
// CHECK-NEXT:   simp.send %[[A]] to 0 tag 0 : i32
// CHECK-NEXT:   simp.yield
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @pcall_all_results_unused(%x: !simp.mp<i32, [1]>) {
  %0 = simp.pcall [1] (%x) : (!simp.mp<i32, [1]>) -> !simp.mp<i32, [1]> {
  ^bb0(%a: i32):
    simp.send %a to 0 tag 0 : i32
    simp.yield %a : i32
  }
  return
}
}

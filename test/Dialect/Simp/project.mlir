// RUN: mplang-opt --simp-project -split-input-file %s | FileCheck %s

// One case per construct: the checks right above each global program are
// the programs of its ranks. The examples' projections are checked in
// test/Examples.

// One source, many destinations; the source keeps its own copy.
// CHECK-LABEL: module @rank0 attributes {simp.rank = 0 : i64} {
// CHECK-LABEL: func.func @broadcast() -> i32 {
// CHECK-NEXT:  %[[V0:.*]] = simp.recv from 1 tag 0 : i32
// CHECK-NEXT:  return %[[V0]] : i32
// CHECK-NEXT:  }
// CHECK-NEXT:  }
// CHECK-LABEL: module @rank1 attributes {simp.rank = 1 : i64} {
// CHECK-LABEL: func.func @broadcast(
// CHECK-SAME:  %[[ARG0:.*]]: i32) -> i32 {
// CHECK-NEXT:  simp.send %[[ARG0]] to 0 tag 0 : i32
// CHECK-NEXT:  simp.send %[[ARG0]] to 2 tag 2 : i32
// CHECK-NEXT:  return %[[ARG0]] : i32
// CHECK-NEXT:  }
// CHECK-NEXT:  }
// CHECK-LABEL: module @rank2 attributes {simp.rank = 2 : i64} {
// CHECK-LABEL: func.func @broadcast() -> i32 {
// CHECK-NEXT:  %[[V0:.*]] = simp.recv from 1 tag 2 : i32
// CHECK-NEXT:  return %[[V0]] : i32
// CHECK-NEXT:  }
// CHECK-NEXT:  }
// CHECK-NEXT:  }
module attributes {simp.world_size = 3 : i64} {
  func.func @broadcast(%x: !simp.mp<i32, [1]>) -> !simp.mp<i32, [0, 1, 2]> {
    %0 = simp.shuffle %x [0 <- 1, 1 <- 1, 2 <- 1] : !simp.mp<i32, [1]> -> !simp.mp<i32, [0, 1, 2]>
    return %0 : !simp.mp<i32, [0, 1, 2]>
  }
}

// -----

// Ranks 0 and 1 exchange their pieces; rank 2 takes no part. Each sends
// before it receives, so neither waits for the other.
// CHECK-LABEL: module @rank0 attributes {simp.rank = 0 : i64} {
// CHECK-LABEL: func.func @swap(
// CHECK-SAME:  %[[ARG0:.*]]: i32) -> i32 {
// CHECK-NEXT:  simp.send %[[ARG0]] to 1 tag 1 : i32
// CHECK-NEXT:  %[[V0:.*]] = simp.recv from 1 tag 0 : i32
// CHECK-NEXT:  return %[[V0]] : i32
// CHECK-NEXT:  }
// CHECK-NEXT:  }
// CHECK-LABEL: module @rank1 attributes {simp.rank = 1 : i64} {
// CHECK-LABEL: func.func @swap(
// CHECK-SAME:  %[[ARG0:.*]]: i32) -> i32 {
// CHECK-NEXT:  simp.send %[[ARG0]] to 0 tag 0 : i32
// CHECK-NEXT:  %[[V0:.*]] = simp.recv from 0 tag 1 : i32
// CHECK-NEXT:  return %[[V0]] : i32
// CHECK-NEXT:  }
// CHECK-NEXT:  }
// CHECK-LABEL: module @rank2 attributes {simp.rank = 2 : i64} {
// CHECK-LABEL: func.func @swap() {
// CHECK-NEXT:  return
// CHECK-NEXT:  }
// CHECK-NEXT:  }
// CHECK-NEXT:  }
module attributes {simp.world_size = 3 : i64} {
  func.func @swap(%x: !simp.mp<i32, [0, 1]>) -> !simp.mp<i32, [0, 1]> {
    %0 = simp.shuffle %x [0 <- 1, 1 <- 0] : !simp.mp<i32, [0, 1]> -> !simp.mp<i32, [0, 1]>
    return %0 : !simp.mp<i32, [0, 1]>
  }
}

// -----

// pcall_dynamic: every rank may hold the input, so every rank guards the
// body with simp.if_present.
// CHECK-LABEL: module @rank0 attributes {simp.rank = 0 : i64} {
// CHECK-LABEL: func.func @pcall_dynamic(
// CHECK-SAME:  %[[ARG0:.*]]: i32) -> i32 {
// CHECK-NEXT:  %[[V0:.*]] = simp.if_present (%[[ARG0]]) : (i32) -> i32 {
// CHECK-NEXT:  ^bb0(%[[ARG1:.*]]: i32):
// CHECK-NEXT:  %[[V1:.*]] = arith.muli %[[ARG1]], %[[ARG1]] : i32
// CHECK-NEXT:  simp.yield %[[V1]] : i32
// CHECK-NEXT:  }
// CHECK-NEXT:  return %[[V0]] : i32
// CHECK-NEXT:  }
// CHECK-NEXT:  }
// CHECK-LABEL: module @rank1 attributes {simp.rank = 1 : i64} {
// CHECK-LABEL: func.func @pcall_dynamic(
// CHECK-SAME:  %[[ARG0:.*]]: i32) -> i32 {
// CHECK-NEXT:  %[[V0:.*]] = simp.if_present (%[[ARG0]]) : (i32) -> i32 {
// CHECK-NEXT:  ^bb0(%[[ARG1:.*]]: i32):
// CHECK-NEXT:  %[[V1:.*]] = arith.muli %[[ARG1]], %[[ARG1]] : i32
// CHECK-NEXT:  simp.yield %[[V1]] : i32
// CHECK-NEXT:  }
// CHECK-NEXT:  return %[[V0]] : i32
// CHECK-NEXT:  }
// CHECK-NEXT:  }
// CHECK-LABEL: module @rank2 attributes {simp.rank = 2 : i64} {
// CHECK-LABEL: func.func @pcall_dynamic(
// CHECK-SAME:  %[[ARG0:.*]]: i32) -> i32 {
// CHECK-NEXT:  %[[V0:.*]] = simp.if_present (%[[ARG0]]) : (i32) -> i32 {
// CHECK-NEXT:  ^bb0(%[[ARG1:.*]]: i32):
// CHECK-NEXT:  %[[V1:.*]] = arith.muli %[[ARG1]], %[[ARG1]] : i32
// CHECK-NEXT:  simp.yield %[[V1]] : i32
// CHECK-NEXT:  }
// CHECK-NEXT:  return %[[V0]] : i32
// CHECK-NEXT:  }
// CHECK-NEXT:  }
// CHECK-NEXT:  }
module attributes {simp.world_size = 3 : i64} {
  func.func @pcall_dynamic(%x: !simp.mp<i32, ?>) -> !simp.mp<i32, ?> {
    %0 = simp.pcall_dynamic (%x) : (!simp.mp<i32, ?>) -> !simp.mp<i32, ?> {
    ^bb0(%a: i32):
      %s = arith.muli %a, %a : i32
      simp.yield %s : i32
    }
    return %0 : !simp.mp<i32, ?>
  }
}

// -----

// shuffle_dynamic: the whole world takes part in one simp.exchange.
// CHECK-LABEL: module @rank0 attributes {simp.rank = 0 : i64} {
// CHECK-LABEL: func.func @shuffle_dynamic(
// CHECK-SAME:  %[[ARG0:.*]]: i32, %[[ARG1:.*]]: i64) -> i32 {
// CHECK-NEXT:  %[[V0:.*]] = simp.exchange %[[ARG0]], %[[ARG1]] among [0, 1, 2] tag 0 : i32, i64
// CHECK-NEXT:  return %[[V0]] : i32
// CHECK-NEXT:  }
// CHECK-NEXT:  }
// CHECK-LABEL: module @rank1 attributes {simp.rank = 1 : i64} {
// CHECK-LABEL: func.func @shuffle_dynamic(
// CHECK-SAME:  %[[ARG0:.*]]: i32, %[[ARG1:.*]]: i64) -> i32 {
// CHECK-NEXT:  %[[V0:.*]] = simp.exchange %[[ARG0]], %[[ARG1]] among [0, 1, 2] tag 0 : i32, i64
// CHECK-NEXT:  return %[[V0]] : i32
// CHECK-NEXT:  }
// CHECK-NEXT:  }
// CHECK-LABEL: module @rank2 attributes {simp.rank = 2 : i64} {
// CHECK-LABEL: func.func @shuffle_dynamic(
// CHECK-SAME:  %[[ARG0:.*]]: i32, %[[ARG1:.*]]: i64) -> i32 {
// CHECK-NEXT:  %[[V0:.*]] = simp.exchange %[[ARG0]], %[[ARG1]] among [0, 1, 2] tag 0 : i32, i64
// CHECK-NEXT:  return %[[V0]] : i32
// CHECK-NEXT:  }
// CHECK-NEXT:  }
// CHECK-NEXT:  }
module attributes {simp.world_size = 3 : i64} {
  func.func @shuffle_dynamic(%x: !simp.mp<i32, ?>, %i: !simp.mp<i64, [0, 1, 2]>) -> !simp.mp<i32, ?> {
    %0 = simp.shuffle_dynamic %x, %i : !simp.mp<i32, ?>, !simp.mp<i64, [0, 1, 2]> -> !simp.mp<i32, ?>
    return %0 : !simp.mp<i32, ?>
  }
}

// -----

// converge of a dynamic and a static piece: only rank 2 may hold both, and
// takes the first present one; the others pass the dynamic piece on.
// CHECK-LABEL: module @rank0 attributes {simp.rank = 0 : i64} {
// CHECK-LABEL: func.func @converge_dynamic(
// CHECK-SAME:  %[[ARG0:.*]]: i32) -> i32 {
// CHECK-NEXT:  return %[[ARG0]] : i32
// CHECK-NEXT:  }
// CHECK-NEXT:  }
// CHECK-LABEL: module @rank1 attributes {simp.rank = 1 : i64} {
// CHECK-LABEL: func.func @converge_dynamic(
// CHECK-SAME:  %[[ARG0:.*]]: i32) -> i32 {
// CHECK-NEXT:  return %[[ARG0]] : i32
// CHECK-NEXT:  }
// CHECK-NEXT:  }
// CHECK-LABEL: module @rank2 attributes {simp.rank = 2 : i64} {
// CHECK-LABEL: func.func @converge_dynamic(
// CHECK-SAME:  %[[ARG0:.*]]: i32, %[[ARG1:.*]]: i32) -> i32 {
// CHECK-NEXT:  %[[V0:.*]] = simp.first_present %[[ARG0]], %[[ARG1]] : i32
// CHECK-NEXT:  return %[[V0]] : i32
// CHECK-NEXT:  }
// CHECK-NEXT:  }
// CHECK-NEXT:  }
module attributes {simp.world_size = 3 : i64} {
  func.func @converge_dynamic(%x: !simp.mp<i32, ?>, %y: !simp.mp<i32, [2]>) -> !simp.mp<i32, ?> {
    %0 = simp.converge %x, %y : !simp.mp<i32, ?>, !simp.mp<i32, [2]> -> !simp.mp<i32, ?>
    return %0 : !simp.mp<i32, ?>
  }
}

// -----

// Two calls of a function that communicates: each call site gets its own
// site id so the runtime keeps their messages apart.
// CHECK-LABEL: module @rank0 attributes {simp.rank = 0 : i64} {
// CHECK-LABEL: func.func private @to_two(
// CHECK-SAME:  %[[ARG0:.*]]: i32) {
// CHECK-NEXT:  simp.send %[[ARG0]] to 2 tag 0 : i32
// CHECK-NEXT:  return
// CHECK-NEXT:  }
// CHECK-LABEL: func.func @calls(
// CHECK-SAME:  %[[ARG0:.*]]: i32) {
// CHECK-NEXT:  call @to_two(%[[ARG0]]) {simp.site = 1 : i64} : (i32) -> ()
// CHECK-NEXT:  call @to_two(%[[ARG0]]) {simp.site = 2 : i64} : (i32) -> ()
// CHECK-NEXT:  return
// CHECK-NEXT:  }
// CHECK-NEXT:  }
// CHECK-LABEL: module @rank1 attributes {simp.rank = 1 : i64} {
// CHECK-LABEL: func.func private @to_two() {
// CHECK-NEXT:  return
// CHECK-NEXT:  }
// CHECK-LABEL: func.func @calls() {
// CHECK-NEXT:  call @to_two() {simp.site = 1 : i64} : () -> ()
// CHECK-NEXT:  call @to_two() {simp.site = 2 : i64} : () -> ()
// CHECK-NEXT:  return
// CHECK-NEXT:  }
// CHECK-NEXT:  }
// CHECK-LABEL: module @rank2 attributes {simp.rank = 2 : i64} {
// CHECK-LABEL: func.func private @to_two() -> i32 {
// CHECK-NEXT:  %[[V0:.*]] = simp.recv from 0 tag 0 : i32
// CHECK-NEXT:  return %[[V0]] : i32
// CHECK-NEXT:  }
// CHECK-LABEL: func.func @calls() -> (i32, i32) {
// CHECK-NEXT:  %[[V0:.*]] = call @to_two() {simp.site = 1 : i64} : () -> i32
// CHECK-NEXT:  %[[V1:.*]] = call @to_two() {simp.site = 2 : i64} : () -> i32
// CHECK-NEXT:  return %[[V0]], %[[V1]] : i32, i32
// CHECK-NEXT:  }
// CHECK-NEXT:  }
// CHECK-NEXT:  }
module attributes {simp.world_size = 3 : i64} {
  func.func private @to_two(%x: !simp.mp<i32, [0]>) -> !simp.mp<i32, [2]> {
    %0 = simp.shuffle %x [2 <- 0] : !simp.mp<i32, [0]> -> !simp.mp<i32, [2]>
    return %0 : !simp.mp<i32, [2]>
  }
  func.func @calls(%x: !simp.mp<i32, [0]>) -> (!simp.mp<i32, [2]>, !simp.mp<i32, [2]>) {
    %0 = func.call @to_two(%x) : (!simp.mp<i32, [0]>) -> !simp.mp<i32, [2]>
    %1 = func.call @to_two(%x) : (!simp.mp<i32, [0]>) -> !simp.mp<i32, [2]>
    return %0, %1 : !simp.mp<i32, [2]>, !simp.mp<i32, [2]>
  }
}

// -----

// A uniform_cond on local values inside a pcall: agreement among the
// pcall's parties; scf regions are projected like any other.
// CHECK-LABEL: module @rank0 attributes {simp.rank = 0 : i64} {
// CHECK-LABEL: func.func @local_cond(
// CHECK-SAME:  %[[ARG0:.*]]: i32) -> i32 {
// CHECK-NEXT:  %[[C0_I32:.*]] = arith.constant 0 : i32
// CHECK-NEXT:  %[[V0:.*]] = arith.cmpi sgt, %[[ARG0]], %[[C0_I32]] : i32
// CHECK-NEXT:  %[[V1:.*]] = simp.agree %[[V0]] among [0, 1] tag 0 : i1
// CHECK-NEXT:  %[[V2:.*]] = simp.uniform_cond %[[V1]] (%[[ARG0]]) {verify_uniform = false} : i1, (i32) -> i32 then {
// CHECK-NEXT:  ^bb0(%[[ARG1:.*]]: i32):
// CHECK-NEXT:  simp.yield %[[ARG1]] : i32
// CHECK-NEXT:  } else {
// CHECK-NEXT:  ^bb0(%[[ARG1:.*]]: i32):
// CHECK-NEXT:  simp.yield %[[C0_I32]] : i32
// CHECK-NEXT:  }
// CHECK-NEXT:  %[[V3:.*]] = scf.if %[[V0]] -> (i32) {
// CHECK-NEXT:  scf.yield %[[V2]] : i32
// CHECK-NEXT:  } else {
// CHECK-NEXT:  scf.yield %[[C0_I32]] : i32
// CHECK-NEXT:  }
// CHECK-NEXT:  return %[[V3]] : i32
// CHECK-NEXT:  }
// CHECK-NEXT:  }
// CHECK-LABEL: module @rank1 attributes {simp.rank = 1 : i64} {
// CHECK-LABEL: func.func @local_cond(
// CHECK-SAME:  %[[ARG0:.*]]: i32) -> i32 {
// CHECK-NEXT:  %[[C0_I32:.*]] = arith.constant 0 : i32
// CHECK-NEXT:  %[[V0:.*]] = arith.cmpi sgt, %[[ARG0]], %[[C0_I32]] : i32
// CHECK-NEXT:  %[[V1:.*]] = simp.agree %[[V0]] among [0, 1] tag 0 : i1
// CHECK-NEXT:  %[[V2:.*]] = simp.uniform_cond %[[V1]] (%[[ARG0]]) {verify_uniform = false} : i1, (i32) -> i32 then {
// CHECK-NEXT:  ^bb0(%[[ARG1:.*]]: i32):
// CHECK-NEXT:  simp.yield %[[ARG1]] : i32
// CHECK-NEXT:  } else {
// CHECK-NEXT:  ^bb0(%[[ARG1:.*]]: i32):
// CHECK-NEXT:  simp.yield %[[C0_I32]] : i32
// CHECK-NEXT:  }
// CHECK-NEXT:  %[[V3:.*]] = scf.if %[[V0]] -> (i32) {
// CHECK-NEXT:  scf.yield %[[V2]] : i32
// CHECK-NEXT:  } else {
// CHECK-NEXT:  scf.yield %[[C0_I32]] : i32
// CHECK-NEXT:  }
// CHECK-NEXT:  return %[[V3]] : i32
// CHECK-NEXT:  }
// CHECK-NEXT:  }
// CHECK-LABEL: module @rank2 attributes {simp.rank = 2 : i64} {
// CHECK-LABEL: func.func @local_cond() {
// CHECK-NEXT:  return
// CHECK-NEXT:  }
// CHECK-NEXT:  }
// CHECK-NEXT:  }
module attributes {simp.world_size = 3 : i64} {
  func.func @local_cond(%x: !simp.mp<i32, [0, 1]>) -> !simp.mp<i32, [0, 1]> {
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
      %c = scf.if %pos -> i32 {
        scf.yield %b : i32
      } else {
        scf.yield %zero : i32
      }
      simp.yield %c : i32
    }
    return %0 : !simp.mp<i32, [0, 1]>
  }
}

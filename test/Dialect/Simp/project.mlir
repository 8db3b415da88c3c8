// RUN: mplang-opt --simp-project %s | FileCheck %s
// Every example program projected for every rank, op by op.
// RUN: mplang-opt --simp-project %examples/millionaire.mlir | FileCheck %s --check-prefix=MILLIONAIRE
// RUN: mplang-opt --simp-project %examples/sum.mlir | FileCheck %s --check-prefix=SUM
// RUN: mplang-opt --simp-project %examples/nested_pcall.mlir | FileCheck %s --check-prefix=NESTEDPCALL
// RUN: mplang-opt --simp-project %examples/uniform_cond.mlir | FileCheck %s --check-prefix=UNIFORMCOND
// RUN: mplang-opt --simp-project %examples/while_shuffle.mlir | FileCheck %s --check-prefix=WHILESHUFFLE
// RUN: mplang-opt --simp-project %examples/collectives.mlir | FileCheck %s --check-prefix=COLLECTIVES

// examples/millionaire.mlir
// MILLIONAIRE-LABEL: module @rank0 attributes {simp.rank = 0 : i64} {
// MILLIONAIRE-LABEL: func.func @main() {
// MILLIONAIRE-NEXT:  %c100_i64 = arith.constant 100 : i64
// MILLIONAIRE-NEXT:  simp.send %c100_i64 to 1 tag 0 : i64
// MILLIONAIRE-NEXT:  return
// MILLIONAIRE-NEXT:  }
// MILLIONAIRE-NEXT:  }
// MILLIONAIRE-LABEL: module @rank1 attributes {simp.rank = 1 : i64} {
// MILLIONAIRE-LABEL: func.func @main() -> i1 {
// MILLIONAIRE-NEXT:  %c200_i64 = arith.constant 200 : i64
// MILLIONAIRE-NEXT:  %0 = simp.recv from 0 tag 0 : i64
// MILLIONAIRE-NEXT:  %1 = arith.cmpi slt, %0, %c200_i64 : i64
// MILLIONAIRE-NEXT:  return %1 : i1
// MILLIONAIRE-NEXT:  }
// MILLIONAIRE-NEXT:  }
// MILLIONAIRE-NEXT:  }

// examples/sum.mlir
// SUM-LABEL: module @rank0 attributes {simp.rank = 0 : i64} {
// SUM-LABEL: func.func @main(%arg0: i64) -> i64 {
// SUM-NEXT:  %0 = simp.recv from 1 tag 0 : i64
// SUM-NEXT:  %1 = simp.recv from 2 tag 1 : i64
// SUM-NEXT:  %2 = arith.addi %arg0, %0 : i64
// SUM-NEXT:  %3 = arith.addi %2, %1 : i64
// SUM-NEXT:  simp.send %3 to 1 tag 3 : i64
// SUM-NEXT:  simp.send %3 to 2 tag 4 : i64
// SUM-NEXT:  return %3 : i64
// SUM-NEXT:  }
// SUM-NEXT:  }
// SUM-LABEL: module @rank1 attributes {simp.rank = 1 : i64} {
// SUM-LABEL: func.func @main(%arg0: i64) -> i64 {
// SUM-NEXT:  simp.send %arg0 to 0 tag 0 : i64
// SUM-NEXT:  %0 = simp.recv from 0 tag 3 : i64
// SUM-NEXT:  return %0 : i64
// SUM-NEXT:  }
// SUM-NEXT:  }
// SUM-LABEL: module @rank2 attributes {simp.rank = 2 : i64} {
// SUM-LABEL: func.func @main(%arg0: i64) -> i64 {
// SUM-NEXT:  simp.send %arg0 to 0 tag 1 : i64
// SUM-NEXT:  %0 = simp.recv from 0 tag 4 : i64
// SUM-NEXT:  return %0 : i64
// SUM-NEXT:  }
// SUM-NEXT:  }
// SUM-NEXT:  }

// examples/nested_pcall.mlir
// NESTEDPCALL-LABEL: module @rank0 attributes {simp.rank = 0 : i64} {
// NESTEDPCALL-LABEL: func.func @main(%arg0: i64) -> (i64, i64) {
// NESTEDPCALL-NEXT:  %0 = arith.addi %arg0, %arg0 : i64
// NESTEDPCALL-NEXT:  %1 = arith.muli %arg0, %arg0 : i64
// NESTEDPCALL-NEXT:  return %0, %1 : i64, i64
// NESTEDPCALL-NEXT:  }
// NESTEDPCALL-NEXT:  }
// NESTEDPCALL-LABEL: module @rank1 attributes {simp.rank = 1 : i64} {
// NESTEDPCALL-LABEL: func.func @main(%arg0: i64) -> i64 {
// NESTEDPCALL-NEXT:  %0 = arith.addi %arg0, %arg0 : i64
// NESTEDPCALL-NEXT:  return %0 : i64
// NESTEDPCALL-NEXT:  }
// NESTEDPCALL-NEXT:  }
// NESTEDPCALL-NEXT:  }

// examples/uniform_cond.mlir
// UNIFORMCOND-LABEL: module @rank0 attributes {simp.rank = 0 : i64} {
// UNIFORMCOND-LABEL: func.func @main() {
// UNIFORMCOND-NEXT:  %c42_i64 = arith.constant 42 : i64
// UNIFORMCOND-NEXT:  %c10_i64 = arith.constant 10 : i64
// UNIFORMCOND-NEXT:  %0 = arith.cmpi sgt, %c42_i64, %c10_i64 : i64
// UNIFORMCOND-NEXT:  simp.send %0 to 1 tag 1 : i1
// UNIFORMCOND-NEXT:  %1 = simp.agree %0 among [0, 1] tag 2 : i1
// UNIFORMCOND-NEXT:  simp.uniform_cond %1 (%c42_i64) {verify_uniform = false} : i1, (i64) -> () then {
// UNIFORMCOND-NEXT:  ^bb0(%arg0: i64):
// UNIFORMCOND-NEXT:  simp.send %arg0 to 1 tag 3 : i64
// UNIFORMCOND-NEXT:  simp.yield
// UNIFORMCOND-NEXT:  } else {
// UNIFORMCOND-NEXT:  ^bb0(%arg0: i64):
// UNIFORMCOND-NEXT:  simp.yield
// UNIFORMCOND-NEXT:  }
// UNIFORMCOND-NEXT:  return
// UNIFORMCOND-NEXT:  }
// UNIFORMCOND-NEXT:  }
// UNIFORMCOND-LABEL: module @rank1 attributes {simp.rank = 1 : i64} {
// UNIFORMCOND-LABEL: func.func @main() -> i64 {
// UNIFORMCOND-NEXT:  %0 = simp.recv from 0 tag 1 : i1
// UNIFORMCOND-NEXT:  %1 = simp.agree %0 among [0, 1] tag 2 : i1
// UNIFORMCOND-NEXT:  %2 = simp.uniform_cond %1 () {verify_uniform = false} : i1, () -> i64 then {
// UNIFORMCOND-NEXT:  %3 = simp.recv from 0 tag 3 : i64
// UNIFORMCOND-NEXT:  simp.yield %3 : i64
// UNIFORMCOND-NEXT:  } else {
// UNIFORMCOND-NEXT:  %c0_i64 = arith.constant 0 : i64
// UNIFORMCOND-NEXT:  simp.yield %c0_i64 : i64
// UNIFORMCOND-NEXT:  }
// UNIFORMCOND-NEXT:  return %2 : i64
// UNIFORMCOND-NEXT:  }
// UNIFORMCOND-NEXT:  }
// UNIFORMCOND-NEXT:  }

// examples/while_shuffle.mlir
// WHILESHUFFLE-LABEL: module @rank0 attributes {simp.rank = 0 : i64} {
// WHILESHUFFLE-LABEL: func.func @main() -> i64 {
// WHILESHUFFLE-NEXT:  %c1_i64 = arith.constant 1 : i64
// WHILESHUFFLE-NEXT:  %0 = simp.while_loop (%c1_i64) {verify_uniform = false} : (i64) -> i64 cond {
// WHILESHUFFLE-NEXT:  ^bb0(%arg0: i64):
// WHILESHUFFLE-NEXT:  %c100_i64 = arith.constant 100 : i64
// WHILESHUFFLE-NEXT:  %1 = arith.cmpi slt, %arg0, %c100_i64 : i64
// WHILESHUFFLE-NEXT:  simp.send %1 to 1 tag 2 : i1
// WHILESHUFFLE-NEXT:  %2 = simp.agree %1 among [0, 1] tag 0 : i1
// WHILESHUFFLE-NEXT:  simp.yield %2 : i1
// WHILESHUFFLE-NEXT:  } body {
// WHILESHUFFLE-NEXT:  ^bb0(%arg0: i64):
// WHILESHUFFLE-NEXT:  simp.send %arg0 to 1 tag 3 : i64
// WHILESHUFFLE-NEXT:  %1 = simp.recv from 1 tag 4 : i64
// WHILESHUFFLE-NEXT:  simp.yield %1 : i64
// WHILESHUFFLE-NEXT:  }
// WHILESHUFFLE-NEXT:  return %0 : i64
// WHILESHUFFLE-NEXT:  }
// WHILESHUFFLE-NEXT:  }
// WHILESHUFFLE-LABEL: module @rank1 attributes {simp.rank = 1 : i64} {
// WHILESHUFFLE-LABEL: func.func @main() {
// WHILESHUFFLE-NEXT:  simp.while_loop () {verify_uniform = false} : () -> () cond {
// WHILESHUFFLE-NEXT:  %0 = simp.recv from 0 tag 2 : i1
// WHILESHUFFLE-NEXT:  %1 = simp.agree %0 among [0, 1] tag 0 : i1
// WHILESHUFFLE-NEXT:  simp.yield %1 : i1
// WHILESHUFFLE-NEXT:  } body {
// WHILESHUFFLE-NEXT:  %0 = simp.recv from 0 tag 3 : i64
// WHILESHUFFLE-NEXT:  %1 = arith.addi %0, %0 : i64
// WHILESHUFFLE-NEXT:  simp.send %1 to 0 tag 4 : i64
// WHILESHUFFLE-NEXT:  simp.yield
// WHILESHUFFLE-NEXT:  }
// WHILESHUFFLE-NEXT:  return
// WHILESHUFFLE-NEXT:  }
// WHILESHUFFLE-NEXT:  }
// WHILESHUFFLE-NEXT:  }

// examples/collectives.mlir
// COLLECTIVES-LABEL: module @rank0 attributes {simp.rank = 0 : i64} {
// COLLECTIVES-LABEL: func.func @transfer(%arg0: tensor<4xi32>) {
// COLLECTIVES-NEXT:  simp.send %arg0 to 2 tag 0 : tensor<4xi32>
// COLLECTIVES-NEXT:  return
// COLLECTIVES-NEXT:  }
// COLLECTIVES-LABEL: func.func @replicate() -> tensor<4xi32> {
// COLLECTIVES-NEXT:  %0 = simp.recv from 1 tag 1 : tensor<4xi32>
// COLLECTIVES-NEXT:  return %0 : tensor<4xi32>
// COLLECTIVES-NEXT:  }
// COLLECTIVES-LABEL: func.func @distribute(%arg0: i64, %arg1: i64, %arg2: i64) -> i64 {
// COLLECTIVES-NEXT:  simp.send %arg1 to 1 tag 4 : i64
// COLLECTIVES-NEXT:  simp.send %arg2 to 2 tag 5 : i64
// COLLECTIVES-NEXT:  return %arg0 : i64
// COLLECTIVES-NEXT:  }
// COLLECTIVES-LABEL: func.func @collect(%arg0: i64) -> (i64, i64, i64) {
// COLLECTIVES-NEXT:  %0 = simp.recv from 1 tag 7 : i64
// COLLECTIVES-NEXT:  %1 = simp.recv from 2 tag 8 : i64
// COLLECTIVES-NEXT:  return %arg0, %0, %1 : i64, i64, i64
// COLLECTIVES-NEXT:  }
// COLLECTIVES-LABEL: func.func @permute(%arg0: i64) -> i64 {
// COLLECTIVES-NEXT:  simp.send %arg0 to 2 tag 11 : i64
// COLLECTIVES-NEXT:  %0 = simp.recv from 1 tag 9 : i64
// COLLECTIVES-NEXT:  return %0 : i64
// COLLECTIVES-NEXT:  }
// COLLECTIVES-NEXT:  }
// COLLECTIVES-LABEL: module @rank1 attributes {simp.rank = 1 : i64} {
// COLLECTIVES-LABEL: func.func @transfer() {
// COLLECTIVES-NEXT:  return
// COLLECTIVES-NEXT:  }
// COLLECTIVES-LABEL: func.func @replicate(%arg0: tensor<4xi32>) -> tensor<4xi32> {
// COLLECTIVES-NEXT:  simp.send %arg0 to 0 tag 1 : tensor<4xi32>
// COLLECTIVES-NEXT:  simp.send %arg0 to 2 tag 3 : tensor<4xi32>
// COLLECTIVES-NEXT:  return %arg0 : tensor<4xi32>
// COLLECTIVES-NEXT:  }
// COLLECTIVES-LABEL: func.func @distribute() -> i64 {
// COLLECTIVES-NEXT:  %0 = simp.recv from 0 tag 4 : i64
// COLLECTIVES-NEXT:  return %0 : i64
// COLLECTIVES-NEXT:  }
// COLLECTIVES-LABEL: func.func @collect(%arg0: i64) {
// COLLECTIVES-NEXT:  simp.send %arg0 to 0 tag 7 : i64
// COLLECTIVES-NEXT:  return
// COLLECTIVES-NEXT:  }
// COLLECTIVES-LABEL: func.func @permute(%arg0: i64) -> i64 {
// COLLECTIVES-NEXT:  simp.send %arg0 to 0 tag 9 : i64
// COLLECTIVES-NEXT:  %0 = simp.recv from 2 tag 10 : i64
// COLLECTIVES-NEXT:  return %0 : i64
// COLLECTIVES-NEXT:  }
// COLLECTIVES-NEXT:  }
// COLLECTIVES-LABEL: module @rank2 attributes {simp.rank = 2 : i64} {
// COLLECTIVES-LABEL: func.func @transfer() -> tensor<4xi32> {
// COLLECTIVES-NEXT:  %0 = simp.recv from 0 tag 0 : tensor<4xi32>
// COLLECTIVES-NEXT:  return %0 : tensor<4xi32>
// COLLECTIVES-NEXT:  }
// COLLECTIVES-LABEL: func.func @replicate() -> tensor<4xi32> {
// COLLECTIVES-NEXT:  %0 = simp.recv from 1 tag 3 : tensor<4xi32>
// COLLECTIVES-NEXT:  return %0 : tensor<4xi32>
// COLLECTIVES-NEXT:  }
// COLLECTIVES-LABEL: func.func @distribute() -> i64 {
// COLLECTIVES-NEXT:  %0 = simp.recv from 0 tag 5 : i64
// COLLECTIVES-NEXT:  return %0 : i64
// COLLECTIVES-NEXT:  }
// COLLECTIVES-LABEL: func.func @collect(%arg0: i64) {
// COLLECTIVES-NEXT:  simp.send %arg0 to 0 tag 8 : i64
// COLLECTIVES-NEXT:  return
// COLLECTIVES-NEXT:  }
// COLLECTIVES-LABEL: func.func @permute(%arg0: i64) -> i64 {
// COLLECTIVES-NEXT:  simp.send %arg0 to 1 tag 10 : i64
// COLLECTIVES-NEXT:  %0 = simp.recv from 0 tag 11 : i64
// COLLECTIVES-NEXT:  return %0 : i64
// COLLECTIVES-NEXT:  }
// COLLECTIVES-NEXT:  }
// COLLECTIVES-NEXT:  }

// CHECK-LABEL: module @rank0 attributes {simp.rank = 0 : i64} {
// CHECK-LABEL: func.func @broadcast() -> i32 {
// CHECK-NEXT:  %0 = simp.recv from 1 tag 0 : i32
// CHECK-NEXT:  return %0 : i32
// CHECK-NEXT:  }
// CHECK-LABEL: func.func @swap(%arg0: i32) -> i32 {
// CHECK-NEXT:  simp.send %arg0 to 1 tag 4 : i32
// CHECK-NEXT:  %0 = simp.recv from 1 tag 3 : i32
// CHECK-NEXT:  return %0 : i32
// CHECK-NEXT:  }
// CHECK-LABEL: func.func @dynamic(%arg0: i32, %arg1: i64) -> i32 {
// CHECK-NEXT:  %0 = simp.if_present (%arg0) : (i32) -> i32 {
// CHECK-NEXT:  ^bb0(%arg2: i32):
// CHECK-NEXT:  %2 = arith.muli %arg2, %arg2 : i32
// CHECK-NEXT:  simp.yield %2 : i32
// CHECK-NEXT:  }
// CHECK-NEXT:  %1 = simp.exchange %0, %arg1 among [0, 1, 2] tag 5 : i32, i64
// CHECK-NEXT:  return %1 : i32
// CHECK-NEXT:  }
// CHECK-LABEL: func.func private @to_two(%arg0: i32) {
// CHECK-NEXT:  simp.send %arg0 to 2 tag 6 : i32
// CHECK-NEXT:  return
// CHECK-NEXT:  }
// CHECK-LABEL: func.func @calls(%arg0: i32) {
// CHECK-NEXT:  call @to_two(%arg0) {simp.site = 7 : i64} : (i32) -> ()
// CHECK-NEXT:  call @to_two(%arg0) {simp.site = 8 : i64} : (i32) -> ()
// CHECK-NEXT:  return
// CHECK-NEXT:  }
// CHECK-LABEL: func.func @local_cond(%arg0: i32) -> i32 {
// CHECK-NEXT:  %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:  %0 = arith.cmpi sgt, %arg0, %c0_i32 : i32
// CHECK-NEXT:  %1 = simp.agree %0 among [0, 1] tag 9 : i1
// CHECK-NEXT:  %2 = simp.uniform_cond %1 (%arg0) {verify_uniform = false} : i1, (i32) -> i32 then {
// CHECK-NEXT:  ^bb0(%arg1: i32):
// CHECK-NEXT:  simp.yield %arg1 : i32
// CHECK-NEXT:  } else {
// CHECK-NEXT:  ^bb0(%arg1: i32):
// CHECK-NEXT:  simp.yield %c0_i32 : i32
// CHECK-NEXT:  }
// CHECK-NEXT:  %3 = scf.if %0 -> (i32) {
// CHECK-NEXT:  scf.yield %2 : i32
// CHECK-NEXT:  } else {
// CHECK-NEXT:  scf.yield %c0_i32 : i32
// CHECK-NEXT:  }
// CHECK-NEXT:  return %3 : i32
// CHECK-NEXT:  }
// CHECK-NEXT:  }
// CHECK-LABEL: module @rank1 attributes {simp.rank = 1 : i64} {
// CHECK-LABEL: func.func @broadcast(%arg0: i32) -> i32 {
// CHECK-NEXT:  simp.send %arg0 to 0 tag 0 : i32
// CHECK-NEXT:  simp.send %arg0 to 2 tag 2 : i32
// CHECK-NEXT:  return %arg0 : i32
// CHECK-NEXT:  }
// CHECK-LABEL: func.func @swap(%arg0: i32) -> i32 {
// CHECK-NEXT:  simp.send %arg0 to 0 tag 3 : i32
// CHECK-NEXT:  %0 = simp.recv from 0 tag 4 : i32
// CHECK-NEXT:  return %0 : i32
// CHECK-NEXT:  }
// CHECK-LABEL: func.func @dynamic(%arg0: i32, %arg1: i64) -> i32 {
// CHECK-NEXT:  %0 = simp.if_present (%arg0) : (i32) -> i32 {
// CHECK-NEXT:  ^bb0(%arg2: i32):
// CHECK-NEXT:  %2 = arith.muli %arg2, %arg2 : i32
// CHECK-NEXT:  simp.yield %2 : i32
// CHECK-NEXT:  }
// CHECK-NEXT:  %1 = simp.exchange %0, %arg1 among [0, 1, 2] tag 5 : i32, i64
// CHECK-NEXT:  return %1 : i32
// CHECK-NEXT:  }
// CHECK-LABEL: func.func private @to_two() {
// CHECK-NEXT:  return
// CHECK-NEXT:  }
// CHECK-LABEL: func.func @calls() {
// CHECK-NEXT:  call @to_two() {simp.site = 7 : i64} : () -> ()
// CHECK-NEXT:  call @to_two() {simp.site = 8 : i64} : () -> ()
// CHECK-NEXT:  return
// CHECK-NEXT:  }
// CHECK-LABEL: func.func @local_cond(%arg0: i32) -> i32 {
// CHECK-NEXT:  %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:  %0 = arith.cmpi sgt, %arg0, %c0_i32 : i32
// CHECK-NEXT:  %1 = simp.agree %0 among [0, 1] tag 9 : i1
// CHECK-NEXT:  %2 = simp.uniform_cond %1 (%arg0) {verify_uniform = false} : i1, (i32) -> i32 then {
// CHECK-NEXT:  ^bb0(%arg1: i32):
// CHECK-NEXT:  simp.yield %arg1 : i32
// CHECK-NEXT:  } else {
// CHECK-NEXT:  ^bb0(%arg1: i32):
// CHECK-NEXT:  simp.yield %c0_i32 : i32
// CHECK-NEXT:  }
// CHECK-NEXT:  %3 = scf.if %0 -> (i32) {
// CHECK-NEXT:  scf.yield %2 : i32
// CHECK-NEXT:  } else {
// CHECK-NEXT:  scf.yield %c0_i32 : i32
// CHECK-NEXT:  }
// CHECK-NEXT:  return %3 : i32
// CHECK-NEXT:  }
// CHECK-NEXT:  }
// CHECK-LABEL: module @rank2 attributes {simp.rank = 2 : i64} {
// CHECK-LABEL: func.func @broadcast() -> i32 {
// CHECK-NEXT:  %0 = simp.recv from 1 tag 2 : i32
// CHECK-NEXT:  return %0 : i32
// CHECK-NEXT:  }
// CHECK-LABEL: func.func @swap() {
// CHECK-NEXT:  return
// CHECK-NEXT:  }
// CHECK-LABEL: func.func @dynamic(%arg0: i32, %arg1: i64, %arg2: i32) -> i32 {
// CHECK-NEXT:  %0 = simp.if_present (%arg0) : (i32) -> i32 {
// CHECK-NEXT:  ^bb0(%arg3: i32):
// CHECK-NEXT:  %3 = arith.muli %arg3, %arg3 : i32
// CHECK-NEXT:  simp.yield %3 : i32
// CHECK-NEXT:  }
// CHECK-NEXT:  %1 = simp.exchange %0, %arg1 among [0, 1, 2] tag 5 : i32, i64
// CHECK-NEXT:  %2 = simp.first_present %1, %arg2 : i32
// CHECK-NEXT:  return %2 : i32
// CHECK-NEXT:  }
// CHECK-LABEL: func.func private @to_two() -> i32 {
// CHECK-NEXT:  %0 = simp.recv from 0 tag 6 : i32
// CHECK-NEXT:  return %0 : i32
// CHECK-NEXT:  }
// CHECK-LABEL: func.func @calls() -> (i32, i32) {
// CHECK-NEXT:  %0 = call @to_two() {simp.site = 7 : i64} : () -> i32
// CHECK-NEXT:  %1 = call @to_two() {simp.site = 8 : i64} : () -> i32
// CHECK-NEXT:  return %0, %1 : i32, i32
// CHECK-NEXT:  }
// CHECK-LABEL: func.func @local_cond() {
// CHECK-NEXT:  return
// CHECK-NEXT:  }
// CHECK-NEXT:  }
// CHECK-NEXT:  }

// Routings, dynamic party sets, calls and local control flow.

module attributes {simp.world_size = 3 : i64} {
  // One source, many destinations; the source keeps its own copy.
  func.func @broadcast(%x: !simp.mp<i32, [1]>) -> !simp.mp<i32, [0, 1, 2]> {
    %0 = simp.shuffle %x [0 <- 1, 1 <- 1, 2 <- 1] : !simp.mp<i32, [1]> -> !simp.mp<i32, [0, 1, 2]>
    return %0 : !simp.mp<i32, [0, 1, 2]>
  }

  // Ranks 0 and 1 exchange their pieces; rank 2 takes no part.
  func.func @swap(%x: !simp.mp<i32, [0, 1]>) -> !simp.mp<i32, [0, 1]> {
    %0 = simp.shuffle %x [0 <- 1, 1 <- 0] : !simp.mp<i32, [0, 1]> -> !simp.mp<i32, [0, 1]>
    return %0 : !simp.mp<i32, [0, 1]>
  }

  // pcall_dynamic, shuffle_dynamic and a converge of dynamic pieces.
  func.func @dynamic(%x: !simp.mp<i32, ?>, %i: !simp.mp<i64, [0, 1, 2]>, %y: !simp.mp<i32, [2]>) -> !simp.mp<i32, ?> {
    %0 = simp.pcall_dynamic (%x) : (!simp.mp<i32, ?>) -> !simp.mp<i32, ?> {
    ^bb0(%a: i32):
      %s = arith.muli %a, %a : i32
      simp.yield %s : i32
    }
    %1 = simp.shuffle_dynamic %0, %i : !simp.mp<i32, ?>, !simp.mp<i64, [0, 1, 2]> -> !simp.mp<i32, ?>
    %2 = simp.converge %1, %y : !simp.mp<i32, ?>, !simp.mp<i32, [2]> -> !simp.mp<i32, ?>
    return %2 : !simp.mp<i32, ?>
  }

  // Two calls of a function that communicates: each call site gets its own
  // site id so the runtime keeps their messages apart.
  func.func private @to_two(%x: !simp.mp<i32, [0]>) -> !simp.mp<i32, [2]> {
    %0 = simp.shuffle %x [2 <- 0] : !simp.mp<i32, [0]> -> !simp.mp<i32, [2]>
    return %0 : !simp.mp<i32, [2]>
  }
  func.func @calls(%x: !simp.mp<i32, [0]>) -> (!simp.mp<i32, [2]>, !simp.mp<i32, [2]>) {
    %0 = func.call @to_two(%x) : (!simp.mp<i32, [0]>) -> !simp.mp<i32, [2]>
    %1 = func.call @to_two(%x) : (!simp.mp<i32, [0]>) -> !simp.mp<i32, [2]>
    return %0, %1 : !simp.mp<i32, [2]>, !simp.mp<i32, [2]>
  }

  // A uniform_cond on local values inside a pcall: agreement among the
  // pcall's parties; scf regions are projected like any other.
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

// RUN: mplang-opt %s -split-input-file -verify-diagnostics

//===----------------------------------------------------------------------===//
// !simp.mp party sets
//===----------------------------------------------------------------------===//

// expected-error @+1 {{party set must not be empty (write '?' for a party set known only at run time)}}
func.func private @empty_parties(!simp.mp<i32, []>)

// -----

// expected-error @+1 {{party set must be sorted, but 0 follows 1}}
func.func private @unsorted(!simp.mp<i32, [1, 0]>)

// -----

// expected-error @+1 {{party set has duplicate rank 1}}
func.func private @duplicate(!simp.mp<i32, [0, 1, 1]>)

// -----

// expected-error @+1 {{party set has negative rank -1}}
func.func private @negative(!simp.mp<i32, [-1]>)

// -----

//===----------------------------------------------------------------------===//
// The world
//===----------------------------------------------------------------------===//

module attributes {simp.world_size = 2 : i64} {
  // expected-error @+1 {{'func.func' op uses type '!simp.mp<i32, [0, 2]>' whose rank 2 is outside the world of 2 parties}}
  func.func private @rank_too_large(!simp.mp<i32, [0, 2]>)
}

// -----

// expected-error @+1 {{'simp.world_size' must be between 1 and 1024, got 0}}
module attributes {simp.world_size = 0 : i64} {}

// -----

// expected-error @+1 {{'simp.world_size' must be between 1 and 1024, got 1025}}
module attributes {simp.world_size = 1025 : i64} {}

// -----

// expected-error @+1 {{'simp.world_size' must be between 1 and 1024, got 4294967296}}
module attributes {simp.world_size = 4294967296 : i64} {}

// -----

// expected-error @+1 {{'simp.world_size' must be an integer}}
module attributes {simp.world_size = "three"} {}

// -----

module {
  // expected-error @+1 {{'simp.world_size' must be set on a builtin.module}}
  func.func private @f() attributes {simp.world_size = 2 : i64}
}

// -----

// expected-error @+1 {{unknown simp attribute 'simp.worldsize'}}
module attributes {simp.worldsize = 2 : i64} {}

// -----

// expected-error @+1 {{'simp.rank' requires an enclosing 'simp.world_size'}}
module attributes {simp.rank = 0 : i64} {}

// -----

module attributes {simp.world_size = 2 : i64} {
  // expected-error @+1 {{'simp.rank' = 2 is outside the world of 2 parties}}
  module @rank2 attributes {simp.rank = 2 : i64} {}
}

// -----

func.func @no_world() {
  // expected-error @+1 {{'simp.pcall' op requires an enclosing module with 'simp.world_size'}}
  simp.pcall [0] () : () -> () {
    simp.yield
  }
  return
}

// -----

//===----------------------------------------------------------------------===//
// simp.pcall / simp.pcall_dynamic
//===----------------------------------------------------------------------===//

module attributes {simp.world_size = 3 : i64} {
  func.func @party_outside_world() {
    // expected-error @+1 {{'simp.pcall' op party rank 3 is outside the world of 3 parties}}
    simp.pcall [3] () : () -> () {
      simp.yield
    }
    return
  }
}

// -----

module attributes {simp.world_size = 3 : i64} {
  func.func @empty_pcall() {
    // expected-error @+1 {{'simp.pcall' op party set must not be empty}}
    simp.pcall [] () : () -> () {
      simp.yield
    }
    return
  }
}

// -----

module attributes {simp.world_size = 3 : i64} {
  func.func @unsorted_pcall() {
    // expected-error @+1 {{'simp.pcall' op party set must be sorted, but 0 follows 2}}
    simp.pcall [2, 0] () : () -> () {
      simp.yield
    }
    return
  }
}

// -----

module attributes {simp.world_size = 3 : i64} {
  func.func @not_a_subset(%x: !simp.mp<i32, [0]>) {
    // expected-error @+1 {{'simp.pcall' op party 1 does not hold operand #0 of type '!simp.mp<i32, [0]>'}}
    simp.pcall [0, 1] (%x) : (!simp.mp<i32, [0]>) -> () {
    ^bb0(%a: i32):
      simp.yield
    }
    return
  }
}

// -----

module attributes {simp.world_size = 3 : i64} {
  func.func @result_parties() {
    // expected-error @+1 {{'simp.pcall' op result #0 has type '!simp.mp<i32, [0, 1]>' but must be held by '!simp.mp<i32, [0]>'}}
    %0 = simp.pcall [0] () : () -> !simp.mp<i32, [0, 1]> {
      %c = arith.constant 1 : i32
      simp.yield %c : i32
    }
    return
  }
}

// -----

module attributes {simp.world_size = 3 : i64} {
  func.func @dynamic_result_parties(%x: !simp.mp<i32, ?>) {
    // expected-error @+1 {{'simp.pcall_dynamic' op result #0 has type '!simp.mp<i32, [0]>' but must be held by '!simp.mp<i32, ?>'}}
    %0 = simp.pcall_dynamic (%x) : (!simp.mp<i32, ?>) -> !simp.mp<i32, [0]> {
    ^bb0(%a: i32):
      simp.yield %a : i32
    }
    return
  }
}

// -----

module attributes {simp.world_size = 3 : i64} {
  func.func @missing_block_argument(%x: !simp.mp<i32, [0]>) {
    // expected-error @+1 {{'simp.pcall' op 'body' region has 0 arguments but expects 1}}
    simp.pcall [0] (%x) : (!simp.mp<i32, [0]>) -> () {
      simp.yield
    }
    return
  }
}

// -----

module attributes {simp.world_size = 3 : i64} {
  func.func @block_argument_not_unwrapped(%x: !simp.mp<i32, [0]>) {
    // expected-error @+1 {{'simp.pcall' op 'body' region argument #0 has type '!simp.mp<i32, [0]>' but expects 'i32'}}
    simp.pcall [0] (%x) : (!simp.mp<i32, [0]>) -> () {
    ^bb0(%a: !simp.mp<i32, [0]>):
      simp.yield
    }
    return
  }
}

// -----

module attributes {simp.world_size = 3 : i64} {
  func.func @wrong_terminator() {
    // expected-error @+1 {{'simp.pcall' op 'body' region must end with simp.yield}}
    simp.pcall [0] () : () -> () {
      scf.yield
    }
    return
  }
}

// -----

module attributes {simp.world_size = 3 : i64} {
  func.func @yield_count() {
    // expected-error @+1 {{'simp.pcall' op 'body' region yields 2 values but expects 1}}
    %0 = simp.pcall [0] () : () -> !simp.mp<i32, [0]> {
      %c = arith.constant 1 : i32
      simp.yield %c, %c : i32, i32
    }
    return
  }
}

// -----

module attributes {simp.world_size = 3 : i64} {
  func.func @yield_type() {
    // expected-error @+1 {{'simp.pcall' op 'body' region yields 'i64' as value #0 but expects 'i32'}}
    %0 = simp.pcall [0] () : () -> !simp.mp<i32, [0]> {
      %c = arith.constant 1 : i64
      simp.yield %c : i64
    }
    return
  }
}

// -----

//===----------------------------------------------------------------------===//
// simp.shuffle / simp.shuffle_dynamic
//===----------------------------------------------------------------------===//

module attributes {simp.world_size = 3 : i64} {
  func.func @routing_lengths(%x: !simp.mp<i32, [0]>) {
    // expected-error @+1 {{'simp.shuffle' op routing has 2 destinations but 1 sources}}
    %0 = "simp.shuffle"(%x) <{targets = array<i64: 1, 2>, sources = array<i64: 0>}> : (!simp.mp<i32, [0]>) -> !simp.mp<i32, [1, 2]>
    return
  }
}

// -----

module attributes {simp.world_size = 3 : i64} {
  func.func @empty_routing(%x: !simp.mp<i32, [0]>) {
    // expected-error @+1 {{'simp.shuffle' op routing must not be empty}}
    %0 = simp.shuffle %x [] : !simp.mp<i32, [0]> -> !simp.mp<i32, [0]>
    return
  }
}

// -----

module attributes {simp.world_size = 3 : i64} {
  func.func @routing_arrow(%x: !simp.mp<i32, [0]>) {
    // expected-error @+1 {{expected '<-' between destination and source}}
    %0 = simp.shuffle %x [1 < 0] : !simp.mp<i32, [0]> -> !simp.mp<i32, [1]>
    return
  }
}

// -----

module attributes {simp.world_size = 3 : i64} {
  func.func @destination_outside_world(%x: !simp.mp<i32, ?>) {
    // expected-error @+1 {{'simp.shuffle' op destination rank 3 is outside the world of 3 parties}}
    %0 = "simp.shuffle"(%x) <{targets = array<i64: 3>, sources = array<i64: 0>}> : (!simp.mp<i32, ?>) -> !simp.mp<i32, ?>
    return
  }
}

// -----

module attributes {simp.world_size = 3 : i64} {
  func.func @source_outside_world(%x: !simp.mp<i32, ?>) {
    // expected-error @+1 {{'simp.shuffle' op source rank 7 is outside the world of 3 parties}}
    %0 = simp.shuffle %x [1 <- 7] : !simp.mp<i32, ?> -> !simp.mp<i32, [1]>
    return
  }
}

// -----

module attributes {simp.world_size = 3 : i64} {
  func.func @receives_twice(%x: !simp.mp<i32, [0, 2]>) {
    // expected-error @+1 {{'simp.shuffle' op destination rank 1 receives twice}}
    %0 = simp.shuffle %x [1 <- 0, 1 <- 2] : !simp.mp<i32, [0, 2]> -> !simp.mp<i32, [1]>
    return
  }
}

// -----

module attributes {simp.world_size = 3 : i64} {
  func.func @source_does_not_hold(%x: !simp.mp<i32, [0]>) {
    // expected-error @+1 {{'simp.shuffle' op source rank 1 does not hold the input of type '!simp.mp<i32, [0]>'}}
    %0 = simp.shuffle %x [2 <- 1] : !simp.mp<i32, [0]> -> !simp.mp<i32, [2]>
    return
  }
}

// -----

module attributes {simp.world_size = 3 : i64} {
  func.func @shuffle_result(%x: !simp.mp<i32, [0]>) {
    // expected-error @+1 {{'simp.shuffle' op result type must be '!simp.mp<i32, [1, 2]>'}}
    %0 = simp.shuffle %x [2 <- 0, 1 <- 0] : !simp.mp<i32, [0]> -> !simp.mp<i32, [2]>
    return
  }
}

// -----

module attributes {simp.world_size = 3 : i64} {
  func.func @index_not_scalar(%x: !simp.mp<i32, [0, 1]>, %i: !simp.mp<tensor<2xi64>, [0, 1]>) {
    // expected-error @+1 {{'simp.shuffle_dynamic' op index must be a scalar integer, got '!simp.mp<tensor<2xi64>, [0, 1]>'}}
    %0 = simp.shuffle_dynamic %x, %i : !simp.mp<i32, [0, 1]>, !simp.mp<tensor<2xi64>, [0, 1]> -> !simp.mp<i32, ?>
    return
  }
}

// -----

module attributes {simp.world_size = 3 : i64} {
  func.func @shuffle_dynamic_result(%x: !simp.mp<i32, [0, 1]>, %i: !simp.mp<i64, [0, 1]>) {
    // expected-error @+1 {{'simp.shuffle_dynamic' op result type must be '!simp.mp<i32, ?>'}}
    %0 = simp.shuffle_dynamic %x, %i : !simp.mp<i32, [0, 1]>, !simp.mp<i64, [0, 1]> -> !simp.mp<i32, [0, 1]>
    return
  }
}

// -----

//===----------------------------------------------------------------------===//
// simp.converge
//===----------------------------------------------------------------------===//

module attributes {simp.world_size = 3 : i64} {
  func.func @converge_nothing() {
    // expected-error @+1 {{'simp.converge' op requires at least one operand}}
    %0 = "simp.converge"() : () -> !simp.mp<i32, ?>
    return
  }
}

// -----

module attributes {simp.world_size = 3 : i64} {
  func.func @converge_types(%a: !simp.mp<i32, [0]>, %b: !simp.mp<i64, [1]>) {
    // expected-error @+1 {{'simp.converge' op operand #1 has local type 'i64' but operand #0 has 'i32'}}
    %0 = simp.converge %a, %b : !simp.mp<i32, [0]>, !simp.mp<i64, [1]> -> !simp.mp<i32, [0, 1]>
    return
  }
}

// -----

module attributes {simp.world_size = 3 : i64} {
  func.func @converge_overlap(%a: !simp.mp<i32, [0, 1]>, %b: !simp.mp<i32, [1, 2]>) {
    // expected-error @+1 {{'simp.converge' op operands #0 and #1 are both held by rank 1}}
    %0 = simp.converge %a, %b : !simp.mp<i32, [0, 1]>, !simp.mp<i32, [1, 2]> -> !simp.mp<i32, [0, 1, 2]>
    return
  }
}

// -----

module attributes {simp.world_size = 3 : i64} {
  func.func @converge_result(%a: !simp.mp<i32, [0]>, %b: !simp.mp<i32, ?>) {
    // expected-error @+1 {{'simp.converge' op result type must be '!simp.mp<i32, ?>'}}
    %0 = simp.converge %a, %b : !simp.mp<i32, [0]>, !simp.mp<i32, ?> -> !simp.mp<i32, [0]>
    return
  }
}

// -----

//===----------------------------------------------------------------------===//
// simp.uniform_cond / simp.while_loop
//===----------------------------------------------------------------------===//

module attributes {simp.world_size = 2 : i64} {
  func.func @predicate_not_scalar(%p: !simp.mp<tensor<2xi1>, [0, 1]>) {
    // expected-error @+1 {{'simp.uniform_cond' op predicate must be i1 or tensor<i1>, optionally wrapped in !simp.mp, got '!simp.mp<tensor<2xi1>, [0, 1]>'}}
    simp.uniform_cond %p () : !simp.mp<tensor<2xi1>, [0, 1]>, () -> () then {
      simp.yield
    } else {
      simp.yield
    }
    return
  }
}

// -----

module attributes {simp.world_size = 2 : i64} {
  func.func @predicate_not_i1(%p: i32) {
    // expected-error @+1 {{'simp.uniform_cond' op predicate must be i1 or tensor<i1>, optionally wrapped in !simp.mp, got 'i32'}}
    simp.uniform_cond %p () : i32, () -> () then {
      simp.yield
    } else {
      simp.yield
    }
    return
  }
}

// -----

module attributes {simp.world_size = 2 : i64} {
  func.func @branch_arguments(%p: i1, %x: i32) {
    // expected-error @+1 {{'simp.uniform_cond' op 'then' region argument #0 has type 'i64' but expects 'i32'}}
    simp.uniform_cond %p (%x) : i1, (i32) -> () then {
    ^bb0(%a: i64):
      simp.yield
    } else {
    ^bb0(%a: i32):
      simp.yield
    }
    return
  }
}

// -----

module attributes {simp.world_size = 2 : i64} {
  func.func @branch_signature_mismatch(%p: !simp.mp<i1, [0, 1]>, %x: !simp.mp<i32, [0, 1]>, %y: !simp.mp<i32, [0]>) {
    // expected-error @+1 {{'simp.uniform_cond' op 'else' region yields '!simp.mp<i32, [0]>' as value #0 but expects '!simp.mp<i32, [0, 1]>'}}
    %0 = simp.uniform_cond %p () : !simp.mp<i1, [0, 1]>, () -> !simp.mp<i32, [0, 1]> then {
      simp.yield %x : !simp.mp<i32, [0, 1]>
    } else {
      simp.yield %y : !simp.mp<i32, [0]>
    }
    return
  }
}

// -----

module attributes {simp.world_size = 2 : i64} {
  func.func @loop_results(%x: i32) {
    // expected-error @+1 {{'simp.while_loop' op result types must equal the loop state types}}
    %0 = simp.while_loop (%x) : (i32) -> i64 cond {
    ^bb0(%s: i32):
      %t = arith.constant true
      simp.yield %t : i1
    } body {
    ^bb0(%s: i32):
      simp.yield %s : i32
    }
    return
  }
}

// -----

module attributes {simp.world_size = 2 : i64} {
  func.func @cond_two_values(%x: i32) {
    // expected-error @+1 {{'simp.while_loop' op 'cond' region must yield exactly one predicate, got 2 values}}
    %0 = simp.while_loop (%x) : (i32) -> i32 cond {
    ^bb0(%s: i32):
      %t = arith.constant true
      simp.yield %t, %t : i1, i1
    } body {
    ^bb0(%s: i32):
      simp.yield %s : i32
    }
    return
  }
}

// -----

module attributes {simp.world_size = 2 : i64} {
  func.func @cond_not_predicate(%x: i32) {
    // expected-error @+1 {{'simp.while_loop' op predicate must be i1 or tensor<i1>, optionally wrapped in !simp.mp, got 'i32'}}
    %0 = simp.while_loop (%x) : (i32) -> i32 cond {
    ^bb0(%s: i32):
      simp.yield %s : i32
    } body {
    ^bb0(%s: i32):
      simp.yield %s : i32
    }
    return
  }
}

// -----

module attributes {simp.world_size = 2 : i64} {
  func.func @cond_arguments(%x: i32) {
    // expected-error @+1 {{'simp.while_loop' op 'cond' region has 2 arguments but expects 1}}
    %0 = simp.while_loop (%x) : (i32) -> i32 cond {
    ^bb0(%s: i32, %u: i32):
      %t = arith.constant true
      simp.yield %t : i1
    } body {
    ^bb0(%s: i32):
      simp.yield %s : i32
    }
    return
  }
}

// -----

module attributes {simp.world_size = 2 : i64} {
  func.func @body_state_mismatch(%x: i32) {
    // expected-error @+1 {{'simp.while_loop' op 'body' region yields 'i64' as value #0 but expects 'i32'}}
    %0 = simp.while_loop (%x) : (i32) -> i32 cond {
    ^bb0(%s: i32):
      %t = arith.constant true
      simp.yield %t : i1
    } body {
    ^bb0(%s: i32):
      %w = arith.extsi %s : i32 to i64
      simp.yield %w : i64
    }
    return
  }
}

// -----

//===----------------------------------------------------------------------===//
// simp.send / simp.recv
//===----------------------------------------------------------------------===//

module attributes {simp.world_size = 2 : i64} {
  func.func @negative_tag(%x: i32) {
    // expected-error @+1 {{'simp.send' op tag must be non-negative, got -1}}
    simp.send %x to 1 tag -1 : i32
    return
  }
}

// -----

module attributes {simp.world_size = 2 : i64} {
  func.func @send_global_value(%x: !simp.mp<i32, [0]>) {
    // expected-error @+1 {{'simp.send' op carries a local value, not '!simp.mp<i32, [0]>'}}
    simp.send %x to 1 tag 0 : !simp.mp<i32, [0]>
    return
  }
}

// -----

module attributes {simp.world_size = 2 : i64} {
  func.func @recv_outside_world() {
    // expected-error @+1 {{'simp.recv' op peer rank 2 is outside the world of 2 parties}}
    %0 = simp.recv from 2 tag 0 : i32
    return
  }
}

// -----

module attributes {simp.world_size = 2 : i64} {
  module @rank0 attributes {simp.rank = 0 : i64} {
    func.func @send_to_self(%x: i32) {
      // expected-error @+1 {{'simp.send' op peer is the rank the program runs on (0)}}
      simp.send %x to 0 tag 0 : i32
      return
    }
  }
}

// -----

//===----------------------------------------------------------------------===//
// simp.if_present / simp.first_present
//===----------------------------------------------------------------------===//

module attributes {simp.world_size = 2 : i64} {
  func.func @if_present_unwraps(%x: !simp.mp<i32, [0]>) {
    // expected-error @+1 {{'simp.if_present' op 'body' region argument #0 has type 'i32' but expects '!simp.mp<i32, [0]>'}}
    simp.if_present (%x) : (!simp.mp<i32, [0]>) -> () {
    ^bb0(%a: i32):
      simp.yield
    }
    return
  }
}

// -----

module attributes {simp.world_size = 2 : i64} {
  func.func @if_present_yield_count(%x: i32) {
    // expected-error @+1 {{'simp.if_present' op 'body' region yields 1 values but expects 0}}
    simp.if_present (%x) : (i32) -> () {
    ^bb0(%a: i32):
      simp.yield %a : i32
    }
    return
  }
}

// -----

module attributes {simp.world_size = 2 : i64} {
  func.func @first_present_empty() {
    // expected-error @+1 {{'simp.first_present' op expected 1 or more operands, but found 0}}
    %0 = simp.first_present : i32
    return
  }
}

// -----

//===----------------------------------------------------------------------===//
// simp.agree / simp.exchange
//===----------------------------------------------------------------------===//

module attributes {simp.world_size = 2 : i64} {
  func.func @agree_nobody(%p: i1) {
    // expected-error @+1 {{'simp.agree' op participants must not be empty}}
    %0 = simp.agree %p among [] tag 0 : i1
    return
  }
}

// -----

module attributes {simp.world_size = 2 : i64} {
  func.func @agree_unsorted(%p: i1) {
    // expected-error @+1 {{'simp.agree' op party set must be sorted, but 0 follows 1}}
    %0 = simp.agree %p among [1, 0] tag 0 : i1
    return
  }
}

// -----

module attributes {simp.world_size = 2 : i64} {
  func.func @agree_outside_world(%p: i1) {
    // expected-error @+1 {{'simp.agree' op participant rank 2 is outside the world of 2 parties}}
    %0 = simp.agree %p among [0, 2] tag 0 : i1
    return
  }
}

// -----

module attributes {simp.world_size = 3 : i64} {
  module @rank2 attributes {simp.rank = 2 : i64} {
    func.func @agree_without_self(%p: i1) {
      // expected-error @+1 {{'simp.agree' op participants do not include the rank the program runs on (2)}}
      %0 = simp.agree %p among [0, 1] tag 0 : i1
      return
    }
  }
}

// -----

module attributes {simp.world_size = 2 : i64} {
  func.func @agree_on_integer(%p: i32) {
    // expected-error @+1 {{'simp.agree' op predicate must be i1 or tensor<i1>, optionally wrapped in !simp.mp, got 'i32'}}
    %0 = simp.agree %p among [0, 1] tag 0 : i32
    return
  }
}

// -----

module attributes {simp.world_size = 2 : i64} {
  func.func @exchange_negative_tag(%x: i32, %i: i64) {
    // expected-error @+1 {{'simp.exchange' op tag must be non-negative, got -2}}
    %0 = simp.exchange %x, %i among [0, 1] tag -2 : i32, i64
    return
  }
}

// -----

module attributes {simp.world_size = 2 : i64} {
  func.func @exchange_global_value(%x: !simp.mp<i32, [0]>, %i: i64) {
    // expected-error @+1 {{'simp.exchange' op carries a local value, not '!simp.mp<i32, [0]>'}}
    %0 = simp.exchange %x, %i among [0, 1] tag 0 : !simp.mp<i32, [0]>, i64
    return
  }
}

// -----

module attributes {simp.world_size = 2 : i64} {
  func.func @exchange_float_index(%x: i32, %i: f32) {
    // expected-error @+1 {{'simp.exchange' op index must be a scalar integer, got 'f32'}}
    %0 = simp.exchange %x, %i among [0, 1] tag 0 : i32, f32
    return
  }
}

// -----

func.func private @p(i64) -> i64
func.func @measure_without_elements(%a: i64) -> i64 {
  // expected-error @+1 {{'simp.measure' must be a dictionary {op = "name", elements = N} on a func.call}}
  %0 = func.call @p(%a) {simp.measure = {op = "ss.mul"}} : (i64) -> i64
  return %0 : i64
}

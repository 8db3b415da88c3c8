// RUN: mplang-opt --simp-project %s -split-input-file -verify-diagnostics

// expected-error @+1 {{--simp-project needs 'simp.world_size' on the module}}
module {
  func.func @main() {
    return
  }
}

// -----

module attributes {simp.world_size = 2 : i64} {
  func.func @dynamic_predicate(%p: !simp.mp<i1, ?>) {
    // expected-error @+1 {{'simp.uniform_cond' op the projection needs a predicate held by a static party set, got '!simp.mp<i1, ?>'}}
    simp.uniform_cond %p () : !simp.mp<i1, ?>, () -> () then {
      simp.yield
    } else {
      simp.yield
    }
    return
  }
}

// -----

module attributes {simp.world_size = 3 : i64} {
  func.func @outsider_acts(%p: !simp.mp<i1, [0, 1]>) {
    // expected-note @+1 {{enclosing op}}
    simp.uniform_cond %p () : !simp.mp<i1, [0, 1]>, () -> () then {
      // expected-error @+1 {{'simp.pcall' op involves rank 2, which does not hold the predicate of the enclosing simp.uniform_cond (held by [0, 1])}}
      simp.pcall [2] () : () -> () {
        simp.yield
      }
      simp.yield
    } else {
      simp.yield
    }
    return
  }
}

// -----

// A rank acting two levels down counts for the outer op too.
module attributes {simp.world_size = 3 : i64} {
  func.func @outsider_acts_nested(%p: !simp.mp<i1, [0, 1]>) {
    // expected-note @+1 {{enclosing op}}
    simp.uniform_cond %p () : !simp.mp<i1, [0, 1]>, () -> () then {
      simp.uniform_cond %p () : !simp.mp<i1, [0, 1]>, () -> () then {
        // expected-error @+1 {{'simp.pcall' op involves rank 2, which does not hold the predicate of the enclosing simp.uniform_cond (held by [0, 1])}}
        simp.pcall [2] () : () -> () {
          simp.yield
        }
        simp.yield
      } else {
        simp.yield
      }
      simp.yield
    } else {
      simp.yield
    }
    return
  }
}

// -----

module attributes {simp.world_size = 3 : i64} {
  func.func @outsider_holds_state(%p: !simp.mp<i1, [0, 1]>, %x: !simp.mp<i32, [2]>) {
    // expected-error @+1 {{'simp.while_loop' op involves rank 2, which does not hold the predicate of the enclosing simp.while_loop (held by [0, 1])}}
    %0 = simp.while_loop (%x) : (!simp.mp<i32, [2]>) -> !simp.mp<i32, [2]> cond {
    ^bb0(%s: !simp.mp<i32, [2]>):
      simp.yield %p : !simp.mp<i1, [0, 1]>
    } body {
    ^bb0(%s: !simp.mp<i32, [2]>):
      simp.yield %s : !simp.mp<i32, [2]>
    }
    return
  }
}

// -----

module attributes {simp.world_size = 2 : i64} {
  func.func @unverifiable(%x: !simp.mp<i32, ?>) {
    %0 = simp.pcall_dynamic (%x) : (!simp.mp<i32, ?>) -> !simp.mp<i32, ?> {
    ^bb0(%a: i32):
      %t = arith.constant true
      // expected-error @+1 {{'simp.uniform_cond' op cannot check the agreement of a predicate inside simp.pcall_dynamic; set verify_uniform = false}}
      %b = simp.uniform_cond %t (%a) : i1, (i32) -> i32 then {
      ^bb0(%v: i32):
        simp.yield %v : i32
      } else {
      ^bb0(%v: i32):
        simp.yield %v : i32
      }
      simp.yield %b : i32
    }
    return
  }
}

// -----

module attributes {simp.world_size = 2 : i64} {
  // expected-error @+1 {{'func.func' op the projection supports single-block functions}}
  func.func @branches() {
    return
  ^bb1:
    return
  }
}

// -----

module attributes {simp.world_size = 2 : i64} {
  func.func @terminator_needs_absent(%c: i1, %x: !simp.mp<i32, [0]>) -> !simp.mp<i32, [0]> {
    %0 = scf.if %c -> !simp.mp<i32, [0]> {
      // expected-error @+1 {{'scf.yield' op uses a value rank 1 does not hold}}
      scf.yield %x : !simp.mp<i32, [0]>
    } else {
      scf.yield %x : !simp.mp<i32, [0]>
    }
    return %0 : !simp.mp<i32, [0]>
  }
}

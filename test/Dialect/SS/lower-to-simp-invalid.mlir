// RUN: mplang-opt %s --ss-lower-to-simp -split-input-file -verify-diagnostics

module attributes {simp.world_size = 3 : i64} {
  func.func @three(%a: !ss.share<tensor<4xi64>, [0, 1, 2]>) -> !ss.share<tensor<4xi64>, [0, 1, 2]> {
    // expected-error @+1 {{'ss.mul' op has no protocol for #ss.additive sharing among 3 parties; the library ships two-party #ss.additive and three-party #ss.replicated}}
    %p = ss.mul %a, %a : !ss.share<tensor<4xi64>, [0, 1, 2]>
    return %p : !ss.share<tensor<4xi64>, [0, 1, 2]>
  }
}

// -----

module attributes {simp.world_size = 3 : i64} {
  func.func @dealer(%x: !simp.mp<tensor<4xi64>, [2]>) -> !ss.share<tensor<4xi64>, [0, 1]> {
    // expected-error @+1 {{'ss.share' op has no protocol for an owner outside the holders: rank 2 holds no share}}
    %s = ss.share %x : !simp.mp<tensor<4xi64>, [2]> -> !ss.share<tensor<4xi64>, [0, 1]>
    return %s : !ss.share<tensor<4xi64>, [0, 1]>
  }
}

// -----

module attributes {simp.world_size = 3 : i64} {
  func.func @outsider(%s: !ss.share<tensor<4xi64>, [0, 1]>) -> !simp.mp<tensor<4xi64>, [1, 2]> {
    // expected-error @+1 {{'ss.reveal' op has no protocol to reveal to rank 2, which holds no share}}
    %x = ss.reveal %s : !ss.share<tensor<4xi64>, [0, 1]> -> !simp.mp<tensor<4xi64>, [1, 2]>
    return %x : !simp.mp<tensor<4xi64>, [1, 2]>
  }
}

// -----

module attributes {simp.world_size = 2 : i64} {
  func.func @too_big(%x: !simp.mp<tensor<1048577xi64>, [0]>) -> !ss.share<tensor<1048577xi64>, [0, 1]> {
    // expected-error @+1 {{'ss.share' op has 1048577 elements, more than the largest protocol size the library ships (1048576)}}
    %s = ss.share %x : !simp.mp<tensor<1048577xi64>, [0]> -> !ss.share<tensor<1048577xi64>, [0, 1]>
    return %s : !ss.share<tensor<1048577xi64>, [0, 1]>
  }
}

// -----

module attributes {simp.world_size = 2 : i64} {
  func.func @local_use(%s: !ss.share<tensor<4xi64>, [0, 1]>) {
    // expected-error @+1 {{'simp.pcall' op takes a secret-shared value; only ss ops compute on shares}}
    simp.pcall [0] (%s) : (!ss.share<tensor<4xi64>, [0, 1]>) -> () {
    ^bb0(%v: !ss.share<tensor<4xi64>, [0, 1]>):
      simp.yield
    }
    return
  }
}

// -----

module attributes {simp.world_size = 3 : i64} {
  func.func @compare(%a: !ss.share<tensor<4xi64>, [0, 1, 2]>) -> !ss.share<tensor<4xi64>, [0, 1, 2]> {
    // expected-error @+1 {{'ss.lt' op has no protocol for #ss.additive sharing among 3 parties; the library ships two-party #ss.additive and three-party #ss.replicated}}
    %p = ss.lt %a, %a : !ss.share<tensor<4xi64>, [0, 1, 2]>
    return %p : !ss.share<tensor<4xi64>, [0, 1, 2]>
  }
}

// -----

module attributes {simp.world_size = 2 : i64} {
  func.func @wide(%a: !ss.share<tensor<1x2xi64>, [0, 1]>, %b: !ss.share<tensor<2x1048576xi64>, [0, 1]>)
      -> !ss.share<tensor<1x1048576xi64>, [0, 1]> {
    // expected-error @+1 {{'ss.matmul' op has 2097152 products per row, more than the largest protocol size the library ships (1048576)}}
    %m = ss.matmul %a, %b : !ss.share<tensor<1x2xi64>, [0, 1]>, !ss.share<tensor<2x1048576xi64>, [0, 1]> -> !ss.share<tensor<1x1048576xi64>, [0, 1]>
    return %m : !ss.share<tensor<1x1048576xi64>, [0, 1]>
  }
}

// -----

module attributes {simp.world_size = 2 : i64} {
  func.func @exact(%a: !ss.share<tensor<2x1048576xi64>, [0, 1]>) -> !ss.share<tensor<2x1048576xi64>, [0, 1]> {
    // expected-error @+1 {{'ss.trunc' op has 2097152 elements, more than the largest protocol size the library ships (1048576)}}
    %t = ss.trunc %a {bits = 16, exact} : !ss.share<tensor<2x1048576xi64>, [0, 1]>
    return %t : !ss.share<tensor<2x1048576xi64>, [0, 1]>
  }
}

// -----

module attributes {simp.world_size = 3 : i64} {
  func.func @replicated_exact(%a: !ss.share<tensor<4xi64>, [0, 1, 2], #ss.replicated>) -> !ss.share<tensor<4xi64>, [0, 1, 2], #ss.replicated> {
    // expected-error @+1 {{'ss.trunc' op has no protocol for #ss.replicated yet: exact truncation needs two-party #ss.additive}}
    %p = ss.trunc %a {bits = 16, exact} : !ss.share<tensor<4xi64>, [0, 1, 2], #ss.replicated>
    return %p : !ss.share<tensor<4xi64>, [0, 1, 2], #ss.replicated>
  }
}

// -----

!big = !ss.share<tensor<1024x2048xi64>, [0, 1, 2], #ss.replicated>
module attributes {simp.world_size = 3 : i64} {
  func.func @replicated_matmul_too_big(%a: !ss.share<tensor<1024x1xi64>, [0, 1, 2], #ss.replicated>,
                                       %b: !ss.share<tensor<1x2048xi64>, [0, 1, 2], #ss.replicated>) -> !big {
    // expected-error @+1 {{'ss.matmul' op has 2097152 elements, more than the largest protocol size the library ships (1048576)}}
    %p = ss.matmul %a, %b : !ss.share<tensor<1024x1xi64>, [0, 1, 2], #ss.replicated>,
        !ss.share<tensor<1x2048xi64>, [0, 1, 2], #ss.replicated> -> !big
    return %p : !big
  }
}

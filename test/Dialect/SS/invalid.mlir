// RUN: mplang-opt %s -split-input-file -verify-diagnostics

//===----------------------------------------------------------------------===//
// !ss.share
//===----------------------------------------------------------------------===//

// expected-error @+1 {{!ss.share needs a statically shaped tensor, not 'i64'}}
func.func private @scalar(!ss.share<i64, [0, 1]>)

// -----

// expected-error @+1 {{!ss.share needs a statically shaped tensor, not 'tensor<?xi64>'}}
func.func private @dynamic_shape(!ss.share<tensor<?xi64>, [0, 1]>)

// -----

// expected-error @+1 {{party set must be sorted, but 0 follows 1}}
func.func private @unsorted(!ss.share<tensor<4xi64>, [1, 0]>)

// -----

// expected-error @+1 {{!ss.share needs at least two parties, got 1}}
func.func private @one_party(!ss.share<tensor<4xi64>, [0]>)

// -----

// expected-error @+1 {{expected a secret-sharing scheme such as #ss.additive, got 1 : i64}}
func.func private @not_a_scheme(!ss.share<tensor<4xi64>, [0, 1], 1>)

// -----

// expected-error @+1 {{#ss.additive shares elements of Z_2^64 (i64), not 'i32'}}
func.func private @narrow(!ss.share<tensor<4xi32>, [0, 1]>)

// -----

// expected-error @+1 {{#ss.replicated shares elements of Z_2^64 (i64), not 'i32'}}
func.func private @replicated_narrow(!ss.share<tensor<4xi32>, [0, 1, 2], #ss.replicated>)

// -----

// expected-error @+1 {{#ss.replicated shares among exactly 3 parties, got 2}}
func.func private @replicated_two(!ss.share<tensor<4xi64>, [0, 1], #ss.replicated>)

// -----

// expected-error @+1 {{#ss.replicated shares among exactly 3 parties, got 4}}
func.func private @replicated_four(!ss.share<tensor<4xi64>, [0, 1, 2, 3], #ss.replicated>)

// -----

//===----------------------------------------------------------------------===//
// Placement
//===----------------------------------------------------------------------===//

func.func @no_world(%a: !ss.share<tensor<4xi64>, [0, 1]>) {
  // expected-error @+1 {{'ss.neg' op requires an enclosing module with 'simp.world_size'}}
  %n = ss.neg %a : !ss.share<tensor<4xi64>, [0, 1]>
  return
}

// -----

module attributes {simp.world_size = 2 : i64} {
  func.func @outside(%a: !ss.share<tensor<4xi64>, [1, 2]>) {
    // expected-error @+1 {{'ss.neg' op share holder rank 2 is outside the world of 2 parties}}
    %n = ss.neg %a : !ss.share<tensor<4xi64>, [1, 2]>
    return
  }
}

// -----

module attributes {simp.world_size = 2 : i64} {
  func.func @local(%a: !ss.share<tensor<4xi64>, [0, 1]>) {
    simp.pcall [0] (%a) : (!ss.share<tensor<4xi64>, [0, 1]>) -> () {
    ^bb0(%s: !ss.share<tensor<4xi64>, [0, 1]>):
      // expected-error @+1 {{'ss.neg' op must be at the global level of a program, not inside 'simp.pcall'}}
      %n = ss.neg %s : !ss.share<tensor<4xi64>, [0, 1]>
      simp.yield
    }
    return
  }
}

// -----

//===----------------------------------------------------------------------===//
// ss.share
//===----------------------------------------------------------------------===//

module attributes {simp.world_size = 2 : i64} {
  func.func @two_owners(%x: !simp.mp<tensor<4xi64>, [0, 1]>) {
    // expected-error @+1 {{'ss.share' op shares the value of one party, but its input is '!simp.mp<tensor<4xi64>, [0, 1]>'}}
    %s = ss.share %x : !simp.mp<tensor<4xi64>, [0, 1]> -> !ss.share<tensor<4xi64>, [0, 1]>
    return
  }
}

// -----

module attributes {simp.world_size = 2 : i64} {
  func.func @shape(%x: !simp.mp<tensor<8xi64>, [0]>) {
    // expected-error @+1 {{'ss.share' op input value type 'tensor<8xi64>' differs from the shared type 'tensor<4xi64>'}}
    %s = ss.share %x : !simp.mp<tensor<8xi64>, [0]> -> !ss.share<tensor<4xi64>, [0, 1]>
    return
  }
}

// -----

//===----------------------------------------------------------------------===//
// ss.reveal
//===----------------------------------------------------------------------===//

module attributes {simp.world_size = 2 : i64} {
  func.func @dynamic(%s: !ss.share<tensor<4xi64>, [0, 1]>) {
    // expected-error @+1 {{'ss.reveal' op reveals to a static party set, not '!simp.mp<tensor<4xi64>, ?>'}}
    %x = ss.reveal %s : !ss.share<tensor<4xi64>, [0, 1]> -> !simp.mp<tensor<4xi64>, ?>
    return
  }
}

// -----

module attributes {simp.world_size = 2 : i64} {
  func.func @shape(%s: !ss.share<tensor<4xi64>, [0, 1]>) {
    // expected-error @+1 {{'ss.reveal' op result value type 'tensor<2x2xi64>' differs from the shared type 'tensor<4xi64>'}}
    %x = ss.reveal %s : !ss.share<tensor<4xi64>, [0, 1]> -> !simp.mp<tensor<2x2xi64>, [0]>
    return
  }
}

// -----

//===----------------------------------------------------------------------===//
// Arithmetic
//===----------------------------------------------------------------------===//

module attributes {simp.world_size = 3 : i64} {
  func.func @parties(%a: !ss.share<tensor<4xi64>, [0, 1]>, %b: !ss.share<tensor<4xi64>, [0, 2]>) {
    // expected-error @+1 {{'ss.add' op requires the same type for all operands and results}}
    %c = "ss.add"(%a, %b) : (!ss.share<tensor<4xi64>, [0, 1]>, !ss.share<tensor<4xi64>, [0, 2]>) -> !ss.share<tensor<4xi64>, [0, 1]>
    return
  }
}

// -----

module attributes {simp.world_size = 3 : i64} {
  func.func @dynamic(%a: !ss.share<tensor<4xi64>, [0, 1]>, %w: !simp.mp<tensor<4xi64>, ?>) {
    // expected-error @+1 {{'ss.mul_public' op needs a public value of a static party set, not '!simp.mp<tensor<4xi64>, ?>'}}
    %c = ss.mul_public %a, %w : !ss.share<tensor<4xi64>, [0, 1]>, !simp.mp<tensor<4xi64>, ?>
    return
  }
}

// -----

module attributes {simp.world_size = 3 : i64} {
  func.func @not_held(%a: !ss.share<tensor<4xi64>, [0, 1]>, %w: !simp.mp<tensor<4xi64>, [0, 2]>) {
    // expected-error @+1 {{'ss.mul_public' op share holder 1 does not hold the public value of type '!simp.mp<tensor<4xi64>, [0, 2]>'}}
    %c = ss.mul_public %a, %w : !ss.share<tensor<4xi64>, [0, 1]>, !simp.mp<tensor<4xi64>, [0, 2]>
    return
  }
}

// -----

module attributes {simp.world_size = 2 : i64} {
  func.func @shape(%a: !ss.share<tensor<4xi64>, [0, 1]>, %w: !simp.mp<tensor<1xi64>, [0, 1]>) {
    // expected-error @+1 {{'ss.mul_public' op public value type 'tensor<1xi64>' differs from the shared type 'tensor<4xi64>'}}
    %c = ss.mul_public %a, %w : !ss.share<tensor<4xi64>, [0, 1]>, !simp.mp<tensor<1xi64>, [0, 1]>
    return
  }
}

// -----

module attributes {simp.world_size = 3 : i64} {
  func.func @parties(%a: !ss.share<tensor<4xi64>, [0, 1]>) {
    // expected-error @+1 {{'ss.sum' op result type '!ss.share<tensor<i64>, [0, 2]>' is not shared like its input '!ss.share<tensor<4xi64>, [0, 1]>'}}
    %s = ss.sum %a [0] : !ss.share<tensor<4xi64>, [0, 1]> -> !ss.share<tensor<i64>, [0, 2]>
    return
  }
}

// -----

module attributes {simp.world_size = 2 : i64} {
  func.func @dims(%a: !ss.share<tensor<2x3xi64>, [0, 1]>) {
    // expected-error @+1 {{'ss.sum' op dimensions must be sorted, unique and below the input's rank 2}}
    %s = ss.sum %a [1, 0] : !ss.share<tensor<2x3xi64>, [0, 1]> -> !ss.share<tensor<i64>, [0, 1]>
    return
  }
}

// -----

module attributes {simp.world_size = 2 : i64} {
  func.func @shape(%a: !ss.share<tensor<2x3xi64>, [0, 1]>) {
    // expected-error @+1 {{'ss.sum' op sums 'tensor<2x3xi64>' into 'tensor<3xi64>', not 'tensor<2xi64>'}}
    %s = ss.sum %a [0] : !ss.share<tensor<2x3xi64>, [0, 1]> -> !ss.share<tensor<2xi64>, [0, 1]>
    return
  }
}

// -----

module attributes {simp.world_size = 2 : i64} {
  func.func @select(%c: !ss.share<tensor<4xi64>, [0, 1]>, %a: !ss.share<tensor<2xi64>, [0, 1]>) {
    // expected-error @+1 {{'ss.select' op failed to verify that all of {cond, lhs, rhs, result} have same type}}
    %s = "ss.select"(%c, %a, %a) : (!ss.share<tensor<4xi64>, [0, 1]>, !ss.share<tensor<2xi64>, [0, 1]>, !ss.share<tensor<2xi64>, [0, 1]>) -> !ss.share<tensor<2xi64>, [0, 1]>
    return
  }
}

// -----

//===----------------------------------------------------------------------===//
// Fixed point
//===----------------------------------------------------------------------===//

module attributes {simp.world_size = 2 : i64} {
  func.func @bits(%x: !simp.mp<tensor<4xf64>, [0]>) {
    // expected-error @+1 {{'ss.encode' op needs between 0 and 62 fraction bits, not 63}}
    %e = ss.encode %x {fraction_bits = 63} : !simp.mp<tensor<4xf64>, [0]> -> !simp.mp<tensor<4xi64>, [0]>
    return
  }
}

// -----

module attributes {simp.world_size = 2 : i64} {
  func.func @moved(%x: !simp.mp<tensor<4xi64>, [0]>) {
    // expected-error @+1 {{'ss.decode' op result '!simp.mp<tensor<4xf64>, [1]>' is not held like its input '!simp.mp<tensor<4xi64>, [0]>'}}
    %e = ss.decode %x {fraction_bits = 8} : !simp.mp<tensor<4xi64>, [0]> -> !simp.mp<tensor<4xf64>, [1]>
    return
  }
}

// -----

module attributes {simp.world_size = 2 : i64} {
  func.func @types(%x: !simp.mp<tensor<4xi64>, [0]>) {
    // expected-error @+1 {{'ss.encode' op converts between f32 or f64 and i64 tensors of one shape, not 'tensor<4xi64>' and 'tensor<4xi64>'}}
    %e = ss.encode %x {fraction_bits = 8} : !simp.mp<tensor<4xi64>, [0]> -> !simp.mp<tensor<4xi64>, [0]>
    return
  }
}

// -----

module attributes {simp.world_size = 2 : i64} {
  func.func @trunc(%a: !ss.share<tensor<4xi64>, [0, 1]>) {
    // expected-error @+1 {{'ss.trunc' op truncates by 1 to 62 bits, not 0}}
    %t = ss.trunc %a {bits = 0} : !ss.share<tensor<4xi64>, [0, 1]>
    return
  }
}

// -----

module attributes {simp.world_size = 3 : i64} {
  func.func @matmul(%a: !ss.share<tensor<2x3xi64>, [0, 1]>, %b: !ss.share<tensor<3x4xi64>, [1, 2]>) {
    // expected-error @+1 {{'ss.matmul' op operands and result must be shared alike, not '!ss.share<tensor<2x3xi64>, [0, 1]>' and '!ss.share<tensor<3x4xi64>, [1, 2]>'}}
    %m = ss.matmul %a, %b : !ss.share<tensor<2x3xi64>, [0, 1]>, !ss.share<tensor<3x4xi64>, [1, 2]> -> !ss.share<tensor<2x4xi64>, [0, 1]>
    return
  }
}

// -----

module attributes {simp.world_size = 2 : i64} {
  func.func @matmul(%a: !ss.share<tensor<2x3xi64>, [0, 1]>, %b: !ss.share<tensor<4x3xi64>, [0, 1]>) {
    // expected-error @+1 {{'ss.matmul' op multiplies M x K by K x N matrices, not 'tensor<2x3xi64>' by 'tensor<4x3xi64>'}}
    %m = ss.matmul %a, %b : !ss.share<tensor<2x3xi64>, [0, 1]>, !ss.share<tensor<4x3xi64>, [0, 1]> -> !ss.share<tensor<2x3xi64>, [0, 1]>
    return
  }
}

// -----

module attributes {simp.world_size = 2 : i64} {
  func.func @matmul(%a: !ss.share<tensor<2x3xi64>, [0, 1]>, %b: !ss.share<tensor<3x4xi64>, [0, 1]>) {
    // expected-error @+1 {{'ss.matmul' op result value type should be 'tensor<2x4xi64>', not 'tensor<4x2xi64>'}}
    %m = ss.matmul %a, %b : !ss.share<tensor<2x3xi64>, [0, 1]>, !ss.share<tensor<3x4xi64>, [0, 1]> -> !ss.share<tensor<4x2xi64>, [0, 1]>
    return
  }
}

// -----

module attributes {simp.world_size = 2 : i64} {
  func.func @reshape(%a: !ss.share<tensor<6xi64>, [0, 1]>) {
    // expected-error @+1 {{'ss.reshape' op reshapes 'tensor<6xi64>' into 'tensor<2x2xi64>', a different number of elements}}
    %r = ss.reshape %a : !ss.share<tensor<6xi64>, [0, 1]> -> !ss.share<tensor<2x2xi64>, [0, 1]>
    return
  }
}

// -----

module attributes {simp.world_size = 3 : i64} {
  func.func @reshape(%a: !ss.share<tensor<6xi64>, [0, 1]>) {
    // expected-error @+1 {{'ss.reshape' op result type '!ss.share<tensor<2x3xi64>, [1, 2]>' is not shared like its input '!ss.share<tensor<6xi64>, [0, 1]>'}}
    %r = ss.reshape %a : !ss.share<tensor<6xi64>, [0, 1]> -> !ss.share<tensor<2x3xi64>, [1, 2]>
    return
  }
}

// -----

module attributes {simp.world_size = 2 : i64} {
  func.func @broadcast(%a: !ss.share<tensor<3xi64>, [0, 1]>) {
    // expected-error @+1 {{'ss.broadcast' op dimensions must be sorted, unique and below the result's rank 2}}
    %r = ss.broadcast %a [2] : !ss.share<tensor<3xi64>, [0, 1]> -> !ss.share<tensor<3x4xi64>, [0, 1]>
    return
  }
}

// -----

module attributes {simp.world_size = 2 : i64} {
  func.func @broadcast(%a: !ss.share<tensor<3xi64>, [0, 1]>) {
    // expected-error @+1 {{'ss.broadcast' op broadcasts 'tensor<3xi64>', not 'tensor<3x4xi64>' without its added dimensions}}
    %r = ss.broadcast %a [0] : !ss.share<tensor<3xi64>, [0, 1]> -> !ss.share<tensor<3x4xi64>, [0, 1]>
    return
  }
}

// RUN: mplang-opt %s | FileCheck %s
// Printing, re-parsing and printing again is a fixed point, in the custom and
// the generic form.
// RUN: mplang-opt %s | mplang-opt | FileCheck %s
// RUN: mplang-opt %s --mlir-print-op-generic | mplang-opt | FileCheck %s

!gf = !field.gf128

// CHECK-LABEL: func.func @words
// CHECK: %[[E:.*]] = field.from_words %{{.*}} : tensor<4x2xi64> -> tensor<4x!field.gf128>
// CHECK: field.to_words %[[E]] : tensor<4x!field.gf128> -> tensor<4x2xui64>
// CHECK: field.from_words %{{.*}} : tensor<2xi64> -> tensor<!field.gf128>
// CHECK: field.to_words %[[E]] : tensor<4x!field.gf128> -> tensor<4x8xi16>
// CHECK: field.from_words %{{.*}} : tensor<16xui8> -> tensor<!field.gf128>
func.func @words(%w: tensor<4x2xi64>, %s: tensor<2xi64>, %bytes: tensor<16xui8>)
    -> (tensor<4x2xui64>, tensor<!gf>, tensor<4x8xi16>, tensor<!gf>) {
  %e = field.from_words %w : tensor<4x2xi64> -> tensor<4x!gf>
  %u = field.to_words %e : tensor<4x!gf> -> tensor<4x2xui64>
  %b = field.from_words %s : tensor<2xi64> -> tensor<!gf>
  %h = field.to_words %e : tensor<4x!gf> -> tensor<4x8xi16>
  %c = field.from_words %bytes : tensor<16xui8> -> tensor<!gf>
  return %u, %b, %h, %c : tensor<4x2xui64>, tensor<!gf>, tensor<4x8xi16>, tensor<!gf>
}

// CHECK-LABEL: func.func @arithmetic
// CHECK: %[[M:.*]] = field.mul %{{.*}}, %{{.*}} : tensor<4x8x!field.gf128>
// CHECK: %[[A:.*]] = field.add %[[M]], %{{.*}} : tensor<4x8x!field.gf128>
// CHECK: %[[S:.*]] = field.sum %[[A]] axis = 1 : tensor<4x8x!field.gf128> -> tensor<4x!field.gf128>
// CHECK: field.sum %[[S]] axis = 0 : tensor<4x!field.gf128> -> tensor<!field.gf128>
func.func @arithmetic(%a: tensor<4x8x!gf>, %b: tensor<4x8x!gf>) -> tensor<!gf> {
  %m = field.mul %a, %b : tensor<4x8x!gf>
  %x = field.add %m, %b : tensor<4x8x!gf>
  %s = field.sum %x axis = 1 : tensor<4x8x!gf> -> tensor<4x!gf>
  %t = field.sum %s axis = 0 : tensor<4x!gf> -> tensor<!gf>
  return %t : tensor<!gf>
}

// CHECK-LABEL: func.func @prg
// CHECK: %[[SEEDS:.*]] = field.random : tensor<4x!field.gf128>
// CHECK: field.random : tensor<16xi64>
// CHECK: field.aes_expand %[[SEEDS]] length = 8 : tensor<4x!field.gf128> -> tensor<4x8x!field.gf128>
// CHECK: field.aes_expand %[[SEEDS]] length = 8 feed_forward : tensor<4x!field.gf128> -> tensor<4x8x!field.gf128>
func.func @prg() -> (tensor<4x8x!gf>, tensor<4x8x!gf>, tensor<16xi64>) {
  %seeds = field.random : tensor<4x!gf>
  %bits = field.random : tensor<16xi64>
  %r = field.aes_expand %seeds length = 8 : tensor<4x!gf> -> tensor<4x8x!gf>
  %p = field.aes_expand %seeds length = 8 feed_forward : tensor<4x!gf> -> tensor<4x8x!gf>
  return %r, %p, %bits : tensor<4x8x!gf>, tensor<4x8x!gf>, tensor<16xi64>
}

// CHECK-LABEL: func.func @okvs
// CHECK: %[[T:.*]] = field.solve_okvs %[[K:.*]], %{{.*}}, %[[SEED:.*]] m = 160 : tensor<100xi64>, tensor<100x!field.gf128>, tensor<!field.gf128> -> tensor<160x!field.gf128>
// CHECK: field.decode_okvs %[[K]], %[[T]], %[[SEED]] : tensor<100xi64>, tensor<160x!field.gf128>, tensor<!field.gf128> -> tensor<100x!field.gf128>
// CHECK: %[[TT:.*]], %[[OK:.*]] = field.try_solve_okvs %[[K]], %{{.*}}, %[[SEED]] m = 160 : tensor<100xi64>, tensor<100x!field.gf128>, tensor<!field.gf128> -> tensor<160x!field.gf128>, i1
// CHECK: return %{{.*}}, %[[TT]], %[[OK]]
func.func @okvs(%k: tensor<100xi64>, %v: tensor<100x!gf>, %seed: tensor<!gf>) -> (tensor<100x!gf>, tensor<160x!gf>, i1) {
  %t = field.solve_okvs %k, %v, %seed m = 160 : tensor<100xi64>, tensor<100x!gf>, tensor<!gf> -> tensor<160x!gf>
  %d = field.decode_okvs %k, %t, %seed : tensor<100xi64>, tensor<160x!gf>, tensor<!gf> -> tensor<100x!gf>
  %tt, %ok = field.try_solve_okvs %k, %v, %seed m = 160 : tensor<100xi64>, tensor<100x!gf>, tensor<!gf> -> tensor<160x!gf>, i1
  return %d, %tt, %ok : tensor<100x!gf>, tensor<160x!gf>, i1
}

// CHECK-LABEL: func.func @ldpc
// CHECK: field.ldpc_encode %{{.*}}, %{{.*}}, %{{.*}} m = 3, n = 4 : tensor<4x!field.gf128>, tensor<7xi64>, tensor<4xi64> -> tensor<3x!field.gf128>
func.func @ldpc(%msg: tensor<4x!gf>, %indices: tensor<7xi64>, %indptr: tensor<4xi64>) -> tensor<3x!gf> {
  %s = field.ldpc_encode %msg, %indices, %indptr m = 3, n = 4 : tensor<4x!gf>, tensor<7xi64>, tensor<4xi64> -> tensor<3x!gf>
  return %s : tensor<3x!gf>
}

// CHECK-LABEL: func.func @scatter_scan
// CHECK: %[[R:.*]] = field.scatter_add %{{.*}}, %{{.*}}, %{{.*}} : tensor<8x!field.gf128>, tensor<3xi64>, tensor<3x!field.gf128> -> tensor<8x!field.gf128>
// CHECK: field.scatter_add %[[R]], %{{.*}}, %{{.*}} : tensor<8x!field.gf128>, tensor<3xui64>, tensor<3x!field.gf128> -> tensor<8x!field.gf128>
// CHECK: field.prefix_sum %{{.*}} : tensor<8x!field.gf128>
func.func @scatter_scan(%d: tensor<8x!gf>, %i: tensor<3xi64>, %u: tensor<3xui64>, %v: tensor<3x!gf>) -> tensor<8x!gf> {
  %r = field.scatter_add %d, %i, %v : tensor<8x!gf>, tensor<3xi64>, tensor<3x!gf> -> tensor<8x!gf>
  %s = field.scatter_add %r, %u, %v : tensor<8x!gf>, tensor<3xui64>, tensor<3x!gf> -> tensor<8x!gf>
  %a = field.prefix_sum %s : tensor<8x!gf>
  return %a : tensor<8x!gf>
}

// CHECK-LABEL: func.func @rows
// CHECK: %[[S:.*]] = field.sort_rows %{{.*}} : tensor<1000x5xi16>
// CHECK: field.contains_rows %[[S]], %{{.*}} : tensor<1000x5xi16>, tensor<700x5xi16> -> tensor<700xi1>
// CHECK: field.sort_rows %{{.*}} : tensor<3x16xui8>
// CHECK: field.sort_rows %{{.*}} : tensor<3x2xsi64>
func.func @rows(%x: tensor<1000x5xi16>, %q: tensor<700x5xi16>, %b: tensor<3x16xui8>, %w: tensor<3x2xsi64>) -> (tensor<700xi1>, tensor<3x16xui8>, tensor<3x2xsi64>) {
  %s = field.sort_rows %x : tensor<1000x5xi16>
  %m = field.contains_rows %s, %q : tensor<1000x5xi16>, tensor<700x5xi16> -> tensor<700xi1>
  %bs = field.sort_rows %b : tensor<3x16xui8>
  %ws = field.sort_rows %w : tensor<3x2xsi64>
  return %m, %bs, %ws : tensor<700xi1>, tensor<3x16xui8>, tensor<3x2xsi64>
}

// CHECK-LABEL: func.func @ea
// CHECK: field.ea_encode %{{.*}}, %{{.*}} m = 4 weight = 21 : tensor<10x!field.gf128>, tensor<!field.gf128> -> tensor<4x!field.gf128>
// CHECK: field.ea_encode %{{.*}}, %{{.*}} m = 4 weight = 21 : tensor<10x2x!field.gf128>, tensor<!field.gf128> -> tensor<4x2x!field.gf128>
func.func @ea(%e: tensor<10x!gf>, %uv: tensor<10x2x!gf>, %seed: tensor<!gf>) -> (tensor<4x!gf>, tensor<4x2x!gf>) {
  %y = field.ea_encode %e, %seed m = 4 weight = 21 : tensor<10x!gf>, tensor<!gf> -> tensor<4x!gf>
  %z = field.ea_encode %uv, %seed m = 4 weight = 21 : tensor<10x2x!gf>, tensor<!gf> -> tensor<4x2x!gf>
  return %y, %z : tensor<4x!gf>, tensor<4x2x!gf>
}

// CHECK-LABEL: func.func @scale
// CHECK: field.scale %{{.*}}, %{{.*}} : tensor<4x2x!field.gf128>, tensor<!field.gf128>
func.func @scale(%x: tensor<4x2x!gf>, %c: tensor<!gf>) -> tensor<4x2x!gf> {
  %y = field.scale %x, %c : tensor<4x2x!gf>, tensor<!gf>
  return %y : tensor<4x2x!gf>
}

// CHECK-LABEL: func.func @exconv
// CHECK: field.exconv_encode %{{.*}}, %{{.*}} m = 4 weight = 7 band = 24 : tensor<8x!field.gf128>, tensor<!field.gf128> -> tensor<4x!field.gf128>
// CHECK: field.exconv_encode %{{.*}}, %{{.*}} m = 4 weight = 7 band = 24 : tensor<8x2x!field.gf128>, tensor<!field.gf128> -> tensor<4x2x!field.gf128>
func.func @exconv(%e: tensor<8x!gf>, %uv: tensor<8x2x!gf>, %seed: tensor<!gf>) -> (tensor<4x!gf>, tensor<4x2x!gf>) {
  %y = field.exconv_encode %e, %seed m = 4 weight = 7 band = 24 : tensor<8x!gf>, tensor<!gf> -> tensor<4x!gf>
  %z = field.exconv_encode %uv, %seed m = 4 weight = 7 band = 24 : tensor<8x2x!gf>, tensor<!gf> -> tensor<4x2x!gf>
  return %y, %z : tensor<4x!gf>, tensor<4x2x!gf>
}

// Field values live inside party calls like any local type.
// CHECK-LABEL: func.func @in_pcall
// CHECK: simp.pcall [1] () : () -> !simp.mp<tensor<2x!field.gf128>, [1]>
// CHECK: field.random : tensor<2x!field.gf128>
module attributes {simp.world_size = 2 : i64} {
  func.func @in_pcall() -> !simp.mp<tensor<2x!gf>, [1]> {
    %r = simp.pcall [1] () : () -> !simp.mp<tensor<2x!gf>, [1]> {
      %s = field.random : tensor<2x!gf>
      simp.yield %s : tensor<2x!gf>
    }
    return %r : !simp.mp<tensor<2x!gf>, [1]>
  }
}

// RUN: mplang-opt %s -split-input-file -verify-diagnostics

//===----------------------------------------------------------------------===//
// Words <-> elements
//===----------------------------------------------------------------------===//

func.func @from_words_shape(%w: tensor<4x3xi64>) {
  // expected-error @+1 {{'field.from_words' op input has shape [4, 3] but expects [4, 2]}}
  %e = field.from_words %w : tensor<4x3xi64> -> tensor<4x!field.gf128>
  return
}

// -----

func.func @to_words_shape(%e: tensor<4x!field.gf128>) {
  // expected-error @+1 {{'field.to_words' op result has shape [2, 4] but expects [4, 2]}}
  %w = field.to_words %e : tensor<4x!field.gf128> -> tensor<2x4xi64>
  return
}

// -----

//===----------------------------------------------------------------------===//
// Arithmetic
//===----------------------------------------------------------------------===//

func.func @mul_shapes(%a: tensor<4x!field.gf128>, %b: tensor<8x!field.gf128>) {
  // expected-error @+1 {{'field.mul' op requires the same type for all operands and results}}
  %p = "field.mul"(%a, %b) : (tensor<4x!field.gf128>, tensor<8x!field.gf128>) -> tensor<4x!field.gf128>
  return
}

// -----

func.func @sum_axis(%x: tensor<4x8x!field.gf128>) {
  // expected-error @+1 {{'field.sum' op axis 2 is out of range for an input of rank 2}}
  %s = field.sum %x axis = 2 : tensor<4x8x!field.gf128> -> tensor<4x!field.gf128>
  return
}

// -----

func.func @sum_result(%x: tensor<4x8x!field.gf128>) {
  // expected-error @+1 {{'field.sum' op result has shape [4] but expects [8]}}
  %s = field.sum %x axis = 0 : tensor<4x8x!field.gf128> -> tensor<4x!field.gf128>
  return
}

// -----

//===----------------------------------------------------------------------===//
// PRG
//===----------------------------------------------------------------------===//

func.func @aes_expand_length(%seeds: tensor<4x!field.gf128>) {
  // expected-error @+1 {{'field.aes_expand' op attribute 'length' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive}}
  %r = field.aes_expand %seeds length = 0 : tensor<4x!field.gf128> -> tensor<4x0x!field.gf128>
  return
}

// -----

func.func @aes_expand_result(%seeds: tensor<4x!field.gf128>) {
  // expected-error @+1 {{'field.aes_expand' op result has shape [4, 4] but expects [4, 8]}}
  %r = field.aes_expand %seeds length = 8 : tensor<4x!field.gf128> -> tensor<4x4x!field.gf128>
  return
}

// -----

//===----------------------------------------------------------------------===//
// OKVS
//===----------------------------------------------------------------------===//

!gf = !field.gf128
func.func @solve_values(%k: tensor<100xi64>, %v: tensor<99x!gf>, %seed: tensor<!gf>) {
  // expected-error @+1 {{'field.solve_okvs' op values has shape [99] but expects [100]}}
  %t = field.solve_okvs %k, %v, %seed m = 160 : tensor<100xi64>, tensor<99x!gf>, tensor<!gf> -> tensor<160x!gf>
  return
}

// -----

!gf = !field.gf128
func.func @solve_result(%k: tensor<100xi64>, %v: tensor<100x!gf>, %seed: tensor<!gf>) {
  // expected-error @+1 {{'field.solve_okvs' op result has shape [128] but expects [160]}}
  %t = field.solve_okvs %k, %v, %seed m = 160 : tensor<100xi64>, tensor<100x!gf>, tensor<!gf> -> tensor<128x!gf>
  return
}

// -----

!gf = !field.gf128
func.func @solve_too_small(%k: tensor<100xi64>, %v: tensor<100x!gf>, %seed: tensor<!gf>) {
  // expected-error @+1 {{'field.solve_okvs' op table size m = 99 is smaller than the number of keys 100}}
  %t = field.solve_okvs %k, %v, %seed m = 99 : tensor<100xi64>, tensor<100x!gf>, tensor<!gf> -> tensor<99x!gf>
  return
}

// -----

!gf = !field.gf128
func.func @decode_tiny_table(%k: tensor<1xi64>, %t: tensor<2x!gf>, %seed: tensor<!gf>) {
  // expected-error @+1 {{'field.decode_okvs' op an OKVS table needs at least 3 cells, got 2}}
  %v = field.decode_okvs %k, %t, %seed : tensor<1xi64>, tensor<2x!gf>, tensor<!gf> -> tensor<1x!gf>
  return
}

// -----

!gf = !field.gf128
func.func @decode_result(%k: tensor<100xi64>, %t: tensor<160x!gf>, %seed: tensor<!gf>) {
  // expected-error @+1 {{'field.decode_okvs' op result has shape [160] but expects [100]}}
  %v = field.decode_okvs %k, %t, %seed : tensor<100xi64>, tensor<160x!gf>, tensor<!gf> -> tensor<160x!gf>
  return
}

// -----

//===----------------------------------------------------------------------===//
// LDPC
//===----------------------------------------------------------------------===//

!gf = !field.gf128
func.func @ldpc_message(%msg: tensor<5x!gf>, %indices: tensor<7xi64>, %indptr: tensor<4xi64>) {
  // expected-error @+1 {{'field.ldpc_encode' op message has shape [5] but expects [4]}}
  %s = field.ldpc_encode %msg, %indices, %indptr m = 3, n = 4 : tensor<5x!gf>, tensor<7xi64>, tensor<4xi64> -> tensor<3x!gf>
  return
}

// -----

!gf = !field.gf128
func.func @ldpc_indptr(%msg: tensor<4x!gf>, %indices: tensor<7xi64>, %indptr: tensor<3xi64>) {
  // expected-error @+1 {{'field.ldpc_encode' op indptr has shape [3] but expects [4]}}
  %s = field.ldpc_encode %msg, %indices, %indptr m = 3, n = 4 : tensor<4x!gf>, tensor<7xi64>, tensor<3xi64> -> tensor<3x!gf>
  return
}

// -----

!gf = !field.gf128
func.func @ldpc_result(%msg: tensor<4x!gf>, %indices: tensor<7xi64>, %indptr: tensor<4xi64>) {
  // expected-error @+1 {{'field.ldpc_encode' op result has shape [4] but expects [3]}}
  %s = field.ldpc_encode %msg, %indices, %indptr m = 3, n = 4 : tensor<4x!gf>, tensor<7xi64>, tensor<4xi64> -> tensor<4x!gf>
  return
}

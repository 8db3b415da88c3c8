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
func.func @try_solve_values(%k: tensor<100xi64>, %v: tensor<99x!gf>, %seed: tensor<!gf>) {
  // expected-error @+1 {{'field.try_solve_okvs' op values has shape [99] but expects [100]}}
  %t, %ok = field.try_solve_okvs %k, %v, %seed m = 160 : tensor<100xi64>, tensor<99x!gf>, tensor<!gf> -> tensor<160x!gf>, i1
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

// -----

//===----------------------------------------------------------------------===//
// Scatter and scan
//===----------------------------------------------------------------------===//

!gf = !field.gf128
func.func @scatter_values(%d: tensor<8x!gf>, %i: tensor<3xi64>, %v: tensor<2x!gf>) {
  // expected-error @+1 {{'field.scatter_add' op values has shape [2] but expects [3]}}
  %r = field.scatter_add %d, %i, %v : tensor<8x!gf>, tensor<3xi64>, tensor<2x!gf> -> tensor<8x!gf>
  return
}

// -----

!gf = !field.gf128
func.func @scatter_result(%d: tensor<8x!gf>, %i: tensor<3xi64>, %v: tensor<3x!gf>) {
  // expected-error @+1 {{'field.scatter_add' op result has shape [4] but expects [8]}}
  %r = field.scatter_add %d, %i, %v : tensor<8x!gf>, tensor<3xi64>, tensor<3x!gf> -> tensor<4x!gf>
  return
}

// -----

!gf = !field.gf128
func.func @prefix_sum_types(%x: tensor<8x!gf>) {
  // expected-error @+1 {{'field.prefix_sum' op requires the same type for all operands and results}}
  %a = "field.prefix_sum"(%x) : (tensor<8x!gf>) -> tensor<4x!gf>
  return
}

// -----

//===----------------------------------------------------------------------===//
// Rows
//===----------------------------------------------------------------------===//

func.func @sort_rows_element(%x: tensor<4x2xf32>) {
  // expected-error @+1 {{'field.sort_rows' op operand #0 must be statically shaped 2-D tensor of 8-bit integer or 16-bit integer or 32-bit integer or 64-bit integer values, but got 'tensor<4x2xf32>'}}
  %s = field.sort_rows %x : tensor<4x2xf32>
  return
}

// -----

func.func @sort_rows_width(%x: tensor<4x9xi16>) {
  // expected-error @+1 {{'field.sort_rows' op row width 9 of 16-bit elements is not in [1, 8]: a row must pack into a 128-bit key}}
  %s = field.sort_rows %x : tensor<4x9xi16>
  return
}

// -----

func.func @contains_rows_element(%s: tensor<4x2xi16>, %q: tensor<3x2xui16>) {
  // expected-error @+1 {{'field.contains_rows' op queries have element type 'ui16' but the set has 'i16'}}
  %m = field.contains_rows %s, %q : tensor<4x2xi16>, tensor<3x2xui16> -> tensor<3xi1>
  return
}

// -----

func.func @contains_rows_queries(%s: tensor<4x2xi16>, %q: tensor<3x3xi16>) {
  // expected-error @+1 {{'field.contains_rows' op queries has shape [3, 3] but expects [3, 2]}}
  %m = field.contains_rows %s, %q : tensor<4x2xi16>, tensor<3x3xi16> -> tensor<3xi1>
  return
}

// -----

func.func @contains_rows_width(%s: tensor<4x0xi16>, %q: tensor<3x0xi16>) {
  // expected-error @+1 {{'field.contains_rows' op row width 0 of 16-bit elements is not in [1, 8]: a row must pack into a 128-bit key}}
  %m = field.contains_rows %s, %q : tensor<4x0xi16>, tensor<3x0xi16> -> tensor<3xi1>
  return
}

// -----

func.func @contains_rows_result(%s: tensor<4x2xi16>, %q: tensor<3x2xi16>) {
  // expected-error @+1 {{'field.contains_rows' op result has shape [4] but expects [3]}}
  %m = field.contains_rows %s, %q : tensor<4x2xi16>, tensor<3x2xi16> -> tensor<4xi1>
  return
}

// -----

func.func @to_words_width(%e: tensor<4x!field.gf128>) {
  // expected-error @+1 {{'field.to_words' op result has shape [4, 4] but expects [4, 8]}}
  %w = field.to_words %e : tensor<4x!field.gf128> -> tensor<4x4xi16>
  return
}

// -----

func.func @ea_rank(%e: tensor<2x2x2x!field.gf128>, %s: tensor<!field.gf128>) {
  // expected-error @+1 {{'field.ea_encode' op noise must be a vector or a matrix, got rank 3}}
  %y = field.ea_encode %e, %s m = 2 weight = 3 : tensor<2x2x2x!field.gf128>, tensor<!field.gf128> -> tensor<2x2x2x!field.gf128>
  return
}

// -----

func.func @ea_empty(%e: tensor<0x!field.gf128>, %s: tensor<!field.gf128>) {
  // expected-error @+1 {{'field.ea_encode' op noise has no elements to encode}}
  %y = field.ea_encode %e, %s m = 2 weight = 3 : tensor<0x!field.gf128>, tensor<!field.gf128> -> tensor<2x!field.gf128>
  return
}

// -----

func.func @ea_result(%e: tensor<8x2x!field.gf128>, %s: tensor<!field.gf128>) {
  // expected-error @+1 {{'field.ea_encode' op result has shape [3, 2] but expects [4, 2]}}
  %y = field.ea_encode %e, %s m = 4 weight = 3 : tensor<8x2x!field.gf128>, tensor<!field.gf128> -> tensor<3x2x!field.gf128>
  return
}

// -----

func.func @ea_weight(%e: tensor<8x!field.gf128>, %s: tensor<!field.gf128>) {
  // expected-error @+1 {{'field.ea_encode' op weight 1025 is above the largest supported, 1024}}
  %y = field.ea_encode %e, %s m = 4 weight = 1025 : tensor<8x!field.gf128>, tensor<!field.gf128> -> tensor<4x!field.gf128>
  return
}

// -----

func.func @exconv_rank(%e: tensor<2x2x2x!field.gf128>, %s: tensor<!field.gf128>) {
  // expected-error @+1 {{'field.exconv_encode' op noise must be a vector or a matrix, got rank 3}}
  %y = field.exconv_encode %e, %s m = 1 weight = 1 band = 1 : tensor<2x2x2x!field.gf128>, tensor<!field.gf128> -> tensor<1x2x2x!field.gf128>
  return
}

// -----

func.func @exconv_weight(%e: tensor<2000x!field.gf128>, %s: tensor<!field.gf128>) {
  // expected-error @+1 {{'field.exconv_encode' op weight 1025 is above the largest supported, 1024}}
  %y = field.exconv_encode %e, %s m = 4 weight = 1025 band = 24 : tensor<2000x!field.gf128>, tensor<!field.gf128> -> tensor<4x!field.gf128>
  return
}

// -----

func.func @exconv_no_parity(%e: tensor<8x!field.gf128>, %s: tensor<!field.gf128>) {
  // expected-error @+1 {{'field.exconv_encode' op m = 8 leaves none of the noise's 8 rows to convolve}}
  %y = field.exconv_encode %e, %s m = 8 weight = 7 band = 24 : tensor<8x!field.gf128>, tensor<!field.gf128> -> tensor<8x!field.gf128>
  return
}

// -----

func.func @exconv_regular(%e: tensor<8x!field.gf128>, %s: tensor<!field.gf128>) {
  // expected-error @+1 {{'field.exconv_encode' op the 3 parity rows are fewer than the weight's 4 regular positions}}
  %y = field.exconv_encode %e, %s m = 5 weight = 7 band = 24 : tensor<8x!field.gf128>, tensor<!field.gf128> -> tensor<5x!field.gf128>
  return
}

// -----

func.func @exconv_band(%e: tensor<8x!field.gf128>, %s: tensor<!field.gf128>) {
  // expected-error @+1 {{'field.exconv_encode' op band 33 is above the largest supported, 32}}
  %y = field.exconv_encode %e, %s m = 4 weight = 7 band = 33 : tensor<8x!field.gf128>, tensor<!field.gf128> -> tensor<4x!field.gf128>
  return
}

// -----

func.func @exconv_result(%e: tensor<8x2x!field.gf128>, %s: tensor<!field.gf128>) {
  // expected-error @+1 {{'field.exconv_encode' op result has shape [3, 2] but expects [4, 2]}}
  %y = field.exconv_encode %e, %s m = 4 weight = 7 band = 24 : tensor<8x2x!field.gf128>, tensor<!field.gf128> -> tensor<3x2x!field.gf128>
  return
}

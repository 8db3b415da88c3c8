// RUN: mplang-opt %s -split-input-file -verify-diagnostics

//===----------------------------------------------------------------------===//
// Hashing and HKDF
//===----------------------------------------------------------------------===//

func.func @hash_digest(%x: tensor<3xui8>) {
  // expected-error @+1 {{'crypto.hash' op the digest must have 32 bytes, got 16}}
  %h = crypto.hash %x : tensor<3xui8> -> tensor<2xi64>
  return
}

// -----

func.func @hash_batch_rank(%x: tensor<ui8>) {
  // expected-error @+1 {{'crypto.hash_batch' op input must have rank 1 or more}}
  %h = crypto.hash_batch %x : tensor<ui8> -> tensor<1x32xui8>
  return
}

// -----

func.func @hash_batch_shape(%x: tensor<8x16xui8>) {
  // expected-error @+1 {{'crypto.hash_batch' op result must have 8 rows of 32 bytes, one digest per input row (e.g. tensor<8x32xui8> or tensor<8x4xi64>), got 'tensor<8x2xi64>'}}
  %h = crypto.hash_batch %x : tensor<8x16xui8> -> tensor<8x2xi64>
  return
}

// -----

func.func @hkdf_length(%k: tensor<32xui8>, %s: tensor<0xui8>) {
  // expected-error @+1 {{'crypto.hkdf' op output must have 1 to 8160 bytes (255 SHA-256 blocks), got 8161}}
  %o = crypto.hkdf %k, %s, %s : tensor<32xui8>, tensor<0xui8>, tensor<0xui8> -> tensor<8161xui8>
  return
}

// -----

func.func @hkdf_salt_type(%k: tensor<32xui8>, %s: tensor<2xi64>) {
  // expected-error @+1 {{'crypto.hkdf' op operand #1 must be statically shaped 1-D tensor of 8-bit integer values}}
  %o = crypto.hkdf %k, %s, %s : tensor<32xui8>, tensor<2xi64>, tensor<2xi64> -> tensor<32xui8>
  return
}

// -----

//===----------------------------------------------------------------------===//
// AES-GCM
//===----------------------------------------------------------------------===//

func.func @aes_key(%k: tensor<16xui8>, %n: tensor<12xui8>, %x: tensor<4xui8>) {
  // expected-error @+1 {{'crypto.aes_gcm_encrypt' op the key (AES-256) must have 32 bytes, got 16}}
  %c = crypto.aes_gcm_encrypt %k, %n, %x : (tensor<16xui8>, tensor<12xui8>, tensor<4xui8>) -> tensor<20xui8>
  return
}

// -----

func.func @aes_nonce(%k: tensor<32xui8>, %n: tensor<16xui8>, %x: tensor<4xui8>) {
  // expected-error @+1 {{'crypto.aes_gcm_encrypt' op the nonce must have 12 bytes, got 16}}
  %c = crypto.aes_gcm_encrypt %k, %n, %x : (tensor<32xui8>, tensor<16xui8>, tensor<4xui8>) -> tensor<20xui8>
  return
}

// -----

func.func @aes_encrypt_size(%k: tensor<32xui8>, %n: tensor<12xui8>, %x: tensor<2xi64>) {
  // expected-error @+1 {{'crypto.aes_gcm_encrypt' op the result (input and 16-byte tag) must have 32 bytes, got 16}}
  %c = crypto.aes_gcm_encrypt %k, %n, %x : (tensor<32xui8>, tensor<12xui8>, tensor<2xi64>) -> tensor<16xui8>
  return
}

// -----

func.func @aes_decrypt_short(%k: tensor<32xui8>, %n: tensor<12xui8>, %c: tensor<8xui8>) {
  // expected-error @+1 {{'crypto.aes_gcm_decrypt' op input must hold at least the 16-byte tag, got 8 bytes}}
  %x = crypto.aes_gcm_decrypt %k, %n, %c : (tensor<32xui8>, tensor<12xui8>, tensor<8xui8>) -> tensor<0xui8>
  return
}

// -----

func.func @aes_decrypt_size(%k: tensor<32xui8>, %n: tensor<12xui8>, %c: tensor<48xui8>) {
  // expected-error @+1 {{'crypto.aes_gcm_decrypt' op the result (input without its tag) must have 32 bytes, got 24}}
  %x = crypto.aes_gcm_decrypt %k, %n, %c : (tensor<32xui8>, tensor<12xui8>, tensor<48xui8>) -> tensor<3xi64>
  return
}

// -----

//===----------------------------------------------------------------------===//
// X25519
//===----------------------------------------------------------------------===//

func.func @agree_size(%sk: !crypto.private_key<x25519>, %pk: !crypto.public_key<x25519>) {
  // expected-error @+1 {{'crypto.agree' op the shared secret must have 32 bytes, got 16}}
  %s = crypto.agree %sk, %pk : !crypto.private_key<x25519>, !crypto.public_key<x25519> -> tensor<16xui8>
  return
}

// -----

func.func @key_from_bytes_size(%b: tensor<31xui8>) {
  // expected-error @+1 {{'crypto.key_from_bytes' op the key encoding must have 32 bytes, got 31}}
  %k = crypto.key_from_bytes %b : tensor<31xui8> -> !crypto.public_key<x25519>
  return
}

// -----

func.func @key_to_bytes_size(%k: !crypto.private_key<x25519>) {
  // expected-error @+1 {{'crypto.key_to_bytes' op the key encoding must have 32 bytes, got 64}}
  %b = crypto.key_to_bytes %k : !crypto.private_key<x25519> -> tensor<64xui8>
  return
}

// -----

// expected-error @+2 {{expected ::mlir::crypto::KeyAgreement to be one of: x25519}}
// expected-error @+1 {{failed to parse Crypto_PrivateKey parameter 'suite'}}
func.func @unknown_suite(%k: !crypto.private_key<x448>) {
  return
}

// -----

//===----------------------------------------------------------------------===//
// Group
//===----------------------------------------------------------------------===//

// expected-error @+2 {{expected ::mlir::crypto::Curve to be one of: p256}}
// expected-error @+1 {{failed to parse Crypto_Point parameter 'curve'}}
func.func @unknown_curve(%p: !crypto.point<secp256k1>) {
  return
}

// -----

func.func @add_batches(%a: tensor<4x!crypto.point<p256>>, %b: tensor<3x!crypto.point<p256>>) {
  // expected-error @+1 {{'crypto.point_add' op operand batch shapes [4] and [3] differ (a single element combines with any)}}
  %r = crypto.point_add %a, %b : tensor<4x!crypto.point<p256>>, tensor<3x!crypto.point<p256>> -> tensor<4x!crypto.point<p256>>
  return
}

// -----

func.func @sub_result(%a: tensor<4x!crypto.point<p256>>, %b: !crypto.point<p256>) {
  // expected-error @+1 {{'crypto.point_sub' op result batch shape must be [4], got []}}
  %r = crypto.point_sub %a, %b : tensor<4x!crypto.point<p256>>, !crypto.point<p256> -> !crypto.point<p256>
  return
}

// -----

func.func @mul_operand(%k: tensor<4xui8>, %p: !crypto.point<p256>) {
  // expected-error @+1 {{'crypto.scalar_mul' op operand #0 must be}}
  %r = crypto.scalar_mul %k, %p : tensor<4xui8>, !crypto.point<p256> -> !crypto.point<p256>
  return
}

// -----

func.func @base_mul_shape(%k: tensor<4x!crypto.scalar<p256>>) {
  // expected-error @+1 {{'crypto.base_mul' op result batch shape must be [4], got [2, 2]}}
  %r = crypto.base_mul %k : tensor<4x!crypto.scalar<p256>> -> tensor<2x2x!crypto.point<p256>>
  return
}

// -----

func.func @scalar_add_batches(%a: tensor<2x!crypto.scalar<p256>>, %b: tensor<3x!crypto.scalar<p256>>) {
  // expected-error @+1 {{'crypto.scalar_add' op operand batch shapes [2] and [3] differ (a single element combines with any)}}
  %r = crypto.scalar_add %a, %b : tensor<2x!crypto.scalar<p256>>, tensor<3x!crypto.scalar<p256>> -> tensor<2x!crypto.scalar<p256>>
  return
}

// -----

func.func @scalar_inverse_shape(%k: tensor<2x!crypto.scalar<p256>>) {
  // expected-error @+1 {{'crypto.scalar_inverse' op result batch shape must be [2], got []}}
  %r = crypto.scalar_inverse %k : tensor<2x!crypto.scalar<p256>> -> !crypto.scalar<p256>
  return
}

// -----

func.func @point_bytes(%p: tensor<4x!crypto.point<p256>>) {
  // expected-error @+1 {{'crypto.point_to_bytes' op bytes must have shape [4, 33] (the batch shape and 33 bytes per element), got [4, 32]}}
  %b = crypto.point_to_bytes %p : tensor<4x!crypto.point<p256>> -> tensor<4x32xui8>
  return
}

// -----

func.func @scalar_bytes(%b: tensor<33xui8>) {
  // expected-error @+1 {{'crypto.scalar_from_bytes' op bytes must have shape [32] (the batch shape and 32 bytes per element), got [33]}}
  %k = crypto.scalar_from_bytes %b : tensor<33xui8> -> !crypto.scalar<p256>
  return
}

// -----

//===----------------------------------------------------------------------===//
// Bit matrices
//===----------------------------------------------------------------------===//

func.func @transpose_rows(%u: tensor<128x16xi64>) {
  // expected-error @+1 {{'crypto.bit_transpose' op result must have 1024 rows, one per input column (bit), got 512}}
  %t = crypto.bit_transpose %u : tensor<128x16xi64> -> tensor<512x2xi64>
  return
}

// -----

func.func @transpose_row_bits(%u: tensor<128x16xi64>) {
  // expected-error @+1 {{'crypto.bit_transpose' op result rows must hold 128 bits, one per input row, got 64}}
  %t = crypto.bit_transpose %u : tensor<128x16xi64> -> tensor<1024x1xi64>
  return
}

// -----

func.func @transpose_rank(%u: tensor<128xi64>) {
  // expected-error @+1 {{'crypto.bit_transpose' op operand #0 must be statically shaped 2-D tensor}}
  %t = crypto.bit_transpose %u : tensor<128xi64> -> tensor<64x2xi64>
  return
}

// -----

func.func @hash_to_point_rank(%x: tensor<i64>) {
  // expected-error @+1 {{'crypto.hash_to_point' op input must have rank 1 or more}}
  %p = crypto.hash_to_point %x : tensor<i64> -> tensor<1x!crypto.point<p256>>
  return
}

// -----

func.func @hash_to_point_shape(%x: tensor<8x2xi64>) {
  // expected-error @+1 {{'crypto.hash_to_point' op result batch shape must be [8] (one point per row), got [8, 2]}}
  %p = crypto.hash_to_point %x : tensor<8x2xi64> -> tensor<8x2x!crypto.point<p256>>
  return
}

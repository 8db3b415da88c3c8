// RUN: mplang-opt %s -split-input-file -verify-diagnostics

//===----------------------------------------------------------------------===//
// Parameter sets
//===----------------------------------------------------------------------===//

// expected-error @+1 {{poly modulus degree n must be 4096, 8192 or 16384, got 2048}}
#p = #bfv.params<n = 2048, t = 12289, q_bits = [27, 27]>

// -----

// expected-error @+1 {{plain modulus t = 1032195 must be a prime below 2^60}}
#p = #bfv.params<n = 4096, t = 1032195, q_bits = [36, 36, 37]>

// -----

// Upstream's default t is not 1 mod 2n for n = 16384: no batching.
// expected-error @+1 {{plain modulus t = 1032193 must be 1 mod 2n = 32768 for batching}}
#p = #bfv.params<n = 16384, t = 1032193, q_bits = [48, 48, 48, 49, 49, 49, 49, 49, 49]>

// -----

// expected-error @+1 {{coefficient modulus needs at least two primes (data and special), got 1}}
#p = #bfv.params<n = 4096, t = 1032193, q_bits = [60]>

// -----

// expected-error @+1 {{coefficient modulus prime size 61 is outside 20 to 60 bits}}
#p = #bfv.params<n = 8192, t = 1032193, q_bits = [61, 40]>

// -----

// expected-error @+1 {{coefficient modulus of 110 bits exceeds the 128-bit security bound of 109 bits for n = 4096}}
#p = #bfv.params<n = 4096, t = 1032193, q_bits = [36, 36, 38]>

// -----

// Only the supported degrees have a standard coefficient modulus.
// expected-error @+1 {{q_bits is required for n = 2048: standard sets exist for n = 4096, 8192 and 16384}}
#p = #bfv.params<n = 2048, t = 12289>

// -----

// The standard set does not exempt t from its rules.
// expected-error @+1 {{plain modulus t = 1032193 must be 1 mod 2n = 32768 for batching}}
#p = #bfv.params<n = 16384, t = 1032193>

// -----

// expected-error @+1 {{expected 'q_bits'}}
#p = #bfv.params<n = 4096, t = 1032193, bits = [36, 36, 37]>

// -----

// expected-error @+1 {{coefficient modulus needs at least two primes (data and special), got 0}}
#p = #bfv.params<n = 4096, t = 1032193, q_bits = []>

// -----

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

#p = #bfv.params<n = 4096, t = 1032193, q_bits = [36, 36, 37]>
// expected-error @+1 {{slot element type must be an integer of at most 64 bits, got 'i128'}}
func.func private @wide_slots(!bfv.ciphertext<i128, #p>)

// -----

#p = #bfv.params<n = 4096, t = 1032193, q_bits = [36, 36, 37]>
// expected-error @+1 {{Galois key steps must be non-zero}}
func.func private @zero_step(!bfv.galois_key<#p, steps = [0, 1]>)

// -----

#p = #bfv.params<n = 4096, t = 1032193, q_bits = [36, 36, 37]>
// expected-error @+1 {{Galois key steps must be sorted and unique, but 1 follows 1}}
func.func private @duplicate_step(!bfv.galois_key<#p, steps = [1, 1]>)

// -----

//===----------------------------------------------------------------------===//
// Parameters agree across operands and results
//===----------------------------------------------------------------------===//

#p = #bfv.params<n = 4096, t = 1032193, q_bits = [36, 36, 37]>
#q = #bfv.params<n = 4096, t = 40961, q_bits = [36, 36, 37]>
func.func @keygen_mismatch() {
  // expected-error @+1 {{'bfv.keygen' op result #1 has parameters #bfv.params<n = 4096, t = 40961, q_bits = [36, 36, 37]> but result #0 has #bfv.params<n = 4096, t = 1032193, q_bits = [36, 36, 37]>}}
  %pk, %sk = bfv.keygen : !bfv.public_key<#p>, !bfv.secret_key<#q>
  return
}

// -----

//===----------------------------------------------------------------------===//
// Key kinds
//===----------------------------------------------------------------------===//

#p = #bfv.params<n = 4096, t = 1032193, q_bits = [36, 36, 37]>
func.func @encrypt_with_secret_key(%pt: !bfv.plaintext<i64, #p>, %sk: !bfv.secret_key<#p>) {
  // expected-error @+1 {{'bfv.encrypt' op operand #1 must be A BFV public (encryption) key, but got '!bfv.secret_key<#bfv.params<n = 4096, t = 1032193, q_bits = [36, 36, 37]>>'}}
  %ct = "bfv.encrypt"(%pt, %sk) : (!bfv.plaintext<i64, #p>, !bfv.secret_key<#p>) -> !bfv.ciphertext<i64, #p>
  return
}

// -----

#p = #bfv.params<n = 4096, t = 1032193, q_bits = [36, 36, 37]>
func.func @decrypt_with_public_key(%ct: !bfv.ciphertext<i64, #p>, %pk: !bfv.public_key<#p>) {
  // expected-error @+1 {{'bfv.decrypt' op operand #1 must be A BFV secret key, but got '!bfv.public_key<#bfv.params<n = 4096, t = 1032193, q_bits = [36, 36, 37]>>'}}
  %pt = "bfv.decrypt"(%ct, %pk) : (!bfv.ciphertext<i64, #p>, !bfv.public_key<#p>) -> !bfv.plaintext<i64, #p>
  return
}

// -----

#p = #bfv.params<n = 4096, t = 1032193, q_bits = [36, 36, 37]>
func.func @encrypt_result(%pt: !bfv.plaintext<i64, #p>, %pk: !bfv.public_key<#p>) {
  // expected-error @+1 {{'bfv.encrypt' op failed to verify that result encrypts the plaintext}}
  %ct = "bfv.encrypt"(%pt, %pk) : (!bfv.plaintext<i64, #p>, !bfv.public_key<#p>) -> !bfv.ciphertext<i32, #p>
  return
}

// -----

#p = #bfv.params<n = 4096, t = 1032193, q_bits = [36, 36, 37]>
func.func @empty_steps(%sk: !bfv.secret_key<#p>) {
  // expected-error @+1 {{Galois key step list must not be empty (omit it for the power-of-two set)}}
  %gk = bfv.make_galois_keys %sk steps [] : !bfv.secret_key<#p>
  return
}

// -----

//===----------------------------------------------------------------------===//
// Encoding
//===----------------------------------------------------------------------===//

#p = #bfv.params<n = 4096, t = 1032193, q_bits = [36, 36, 37]>
func.func @encode_element_type(%x: tensor<4xi32>, %enc: !bfv.encoder<#p>) {
  // expected-error @+1 {{'bfv.encode' op input element type 'i32' differs from the plaintext's 'i64'}}
  %pt = bfv.encode %x, %enc : tensor<4xi32>, !bfv.encoder<#p> -> !bfv.plaintext<i64, #p>
  return
}

// -----

#p = #bfv.params<n = 4096, t = 1032193, q_bits = [36, 36, 37]>
func.func @decode_too_long(%pt: !bfv.plaintext<i64, #p>, %enc: !bfv.encoder<#p>) {
  // expected-error @+1 {{'bfv.decode' op result has 4097 elements but the parameters have 4096 slots}}
  %x = bfv.decode %pt, %enc : !bfv.plaintext<i64, #p>, !bfv.encoder<#p> -> tensor<4097xi64>
  return
}

// -----

#p = #bfv.params<n = 4096, t = 1032193, q_bits = [36, 36, 37]>
func.func @batch_encode_rows(%m: tensor<3x4xi64>, %enc: !bfv.encoder<#p>) {
  // expected-error @+1 {{'bfv.batch_encode' op has 2 results but the input has 3 rows}}
  %a, %b = bfv.batch_encode %m, %enc : tensor<3x4xi64>, !bfv.encoder<#p> -> !bfv.plaintext<i64, #p>, !bfv.plaintext<i64, #p>
  return
}

// -----

//===----------------------------------------------------------------------===//
// Arithmetic
//===----------------------------------------------------------------------===//

#p = #bfv.params<n = 4096, t = 1032193, q_bits = [36, 36, 37]>
!pt = !bfv.plaintext<i64, #p>
func.func @plain_product(%a: !pt, %b: !pt) {
  // expected-error @+1 {{'bfv.mul' op needs at least one ciphertext operand}}
  %c = bfv.mul %a, %b : (!pt, !pt) -> !bfv.ciphertext<i64, #p>
  return
}

// -----

#p = #bfv.params<n = 4096, t = 1032193, q_bits = [36, 36, 37]>
func.func @element_mismatch(%a: !bfv.ciphertext<i64, #p>, %b: !bfv.plaintext<i32, #p>) {
  // expected-error @+1 {{'bfv.add' op operand #1 has element type 'i32' but the result has 'i64'}}
  %c = bfv.add %a, %b : (!bfv.ciphertext<i64, #p>, !bfv.plaintext<i32, #p>) -> !bfv.ciphertext<i64, #p>
  return
}

// -----

//===----------------------------------------------------------------------===//
// Rotations
//===----------------------------------------------------------------------===//

#p = #bfv.params<n = 4096, t = 1032193, q_bits = [36, 36, 37]>
!ct = !bfv.ciphertext<i64, #p>
func.func @rotate_out_of_range(%ct: !ct, %gk: !bfv.galois_key<#p>) {
  // expected-error @+1 {{'bfv.rotate' op rotation step 2048 is out of range: |step| must be below N/2 = 2048}}
  %r = bfv.rotate %ct, %gk by 2048 : !ct, !bfv.galois_key<#p>
  return
}

// -----

#p = #bfv.params<n = 4096, t = 1032193, q_bits = [36, 36, 37]>
!ct = !bfv.ciphertext<i64, #p>
func.func @unsupported_step(%ct: !ct, %gk: !bfv.galois_key<#p, steps = [-1, 1]>) {
  // expected-error @+1 {{'bfv.rotate' op Galois key '!bfv.galois_key<#bfv.params<n = 4096, t = 1032193, q_bits = [36, 36, 37]>, steps = [-1, 1]>' does not support a rotation by 3 steps}}
  %r = bfv.rotate %ct, %gk by 3 : !ct, !bfv.galois_key<#p, steps = [-1, 1]>
  return
}

// RUN: mplang-opt %s | FileCheck %s
// Printing, re-parsing and printing again is a fixed point, in the custom and
// the generic form.
// RUN: mplang-opt %s | mplang-opt | FileCheck %s
// RUN: mplang-opt %s --mlir-print-op-generic | mplang-opt | FileCheck %s

!pt = !crypto.point<p256>
!sc = !crypto.scalar<p256>
!sk = !crypto.private_key<x25519>
!pk = !crypto.public_key<x25519>

// CHECK-LABEL: func.func @bytes
// CHECK: %[[R:.*]] = crypto.random_bytes : tensor<16xui8>
// CHECK: crypto.random_bytes : tensor<4x2xi64>
// CHECK: %[[H:.*]] = crypto.hash %[[R]] : tensor<16xui8> -> tensor<32xui8>
// CHECK: crypto.hash_batch %{{.*}} : tensor<8x2xi64> -> tensor<8x32xui8>
// CHECK: crypto.hash_batch %{{.*}} : tensor<8x2xi64> -> tensor<8x4xi64>
// CHECK: %[[K:.*]] = crypto.hkdf %[[H]], %{{.*}}, %{{.*}} : tensor<32xui8>, tensor<0xui8>, tensor<3xui8> -> tensor<32xui8>
// CHECK: %[[C:.*]] = crypto.aes_gcm_encrypt %[[K]], %{{.*}}, %{{.*}} aad %{{.*}} : (tensor<32xui8>, tensor<12xui8>, tensor<8x2xi64>, tensor<3xui8>) -> tensor<144xui8>
// CHECK: crypto.aes_gcm_decrypt %[[K]], %{{.*}}, %[[C]] aad %{{.*}} : (tensor<32xui8>, tensor<12xui8>, tensor<144xui8>, tensor<3xui8>) -> tensor<8x2xi64>
// CHECK: crypto.aes_gcm_encrypt %[[K]], %{{.*}}, %[[R]] : (tensor<32xui8>, tensor<12xui8>, tensor<16xui8>) -> tensor<32xui8>
// CHECK: crypto.bit_transpose %{{.*}} : tensor<128x16xi64> -> tensor<1024x2xi64>
func.func @bytes(%rows: tensor<8x2xi64>, %nonce: tensor<12xui8>, %info: tensor<3xui8>, %u: tensor<128x16xi64>)
    -> (tensor<4x2xi64>, tensor<8x32xui8>, tensor<8x4xi64>, tensor<8x2xi64>, tensor<32xui8>, tensor<1024x2xi64>) {
  %r = crypto.random_bytes : tensor<16xui8>
  %w = crypto.random_bytes : tensor<4x2xi64>
  %h = crypto.hash %r : tensor<16xui8> -> tensor<32xui8>
  %hb = crypto.hash_batch %rows : tensor<8x2xi64> -> tensor<8x32xui8>
  %hw = crypto.hash_batch %rows : tensor<8x2xi64> -> tensor<8x4xi64>
  %salt = arith.constant dense<> : tensor<0xui8>
  %k = crypto.hkdf %h, %salt, %info : tensor<32xui8>, tensor<0xui8>, tensor<3xui8> -> tensor<32xui8>
  %c = crypto.aes_gcm_encrypt %k, %nonce, %rows aad %info
      : (tensor<32xui8>, tensor<12xui8>, tensor<8x2xi64>, tensor<3xui8>) -> tensor<144xui8>
  %p = crypto.aes_gcm_decrypt %k, %nonce, %c aad %info
      : (tensor<32xui8>, tensor<12xui8>, tensor<144xui8>, tensor<3xui8>) -> tensor<8x2xi64>
  %c2 = crypto.aes_gcm_encrypt %k, %nonce, %r : (tensor<32xui8>, tensor<12xui8>, tensor<16xui8>) -> tensor<32xui8>
  %t = crypto.bit_transpose %u : tensor<128x16xi64> -> tensor<1024x2xi64>
  return %w, %hb, %hw, %p, %c2, %t : tensor<4x2xi64>, tensor<8x32xui8>, tensor<8x4xi64>, tensor<8x2xi64>, tensor<32xui8>, tensor<1024x2xi64>
}

// CHECK-LABEL: func.func @keys
// CHECK: %[[SK:.*]] = crypto.keygen : !crypto.private_key<x25519>
// CHECK: %[[PK:.*]] = crypto.public_key %[[SK]] : !crypto.private_key<x25519> -> !crypto.public_key<x25519>
// CHECK: %[[PEER:.*]] = crypto.key_from_bytes %{{.*}} : tensor<32xui8> -> !crypto.public_key<x25519>
// CHECK: crypto.agree %[[SK]], %[[PEER]] : !crypto.private_key<x25519>, !crypto.public_key<x25519> -> tensor<32xui8>
// CHECK: crypto.key_to_bytes %[[PK]] : !crypto.public_key<x25519> -> tensor<32xui8>
func.func @keys(%b: tensor<32xui8>) -> (tensor<32xui8>, tensor<32xui8>) {
  %sk = crypto.keygen : !sk
  %pk = crypto.public_key %sk : !sk -> !pk
  %peer = crypto.key_from_bytes %b : tensor<32xui8> -> !pk
  %s = crypto.agree %sk, %peer : !sk, !pk -> tensor<32xui8>
  %out = crypto.key_to_bytes %pk : !pk -> tensor<32xui8>
  return %s, %out : tensor<32xui8>, tensor<32xui8>
}

// CHECK-LABEL: func.func @group
// CHECK: %[[G:.*]] = crypto.generator : !crypto.point<p256>
// CHECK: %[[A:.*]] = crypto.random_scalar : !crypto.scalar<p256>
// CHECK: %[[B:.*]] = crypto.random_scalar : tensor<4x!crypto.scalar<p256>>
// CHECK: %[[AG:.*]] = crypto.base_mul %[[A]] : !crypto.scalar<p256> -> !crypto.point<p256>
// CHECK: %[[BG:.*]] = crypto.scalar_mul %[[B]], %[[G]] : tensor<4x!crypto.scalar<p256>>, !crypto.point<p256> -> tensor<4x!crypto.point<p256>>
// CHECK: %[[S:.*]] = crypto.point_add %[[BG]], %[[AG]] : tensor<4x!crypto.point<p256>>, !crypto.point<p256> -> tensor<4x!crypto.point<p256>>
// CHECK: %[[D:.*]] = crypto.point_sub %[[S]], %[[BG]] : tensor<4x!crypto.point<p256>>, tensor<4x!crypto.point<p256>> -> tensor<4x!crypto.point<p256>>
// CHECK: %[[E:.*]] = crypto.point_to_bytes %[[D]] : tensor<4x!crypto.point<p256>> -> tensor<4x33xui8>
// CHECK: crypto.point_from_bytes %[[E]] : tensor<4x33xui8> -> tensor<4x!crypto.point<p256>>
// CHECK: %[[KB:.*]] = crypto.scalar_to_bytes %[[B]] : tensor<4x!crypto.scalar<p256>> -> tensor<4x32xui8>
// CHECK: %[[K:.*]] = crypto.scalar_from_bytes %[[KB]] : tensor<4x32xui8> -> tensor<4x!crypto.scalar<p256>>
// CHECK: %[[S:.*]] = crypto.scalar_add %[[K]], %[[A]] : tensor<4x!crypto.scalar<p256>>, !crypto.scalar<p256> -> tensor<4x!crypto.scalar<p256>>
// CHECK: %[[D:.*]] = crypto.scalar_sub %[[S]], %[[K]] : tensor<4x!crypto.scalar<p256>>, tensor<4x!crypto.scalar<p256>> -> tensor<4x!crypto.scalar<p256>>
// CHECK: %[[P:.*]] = crypto.scalar_product %[[A]], %[[D]] : !crypto.scalar<p256>, tensor<4x!crypto.scalar<p256>> -> tensor<4x!crypto.scalar<p256>>
// CHECK: crypto.scalar_inverse %[[P]] : tensor<4x!crypto.scalar<p256>> -> tensor<4x!crypto.scalar<p256>>
func.func @group() -> (tensor<4x!pt>, tensor<4x!sc>) {
  %g = crypto.generator : !pt
  %a = crypto.random_scalar : !sc
  %b = crypto.random_scalar : tensor<4x!sc>
  %ag = crypto.base_mul %a : !sc -> !pt
  %bg = crypto.scalar_mul %b, %g : tensor<4x!sc>, !pt -> tensor<4x!pt>
  %s = crypto.point_add %bg, %ag : tensor<4x!pt>, !pt -> tensor<4x!pt>
  %d = crypto.point_sub %s, %bg : tensor<4x!pt>, tensor<4x!pt> -> tensor<4x!pt>
  %e = crypto.point_to_bytes %d : tensor<4x!pt> -> tensor<4x33xui8>
  %p = crypto.point_from_bytes %e : tensor<4x33xui8> -> tensor<4x!pt>
  %kb = crypto.scalar_to_bytes %b : tensor<4x!sc> -> tensor<4x32xui8>
  %k = crypto.scalar_from_bytes %kb : tensor<4x32xui8> -> tensor<4x!sc>
  %ks = crypto.scalar_add %k, %a : tensor<4x!sc>, !sc -> tensor<4x!sc>
  %kd = crypto.scalar_sub %ks, %k : tensor<4x!sc>, tensor<4x!sc> -> tensor<4x!sc>
  %kp = crypto.scalar_product %a, %kd : !sc, tensor<4x!sc> -> tensor<4x!sc>
  %ki = crypto.scalar_inverse %kp : tensor<4x!sc> -> tensor<4x!sc>
  return %p, %ki : tensor<4x!pt>, tensor<4x!sc>
}

// CHECK-LABEL: func.func @hash_to_point
// CHECK: crypto.hash_to_point %{{.*}} : tensor<8xi64> -> tensor<8x!crypto.point<p256>>
func.func @hash_to_point(%items: tensor<8xi64>) -> tensor<8x!crypto.point<p256>> {
  %p = crypto.hash_to_point %items : tensor<8xi64> -> tensor<8x!crypto.point<p256>>
  return %p : tensor<8x!crypto.point<p256>>
}

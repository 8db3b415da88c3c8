// RUN: mplang-opt %s -split-input-file | FileCheck %s
// Printing, re-parsing and printing again is a fixed point, in the custom and
// the generic form.
// RUN: mplang-opt %s -split-input-file | mplang-opt -split-input-file | FileCheck %s
// RUN: mplang-opt %s -split-input-file --mlir-print-op-generic | mplang-opt -split-input-file | FileCheck %s

// The three supported degrees, each at its 128-bit bound; the parameter set
// is printed once, as an alias.
// CHECK: #[[P4:.*]] = #bfv.params<n = 4096, t = 1032193, q_bits = [36, 36, 37]>
// CHECK: #[[P8:.*]] = #bfv.params<n = 8192, t = 1032193, q_bits = [43, 43, 44, 44, 44]>
// CHECK: #[[P16:.*]] = #bfv.params<n = 16384, t = 786433, q_bits = [48, 48, 48, 49, 49, 49, 49, 49, 49]>
// CHECK-LABEL: func.func private @params
// CHECK-SAME: !bfv.encoder<#[[P4]]>, !bfv.encoder<#[[P8]]>, !bfv.encoder<#[[P16]]>
func.func private @params(!bfv.encoder<#bfv.params<n = 4096, t = 1032193, q_bits = [36, 36, 37]>>,
                          !bfv.encoder<#bfv.params<n = 8192, t = 1032193, q_bits = [43, 43, 44, 44, 44]>>,
                          !bfv.encoder<#bfv.params<n = 16384, t = 786433, q_bits = [48, 48, 48, 49, 49, 49, 49, 49, 49]>>)

// -----

// Without q_bits, each degree takes its standard set, printed in full.
// CHECK: #[[P4:.*]] = #bfv.params<n = 4096, t = 1032193, q_bits = [36, 36, 37]>
// CHECK: #[[P8:.*]] = #bfv.params<n = 8192, t = 1032193, q_bits = [43, 43, 44, 44, 44]>
// CHECK: #[[P16:.*]] = #bfv.params<n = 16384, t = 786433, q_bits = [48, 48, 48, 49, 49, 49, 49, 49, 49]>
// CHECK-LABEL: func.func private @standard_params
// CHECK-SAME: !bfv.encoder<#[[P4]]>, !bfv.encoder<#[[P8]]>, !bfv.encoder<#[[P16]]>
func.func private @standard_params(!bfv.encoder<#bfv.params<n = 4096, t = 1032193>>,
                                   !bfv.encoder<#bfv.params<n = 8192, t = 1032193>>,
                                   !bfv.encoder<#bfv.params<n = 16384, t = 786433>>)

// -----

// The short and the full form of one set are the same attribute.
// CHECK: #[[P:.*]] = #bfv.params<n = 8192, t = 1032193, q_bits = [43, 43, 44, 44, 44]>
// CHECK-NOT: #bfv.params
// CHECK-LABEL: func.func private @same_params
// CHECK-SAME: !bfv.public_key<#[[P]]>, !bfv.secret_key<#[[P]]>
func.func private @same_params(!bfv.public_key<#bfv.params<n = 8192, t = 1032193>>,
                               !bfv.secret_key<#bfv.params<n = 8192, t = 1032193, q_bits = [43, 43, 44, 44, 44]>>)

// -----

#p = #bfv.params<n = 4096, t = 1032193, q_bits = [36, 36, 37]>

// CHECK: #[[P:.*]] = #bfv.params<n = 4096, t = 1032193, q_bits = [36, 36, 37]>
// CHECK-LABEL: func.func private @types
// CHECK-SAME: !bfv.public_key<#[[P]]>, !bfv.secret_key<#[[P]]>, !bfv.relin_key<#[[P]]>
// CHECK-SAME: !bfv.galois_key<#[[P]]>, !bfv.galois_key<#[[P]], steps = [-3, 1, 2047]>
// CHECK-SAME: !bfv.encoder<#[[P]]>, !bfv.plaintext<i32, #[[P]]>, !bfv.ciphertext<ui64, #[[P]]>
func.func private @types(!bfv.public_key<#p>, !bfv.secret_key<#p>, !bfv.relin_key<#p>,
                         !bfv.galois_key<#p>, !bfv.galois_key<#p, steps = [-3, 1, 2047]>,
                         !bfv.encoder<#p>, !bfv.plaintext<i32, #p>, !bfv.ciphertext<ui64, #p>)

// -----

#p = #bfv.params<n = 4096, t = 1032193, q_bits = [36, 36, 37]>
!pt = !bfv.plaintext<i64, #p>
!ct = !bfv.ciphertext<i64, #p>

// CHECK-LABEL: func.func @keys
// CHECK: %[[PK:.*]], %[[SK:.*]] = bfv.keygen : !bfv.public_key<#[[P:.*]]>, !bfv.secret_key<#[[P]]>
// CHECK: bfv.make_relin_keys %[[SK]] : !bfv.secret_key<#[[P]]>
// CHECK: bfv.make_galois_keys %[[SK]] : !bfv.secret_key<#[[P]]>
// CHECK: bfv.make_galois_keys %[[SK]] steps [-1, 1] : !bfv.secret_key<#[[P]]>
// CHECK: bfv.create_encoder : !bfv.encoder<#[[P]]>
func.func @keys() -> (!bfv.public_key<#p>, !bfv.relin_key<#p>, !bfv.galois_key<#p>,
                      !bfv.galois_key<#p, steps = [-1, 1]>, !bfv.encoder<#p>) {
  %pk, %sk = bfv.keygen : !bfv.public_key<#p>, !bfv.secret_key<#p>
  %rk = bfv.make_relin_keys %sk : !bfv.secret_key<#p>
  %gk = bfv.make_galois_keys %sk : !bfv.secret_key<#p>
  %gk2 = bfv.make_galois_keys %sk steps [-1, 1] : !bfv.secret_key<#p>
  %enc = bfv.create_encoder : !bfv.encoder<#p>
  return %pk, %rk, %gk, %gk2, %enc : !bfv.public_key<#p>, !bfv.relin_key<#p>, !bfv.galois_key<#p>,
                                     !bfv.galois_key<#p, steps = [-1, 1]>, !bfv.encoder<#p>
}

// CHECK-LABEL: func.func @encoding
// CHECK: %[[PT:.*]] = bfv.encode %{{.*}}, %[[ENC:.*]] : tensor<4xi64>, !bfv.encoder<#[[P]]> -> !bfv.plaintext<i64, #[[P]]>
// CHECK: %{{.*}}:2 = bfv.batch_encode %{{.*}}, %[[ENC]] : tensor<2x4096xi64>, !bfv.encoder<#[[P]]> -> !bfv.plaintext<i64, #[[P]]>, !bfv.plaintext<i64, #[[P]]>
// CHECK: bfv.decode %[[PT]], %[[ENC]] : !bfv.plaintext<i64, #[[P]]>, !bfv.encoder<#[[P]]> -> tensor<4096xi64>
func.func @encoding(%x: tensor<4xi64>, %m: tensor<2x4096xi64>, %enc: !bfv.encoder<#p>) -> tensor<4096xi64> {
  %pt = bfv.encode %x, %enc : tensor<4xi64>, !bfv.encoder<#p> -> !pt
  %r0, %r1 = bfv.batch_encode %m, %enc : tensor<2x4096xi64>, !bfv.encoder<#p> -> !pt, !pt
  %y = bfv.decode %pt, %enc : !pt, !bfv.encoder<#p> -> tensor<4096xi64>
  return %y : tensor<4096xi64>
}

// CHECK-LABEL: func.func @arithmetic
// CHECK: %[[CT:.*]] = bfv.encrypt %[[PT:.*]], %{{.*}} : !bfv.plaintext<i64, #[[P]]>, !bfv.public_key<#[[P]]>
// CHECK: %[[A:.*]] = bfv.add %[[CT]], %[[PT]] : (!bfv.ciphertext<i64, #[[P]]>, !bfv.plaintext<i64, #[[P]]>) -> !bfv.ciphertext<i64, #[[P]]>
// CHECK: %[[S:.*]] = bfv.sub %[[PT]], %[[A]] : (!bfv.plaintext<i64, #[[P]]>, !bfv.ciphertext<i64, #[[P]]>) -> !bfv.ciphertext<i64, #[[P]]>
// CHECK: %[[M:.*]] = bfv.mul %[[S]], %[[A]] : (!bfv.ciphertext<i64, #[[P]]>, !bfv.ciphertext<i64, #[[P]]>) -> !bfv.ciphertext<i64, #[[P]]>
// CHECK: %[[M2:.*]] = bfv.mul %[[PT]], %[[M]] : (!bfv.plaintext<i64, #[[P]]>, !bfv.ciphertext<i64, #[[P]]>) -> !bfv.ciphertext<i64, #[[P]]>
// CHECK: %[[R:.*]] = bfv.relinearize %[[M2]], %{{.*}} : !bfv.ciphertext<i64, #[[P]]>, !bfv.relin_key<#[[P]]>
// CHECK: bfv.decrypt %[[S]], %{{.*}} : !bfv.ciphertext<i64, #[[P]]>, !bfv.secret_key<#[[P]]>
// The product is returned, not decrypted: its plaintext times a plaintext
// exhausts n = 4096's noise budget, which the noise check rejects.
func.func @arithmetic(%pt: !pt, %pk: !bfv.public_key<#p>, %sk: !bfv.secret_key<#p>,
                      %rk: !bfv.relin_key<#p>) -> (!pt, !ct) {
  %ct = bfv.encrypt %pt, %pk : !pt, !bfv.public_key<#p>
  %a = bfv.add %ct, %pt : (!ct, !pt) -> !ct
  %s = bfv.sub %pt, %a : (!pt, !ct) -> !ct
  %m = bfv.mul %s, %a : (!ct, !ct) -> !ct
  %m2 = bfv.mul %pt, %m : (!pt, !ct) -> !ct
  %r = bfv.relinearize %m2, %rk : !ct, !bfv.relin_key<#p>
  %d = bfv.decrypt %s, %sk : !ct, !bfv.secret_key<#p>
  return %d, %r : !pt, !ct
}

// A step is supported when a listed step equals it modulo N/2 = 2048.
// CHECK-LABEL: func.func @rotations
// CHECK: %[[R0:.*]] = bfv.rotate %{{.*}}, %[[GK:.*]] by 0 : !bfv.ciphertext<i64, #[[P]]>, !bfv.galois_key<#[[P]]>
// CHECK: %[[R1:.*]] = bfv.rotate %[[R0]], %[[GK]] by -2047 : !bfv.ciphertext<i64, #[[P]]>, !bfv.galois_key<#[[P]]>
// CHECK: %[[R2:.*]] = bfv.rotate %[[R1]], %[[FEW:.*]] by -2047 : !bfv.ciphertext<i64, #[[P]]>, !bfv.galois_key<#[[P]], steps = [-1, 1]>
// CHECK: %[[R3:.*]] = bfv.rotate %[[R2]], %[[FEW]] by 1 : !bfv.ciphertext<i64, #[[P]]>, !bfv.galois_key<#[[P]], steps = [-1, 1]>
// CHECK: bfv.rotate_columns %[[R3]], %[[FEW]] : !bfv.ciphertext<i64, #[[P]]>, !bfv.galois_key<#[[P]], steps = [-1, 1]>
func.func @rotations(%ct: !ct, %gk: !bfv.galois_key<#p>,
                     %few: !bfv.galois_key<#p, steps = [-1, 1]>) -> !ct {
  %r0 = bfv.rotate %ct, %gk by 0 : !ct, !bfv.galois_key<#p>
  %r1 = bfv.rotate %r0, %gk by -2047 : !ct, !bfv.galois_key<#p>
  %r2 = bfv.rotate %r1, %few by -2047 : !ct, !bfv.galois_key<#p, steps = [-1, 1]>
  %r3 = bfv.rotate %r2, %few by 1 : !ct, !bfv.galois_key<#p, steps = [-1, 1]>
  %c = bfv.rotate_columns %r3, %few : !ct, !bfv.galois_key<#p, steps = [-1, 1]>
  return %c : !ct
}

// -----

// bfv values live inside party calls like any local type.
#p = #bfv.params<n = 8192, t = 1032193, q_bits = [43, 43, 44, 44, 44]>

// CHECK-LABEL: func.func @in_pcall
// CHECK: simp.pcall [0] () : () -> (!simp.mp<!bfv.public_key<#[[P:.*]]>, [0]>, !simp.mp<!bfv.secret_key<#[[P]]>, [0]>)
// CHECK: bfv.keygen
module attributes {simp.world_size = 2 : i64} {
  func.func @in_pcall() -> !simp.mp<!bfv.public_key<#p>, [0]> {
    %pk, %sk = simp.pcall [0] () : () -> (!simp.mp<!bfv.public_key<#p>, [0]>, !simp.mp<!bfv.secret_key<#p>, [0]>) {
      %k:2 = bfv.keygen : !bfv.public_key<#p>, !bfv.secret_key<#p>
      simp.yield %k#0, %k#1 : !bfv.public_key<#p>, !bfv.secret_key<#p>
    }
    return %pk : !simp.mp<!bfv.public_key<#p>, [0]>
  }
}

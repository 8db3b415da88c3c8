// RUN: mplang-opt %s | FileCheck %s
// RUN: mplang-opt %s | mplang-opt | FileCheck %s
// RUN: mplang-opt %s --mlir-print-op-generic | mplang-opt | FileCheck %s

#p = #bfv.params<n = 8192, t = 1032193>
!ct = !bfv.ciphertext<i64, #p>
!pk = !bfv.public_key<#p>
!sk = !bfv.secret_key<#p>
!pt = !bfv.plaintext<i64, #p>

// The default statistical security (40) is not printed; another is.
// CHECK-LABEL: func.func @sanitize_then_decrypt
// CHECK: %[[S:.*]] = bfv.sanitize %{{.*}}, %{{.*}} : !bfv.ciphertext<i64, #{{.*}}>, !bfv.public_key<#{{.*}}>
// CHECK: %[[T:.*]] = bfv.sanitize %{{.*}}, %{{.*}} security 64 : !bfv.ciphertext<i64, #{{.*}}>, !bfv.public_key<#{{.*}}>
// CHECK: bfv.decrypt %[[S]], %{{.*}}
// CHECK: bfv.decrypt %[[T]], %{{.*}}
func.func @sanitize_then_decrypt(%pt: !pt, %pk: !pk, %sk: !sk) -> (!pt, !pt) {
  %c = bfv.encrypt %pt, %pk : !pt, !pk
  %s = bfv.sanitize %c, %pk : !ct, !pk
  %t = bfv.sanitize %c, %pk security 64 : !ct, !pk
  %d = bfv.decrypt %s, %sk : !ct, !sk
  %e = bfv.decrypt %t, %sk : !ct, !sk
  return %d, %e : !pt, !pt
}

// A sanitized ciphertext leaves the function, to be sent back.
// CHECK-LABEL: func.func @sanitized_result
// CHECK: bfv.sanitize
func.func @sanitized_result(%pt: !pt, %pk: !pk) -> !ct {
  %c = bfv.encrypt %pt, %pk : !pt, !pk
  %s = bfv.sanitize %c, %pk : !ct, !pk
  return %s : !ct
}

// RUN: mplang-opt %s | FileCheck %s
// RUN: mplang-opt %s | mplang-opt | FileCheck %s
// RUN: mplang-opt %s --mlir-print-op-generic | mplang-opt | FileCheck %s

#p = #bfv.params<n = 8192, t = 1032193>
!ct = !bfv.ciphertext<i64, #p>
!sk = !bfv.secret_key<#p>
!pt = !bfv.plaintext<i64, #p>

// CHECK-LABEL: func.func @seeded_then_switched
// CHECK: %[[C:.*]] = bfv.encrypt_symmetric %{{.*}}, %{{.*}} : !bfv.plaintext<i64, #{{.*}}>, !bfv.secret_key<#{{.*}}>
// CHECK: %[[M:.*]] = bfv.mod_switch %[[C]] drop 3 : !bfv.ciphertext<i64, #{{.*}}>
// CHECK: bfv.decrypt %[[M]], %{{.*}}
func.func @seeded_then_switched(%pt: !pt, %sk: !sk) -> !pt {
  %c = bfv.encrypt_symmetric %pt, %sk : !pt, !sk
  %m = bfv.mod_switch %c drop 3 : !ct
  %d = bfv.decrypt %m, %sk : !ct, !sk
  return %d : !pt
}

// A switched ciphertext may leave the function (to be sent back).
// CHECK-LABEL: func.func @switched_result
// CHECK: bfv.mod_switch %{{.*}} drop 1
func.func @switched_result(%c: !ct) -> !ct {
  %m = bfv.mod_switch %c drop 1 : !ct
  return %m : !ct
}

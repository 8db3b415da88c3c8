// RUN: mplang-opt %examples/bfv_encrypted_add.mlir | FileCheck %s

// CHECK: #[[P:.*]] = #bfv.params<n = 8192, t = 1032193, q_bits = [43, 43, 44, 44, 44]>
// CHECK-LABEL: func.func @main
// CHECK-SAME: (%[[X:.*]]: !simp.mp<tensor<4xi64>, [0]>, %[[Y:.*]]: !simp.mp<tensor<4xi64>, [1]>) -> !simp.mp<tensor<4xi64>, [0]>

// P0 generates the keys and encrypts x.
// CHECK: %[[K:.*]]:3 = simp.pcall [0] (%[[X]]) : (!simp.mp<tensor<4xi64>, [0]>) -> (!simp.mp<!bfv.public_key<#[[P]]>, [0]>, !simp.mp<!bfv.secret_key<#[[P]]>, [0]>, !simp.mp<!bfv.ciphertext<i64, #[[P]]>, [0]>)
// CHECK: %[[PUB:.*]], %[[SEC:.*]] = bfv.keygen : !bfv.public_key<#[[P]]>, !bfv.secret_key<#[[P]]>
// CHECK: %[[ENC0:.*]] = bfv.create_encoder : !bfv.encoder<#[[P]]>
// CHECK: %[[PT0:.*]] = bfv.encode %{{.*}}, %[[ENC0]]
// CHECK: %[[CX:.*]] = bfv.encrypt %[[PT0]], %[[PUB]]
// CHECK: simp.yield %[[PUB]], %[[SEC]], %[[CX]]

// Only the public key and the ciphertext travel to P1.
// CHECK: %[[PK1:.*]] = simp.shuffle %[[K]]#0 [1 <- 0] : !simp.mp<!bfv.public_key<#[[P]]>, [0]> -> !simp.mp<!bfv.public_key<#[[P]]>, [1]>
// CHECK: %[[CX1:.*]] = simp.shuffle %[[K]]#2 [1 <- 0] : !simp.mp<!bfv.ciphertext<i64, #[[P]]>, [0]> -> !simp.mp<!bfv.ciphertext<i64, #[[P]]>, [1]>
// CHECK-NOT: simp.shuffle %[[K]]#1

// P1 encrypts y under P0's key and adds, keeps the four slots of the sum
// and sanitizes it.
// CHECK: %[[SUM:.*]] = simp.pcall [1] (%[[Y]], %[[PK1]], %[[CX1]])
// CHECK: ^bb0(%{{.*}}: tensor<4xi64>, %[[PUB1:.*]]: !bfv.public_key<#[[P]]>, %[[C:.*]]: !bfv.ciphertext<i64, #[[P]]>):
// CHECK: %[[CY:.*]] = bfv.encrypt %{{.*}}, %[[PUB1]]
// CHECK: %[[S:.*]] = bfv.add %[[C]], %[[CY]] : (!bfv.ciphertext<i64, #[[P]]>, !bfv.ciphertext<i64, #[[P]]>) -> !bfv.ciphertext<i64, #[[P]]>
// CHECK: %[[ONES:.*]] = arith.constant dense<1> : tensor<4xi64>
// CHECK: %[[KEEP:.*]] = bfv.encode %[[ONES]]
// CHECK: %[[KEPT:.*]] = bfv.mul %[[S]], %[[KEEP]]
// CHECK: %[[SAFE:.*]] = bfv.sanitize %[[KEPT]], %[[PUB1]]
// CHECK: simp.yield %[[SAFE]]

// The sum returns to P0, the only holder of the secret key.
// CHECK: %[[SUM0:.*]] = simp.shuffle %[[SUM]] [0 <- 1] : !simp.mp<!bfv.ciphertext<i64, #[[P]]>, [1]> -> !simp.mp<!bfv.ciphertext<i64, #[[P]]>, [0]>
// CHECK: %[[R:.*]] = simp.pcall [0] (%[[SUM0]], %[[K]]#1)
// CHECK: ^bb0(%[[C0:.*]]: !bfv.ciphertext<i64, #[[P]]>, %[[SK:.*]]: !bfv.secret_key<#[[P]]>):
// CHECK: %[[D:.*]] = bfv.decrypt %[[C0]], %[[SK]]
// CHECK: bfv.decode %[[D]], %{{.*}} : !bfv.plaintext<i64, #[[P]]>, !bfv.encoder<#[[P]]> -> tensor<4xi64>
// CHECK: return %[[R]] : !simp.mp<tensor<4xi64>, [0]>

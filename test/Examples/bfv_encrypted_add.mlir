// RUN: mplang-opt %examples/bfv_encrypted_add.mlir | FileCheck %s
// RUN: mplang-opt --simp-disclosure -o /dev/null %examples/bfv_encrypted_add.mlir | FileCheck %s --check-prefix=DISCLOSE

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

// What each party can learn (--simp-disclosure): P1 receives x encrypted
// under P0's key (it holds no secret key); P0 receives the sum encrypted under
// its own key and decrypts it, learning a value that depends on y.
// DISCLOSE: rank 0: @main(value) world_size=2 job-sha256:{{[0-9a-f]{64}$}}
// DISCLOSE-NEXT: rank 0: argument rank0.arg0: tensor<4xi64> (value) at {{.*}}examples/bfv_encrypted_add.mlir:21:19
// DISCLOSE-NEXT: rank 0: receives decryptable !bfv.ciphertext<i64, #bfv.params<n = 8192, t = 1032193, q_bits = [43, 43, 44, 44, 44]>> from rank 1 tag 2 at {{.*}}examples/bfv_encrypted_add.mlir:56:14
// DISCLOSE-NEXT: rank 0:   made by rank 1 with arith.constant, bfv.add, bfv.create_encoder, bfv.encode x2, bfv.encrypt, bfv.mul, bfv.sanitize from rank1.arg0, tag 0 from rank 0, tag 1 from rank 0
// DISCLOSE-NEXT: rank 0:   depends on rank0.arg0, rank1.arg0
// DISCLOSE-NEXT: rank 0: decrypts clear !bfv.plaintext<i64, #bfv.params<n = 8192, t = 1032193, q_bits = [43, 43, 44, 44, 44]>> at {{.*}}examples/bfv_encrypted_add.mlir:60:13
// DISCLOSE-NEXT: rank 0:   depends on rank0.arg0, rank1.arg0
// DISCLOSE-NEXT: rank 0: returns result 0: tensor<4xi64>
// DISCLOSE-NEXT: rank 0:   depends on rank0.arg0, rank1.arg0
// DISCLOSE-NEXT: rank 0: clear from others: rank1.arg0
// DISCLOSE-NEXT: rank 0: randomized from others: none
// DISCLOSE-NEXT: rank 0: encrypted from others: none
// DISCLOSE-NEXT: rank 1: @main(value) world_size=2 job-sha256:{{[0-9a-f]{64}$}}
// DISCLOSE-NEXT: rank 1: argument rank1.arg0: tensor<4xi64> (value) at {{.*}}examples/bfv_encrypted_add.mlir:22:19
// DISCLOSE-NEXT: rank 1: receives randomized !bfv.public_key<#bfv.params<n = 8192, t = 1032193, q_bits = [43, 43, 44, 44, 44]>> from rank 0 tag 0 at {{.*}}examples/bfv_encrypted_add.mlir:36:12
// DISCLOSE-NEXT: rank 1:   made by rank 0 with bfv.keygen from rank0.random
// DISCLOSE-NEXT: rank 1:   depends on rank0.random
// DISCLOSE-NEXT: rank 1: receives encrypted !bfv.ciphertext<i64, #bfv.params<n = 8192, t = 1032193, q_bits = [43, 43, 44, 44, 44]>> from rank 0 tag 1 at {{.*}}examples/bfv_encrypted_add.mlir:37:12
// DISCLOSE-NEXT: rank 1:   made by rank 0 with bfv.create_encoder, bfv.encode, bfv.encrypt, bfv.keygen from rank0.arg0, rank0.random
// DISCLOSE-NEXT: rank 1:   depends on rank0.arg0
// DISCLOSE-NEXT: rank 1: clear from others: none
// DISCLOSE-NEXT: rank 1: randomized from others: none
// DISCLOSE-NEXT: rank 1: encrypted from others: rank0.arg0

// What each party can learn from examples/bfv_stored_add.mlir
// (--simp-disclosure): the sources are the objects each party loads from its
// own store; P0 decrypts and saves a sum that depends on P1's y.npy.
// RUN: mplang-opt --simp-disclosure -o /dev/null %examples/bfv_stored_add.mlir | FileCheck %s

// CHECK: rank 0: @main() world_size=2 job-sha256:{{[0-9a-f]{64}$}}
// CHECK-NEXT: rank 0: receives decryptable !bfv.ciphertext<i64, #bfv.params<n = 8192, t = 1032193, q_bits = [43, 43, 44, 44, 44]>> from rank 1 tag 2 at {{.*}}examples/bfv_stored_add.mlir:47:14
// CHECK-NEXT: rank 0:   made by rank 1 with arith.constant, bfv.add, bfv.create_encoder, bfv.encode x2, bfv.encrypt, bfv.mul, bfv.sanitize from rank1.load(fs://y.npy), tag 0 from rank 0, tag 1 from rank 0
// CHECK-NEXT: rank 0:   depends on rank0.load(fs://x.npy), rank1.load(fs://y.npy)
// CHECK-NEXT: rank 0: decrypts clear !bfv.plaintext<i64, #bfv.params<n = 8192, t = 1032193, q_bits = [43, 43, 44, 44, 44]>> at {{.*}}examples/bfv_stored_add.mlir:51:13
// CHECK-NEXT: rank 0:   depends on rank0.load(fs://x.npy), rank1.load(fs://y.npy)
// CHECK-NEXT: rank 0: saves tensor<4xi64> as fs://out/sum.npy at {{.*}}examples/bfv_stored_add.mlir:54:7
// CHECK-NEXT: rank 0:   depends on rank0.load(fs://x.npy), rank1.load(fs://y.npy)
// CHECK-NEXT: rank 0: returns result 0: tensor<4xi64>
// CHECK-NEXT: rank 0:   depends on rank0.load(fs://x.npy), rank1.load(fs://y.npy)
// CHECK-NEXT: rank 0: clear from others: rank1.load(fs://y.npy)
// CHECK-NEXT: rank 0: randomized from others: none
// CHECK-NEXT: rank 0: encrypted from others: none
// CHECK-NEXT: rank 1: @main() world_size=2 job-sha256:{{[0-9a-f]{64}$}}
// CHECK-NEXT: rank 1: receives randomized !bfv.public_key<#bfv.params<n = 8192, t = 1032193, q_bits = [43, 43, 44, 44, 44]>> from rank 0 tag 0 at {{.*}}examples/bfv_stored_add.mlir:27:12
// CHECK-NEXT: rank 1:   made by rank 0 with bfv.keygen from rank0.random
// CHECK-NEXT: rank 1:   depends on rank0.random
// CHECK-NEXT: rank 1: receives encrypted !bfv.ciphertext<i64, #bfv.params<n = 8192, t = 1032193, q_bits = [43, 43, 44, 44, 44]>> from rank 0 tag 1 at {{.*}}examples/bfv_stored_add.mlir:28:12
// CHECK-NEXT: rank 1:   made by rank 0 with bfv.create_encoder, bfv.encode, bfv.encrypt, bfv.keygen from rank0.load(fs://x.npy), rank0.random
// CHECK-NEXT: rank 1:   depends on rank0.load(fs://x.npy)
// CHECK-NEXT: rank 1: clear from others: none
// CHECK-NEXT: rank 1: randomized from others: none
// CHECK-NEXT: rank 1: encrypted from others: rank0.load(fs://x.npy)

// What each party can learn from examples/bfv_mask_rotate.mlir
// (--simp-disclosure): P1 receives x encrypted and a rotation key; P0 receives
// and decrypts x * m, so it learns values that depend on P1's mask m (with x
// of its choosing, m itself: docs/bfv.md).
// RUN: mplang-opt --simp-disclosure -o /dev/null %examples/bfv_mask_rotate.mlir | FileCheck %s

// CHECK: rank 0: @main(value) world_size=2 job-sha256:{{[0-9a-f]{64}$}}
// CHECK-NEXT: rank 0: argument rank0.arg0: tensor<4xi64> (value) at {{.*}}examples/bfv_mask_rotate.mlir:20:19
// CHECK-NEXT: rank 0: receives decryptable !bfv.ciphertext<i64, #bfv.params<n = 8192, t = 1032193, q_bits = [43, 43, 44, 44, 44]>> from rank 1 tag 3 at {{.*}}examples/bfv_mask_rotate.mlir:61:15
// CHECK-NEXT: rank 0:   made by rank 1 with arith.constant, bfv.create_encoder, bfv.encode x2, bfv.mul x2, bfv.sanitize from rank1.arg0, tag 0 from rank 0, tag 2 from rank 0
// CHECK-NEXT: rank 0:   depends on rank0.arg0, rank1.arg0
// CHECK-NEXT: rank 0: receives decryptable !bfv.ciphertext<i64, #bfv.params<n = 8192, t = 1032193, q_bits = [43, 43, 44, 44, 44]>> from rank 1 tag 4 at {{.*}}examples/bfv_mask_rotate.mlir:62:14
// CHECK-NEXT: rank 0:   made by rank 1 with arith.constant, bfv.create_encoder, bfv.encode x2, bfv.mul x2, bfv.rotate, bfv.sanitize from rank1.arg0, tag 0 from rank 0, tag 1 from rank 0, tag 2 from rank 0
// CHECK-NEXT: rank 0:   depends on rank0.arg0, rank1.arg0
// CHECK-NEXT: rank 0: decrypts clear !bfv.plaintext<i64, #bfv.params<n = 8192, t = 1032193, q_bits = [43, 43, 44, 44, 44]>> at {{.*}}examples/bfv_mask_rotate.mlir:70:13
// CHECK-NEXT: rank 0:   depends on rank0.arg0, rank1.arg0
// CHECK-NEXT: rank 0: decrypts clear !bfv.plaintext<i64, #bfv.params<n = 8192, t = 1032193, q_bits = [43, 43, 44, 44, 44]>> at {{.*}}examples/bfv_mask_rotate.mlir:72:13
// CHECK-NEXT: rank 0:   depends on rank0.arg0, rank1.arg0
// CHECK-NEXT: rank 0: returns result 0: tensor<4xi64>
// CHECK-NEXT: rank 0:   depends on rank0.arg0, rank1.arg0
// CHECK-NEXT: rank 0: returns result 1: tensor<8xi64>
// CHECK-NEXT: rank 0:   depends on rank0.arg0, rank1.arg0
// CHECK-NEXT: rank 0: clear from others: rank1.arg0
// CHECK-NEXT: rank 0: randomized from others: none
// CHECK-NEXT: rank 0: encrypted from others: none
// CHECK-NEXT: rank 1: @main(value) world_size=2 job-sha256:{{[0-9a-f]{64}$}}
// CHECK-NEXT: rank 1: argument rank1.arg0: tensor<4xi64> (value) at {{.*}}examples/bfv_mask_rotate.mlir:21:19
// CHECK-NEXT: rank 1: receives randomized !bfv.public_key<#bfv.params<n = 8192, t = 1032193, q_bits = [43, 43, 44, 44, 44]>> from rank 0 tag 0 at {{.*}}examples/bfv_mask_rotate.mlir:36:12
// CHECK-NEXT: rank 1:   made by rank 0 with bfv.keygen from rank0.random
// CHECK-NEXT: rank 1:   depends on rank0.random
// CHECK-NEXT: rank 1: receives randomized !bfv.galois_key<#bfv.params<n = 8192, t = 1032193, q_bits = [43, 43, 44, 44, 44]>, steps = [1]> from rank 0 tag 1 at {{.*}}examples/bfv_mask_rotate.mlir:37:12
// CHECK-NEXT: rank 1:   made by rank 0 with bfv.keygen, bfv.make_galois_keys from rank0.random
// CHECK-NEXT: rank 1:   depends on rank0.random
// CHECK-NEXT: rank 1: receives encrypted !bfv.ciphertext<i64, #bfv.params<n = 8192, t = 1032193, q_bits = [43, 43, 44, 44, 44]>> from rank 0 tag 2 at {{.*}}examples/bfv_mask_rotate.mlir:38:12
// CHECK-NEXT: rank 1:   made by rank 0 with bfv.create_encoder, bfv.encode, bfv.encrypt, bfv.keygen from rank0.arg0, rank0.random
// CHECK-NEXT: rank 1:   depends on rank0.arg0
// CHECK-NEXT: rank 1: clear from others: none
// CHECK-NEXT: rank 1: randomized from others: none
// CHECK-NEXT: rank 1: encrypted from others: rank0.arg0

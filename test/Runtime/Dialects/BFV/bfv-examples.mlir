// The BFV example programs run in the simulator with exact results.
// (This file holds only RUN and CHECK lines; the programs are in examples/.)

// RUN: mplang-run --sim 2 %examples/bfv_encrypted_add.mlir --arg 0:0='dense<[1, 2, 3, 4]> : tensor<4xi64>' --arg 1:1='dense<[10, 20, 30, 40]> : tensor<4xi64>' | FileCheck %s --check-prefix=ADD
// ADD:      rank 0: dense<[11, 22, 33, 44]> : tensor<4xi64>
// ADD-NEXT: rank 1: <absent>

// RUN: mplang-run --sim 2 %examples/bfv_mask_rotate.mlir --arg 0:0='dense<[1, 2, 3, 4]> : tensor<4xi64>' --arg 1:1='dense<[10, 20, 30, 40]> : tensor<4xi64>' | FileCheck %s --check-prefix=MASK
// MASK:      rank 0: dense<[10, 40, 90, 160]> : tensor<4xi64>, dense<[40, 90, 160, 0, 0, 0, 0, 0]> : tensor<8xi64>
// MASK-NEXT: rank 1: <absent>, <absent>

// Negative values come back centred, and the same program runs again with
// fresh keys.
// RUN: mplang-run --sim 2 %examples/bfv_encrypted_add.mlir --arg 0:0='dense<[-5, 0, 516096, -516096]> : tensor<4xi64>' --arg 1:1='dense<[2, 0, 0, 0]> : tensor<4xi64>' | FileCheck %s --check-prefix=NEG
// NEG:      rank 0: dense<[-3, 0, 516096, -516096]> : tensor<4xi64>

// The same on worker processes: keys and ciphertexts cross real HTTP links.
// RUN: mplang-run --local 2 %examples/bfv_mask_rotate.mlir --arg 0:0='dense<[1, 2, 3, 4]> : tensor<4xi64>' --arg 1:1='dense<[10, 20, 30, 40]> : tensor<4xi64>' | FileCheck %s --check-prefix=MASK
// RUN: mplang-run --local 2 %examples/bfv_encrypted_add.mlir --arg 0:0='dense<[1, 2, 3, 4]> : tensor<4xi64>' --arg 1:1='dense<[10, 20, 30, 40]> : tensor<4xi64>' | FileCheck %s --check-prefix=ADD

// The dot product: only x . y comes back. At n = 4096 the static noise
// check refuses it before anything runs, and says which parameters fit.
// RUN: mplang-run --sim 2 %examples/bfv_dot_product.mlir --arg 0:0='dense<[1, 2, 3, 4]> : tensor<4xi64>' --arg 1:1='dense<[10, 20, 30, 40]> : tensor<4xi64>' | FileCheck %s --check-prefix=DOT
// DOT:      rank 0: dense<300> : tensor<1xi64>
// DOT-NEXT: rank 1: <absent>
// RUN: mplang-run --local 2 %examples/bfv_dot_product.mlir --arg 0:0='dense<[-7, 0, 5, 1]> : tensor<4xi64>' --arg 1:1='dense<[3, 9, -2, 100]> : tensor<4xi64>' | FileCheck %s --check-prefix=DOTNEG
// DOTNEG: rank 0: dense<69> : tensor<1xi64>
// RUN: sed 's/n = 8192/n = 4096/' %examples/bfv_dot_product.mlir | not mplang-run --sim 2 - 2>&1 | FileCheck %s --check-prefix=DOT4096
// DOT4096: error: 'bfv.sanitize' op cannot hide its input's noise at 40 bits of statistical security: the input needs 61 more bits of noise budget, spent by bfv.encrypt -> bfv.mul -> bfv.rotate -> bfv.add -> bfv.rotate -> bfv.add -> bfv.mul; the smallest standard parameters that fit are #bfv.params<n = 8192, t = 1032193, q_bits = [43, 43, 44, 44, 44]>
// DOT4096: error: 'bfv.decrypt' op can fail: its input needs 8 more bits of noise budget
// DOT4096-NOT: rank

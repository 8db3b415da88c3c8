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

// Every example program runs in the simulator with exact results per rank.
// (This file holds only RUN and CHECK lines; the programs are in examples/.)

// RUN: mplang-run --sim 3 %examples/sum.mlir --arg 0:0='1 : i64' --arg 1:1='2 : i64' --arg 2:2='3 : i64' | FileCheck %s --check-prefix=SUM
// SUM:      rank 0: 6 : i64
// SUM-NEXT: rank 1: 6 : i64
// SUM-NEXT: rank 2: 6 : i64

// RUN: mplang-run --sim 2 %examples/millionaire.mlir | FileCheck %s --check-prefix=MILLIONAIRE
// MILLIONAIRE:      rank 0: <absent>
// MILLIONAIRE-NEXT: rank 1: True

// RUN: mplang-run --sim 2 %examples/nested_pcall.mlir --arg 0:0='10 : i64' --arg 1:0='20 : i64' | FileCheck %s --check-prefix=NESTED
// NESTED:      rank 0: 20 : i64, 100 : i64
// NESTED-NEXT: rank 1: 40 : i64, <absent>

// RUN: mplang-run --sim 2 %examples/uniform_cond.mlir | FileCheck %s --check-prefix=COND
// COND:      rank 0: <absent>
// COND-NEXT: rank 1: 42 : i64

// RUN: mplang-run --sim 2 %examples/while_shuffle.mlir | FileCheck %s --check-prefix=WHILE
// WHILE:      rank 0: 128 : i64
// WHILE-NEXT: rank 1: <absent>

// RUN: mplang-run --sim 3 %examples/collectives.mlir --entry transfer --arg 0:0='dense<[1, 2, 3, 4]> : tensor<4xi32>' | FileCheck %s --check-prefix=TRANSFER
// TRANSFER:      rank 0: <absent>
// TRANSFER-NEXT: rank 1: <absent>
// TRANSFER-NEXT: rank 2: dense<[1, 2, 3, 4]> : tensor<4xi32>

// RUN: mplang-run --sim 3 %examples/collectives.mlir --entry replicate --arg 1:0='dense<[5, 6, 7, 8]> : tensor<4xi32>' | FileCheck %s --check-prefix=REPLICATE
// REPLICATE:      rank 0: dense<[5, 6, 7, 8]> : tensor<4xi32>
// REPLICATE-NEXT: rank 1: dense<[5, 6, 7, 8]> : tensor<4xi32>
// REPLICATE-NEXT: rank 2: dense<[5, 6, 7, 8]> : tensor<4xi32>

// RUN: mplang-run --sim 3 %examples/collectives.mlir --entry distribute --arg 0:0='100 : i64' --arg 0:1='101 : i64' --arg 0:2='102 : i64' | FileCheck %s --check-prefix=DISTRIBUTE
// DISTRIBUTE:      rank 0: 100 : i64
// DISTRIBUTE-NEXT: rank 1: 101 : i64
// DISTRIBUTE-NEXT: rank 2: 102 : i64

// RUN: mplang-run --sim 3 %examples/collectives.mlir --entry collect --arg 0:0='7 : i64' --arg 1:0='8 : i64' --arg 2:0='9 : i64' | FileCheck %s --check-prefix=COLLECT
// COLLECT:      rank 0: 7 : i64, 8 : i64, 9 : i64
// COLLECT-NEXT: rank 1: <absent>, <absent>, <absent>
// COLLECT-NEXT: rank 2: <absent>, <absent>, <absent>

// RUN: mplang-run --sim 3 %examples/collectives.mlir --entry permute --arg 0:0='7 : i64' --arg 1:0='8 : i64' --arg 2:0='9 : i64' | FileCheck %s --check-prefix=PERMUTE
// PERMUTE:      rank 0: 8 : i64
// PERMUTE-NEXT: rank 1: 9 : i64
// PERMUTE-NEXT: rank 2: 7 : i64

// The receiver finds exactly its 350 even-numbered items (examples/data):
// its mask alternates True and False, 350 times.
// RUN: mplang-run --sim 2 %examples/psi.mlir --input 0:0=%examples/data/psi_sender.npy --input 1:1=%examples/data/psi_receiver.npy | FileCheck %s --check-prefix=PSI
// PSI: rank 1: dense<[True, False{{(, True, False){200}(, True, False){149}\]}}> : tensor<700xi1>

// Unbalanced PSI (examples/psi_unbalanced.mlir), the server's setup in one
// run and a client's query in the next, through the server's store: the
// same 350 items are found.
// RUN: rm -rf %t.upsi && mkdir -p %t.upsi && mplang-run --sim 2 %examples/psi_unbalanced.mlir --entry setup --data-root %t.upsi --input 0:0=%examples/data/psi_sender.npy | FileCheck %s --check-prefix=UNBALANCED-SETUP
// UNBALANCED-SETUP: rank 0: dense<1000> : tensor<i64>
// RUN: mplang-run --sim 2 %examples/psi_unbalanced.mlir --entry query --data-root %t.upsi --input 1:0=%examples/data/psi_receiver.npy | FileCheck %s --check-prefix=UNBALANCED
// UNBALANCED: rank 1: dense<[True, False{{(, True, False){200}(, True, False){149}\]}}> : tensor<700xi1>, dense<350> : tensor<i64>

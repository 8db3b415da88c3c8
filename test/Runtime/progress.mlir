// --progress reports each rank's finished and known ops on stderr, the last
// report when every rank has stopped: all the ops of the run (the counts of
// --stats; fewer with the JIT, which fuses ops). stdout is the same as
// without it. On workers the counts come with the job's status.
// RUN: mplang-run --sim 2 %examples/while_shuffle.mlir > %t.plain
// RUN: mplang-run --sim 2 %examples/while_shuffle.mlir --progress --progress-interval-ms 0 > %t.out 2> %t.err
// RUN: diff %t.plain %t.out
// RUN: FileCheck %s --input-file %t.err
// RUN: mplang-run --local 2 %examples/while_shuffle.mlir --progress --progress-interval-ms 0 > %t.local.out 2> %t.local.err
// RUN: diff %t.plain %t.local.out
// RUN: FileCheck %s --input-file %t.local.err

// CHECK:     progress: rank 0 [[D0:[0-9]+]]/[[D0]] ops, rank 1 [[D1:[0-9]+]]/[[D1]] ops, {{[0-9]+\.[0-9]}} s, finished
// CHECK-NOT: progress:

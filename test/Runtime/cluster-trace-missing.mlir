// Workers that cannot write their traces (no temporary directory): the run
// still gives its results, and the driver warns for each rank, with the
// worker's reason, instead of leaving the rank out of the file silently.
// RUN: env TMPDIR=%t.absent mplang-run --local 2 %examples/millionaire.mlir --trace %t.json 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=WARN < %t.err
// RUN: %python %S/check-trace.py %t.json | FileCheck %s --check-prefix=TRACE
// CHECK: rank 1: true
// WARN-DAG: warning: rank 0's trace is missing: 500 rank 0 cannot write its trace: No such file or directory
// WARN-DAG: warning: rank 1's trace is missing: 500 rank 1 cannot write its trace: No such file or directory
// TRACE: flows: 0 paired, 0 unpaired

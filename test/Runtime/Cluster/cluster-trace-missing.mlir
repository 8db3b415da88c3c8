// Workers that cannot write their traces (their temporary directory lies
// under a file, so nothing can create it): the run still gives its results,
// and the driver warns for each rank, with the worker's reason, instead of
// leaving the rank out of the file silently.
// RUN: rm -rf %t.file && touch %t.file
// RUN: env TMPDIR=%t.file/tmp mplang-run --local 2 %examples/millionaire.mlir --trace %t.json 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=WARN < %t.err
// RUN: %python %S/../Utils/check-trace.py %t.json | FileCheck %s --check-prefix=TRACE
// CHECK: rank 1: True
// WARN-DAG: warning: rank 0's trace is missing: 500 rank 0 cannot write its trace: Not a directory
// WARN-DAG: warning: rank 1's trace is missing: 500 rank 1 cannot write its trace: Not a directory
// TRACE: flows: 0 paired, 0 unpaired

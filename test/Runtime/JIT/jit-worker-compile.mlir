// A worker's compiles (docs/jit.md, "Compile time and deadlines"): a small
// job with a group of its own completes while a big job (a loop body of
// 8000 ops) still compiles, and a big job's compile counts in its --timeout
// and stops at it.
// RUN: %python %S/jit_worker_compile.py mplang-worker mplang-run %S/jit_chain.py %t | FileCheck %s

// CHECK: ok small job during a big compile: rank 0: dense<[-6677145982636254201, -4542480424579921912, 8328403978547424265, 7216666086046875658]> : tensor<4xi64>
// CHECK: ok the big job was still running
// CHECK: ok big job: rank 0:
// CHECK: ok big job's timeout: {{.*}}timed out after 2 s

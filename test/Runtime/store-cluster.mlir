// Object stores on running workers (--cluster): a liveness probe without a
// credential; a session whose second and third jobs use the key pair the
// first kept in P0's worker; mem:// objects expiring (--store-ttl) while the
// worker keeps serving; program approval (--approved-programs with the
// digests mplang-opt prints), the same digest for bytecode and text, a
// refused program named by its digest, and the next approved job running.
// RUN: %python %S/store_cluster.py mplang-worker mplang-run mplang-opt %S/Inputs/session.mlir %examples %t | FileCheck %s

// CHECK: ok live: 200 0 bytes
// CHECK: ok health without a token: 401
// CHECK: ok before keygen: {{.*}}rank 0 failed: {{.*}}mem://keys/pk: no such object in the party's store
// CHECK: ok keygen: rank 1: <absent>
// CHECK: ok add: rank 1: <absent>
// CHECK: rank 0: dense<[11, 22, 33, 44]> : tensor<4xi64>
// CHECK: ok keygen: rank 1: <absent>
// CHECK: ok expired: {{.*}}mem://keys/pk: expired (objects in memory are kept 1 s)
// CHECK: ok keygen again: rank 1: <absent>
// CHECK: ok add again: rank 1: <absent>
// CHECK: ok approved, bytecode: rank 1: <absent>
// CHECK: ok approved, text: rank 1: <absent>
// CHECK: ok unapproved: {{.*}}refused the job: HTTP 403: the program of rank 0 (sha256:{{[0-9a-f]+}}) is not approved by this worker (--approved-programs)
// CHECK: ok approved after a refusal: rank 1: <absent>

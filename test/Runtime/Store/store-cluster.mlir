// Object stores on running workers (--cluster): a liveness probe without a
// credential; a session whose second and third jobs use the key pair the
// first kept in P0's worker; mem:// objects expiring (--store-ttl) while the
// worker keeps serving; program approval (--approved-programs with the
// digests mplang-opt prints for each entry), the same digest for bytecode
// and text, a refused job named by its digest, and the next approved job
// running;
// the two-party BFV addition with each input loaded by its owner's worker
// and the sum kept on P0 behind --release-to-driver=none: the driver's job
// bodies hold the URIs but not the inputs' bytes, the driver and the other
// party are refused the sum (403), P0's own credential fetches it, also
// over mutual TLS with P0's certificate; the same job approved with its
// bindings and kept name.
// RUN: %python %S/store_cluster.py mplang-worker mplang-run mplang-opt %S/../Inputs/session.mlir %examples %S/../../../scripts/make-test-certs.sh %t | FileCheck %s

// CHECK: ok live: 200 0 bytes
// CHECK: ok health without a token: 401
// CHECK: ok before keygen: {{.*}}rank 0 failed: {{.*}}mem://keys/pk: no such object in the party's store
// CHECK: ok keygen: rank 1: <absent>
// CHECK: ok add: rank 1: <absent>
// CHECK: rank 0: dense<[11, 22, 33, 44]> : tensor<4xi64>
// CHECK: ok keygen: rank 1: <absent>
// CHECK: ok expired: {{.*}}mem://keys/pk: expired (objects in memory are kept 4 s)
// CHECK: ok keygen again: rank 1: <absent>
// CHECK: ok the new key is kept: 200
// CHECK-NEXT: ok fetch a key: <bfv.public_key>
// CHECK: ok fetch expired: {{.*}}HTTP 410: mem://keys/pk: expired
// CHECK: ok approved, bytecode: rank 1: <absent>
// CHECK: ok approved, text: rank 1: <absent>
// CHECK: ok unapproved: {{.*}}refused the job: HTTP 403: the job of rank 0 (@main(value) world_size=2 job-sha256:{{[0-9a-f]+}}) is not approved by this worker (--approved-programs)
// CHECK: ok approved after a refusal: rank 1: <absent>

// Inputs by reference, a kept result, and who may fetch it.
// CHECK: ok results to a driver not released to: {{.*}}HTTP 403: rank 0 releases no results to the driver
// CHECK: ok kept: rank 1: <absent>
// CHECK-NEXT: rank 0: mem://sum
// CHECK-NEXT: rank 1: <absent>
// CHECK-NEXT: ok driver sent x's bytes: False, its URI: True
// CHECK-NEXT: ok driver sent y's bytes: False, its URI: True
// CHECK: ok fetch as the driver: {{.*}}HTTP 403: rank 0 releases no objects to the driver (--release-to-driver=none)
// CHECK: ok fetch with another party's token: {{.*}}HTTP 403: objects of rank 0 are released to rank 0 only, not to rank 1
// CHECK: ok fetch a missing object: {{.*}}HTTP 404: mem://nothing: no such object in the party's store
// CHECK: ok fetch outside the root: {{.*}}HTTP 400: 'fs:///etc/passwd': absolute paths are not allowed
// CHECK: ok fetch with the party's own token: dense<[11, 22, 33, 44]> : tensor<4xi64>
// CHECK: ok fetched file: (11, 22, 33, 44)
// CHECK: ok default URI: rank 1: <absent>
// CHECK: ok approved, kept: rank 1: <absent>
// CHECK: ok kept over TLS: rank 1: <absent>
// CHECK: ok fetch over TLS as the driver: {{.*}}HTTP 403: rank 0 releases no objects to the driver
// CHECK: ok fetch over TLS as another party: {{.*}}HTTP 403: objects of rank 0 are released to rank 0 only, not to rank 1
// CHECK: ok fetch over TLS as the owner: dense<[11, 22, 33, 44]> : tensor<4xi64>

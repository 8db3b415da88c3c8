// What --approved-programs and --release-to-driver=none hold against a
// driver that uses the stock tools (docs/deployment.md, "What approval and
// release promise"). Approval covers what runs: another entry of an
// approved module (a private helper that moves the exact salary), another
// object or a value in place of the approved one, and a kept result under a
// default name are refused. A worker that releases nothing to the driver
// sends it no error text (a private index out of bounds, the receive a
// timed-out job waits for), no statistics or
// traces, and refuses references without describing the object (a file of
// another type, a missing file): its operator's log has the details.
// --release-to-driver=details releases those and still no results. With
// approval the driver fetches kept mem:// objects but no file.
// RUN: %python %S/worker_approval.py mplang-worker mplang-run mplang-opt %S/../Inputs %t | FileCheck %s

// CHECK: rank 0: @main(@fs://salary.npy) world_size=2 job-sha256:{{[0-9a-f]{64}$}}
// CHECK: ok approved: rank 1: 123 : i64
// CHECK: ok a private helper of the approved module: {{.*}}HTTP 403: the job of rank 0 (@to_p1(@fs://salary.npy) world_size=2 job-sha256:{{[0-9a-f]+}}) is not approved by this worker (--approved-programs)
// CHECK: ok another object: {{.*}}(@main(@fs://other.npy) world_size=2 job-sha256:{{[0-9a-f]+}}) is not approved
// CHECK: ok a value for an object: {{.*}}(@main(value) world_size=2 job-sha256:{{[0-9a-f]+}}) is not approved
// CHECK: rank 0: @main(@fs://index.npy) world_size=2 job-sha256:{{[0-9a-f]{64}$}}
// CHECK: ok a kept default name: {{.*}}is not approved
// CHECK: ok private error text: {{.*}}rank 0 failed: rank 0: failed (its worker keeps the details in its log: --release-to-driver=none)
// CHECK: ok logged: index 98765 is out of bounds for dimension 0 of size 4
// CHECK: ok time-out: {{.*}}rank 0 failed: rank 0: deadline_exceeded (its worker keeps the details in its log: --release-to-driver=none)
// CHECK: ok logged: rank 0 waits for tag 0 from rank 1
// CHECK: ok statistics: {{.*}}HTTP 403: rank 0 releases no statistics or traces to the driver (--release-to-driver=none)
// CHECK: ok trace: {{.*}}HTTP 403: rank 0 releases no statistics or traces to the driver (--release-to-driver=none)
// CHECK: ok an object of another type: {{.*}}HTTP 400: argument 0: @fs://medical_2026.npy cannot be bound (rank 0 describes its objects only in its log: --release-to-driver=none)
// CHECK: ok a missing object: {{.*}}HTTP 400: argument 0: @fs://medical_2025.npy cannot be bound
// CHECK: ok logged: fs://medical_2026.npy holds a tensor<512x7xf32> where i64 is declared
// CHECK: ok details released: {{.*}}index 98765 is out of bounds
// CHECK: ok results still kept: {{.*}}HTTP 403: rank 0 releases no results to the driver (--release-to-driver=details)
// CHECK: ok approved, kept: rank 0: mem://picked
// CHECK: ok fetch a kept object: dense<3> : tensor<i64>
// CHECK: ok fetch a file as the driver: {{.*}}HTTP 403: rank 0 releases no files to the driver (--approved-programs): fetch mem:// objects, or files with the party's own credential
// CHECK: ok fetch a file as the party: dense<123456> : tensor<i64>

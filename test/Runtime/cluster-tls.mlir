// Workers serving HTTPS (certificates from scripts/make-test-certs.sh): the
// job runs over TLS; a driver trusting another CA refuses the workers.
// RUN: %python %S/cluster_tls.py mplang-worker mplang-run %S/../../scripts/make-test-certs.sh %examples/while_shuffle.mlir %t | FileCheck %s
// CHECK:      exit 0
// CHECK-NEXT: rank 0: 128 : i64
// CHECK-NEXT: rank 1: <absent>
// CHECK:      exit 1
// CHECK-NEXT: mplang-run: error: rank 0 (https://127.0.0.1:{{[0-9]+}}) is not ready: no answer (SSLServerVerification error)

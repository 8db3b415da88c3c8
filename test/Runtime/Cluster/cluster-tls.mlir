// Workers serving HTTPS (certificates from scripts/make-test-certs.sh): the
// job runs over TLS; a driver trusting another CA refuses the workers. With
// mutual TLS (tls.mutual) the job runs with the driver's certificate; a
// driver whose certificate another CA signed is refused, and so are clients
// without a certificate, with one from another CA, or with another party's.
// RUN: %python %S/cluster_tls.py mplang-worker mplang-run %S/../../../scripts/make-test-certs.sh %examples/while_shuffle.mlir %t | FileCheck %s
// CHECK:      exit 0
// CHECK-NEXT: rank 0: 128 : i64
// CHECK-NEXT: rank 1: <absent>
// CHECK:      exit 1
// CHECK-NEXT: mplang-run: error: rank 0 (https://127.0.0.1:{{[0-9]+}}) is not ready: no answer (SSLServerVerification error)
// CHECK:      exit 0
// CHECK-NEXT: rank 0: 128 : i64
// CHECK-NEXT: rank 1: <absent>
// CHECK:      exit 1
// CHECK-NEXT: mplang-run: error: rank {{[01]}} (https://127.0.0.1:{{[0-9]+}}) is not ready: no answer ({{.*}} error) (with tls.mutual, is the driver's certificate '{{.*}}other/x.pem' signed by '{{.*}}/ca.pem'?)
// CHECK:      no client certificate: refused
// CHECK-NEXT: certificate from another CA: refused
// CHECK-NEXT: another party's certificate: 401 the client certificate names 'b', not 'driver'
// CHECK-NEXT: rank 0's certificate as rank 0: 200 {"jobs":0,"name":"b"
// CHECK-NEXT: the driver's certificate: 200 {"jobs":0,"name":"a"

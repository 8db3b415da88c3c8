// Connection limits of real workers on 127.0.0.1 (docs/protocol.md,
// "Connections"): 80 anonymous connections per worker that trickle header
// bytes, each within the read time-out, once took all 64 server threads and
// jobs timed out. Now a job runs meanwhile and each such connection is
// closed within its deadline; over the cap of unauthenticated connections
// the oldest are closed at once, over the limit per address a new one is;
// authenticated connections outlive the deadline; the same over TLS.
// RUN: %python %S/cluster_slowloris.py mplang-worker mplang-run %examples %S/../../../scripts/make-test-certs.sh %t | FileCheck %s

// CHECK: ok job while anonymous connections trickle: rank 0: 6 : i64 | rank 1: 6 : i64 | rank 2: 6 : i64 |
// CHECK: ok every trickling connection closed within 30 s: at least 240 opened, longest held under 30 s
// CHECK: ok unauthenticated cap: of 10 silent connections the oldest 6 closed at once
// CHECK: ok authenticated request while 4 anonymous are held: 200
// CHECK: ok limit per address: 8 authenticated keep-alive connections held, a 9th closed at once
// CHECK: ok a connection once one is closed: 200
// CHECK: ok deadline: a trickled request, and one after a 401, closed before 30 s of trickling ended
// CHECK: ok authenticated connection outlives the deadline: 200 then 200 on one connection
// CHECK: ok TLS: unauthenticated cap: the oldest 2 of 4 connections without a handshake closed
// CHECK: ok TLS: authenticated request meanwhile: 200
// CHECK: ok TLS: deadline: a trickled handshake closed before 30 s of trickling ended

// A real worker on 127.0.0.1 given modules that crash MLIR 19's parsers
// (fuzz/corpus/ir/parser-crash-*.mlir; a type nested 100000 deep) and job
// headers with numbers out of range: each is a 400 naming the cause, and the
// worker then runs a normal job (docs/protocol.md, "Untrusted modules"); a
// job with timeout_s 0 has no time-out.
// RUN: %python %S/cluster_hostile_modules.py mplang-worker %S/../../../fuzz/corpus/ir %t | FileCheck %s

// CHECK: ok module crashing the scf-for parser: 400 the module crashed the parser (signal 11: Segmentation fault)
// CHECK-NEXT: worker alive: True
// CHECK-NEXT: ok module crashing the linalg-reduce parser: 400 the module crashed the parser (signal 11: Segmentation fault)
// CHECK-NEXT: worker alive: True
// CHECK-NEXT: ok type nested 100000 deep: 400 the module crashed the parser (signal 11: Segmentation fault)
// CHECK-NEXT: ok malformed module: 400 malformed module:
// CHECK-NEXT: ok timeout_s 1e300: 400 bad job header: timeout_s must be a whole number from 0 to 4294967295, not 1e+300
// CHECK-NEXT: ok timeout_s -1: 400 bad job header: timeout_s must be a whole number from 0 to 4294967295, not -1
// CHECK-NEXT: ok timeout_s 4294967297: 400 bad job header: timeout_s must be a whole number from 0 to 4294967295, not 4294967297
// CHECK-NEXT: ok trace_max_events 0: 400 bad job header: trace_max_events must be a whole number from 1 to 18446744073709551615, not 0
// CHECK-NEXT: ok trace_max_events 1.5: 400 bad job header: trace_max_events must be a whole number from 1 to 18446744073709551615, not 1.5
// CHECK-NEXT: ok normal job: 201 {"job":"normal"}
// CHECK-NEXT: ok normal job ends: 200
// CHECK-NEXT: ok job without a time-out: 201 {"job":"forever"}
// CHECK-NEXT: ok still waiting after 1 s: 200 {"job":"forever","ops_done":0,"ops_known":1,"state":"running"}
// CHECK-NEXT: 16 submissions at once: [201, 400, 201, 400, 201, 400, 201, 400, 201, 400, 201, 400, 201, 400, 201, 400]

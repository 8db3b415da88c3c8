// --stats of a known program, in the simulator and on workers: the same ops
// per rank and kind (the loop runs its condition 8 times and its body 7
// times), and the same messages and bytes per peer (sends and the
// predicate exchanges of simp.agree). Times vary; the checker makes sure
// they agree with each other.
// RUN: mplang-run --sim 2 %examples/while_shuffle.mlir --stats --stats-json %t.sim.json | FileCheck %s --check-prefix=TEXT
// RUN: %python %S/Utils/check-stats.py %t.sim.json | FileCheck %s
// RUN: mplang-run --local 2 %examples/while_shuffle.mlir --stats --stats-json %t.local.json | FileCheck %s --check-prefix=TEXT
// RUN: %python %S/Utils/check-stats.py %t.local.json | FileCheck %s

// TEXT:      rank 0: 128 : i64
// TEXT-NEXT: rank 1: <absent>
// TEXT-NEXT: rank 0: {{[0-9]+\.[0-9][0-9][0-9]}} ms, 48 ops, {{[0-9]+}} ops/s
// TEXT-NEXT:   active tasks: average {{[0-9.]+}}, peak {{[0-9]+}}; ready queue: average {{[0-9.]+}}; peak live values {{[0-9]+}}
// TEXT-NEXT:   waiting for messages: {{[0-9.]+}} ms
// TEXT-NEXT:   peer 1: sent 23 messages, 141 bytes; received 15 messages, 109 bytes
// TEXT-NEXT:   op kinds by total time (count, total ms, mean us):
// TEXT-COUNT-6: {{^    [a-z_.]+ +[0-9]+ +[0-9.]+ +[0-9.]+$}}
// TEXT-NEXT: rank 1: {{[0-9.]+}} ms, 38 ops, {{[0-9]+}} ops/s
// TEXT:        peer 0: sent 15 messages, 109 bytes; received 23 messages, 141 bytes

// CHECK:      rank 0: 48 ops
// CHECK-NEXT:   peer 1: sent 23 (141 B), received 15 (109 B)
// CHECK-NEXT:   kinds: arith.cmpi 8, arith.constant 9, simp.agree 8, simp.recv 7, simp.send 15, simp.while_loop 1
// CHECK-NEXT: rank 1: 38 ops
// CHECK-NEXT:   peer 0: sent 15 (109 B), received 23 (141 B)
// CHECK-NEXT:   kinds: arith.addi 7, simp.agree 8, simp.recv 15, simp.send 7, simp.while_loop 1

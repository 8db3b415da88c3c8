// The run statistics count each rank's compiled groups: rank 0 compiles the
// loop, rank 1's identical group comes from the process's cache. The trace
// has a `jit.compile` slice per group on the thread that compiled it, with
// the group's op count and where its code came from.

// RUN: mplang-run --jit=auto --sim 2 %s --stats --stats-json %t.json --trace %t.trace.json | FileCheck %s
// CHECK: rank 0: -6320571930334769480 : i64
// CHECK: rank 1: -6320571930334769480 : i64
// CHECK: rank 0: {{.*}} ops/s
// CHECK: jit: 1 groups compiled, 0 from memory, 0 from disk, in {{[0-9.]+}} ms
// CHECK: rank 1: {{.*}} ops/s
// CHECK: jit: 0 groups compiled, 1 from memory, 0 from disk, in {{[0-9.]+}} ms

// RUN: FileCheck %s --check-prefix=JSON < %t.json
// JSON: "rank": 0,
// JSON: "jit_groups_compiled": 1,
// JSON-NEXT: "jit_memory_hits": 0,
// JSON-NEXT: "jit_disk_hits": 0,
// JSON-NEXT: "jit_compile_us": {{[0-9.]+}}
// JSON: "rank": 1,
// JSON: "jit_groups_compiled": 0,
// JSON-NEXT: "jit_memory_hits": 1,
// JSON-NEXT: "jit_disk_hits": 0,

// RUN: %python %S/../Utils/check-trace.py %t.trace.json > /dev/null
// RUN: FileCheck %s --check-prefix=TRACE < %t.trace.json
// TRACE-DAG: {"ph":"X","name":"__jit_0","pid":0,"tid":{{[0-9]+}},"cat":"jit.compile","ts":{{[0-9.]+}},"dur":{{[0-9.]+}},"args":{"ops":14,"cache_hit":"none"}}
// TRACE-DAG: {"ph":"X","name":"__jit_0","pid":1,"tid":{{[0-9]+}},"cat":"jit.compile","ts":{{[0-9.]+}},"dur":{{[0-9.]+}},"args":{"ops":14,"cache_hit":"memory"}}

module attributes {simp.world_size = 2 : i64} {
  func.func @main() -> !simp.mp<i64, [0, 1]> {
    %r = simp.pcall [0, 1] () : () -> !simp.mp<i64, [0, 1]> {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %n = arith.constant 65536 : index
      %v0 = arith.constant 7 : i64
      %a = arith.constant 6364136223846793005 : i64
      %b = arith.constant 1442695040888963407 : i64
      %sh = arith.constant 33 : i64
      %v = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %v0) -> i64 {
        %p = arith.muli %acc, %a : i64
        %q = arith.addi %p, %b : i64
        %h = arith.shrui %q, %sh : i64
        %w = arith.xori %q, %h : i64
        scf.yield %w : i64
      }
      simp.yield %v : i64
    }
    return %r : !simp.mp<i64, [0, 1]>
  }
}

// Distributed runs fail like simulated ones: a clear message naming the
// rank (and the op's location), and a non-zero exit. Bad cluster files name
// the file and the field.

// RUN: not mplang-run --local 2 %s --arg 0:0='5 : i64' 2>&1 | FileCheck %s --check-prefix=DIV
// DIV: error: rank 0 failed: {{.*}}cluster-errors.mlir:[[@LINE+63]]:12: division by zero
// Programs submitted as text keep their locations.
// RUN: not mplang-run --local 2 --module-text %s --arg 0:0='5 : i64' 2>&1 | FileCheck %s --check-prefix=TEXT
// TEXT: error: rank 0 failed: {{.*}}cluster-errors.mlir:[[@LINE+60]]:12: division by zero
// RUN: not mplang-run --sim 2 --module-text %s --arg 0:0='5 : i64' 2>&1 | FileCheck %s --check-prefix=TEXTSIM
// TEXTSIM: error: --module-text goes with --cluster or --local

// RUN: not mplang-run --local 3 %s --arg 0:0='5 : i64' 2>&1 | FileCheck %s --check-prefix=WORLD
// WORLD: error: --local 3 does not match simp.world_size = 2

// A receive that can never complete stops at the time-out, naming the job,
// the waiting rank, the tag and the peer.
// RUN: not mplang-run --local 2 %S/../Backends/hang.mlir --timeout 1 --arg 0:0=true --arg 1:0=false 2>&1 | FileCheck %s --check-prefix=HANG
// HANG: error: rank 0 failed: {{.*}}rank 0: job {{[0-9a-f]+}} timed out after 1 s
// HANG-NEXT: rank 0 waits for tag 0 from rank 1

// Ctrl-C stops every rank on its worker, and the workers with the run.
// RUN: %python %S/../Backends/interrupt.py mplang-run --local 2 %S/../Backends/interrupt.mlir | FileCheck %s --check-prefix=INTERRUPT
// INTERRUPT: exit code 130
// INTERRUPT: error: rank 0 failed: interrupted
// INTERRUPT: mplang-run: error: interrupted

// RUN: not mplang-run --local 2 --cluster %S/../Inputs/cluster-three.json %s --arg 0:0='5 : i64' 2>&1 | FileCheck %s --check-prefix=BOTH
// BOTH: mplang-run: error: give one run mode, not both --local and --cluster

// RUN: not mplang-run --cluster %t.missing.yaml %s --arg 0:0='5 : i64' 2>&1 | FileCheck %s --check-prefix=NOFILE
// NOFILE: error: cannot read cluster file '{{.*}}.missing.yaml'

// RUN: not mplang-run --cluster %S/../Inputs/cluster-no-nodes.yaml %s --arg 0:0='5 : i64' 2>&1 | FileCheck %s --check-prefix=NONODES
// NONODES: error: {{.*}}cluster-no-nodes.yaml: nodes: missing or not a non-empty list

// RUN: not mplang-run --cluster %S/../Inputs/cluster-bad-endpoint.yaml %s --arg 0:0='5 : i64' 2>&1 | FileCheck %s --check-prefix=ENDPOINT
// ENDPOINT: error: {{.*}}cluster-bad-endpoint.yaml: nodes[1].endpoint: 'localhost' is not HOST:PORT

// RUN: not mplang-run --cluster %S/../Inputs/cluster-duplicate.yaml %s --arg 0:0='5 : i64' 2>&1 | FileCheck %s --check-prefix=DUPLICATE
// DUPLICATE: error: {{.*}}cluster-duplicate.yaml: nodes[1].name: 'alice' appears twice

// RUN: not mplang-run --cluster %S/../Inputs/cluster-no-credential.yaml %s --arg 0:0='5 : i64' 2>&1 | FileCheck %s --check-prefix=CREDENTIAL
// CREDENTIAL: error: {{.*}}cluster-no-credential.yaml: nodes[1]: no credential: give token, token_file or token_sha256, or a top-level secret

// RUN: not mplang-run --cluster %S/../Inputs/cluster-syntax.yaml %s --arg 0:0='5 : i64' 2>&1 | FileCheck %s --check-prefix=YAML
// YAML: error: {{.*}}cluster-syntax.yaml:4:1: end of sequence flow not found

// RUN: not mplang-run --cluster %S/../Inputs/cluster-syntax.json %s --arg 0:0='5 : i64' 2>&1 | FileCheck %s --check-prefix=JSON
// JSON: error: {{.*}}cluster-syntax.json: [json.exception.parse_error.101] parse error at line 1, column 60

// RUN: not mplang-run --cluster %S/../Inputs/cluster-bad-device.yaml %s --arg 0:0='5 : i64' 2>&1 | FileCheck %s --check-prefix=DEVICE
// DEVICE: error: {{.*}}cluster-bad-device.yaml: devices.P0.members: "carol" is not a node name

// RUN: not mplang-run --cluster %S/../Inputs/cluster-three.json %s --arg 0:0='5 : i64' 2>&1 | FileCheck %s --check-prefix=COUNT
// COUNT: error: {{.*}}cluster-three.json has 3 nodes, but simp.world_size = 2

// mplang-worker checks which node it is.
// RUN: not mplang-worker --cluster %S/../Inputs/cluster-three.json --rank 3 2>&1 | FileCheck %s --check-prefix=RANK
// RANK: error: pass --node NAME or --rank R with 0 <= R < 3
// RUN: not mplang-worker --cluster %S/../Inputs/cluster-three.json --node zed 2>&1 | FileCheck %s --check-prefix=NODE
// NODE: error: no node 'zed' in {{.*}}cluster-three.json

module attributes {simp.world_size = 2 : i64} {
  func.func @main(%x: !simp.mp<i64, [0]>) -> !simp.mp<i64, [0]> {
    %0 = simp.pcall [0] (%x) : (!simp.mp<i64, [0]>) -> !simp.mp<i64, [0]> {
    ^bb0(%a: i64):
      %z = arith.constant 0 : i64
      %q = arith.divsi %a, %z : i64
      simp.yield %q : i64
    }
    return %0 : !simp.mp<i64, [0]>
  }
}

// What an operator approves for one invocation: the job each rank's worker
// runs (entry, each argument's binding, world size) and its digest. Digests
// do not depend on locations, custom syntax, printing flags or the other
// ranks, and change with any constant, the entry, a binding, a kept result
// or the world size.
// RUN: mplang-opt --simp-project --simp-program-digests -o /dev/null %s > %t.digests
// RUN: FileCheck %s < %t.digests
// CHECK: rank 0: @main(value) world_size=2 job-sha256:{{[0-9a-f]{64}$}}
// CHECK-NEXT: rank 1: @main() world_size=2 job-sha256:{{[0-9a-f]{64}$}}
// RUN: mplang-opt --simp-project --mlir-print-op-generic --mlir-print-debuginfo %s -o %t.mlir
// RUN: mplang-opt --simp-program-digests -o /dev/null %t.mlir | diff %t.digests -
// RUN: mplang-opt --simp-project --simp-program-digests -o /dev/null %s --mlir-print-debuginfo --mlir-elide-elementsattrs-if-larger=1 | diff %t.digests -
// A global program is projected first, as mplang-run does.
// RUN: mplang-opt --simp-program-digests -o /dev/null %s | diff %t.digests -
// Another constant in rank 0's part changes rank 0's digest only.
// RUN: sed 's/dense<\[1, 2\]>/dense<[1, 3]>/' %s | mplang-opt --simp-project --simp-program-digests -o /dev/null > %t.changed
// RUN: head -1 %t.digests > %t.0 && head -1 %t.changed > %t.0c && not diff %t.0 %t.0c
// RUN: tail -1 %t.digests > %t.1 && tail -1 %t.changed > %t.1c && diff %t.1 %t.1c
// So does an argument bound by reference.
// RUN: mplang-opt --simp-program-digests='inputs=0:0=@fs://x.npy' -o /dev/null %s > %t.ref
// RUN: FileCheck %s --check-prefix=REF < %t.ref
// REF: rank 0: @main(@fs://x.npy) world_size=2 job-sha256:{{[0-9a-f]{64}$}}
// REF-NEXT: rank 1: @main() world_size=2
// RUN: head -1 %t.ref | awk '{print $NF}' > %t.0r && head -1 %t.digests | awk '{print $NF}' > %t.0v && not diff %t.0r %t.0v
// RUN: tail -1 %t.ref > %t.1r && diff %t.1 %t.1r
// An input from a file the driver reads is a value, as an --arg is.
// RUN: mplang-opt --simp-program-digests='inputs=0:0=x.npy' -o /dev/null %s | diff %t.digests -
// Another entry: every rank's digest changes.
// RUN: mplang-opt --simp-program-digests='entry=helper' -o /dev/null %s > %t.helper
// RUN: FileCheck %s --check-prefix=HELPER < %t.helper
// HELPER: rank 0: @helper(value) world_size=2 job-sha256:{{[0-9a-f]{64}$}}
// HELPER-NEXT: rank 1: @helper() world_size=2 job-sha256:{{[0-9a-f]{64}$}}
// RUN: tail -1 %t.helper | awk '{print $NF}' > %t.1h && tail -1 %t.digests | awk '{print $NF}' > %t.1d && not diff %t.1h %t.1d
// A kept result: the module left is the one the workers run, with the save.
// RUN: mplang-opt --simp-program-digests='keep=1:0=mem://z' %s -o %t.kept > %t.keep
// RUN: FileCheck %s --check-prefix=KEEP < %t.keep
// KEEP: rank 0: @main(value) world_size=2 job-sha256:{{[0-9a-f]{64}$}}
// KEEP-NEXT: rank 1: @main() world_size=2 job-sha256:{{[0-9a-f]{64}$}}
// RUN: head -1 %t.keep > %t.0k && diff %t.0 %t.0k
// RUN: tail -1 %t.keep > %t.1k && not diff %t.1 %t.1k
// RUN: FileCheck %s --check-prefix=KEPT < %t.kept
// KEPT-LABEL: module @rank1
// KEPT: func.func @main() {
// KEPT: store.save %{{.*}}, "mem://z" : tensor<2xi32>
// KEPT-NEXT: return{{$}}
// The world size is part of what is approved.
// RUN: sed 's/simp.world_size = 2/simp.world_size = 3/' %s | mplang-opt --simp-program-digests -o /dev/null > %t.world
// RUN: FileCheck %s --check-prefix=WORLD < %t.world
// WORLD: rank 0: @main(value) world_size=3
// RUN: head -1 %t.world | awk '{print $NF}' > %t.0w && head -1 %t.digests | awk '{print $NF}' > %t.0d && not diff %t.0w %t.0d

// Invocations that cannot be approved.
// RUN: not mplang-opt --simp-program-digests='keep=1:0' -o /dev/null %s 2>&1 | FileCheck %s --check-prefix=DEFAULT
// DEFAULT: error: --keep '1:0': name the URI (R:I=URI); a default URI is fresh for each run, so it cannot be approved in advance
// RUN: not mplang-opt --simp-program-digests='keep=all' -o /dev/null %s 2>&1 | FileCheck %s --check-prefix=ALL
// ALL: error: --keep 'all': name the URI (R:I=URI)
// RUN: not mplang-opt --simp-project --simp-program-digests='inputs=0:0=@fs://x.npy' -o /dev/null %s 2>&1 | FileCheck %s --check-prefix=PROJECTED
// PROJECTED: error: inputs and keep name the arguments and results of the global program: give it unprojected
// RUN: not mplang-opt --simp-program-digests='inputs=1:0=@fs://x.npy' -o /dev/null %s 2>&1 | FileCheck %s --check-prefix=HOLD
// HOLD: error: input '1:0=@fs://x.npy': rank 1 does not hold argument 0
// RUN: not mplang-opt --simp-program-digests='inputs=0:0=@fs:///etc/x.npy' -o /dev/null %s 2>&1 | FileCheck %s --check-prefix=URI
// URI: error: input '0:0=@fs:///etc/x.npy': 'fs:///etc/x.npy': absolute paths are not allowed
// RUN: not mplang-opt --simp-program-digests='inputs=0=@fs://x.npy' -o /dev/null %s 2>&1 | FileCheck %s --check-prefix=SPEC
// SPEC: error: bad input '0=@fs://x.npy': expected R:I=@URI (or R:I=FILE.npy, by value)
// RUN: not mplang-opt --simp-program-digests='entry=nothing' -o /dev/null %s 2>&1 | FileCheck %s --check-prefix=ENTRY
// ENTRY: error: no entry function @nothing

module attributes {simp.world_size = 2 : i64} {
  func.func @main(%x: !simp.mp<tensor<2xi32>, [0]>) -> !simp.mp<tensor<2xi32>, [1]> {
    %y = simp.pcall [0] (%x) : (!simp.mp<tensor<2xi32>, [0]>) -> !simp.mp<tensor<2xi32>, [0]> {
    ^bb0(%v: tensor<2xi32>):
      %c = arith.constant dense<[1, 2]> : tensor<2xi32>
      %s = arith.addi %v, %c : tensor<2xi32>
      simp.yield %s : tensor<2xi32>
    }
    %z = call @helper(%y) : (!simp.mp<tensor<2xi32>, [0]>) -> !simp.mp<tensor<2xi32>, [1]>
    return %z : !simp.mp<tensor<2xi32>, [1]>
  }

  func.func private @helper(%y: !simp.mp<tensor<2xi32>, [0]>) -> !simp.mp<tensor<2xi32>, [1]> {
    %z = simp.shuffle %y [1 <- 0] : !simp.mp<tensor<2xi32>, [0]> -> !simp.mp<tensor<2xi32>, [1]>
    return %z : !simp.mp<tensor<2xi32>, [1]>
  }
}

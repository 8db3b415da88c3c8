// Programs and invocations --simp-disclosure cannot report on. The errors are
// those of --simp-program-digests: both read the same invocation.
// RUN: mplang-opt --simp-disclosure -split-input-file -verify-diagnostics -o /dev/null %s
// RUN: not mplang-opt --simp-disclosure='inputs=0:x' -o /dev/null %examples/sum.mlir 2>&1 | FileCheck %s --check-prefix=INPUT
// INPUT: error: bad input '0:x': expected R:I=@URI (or R:I=FILE.npy, by value)
// RUN: not mplang-opt --simp-disclosure='keep=0:0' -o /dev/null %examples/sum.mlir 2>&1 | FileCheck %s --check-prefix=KEEP
// KEEP: error: --keep '0:0': name the URI (R:I=URI)
// RUN: not mplang-opt --simp-project --simp-disclosure='keep=0:0=mem://x' -o /dev/null %examples/sum.mlir 2>&1 | FileCheck %s --check-prefix=PROJECTED
// PROJECTED: error: inputs and keep name the arguments and results of the global program: give it unprojected

// expected-error @+1 {{no entry function @main}}
module attributes {simp.world_size = 1 : i64} {
  func.func @other() {
    return
  }
}

// -----

// expected-error @+1 {{the program has no 'simp.world_size'}}
module {
  func.func @main() {
    return
  }
}

// -----

module attributes {simp.world_size = 2 : i64} {
  module @rank0 attributes {simp.rank = 0 : i64} {
    func.func @main() {
      return
    }
  }
  // expected-error @+1 {{rank 1 has no entry function @main}}
  module @rank1 attributes {simp.rank = 1 : i64} {
  }
}

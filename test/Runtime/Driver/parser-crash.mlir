// MLIR 19's parsers crash on some inputs (fuzz/corpus/ir/parser-crash-*.mlir).
// mplang-opt and mplang-run parse in a child process first and report such a
// crash as an error; with --split-input-file each piece is tried on its own,
// so a crash after a piece with errors is found too.
// RUN: not mplang-opt %S/../../../fuzz/corpus/ir/parser-crash-scf-for.mlir 2>&1 | FileCheck %s --check-prefix=OPT
// RUN: not mplang-run --sim 1 %S/../../../fuzz/corpus/ir/parser-crash-linalg-reduce.mlir 2>&1 | FileCheck %s --check-prefix=RUNNER
// RUN: not mplang-opt --split-input-file %s 2>&1 | FileCheck %s --check-prefix=SPLIT

// OPT: parser-crash-scf-for.mlir: error: the module crashed the parser (signal 11: Segmentation fault)
// RUNNER: mplang-run: error: {{.*}}parser-crash-linalg-reduce.mlir: the module crashed the parser (signal 11: Segmentation fault)
// SPLIT: parser-crash.mlir: error: the module crashed the parser (signal 11: Segmentation fault)

func.func @bad(

// -----

func.func @f() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %ub step %c1 {
    %ub = arith.constant 4 : index
  }
  return
}

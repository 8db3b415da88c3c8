// Errors found in a library, reported at the library's line.
// RUN: not mplang-opt %s --library %S/Inputs/link-lib.mlir 2>&1 | FileCheck %s
// CHECK: link-lib.mlir:{{[0-9]+}}:{{[0-9]+}}: error: cannot link to other ranks: the ranks of 'simp.shuffle_dynamic' are run-time values
// RUN: not mplang-opt %s --library %S/Inputs/absent.mlir 2>&1 | FileCheck %s --check-prefix=ABSENT
// ABSENT: error: cannot read library '{{.*}}absent.mlir'

module attributes {simp.world_size = 3 : i64} {
  func.func private @dynamic(!simp.mp<i64, [1, 2]>, !simp.mp<i64, [1, 2]>) -> !simp.mp<i64, ?>
}

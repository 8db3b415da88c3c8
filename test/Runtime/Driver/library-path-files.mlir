// Library directories (--library-path, $MPLANG_LIBRARY_PATH) holding a FIFO
// or a link to /dev/zero under a *.mlir name: each is skipped with a warning
// and the run links from the regular files, instead of waiting for a writer
// forever or reading without end. Given as --library, such a file is an
// error.
// RUN: rm -rf %t && mkdir -p %t/fifo %t/zero %t/lib
// RUN: cp %S/../../Dialect/Simp/Inputs/link-lib.mlir %t/lib/
// RUN: mkfifo %t/fifo/a.mlir && ln -s /dev/zero %t/zero/a.mlir
// RUN: %python %S/../Utils/within.py 60 mplang-run --sim 3 %s --library-path %t/fifo --library-path %t/lib --arg 2:0='5 : i64' | FileCheck %s --check-prefixes=CHECK,FIFO
// RUN: env MPLANG_LIBRARY_PATH=%t/zero:%t/lib %python %S/../Utils/within.py 60 mplang-run --sim 3 %s --arg 2:0='5 : i64' | FileCheck %s --check-prefixes=CHECK,ZERO
// RUN: %python %S/../Utils/within.py 60 mplang-run --sim 3 %s --library %t/fifo/a.mlir --arg 2:0='5 : i64' | FileCheck %s --check-prefix=EXPLICIT

// CHECK: exit code 0
// FIFO: warning: skipping '{{.*}}fifo/a.mlir' in the library search path: not a regular file
// ZERO: warning: skipping '{{.*}}zero/a.mlir' in the library search path: not a regular file
// CHECK: rank 0: 6 : i64

// EXPLICIT: exit code 1
// EXPLICIT: error: cannot read library '{{.*}}fifo/a.mlir': not a regular file

module attributes {simp.world_size = 3 : i64} {
  func.func private @inc_to_1(!simp.mp<i64, [2]>) -> !simp.mp<i64, [0]>
  func.func @main(%x: !simp.mp<i64, [2]>) -> !simp.mp<i64, [0]> {
    %y = func.call @inc_to_1(%x) : (!simp.mp<i64, [2]>) -> !simp.mp<i64, [0]>
    return %y : !simp.mp<i64, [0]>
  }
}

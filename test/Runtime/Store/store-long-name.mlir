// An fs:// name of 255 characters (the longest path component the verifier
// allows, NAME_MAX) is saved, by store.save and by --keep, in the simulator
// and on workers: its temporary file, which once appended a suffix to the
// whole name, fails with "File name too long" no more. One character more is
// refused before the run, also when given by reference.
// RUN: rm -rf %t && mkdir %t
// RUN: mplang-run --sim 2 %s --data-root %t | FileCheck %s
// RUN: %python %S/../Utils/read-npy-i64.py %t/rank0/nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn.npy | FileCheck %s --check-prefix=FILE
// RUN: rm %t/rank0/nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn.npy
// RUN: mplang-run --local 2 %s --data-root %t | FileCheck %s
// RUN: %python %S/../Utils/read-npy-i64.py %t/rank0/nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn.npy | FileCheck %s --check-prefix=FILE
// RUN: mplang-run --local 2 %s --data-root %t --keep 0:0=fs://kept/nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn.npy | FileCheck %s --check-prefix=KEEP
// RUN: %python %S/../Utils/read-npy-i64.py %t/rank0/kept/nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn.npy | FileCheck %s --check-prefix=FILE
// RUN: ls -A %t/rank0 %t/rank0/kept | FileCheck %s --check-prefix=NOTEMP
// RUN: not mplang-run --sim 2 %s --data-root %t --keep 0:0=fs://nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn.npy 2>&1 | FileCheck %s --check-prefix=LONG
// RUN: not mplang-run --local 2 %s --data-root %t --input 0:0=@fs://nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn.npy --entry echo 2>&1 | FileCheck %s --check-prefix=LONG

// CHECK: rank 0: dense<[1, 2, 3, 4]> : tensor<4xi64>
// FILE: (4,) [1, 2, 3, 4]
// KEEP: rank 0: fs://kept/nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn.npy
// NOTEMP-NOT: {{^\.}}
// LONG: '{{.*}}': path components must have 1 to 255 characters

module attributes {simp.world_size = 2 : i64} {
  func.func @main() -> !simp.mp<tensor<4xi64>, [0]> {
    %x = simp.pcall [0] () : () -> !simp.mp<tensor<4xi64>, [0]> {
      %c = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi64>
      store.save %c, "fs://nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn.npy" : tensor<4xi64>
      simp.yield %c : tensor<4xi64>
    }
    return %x : !simp.mp<tensor<4xi64>, [0]>
  }

  func.func @echo(%a: !simp.mp<tensor<4xi64>, [0]>) -> !simp.mp<tensor<4xi64>, [0]> {
    return %a : !simp.mp<tensor<4xi64>, [0]>
  }
}

// A file is judged by its .npy header and its size before its elements are
// read, and they are read straight into the tensor. A 1 GiB file (sparse)
// bound to a tensor<i64> parameter, by reference or with store.load, in the
// simulator or on a worker, is refused without being read: peak memory
// stays near the baseline (it used to reach 2.1 GiB). Peak memory is not
// meaningful under ASan.
// UNSUPPORTED: asan
// RUN: rm -rf %t && mkdir -p %t/rank0
// RUN: %python %S/../Utils/make-npy.py %t/rank0/bad-magic.npy bad-magic '()' '' 1G
// RUN: %python %S/../Utils/make-npy.py %t/rank0/wrong-size.npy '<i8' '()' '' 1G
// RUN: %python %S/../Utils/make-npy.py %t/rank0/wrong-type.npy '<i8' '(134217728,)' '' 1G
// RUN: %python %S/../Utils/peak-rss.py 150 not mplang-run --sim 1 %s --data-root %t --input 0:0=@fs://bad-magic.npy 2>&1 | FileCheck %s --check-prefix=MAGIC
// RUN: %python %S/../Utils/peak-rss.py 150 not mplang-run --local 1 %s --data-root %t --input 0:0=@fs://bad-magic.npy 2>&1 | FileCheck %s --check-prefix=MAGIC
// MAGIC: fs://bad-magic.npy: not an .npy file (bad magic)
// MAGIC: peak RSS under 150 MiB
// RUN: %python %S/../Utils/peak-rss.py 150 not mplang-run --sim 1 %s --input 0:0=%t/rank0/bad-magic.npy 2>&1 | FileCheck %s --check-prefix=LOCAL
// LOCAL: error: binding '0:0={{.*}}bad-magic.npy': {{.*}}bad-magic.npy: not an .npy file (bad magic)
// LOCAL: peak RSS under 150 MiB
// RUN: %python %S/../Utils/peak-rss.py 150 not mplang-run --local 1 %s --data-root %t --input 0:0=@fs://wrong-size.npy 2>&1 | FileCheck %s --check-prefix=SIZE
// SIZE: fs://wrong-size.npy: .npy data has 1073741824 bytes, its header's shape () needs 8
// SIZE: peak RSS under 150 MiB
// RUN: %python %S/../Utils/peak-rss.py 150 not mplang-run --sim 1 %s --data-root %t --entry load 2>&1 | FileCheck %s --check-prefix=TYPE
// RUN: %python %S/../Utils/peak-rss.py 150 not mplang-run --local 1 %s --data-root %t --input 0:0=@fs://wrong-type.npy 2>&1 | FileCheck %s --check-prefix=TYPE
// TYPE: fs://wrong-type.npy holds a tensor<134217728xi64> where tensor<i64> is declared
// TYPE: peak RSS under 150 MiB

module attributes {simp.world_size = 1 : i64} {
  func.func @main(%x: !simp.mp<tensor<i64>, [0]>) -> !simp.mp<tensor<i64>, [0]> {
    return %x : !simp.mp<tensor<i64>, [0]>
  }

  func.func @load() -> !simp.mp<tensor<i64>, [0]> {
    %v = simp.pcall [0] () : () -> !simp.mp<tensor<i64>, [0]> {
      %x = store.load "fs://wrong-type.npy" : tensor<i64>
      simp.yield %x : tensor<i64>
    }
    return %v : !simp.mp<tensor<i64>, [0]>
  }
}

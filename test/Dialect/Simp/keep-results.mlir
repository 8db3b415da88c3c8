// --simp-keep-results: a kept result is saved in the party's store and no
// longer returned; its index counts only the results that rank returns.
// RUN: mplang-opt --simp-keep-results='keep=1:1=mem://b,0:0=fs://a.npy' -split-input-file -verify-diagnostics %s | FileCheck %s

// CHECK-LABEL: module @rank0
// CHECK: func.func @main(%[[X:.*]]: i64) -> i64 {
// CHECK-NEXT: store.save %[[X]], "fs://a.npy" : i64
// CHECK-NEXT: return %[[X]] : i64
// CHECK-LABEL: module @rank1
// CHECK: func.func @main(%[[Y:.*]]: i64) -> i64 {
// CHECK-NEXT: %[[Z:.*]] = arith.addi %[[Y]], %[[Y]] : i64
// CHECK-NEXT: store.save %[[Z]], "mem://b" : i64
// CHECK-NEXT: return %[[Y]] : i64
module attributes {simp.world_size = 2 : i64} {
  module @rank0 attributes {simp.rank = 0 : i64} {
    func.func @main(%x: i64) -> (i64, i64) {
      return %x, %x : i64, i64
    }
  }
  module @rank1 attributes {simp.rank = 1 : i64} {
    func.func @main(%y: i64) -> (i64, i64) {
      %z = arith.addi %y, %y : i64
      return %y, %z : i64, i64
    }
  }
}

// -----

// expected-error @below {{rank 1 has no entry function @main}}
module attributes {simp.world_size = 2 : i64} {
  module @rank0 attributes {simp.rank = 0 : i64} {
    func.func @main(%x: i64) -> i64 {
      return %x : i64
    }
  }
}

// -----

module attributes {simp.world_size = 2 : i64} {
  module @rank0 attributes {simp.rank = 0 : i64} {
    func.func @main(%x: i64) -> i64 {
      return %x : i64
    }
  }
  module @rank1 attributes {simp.rank = 1 : i64} {
    // expected-error @below {{rank 1 returns 1 results, there is no local result 1 to keep}}
    func.func @main(%y: i64) -> i64 {
      return %y : i64
    }
  }
}

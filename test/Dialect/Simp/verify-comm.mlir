// RUN: mplang-opt --simp-verify-comm %s -split-input-file -verify-diagnostics | FileCheck %s

// Matching sends, receives and collectives pass unchanged.
// CHECK-LABEL: module @rank0
// CHECK: simp.send %{{.*}} to 1 tag 0 : i32
// CHECK: simp.agree %{{.*}} among [0, 1] tag 1 : i1
// CHECK-LABEL: module @rank1
// CHECK: simp.recv from 0 tag 0 : i32
// CHECK: simp.agree %{{.*}} among [0, 1] tag 1 : i1
module attributes {simp.world_size = 2 : i64} {
  module @rank0 attributes {simp.rank = 0 : i64} {
    func.func @main(%x: i32, %p: i1) {
      simp.send %x to 1 tag 0 : i32
      %q = simp.agree %p among [0, 1] tag 1 : i1
      return
    }
  }
  module @rank1 attributes {simp.rank = 1 : i64} {
    func.func @main(%p: i1) -> i32 {
      %x = simp.recv from 0 tag 0 : i32
      %q = simp.agree %p among [0, 1] tag 1 : i1
      return %x : i32
    }
  }
}

// -----

module attributes {simp.world_size = 2 : i64} {
  module @rank0 attributes {simp.rank = 0 : i64} {
    func.func @main(%x: i32) {
      // expected-error @+1 {{'simp.send' op to rank 1 with tag 0 has no matching simp.recv in the program of rank 1}}
      simp.send %x to 1 tag 0 : i32
      return
    }
  }
  module @rank1 attributes {simp.rank = 1 : i64} {
    func.func @main() {
      return
    }
  }
}

// -----

module attributes {simp.world_size = 2 : i64} {
  module @rank0 attributes {simp.rank = 0 : i64} {
    func.func @main() {
      return
    }
  }
  module @rank1 attributes {simp.rank = 1 : i64} {
    func.func @main() -> i32 {
      // expected-error @+1 {{'simp.recv' op from rank 0 with tag 5 has no matching simp.send in the program of rank 0}}
      %x = simp.recv from 0 tag 5 : i32
      return %x : i32
    }
  }
}

// -----

module attributes {simp.world_size = 2 : i64} {
  module @rank0 attributes {simp.rank = 0 : i64} {
    func.func @main(%x: i32) {
      // expected-error @+1 {{'simp.send' op sends 'i32' but the matching simp.recv expects 'i64'}}
      simp.send %x to 1 tag 0 : i32
      return
    }
  }
  module @rank1 attributes {simp.rank = 1 : i64} {
    func.func @main() -> i64 {
      // expected-note @+1 {{the simp.recv}}
      %x = simp.recv from 0 tag 0 : i64
      return %x : i64
    }
  }
}

// -----

module attributes {simp.world_size = 2 : i64} {
  module @rank0 attributes {simp.rank = 0 : i64} {
    func.func @main(%x: i32) {
      // expected-note @+1 {{the other op}}
      simp.send %x to 1 tag 0 : i32
      // expected-error @+1 {{'simp.send' op uses the same peer and tag as another op in this program}}
      simp.send %x to 1 tag 0 : i32
      return
    }
  }
}

// -----

module attributes {simp.world_size = 3 : i64} {
  module @rank0 attributes {simp.rank = 0 : i64} {
    func.func @main(%p: i1) {
      // expected-error @+1 {{'simp.agree' op has no counterpart in the program of participant rank 2}}
      %q = simp.agree %p among [0, 2] tag 0 : i1
      return
    }
  }
}

// -----

module attributes {simp.world_size = 2 : i64} {
  module @rank0 attributes {simp.rank = 0 : i64} {
    func.func @main(%p: i1) {
      // expected-note @+1 {{the counterpart}}
      %q = simp.agree %p among [0, 1] tag 0 : i1
      return
    }
  }
  module @rank1 attributes {simp.rank = 1 : i64} {
    func.func @main(%p: tensor<i1>) {
      // expected-error @+1 {{'simp.agree' op in the program of rank 1 disagrees with its counterpart on participants or types}}
      %q = simp.agree %p among [0, 1] tag 0 : tensor<i1>
      return
    }
  }
}

// -----

module attributes {simp.world_size = 2 : i64} {
  module @rank0 attributes {simp.rank = 0 : i64} {
    func.func @main(%p: i1) {
      // expected-note @+1 {{the other op}}
      %q = simp.agree %p among [0, 1] tag 0 : i1
      // expected-error @+1 {{'simp.agree' op repeats tag 0}}
      %r = simp.agree %p among [0, 1] tag 0 : i1
      return
    }
  }
}

// A keep item that does not parse is an error on the module.
// RUN: mplang-opt --simp-keep-results='keep=1=mem://b' -verify-diagnostics %s

// expected-error @below {{bad keep '1=mem://b': expected R:L=URI}}
module attributes {simp.world_size = 2 : i64} {
  module @rank0 attributes {simp.rank = 0 : i64} {
    func.func @main(%x: i64) -> i64 {
      return %x : i64
    }
  }
}

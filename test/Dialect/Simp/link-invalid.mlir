// RUN: mplang-opt %s --split-input-file --verify-diagnostics --library %S/Inputs/link-lib.mlir --library-path %S/Inputs

module attributes {simp.world_size = 2 : i64} {
  // expected-error @below {{no library defines @nowhere (--library FILE, or a search path directory)}}
  func.func private @nowhere(!simp.mp<i64, [0]>) -> !simp.mp<i64, [1]>
  func.func @main(%x: !simp.mp<i64, [0]>) -> !simp.mp<i64, [1]> {
    %y = func.call @nowhere(%x) : (!simp.mp<i64, [0]>) -> !simp.mp<i64, [1]>
    return %y : !simp.mp<i64, [1]>
  }
}

// -----

module attributes {simp.world_size = 2 : i64} {
  // expected-error @below {{no library defines @elsewhere (--library FILE, or a search path directory)}}
  func.func private @f(!simp.mp<i64, [0]>) -> !simp.mp<i64, [1]> attributes {simp.link_name = "elsewhere"}
}

// -----

module attributes {simp.world_size = 2 : i64} {
  // expected-error @below {{cannot link @inc_to_1: argument 0 is '!simp.mp<i32, [0]>' where the library has '!simp.mp<i64, [0]>'}}
  func.func private @inc_to_1(!simp.mp<i32, [0]>) -> !simp.mp<i64, [1]>
}

// -----

module attributes {simp.world_size = 2 : i64} {
  // expected-error @below {{cannot link @inc_to_1: declared as '(!simp.mp<i64, [0]>) -> ()' but the library has '(!simp.mp<i64, [0]>) -> !simp.mp<i64, [1]>'}}
  func.func private @inc_to_1(!simp.mp<i64, [0]>)
}

// -----

module attributes {simp.world_size = 2 : i64} {
  // expected-error @below {{cannot link @inc_to_1: ranks 0 and 1 of the library both bind to rank 1}}
  func.func private @inc_to_1(!simp.mp<i64, [1]>) -> !simp.mp<i64, [1]>
}

// -----

module attributes {simp.world_size = 3 : i64} {
  // expected-error @below {{cannot link @share: the ranks [0, 1] of the library cannot become [1, 2]}}
  func.func private @share(!simp.mp<i64, [0]>) -> !simp.mp<i64, [1, 2]>
}

// -----

module attributes {simp.world_size = 2 : i64} {
  // expected-error @below {{@share is also defined by library}}
  func.func @share(%x: !simp.mp<i64, [0]>) -> !simp.mp<i64, [0]> {
    return %x : !simp.mp<i64, [0]>
  }
}

// -----

module attributes {simp.world_size = 2 : i64} {
  // expected-error @below {{'simp.link_name' must be set on a function declaration}}
  func.func @f() attributes {simp.link_name = "share"} {
    return
  }
}

// -----

module attributes {simp.world_size = 2 : i64} {
  // expected-error @below {{'simp.link_name' must be a string}}
  func.func private @f(!simp.mp<i64, [0]>) attributes {simp.link_name = 3 : i64}
}

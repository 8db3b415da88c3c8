// RUN: mplang-opt %s --split-input-file --library %S/Inputs/link-lib.mlir --library-path %S/Inputs | FileCheck %s

// The library's roles 0 and 1 become ranks 2 and 0; what the function calls
// is linked with the same roles, as private functions.
// CHECK-LABEL: func.func private @inc_to_1
// CHECK-SAME:    (%[[X:.*]]: !simp.mp<i64, [2]>) -> !simp.mp<i64, [0]>
// CHECK:         %[[Y:.*]] = simp.pcall [2] (%[[X]])
// CHECK:           func.call @[[ADD:add_one.*]](%{{.*}}) : (i64) -> i64
// CHECK:         %[[Z:.*]] = call @[[MOVE:move.*]](%[[Y]]) : (!simp.mp<i64, [2]>) -> !simp.mp<i64, [0]>
// CHECK:         return %[[Z]]
// CHECK-LABEL: func.func @main
// CHECK:         call @inc_to_1(%{{.*}}) : (!simp.mp<i64, [2]>) -> !simp.mp<i64, [0]>
// CHECK-DAG:   func.func private @[[ADD]](%{{.*}}: i64) -> i64
// CHECK-DAG:   func.func private @[[MOVE]](%{{.*}}: !simp.mp<i64, [2]>) -> !simp.mp<i64, [0]>
// CHECK-DAG:     simp.shuffle %{{.*}} [0 <- 2] : !simp.mp<i64, [2]> -> !simp.mp<i64, [0]>
module attributes {simp.world_size = 3 : i64} {
  func.func private @inc_to_1(!simp.mp<i64, [2]>) -> !simp.mp<i64, [0]>
  func.func @main(%x: !simp.mp<i64, [2]>) -> !simp.mp<i64, [0]> {
    %y = func.call @inc_to_1(%x) : (!simp.mp<i64, [2]>) -> !simp.mp<i64, [0]>
    return %y : !simp.mp<i64, [0]>
  }
}

// -----

// A larger party set binds its remaining role; a declaration may name the
// library function it links to, so one function serves two sets of ranks.
// CHECK-LABEL: func.func private @share_1_2
// CHECK-NOT:     simp.link_name
// CHECK:         simp.shuffle %{{.*}} [1 <- 1, 2 <- 1] : !simp.mp<i64, [1]> -> !simp.mp<i64, [1, 2]>
// CHECK-LABEL: func.func private @share_2_0
// CHECK:         simp.shuffle %{{.*}} [2 <- 2, 0 <- 2] : !simp.mp<i64, [2]> -> !simp.mp<i64, [0, 2]>
// CHECK-LABEL: func.func @two_uses
// CHECK:         call @share_1_2
// CHECK:         call @share_2_0
module attributes {simp.world_size = 3 : i64} {
  func.func private @share_1_2(!simp.mp<i64, [1]>) -> !simp.mp<i64, [1, 2]> attributes {simp.link_name = "share"}
  func.func private @share_2_0(!simp.mp<i64, [2]>) -> !simp.mp<i64, [0, 2]> attributes {simp.link_name = "share"}
  func.func @two_uses(%x: !simp.mp<i64, [1]>, %y: !simp.mp<i64, [2]>) -> (!simp.mp<i64, [1, 2]>, !simp.mp<i64, [0, 2]>) {
    %a = func.call @share_1_2(%x) : (!simp.mp<i64, [1]>) -> !simp.mp<i64, [1, 2]>
    %b = func.call @share_2_0(%y) : (!simp.mp<i64, [2]>) -> !simp.mp<i64, [0, 2]>
    return %a, %b : !simp.mp<i64, [1, 2]>, !simp.mp<i64, [0, 2]>
  }
}

// -----

// A library function may itself declare what another library defines.
// CHECK-LABEL: func.func private @twice_on_1
// CHECK:         simp.pcall [0]
// CHECK:           func.call @[[TWICE:twice.*]](%{{.*}}) : (i64) -> i64
// CHECK-LABEL: func.func @main
// CHECK:       func.func private @[[TWICE]](%[[V:.*]]: i64) -> i64
// CHECK-NEXT:    arith.addi %[[V]], %[[V]] : i64
module attributes {simp.world_size = 2 : i64} {
  func.func private @twice_on_1(!simp.mp<i64, [0]>) -> !simp.mp<i64, [0]>
  func.func @main(%x: !simp.mp<i64, [0]>) -> !simp.mp<i64, [0]> {
    %y = func.call @twice_on_1(%x) : (!simp.mp<i64, [0]>) -> !simp.mp<i64, [0]>
    return %y : !simp.mp<i64, [0]>
  }
}

// -----

// A declaration that nothing calls and no library defines stays as it is.
// CHECK-LABEL: func.func private @external(i64) -> i64
module {
  func.func private @external(i64) -> i64
}

// field.sort_rows and field.contains_rows inside pcall, with exact results:
// elements compare as unsigned (-1 is the largest), element 0 first.

// i16 x 2 with a repeated row; i8 x 3; i64 x 1 (64-bit keys) and i32 x 4
// (a full 128-bit key, printed unsigned) whose rows differ only in their
// last element.
// RUN: mplang-run --sim 2 %s | FileCheck %s --check-prefix=SORT
// SORT: rank 0: dense<{{\[}}[0, 7], [2, 1], [2, 1], [-1, 0]]> : tensor<4x2xi16>,
// SORT-SAME: dense<{{\[}}[0, 0, 0], [127, 5, 5], [-128, 0, 1]]> : tensor<3x3xi8>,
// SORT-SAME: dense<{{\[}}[0], [9223372036854775807], [-9223372036854775808], [-1]]> : tensor<4x1xi64>,
// SORT-SAME: dense<{{\[}}[4294967295, 4294967295, 4294967295, 0], [4294967295, 4294967295, 4294967295, 1], [4294967295, 4294967295, 4294967295, 4294967295]]> : tensor<3x4xui32>
// SORT-NEXT: rank 1: <absent>

// The all-zero row is a member like any other; [4, 3] is not [3, 4].
// RUN: mplang-run --sim 2 %s --entry contains | FileCheck %s --check-prefix=CONTAINS
// CONTAINS: rank 0: dense<[True, False, True, True, False]> : tensor<5xi1>

// 2^17 random rows of 5 x i16 (heavy kernels): every row of x is in its
// sorted copy and back, and sorting again changes nothing (the order itself
// is checked against a reference in unittests/Crypto/Field/RowsTest.cpp).
// RUN: mplang-run --sim 2 %s --entry large | FileCheck %s --check-prefix=LARGE
// LARGE: rank 0: dense<True> : tensor<131072xi1>, dense<True> : tensor<131072xi1>, dense<True> : tensor<131072x5xi1>

!s16 = !simp.mp<tensor<4x2xi16>, [0]>
!s8 = !simp.mp<tensor<3x3xi8>, [0]>
!s64 = !simp.mp<tensor<4x1xi64>, [0]>
!s32 = !simp.mp<tensor<3x4xui32>, [0]>
module attributes {simp.world_size = 2 : i64} {
  func.func @main() -> (!s16, !s8, !s64, !s32) {
    %0, %1, %2, %3 = simp.pcall [0] () : () -> (!s16, !s8, !s64, !s32) {
      %a = arith.constant dense<[[2, 1], [-1, 0], [0, 7], [2, 1]]> : tensor<4x2xi16>
      %b = arith.constant dense<[[-128, 0, 1], [127, 5, 5], [0, 0, 0]]> : tensor<3x3xi8>
      %c = arith.constant dense<[[-1], [0], [9223372036854775807], [-9223372036854775808]]> : tensor<4x1xi64>
      %d = arith.constant dense<[[4294967295, 4294967295, 4294967295, 4294967295], [4294967295, 4294967295, 4294967295, 0], [4294967295, 4294967295, 4294967295, 1]]> : tensor<3x4xui32>
      %as = field.sort_rows %a : tensor<4x2xi16>
      %bs = field.sort_rows %b : tensor<3x3xi8>
      %cs = field.sort_rows %c : tensor<4x1xi64>
      %ds = field.sort_rows %d : tensor<3x4xui32>
      simp.yield %as, %bs, %cs, %ds : tensor<4x2xi16>, tensor<3x3xi8>, tensor<4x1xi64>, tensor<3x4xui32>
    }
    return %0, %1, %2, %3 : !s16, !s8, !s64, !s32
  }

  func.func @contains() -> !simp.mp<tensor<5xi1>, [0]> {
    %0 = simp.pcall [0] () : () -> !simp.mp<tensor<5xi1>, [0]> {
      %set = arith.constant dense<[[1, 2], [3, 4], [0, 0]]> : tensor<3x2xi16>
      %q = arith.constant dense<[[3, 4], [4, 3], [0, 0], [1, 2], [0, 1]]> : tensor<5x2xi16>
      %m = field.contains_rows %set, %q : tensor<3x2xi16>, tensor<5x2xi16> -> tensor<5xi1>
      simp.yield %m : tensor<5xi1>
    }
    return %0 : !simp.mp<tensor<5xi1>, [0]>
  }

  func.func @large() -> (!simp.mp<tensor<131072xi1>, [0]>, !simp.mp<tensor<131072xi1>, [0]>, !simp.mp<tensor<131072x5xi1>, [0]>) {
    %0, %1, %2 = simp.pcall [0] () : () -> (!simp.mp<tensor<131072xi1>, [0]>, !simp.mp<tensor<131072xi1>, [0]>, !simp.mp<tensor<131072x5xi1>, [0]>) {
      %x = field.random : tensor<131072x5xi16>
      %s = field.sort_rows %x : tensor<131072x5xi16>
      %m = field.contains_rows %s, %x : tensor<131072x5xi16>, tensor<131072x5xi16> -> tensor<131072xi1>
      %back = field.contains_rows %x, %s : tensor<131072x5xi16>, tensor<131072x5xi16> -> tensor<131072xi1>
      %t = field.sort_rows %s : tensor<131072x5xi16>
      %same = arith.cmpi eq, %s, %t : tensor<131072x5xi16>
      simp.yield %m, %back, %same : tensor<131072xi1>, tensor<131072xi1>, tensor<131072x5xi1>
    }
    return %0, %1, %2 : !simp.mp<tensor<131072xi1>, [0]>, !simp.mp<tensor<131072xi1>, [0]>, !simp.mp<tensor<131072x5xi1>, [0]>
  }
}

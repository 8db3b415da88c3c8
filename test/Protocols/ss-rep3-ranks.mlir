// #ss.replicated among ranks 1, 2 and 3 of a world of four (the library's
// roles bound to them, rank 0 outside): the owners are the first and the
// last holder, x y truncated by one bit goes to rank 3, [x < y] + [x == y]
// to ranks 1 and 2, exactly, in the simulator and on local workers.
// RUN: mplang-run --sim 4 %s --arg 1:0='dense<[2, -4, 6, 10]> : tensor<4xi64>' --arg 3:1='dense<[3, 5, 6, -10]> : tensor<4xi64>' | FileCheck %s
// RUN: mplang-run --local 4 %s --arg 1:0='dense<[2, -4, 6, 10]> : tensor<4xi64>' --arg 3:1='dense<[3, 5, 6, -10]> : tensor<4xi64>' | FileCheck %s
// CHECK:      rank 0: <absent>, <absent>
// CHECK-NEXT: rank 1: <absent>, dense<[1, 1, 1, 0]> : tensor<4xi64>
// CHECK-NEXT: rank 2: <absent>, dense<[1, 1, 1, 0]> : tensor<4xi64>
// CHECK-NEXT: rank 3: dense<[3, -10, 18, -50]> : tensor<4xi64>, <absent>

!s = !ss.share<tensor<4xi64>, [1, 2, 3], #ss.replicated>
module attributes {simp.world_size = 4 : i64} {
  func.func @main(%x: !simp.mp<tensor<4xi64>, [1]>, %y: !simp.mp<tensor<4xi64>, [3]>) -> (!simp.mp<tensor<4xi64>, [3]>, !simp.mp<tensor<4xi64>, [1, 2]>) {
    %a = ss.share %x : !simp.mp<tensor<4xi64>, [1]> -> !s
    %b = ss.share %y : !simp.mp<tensor<4xi64>, [3]> -> !s
    %p = ss.mul %a, %b : !s
    %t = ss.trunc %p {bits = 1} : !s
    %l = ss.lt %a, %b : !s
    %e = ss.eq %a, %b : !s
    %q = ss.add %l, %e : !s
    %r = ss.reveal %t : !s -> !simp.mp<tensor<4xi64>, [3]>
    %u = ss.reveal %q : !s -> !simp.mp<tensor<4xi64>, [1, 2]>
    return %r, %u : !simp.mp<tensor<4xi64>, [3]>, !simp.mp<tensor<4xi64>, [1, 2]>
  }
}

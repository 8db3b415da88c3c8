// Secret-shared arithmetic against plain int64 arithmetic on random inputs
// (Inputs/ss_random.py): products, sums of squares (three products in one
// protocol call), a dot product opened to both parties and an affine mix
// with a public vector revealed to P1, each element wrapping mod 2^64,
// under --sim 2 and --local 2. 1000 elements pad to the library's sizes.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/ss_random.py gen %t/a 1000 1
// RUN: mplang-run --sim 2 %s --input 0:0=%t/a/x.npy --input 1:1=%t/a/y.npy --input 0:2=%t/a/w.npy --input 1:2=%t/a/w.npy --output-dir %t/a/out > /dev/null
// RUN: %python %S/Inputs/ss_random.py check %t/a %t/a/out | FileCheck %s
// RUN: %python %S/Inputs/ss_random.py gen %t/b 1000 2
// RUN: mplang-run --local 2 %s --input 0:0=%t/b/x.npy --input 1:1=%t/b/y.npy --input 0:2=%t/b/w.npy --input 1:2=%t/b/w.npy --output-dir %t/b/out > /dev/null
// RUN: %python %S/Inputs/ss_random.py check %t/b %t/b/out | FileCheck %s
// CHECK: ok 1000

!v = tensor<1000xi64>
!s = !ss.share<tensor<1000xi64>, [0, 1]>

module attributes {simp.world_size = 2 : i64} {
  func.func @main(%x: !simp.mp<!v, [0]>, %y: !simp.mp<!v, [1]>, %w: !simp.mp<!v, [0, 1]>)
      -> (!simp.mp<!v, [0]>, !simp.mp<!v, [0]>, !simp.mp<tensor<i64>, [0, 1]>, !simp.mp<!v, [1]>) {
    %a = ss.share %x : !simp.mp<!v, [0]> -> !s
    %b = ss.share %y : !simp.mp<!v, [1]> -> !s
    %ab = ss.mul %a, %b : !s
    %aa = ss.mul %a, %a : !s
    %bb = ss.mul %b, %b : !s
    %squares = ss.add %aa, %bb : !s
    %dot = ss.sum %ab [0] : !s -> !ss.share<tensor<i64>, [0, 1]>
    %na = ss.neg %a : !s
    %d = ss.sub %a, %b : !s
    %dw = ss.mul_public %d, %w : !s, !simp.mp<!v, [0, 1]>
    %mix = ss.add %na, %dw : !s
    %r0 = ss.reveal %ab : !s -> !simp.mp<!v, [0]>
    %r1 = ss.reveal %squares : !s -> !simp.mp<!v, [0]>
    %r2 = ss.reveal %dot : !ss.share<tensor<i64>, [0, 1]> -> !simp.mp<tensor<i64>, [0, 1]>
    %r3 = ss.reveal %mix : !s -> !simp.mp<!v, [1]>
    return %r0, %r1, %r2, %r3 : !simp.mp<!v, [0]>, !simp.mp<!v, [0]>, !simp.mp<tensor<i64>, [0, 1]>, !simp.mp<!v, [1]>
  }
}

// Fixed-point arithmetic with 16 fraction bits on random reals in [-8, 8)
// (Inputs/ss_fixed_random.py): the encodings, element-wise products and an
// 8 x 16 by 16 x 4 matrix product truncated by SecureML's local truncation
// (each element floor(v / 2^16) or one more, v the exact product of the
// encodings), the products truncated exactly (floor(v / 2^16) or one less)
// and the decoded products, under --sim 2 and --local 2. A probabilistic
// truncation fails with probability below 2^-21 per element here (|v| <
// 2^42, docs/ss.md); the exact one never.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/ss_fixed_random.py gen %t/a 1000 1
// RUN: mplang-run --sim 2 %s --input 0:0=%t/a/x.npy --input 1:1=%t/a/y.npy --input 0:2=%t/a/a.npy --input 1:3=%t/a/b.npy --output-dir %t/a/out > /dev/null
// RUN: %python %S/Inputs/ss_fixed_random.py check %t/a %t/a/out | FileCheck %s
// RUN: %python %S/Inputs/ss_fixed_random.py gen %t/b 1000 2
// RUN: mplang-run --local 2 %s --input 0:0=%t/b/x.npy --input 1:1=%t/b/y.npy --input 0:2=%t/b/a.npy --input 1:3=%t/b/b.npy --output-dir %t/b/out > /dev/null
// RUN: %python %S/Inputs/ss_fixed_random.py check %t/b %t/b/out | FileCheck %s
// CHECK: ok 1000

!f = tensor<1000xf64>
!v = tensor<1000xi64>
!s = !ss.share<tensor<1000xi64>, [0, 1]>
!sa = !ss.share<tensor<8x16xi64>, [0, 1]>
!sb = !ss.share<tensor<16x4xi64>, [0, 1]>
!sc = !ss.share<tensor<8x4xi64>, [0, 1]>

module attributes {simp.world_size = 2 : i64} {
  func.func @main(%x: !simp.mp<!f, [0]>, %y: !simp.mp<!f, [1]>, %a: !simp.mp<tensor<8x16xf64>, [0]>,
                  %b: !simp.mp<tensor<16x4xf64>, [1]>)
      -> (!simp.mp<!v, [0]>, !simp.mp<!v, [0]>, !simp.mp<tensor<8x4xi64>, [0]>, !simp.mp<!f, [0]>,
          !simp.mp<!v, [0]>) {
    %xe = ss.encode %x {fraction_bits = 16} : !simp.mp<!f, [0]> -> !simp.mp<!v, [0]>
    %ye = ss.encode %y {fraction_bits = 16} : !simp.mp<!f, [1]> -> !simp.mp<!v, [1]>
    %ae = ss.encode %a {fraction_bits = 16} : !simp.mp<tensor<8x16xf64>, [0]> -> !simp.mp<tensor<8x16xi64>, [0]>
    %be = ss.encode %b {fraction_bits = 16} : !simp.mp<tensor<16x4xf64>, [1]> -> !simp.mp<tensor<16x4xi64>, [1]>
    %xs = ss.share %xe : !simp.mp<!v, [0]> -> !s
    %ys = ss.share %ye : !simp.mp<!v, [1]> -> !s
    %as = ss.share %ae : !simp.mp<tensor<8x16xi64>, [0]> -> !sa
    %bs = ss.share %be : !simp.mp<tensor<16x4xi64>, [1]> -> !sb
    %p = ss.mul %xs, %ys : !s
    %pt = ss.trunc %p {bits = 16} : !s
    %m = ss.matmul %as, %bs : !sa, !sb -> !sc
    %mt = ss.trunc %m {bits = 16} : !sc
    %pe = ss.trunc %p {bits = 16, exact} : !s
    %r = ss.reveal %pt : !s -> !simp.mp<!v, [0]>
    %rm = ss.reveal %mt : !sc -> !simp.mp<tensor<8x4xi64>, [0]>
    %re = ss.reveal %pe : !s -> !simp.mp<!v, [0]>
    %d = ss.decode %r {fraction_bits = 16} : !simp.mp<!v, [0]> -> !simp.mp<!f, [0]>
    return %xe, %r, %rm, %d, %re : !simp.mp<!v, [0]>, !simp.mp<!v, [0]>, !simp.mp<tensor<8x4xi64>, [0]>, !simp.mp<!f, [0]>,
                                   !simp.mp<!v, [0]>
  }
}

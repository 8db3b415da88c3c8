// Secret-shared comparison against Python's integers on random inputs
// (Inputs/ss_compare_random.py): x < y, x == y (equal at every seventh
// element) and max(x, y) by ss.select on values in [-2^62, 2^62), and the
// sign bit of uniform 64-bit words, each revealed to P0 alone, under
// --sim 2 and --local 2. 1000 elements pad to the library's 1024.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/ss_compare_random.py gen %t/a 1000 1
// RUN: mplang-run --sim 2 %s --input 0:0=%t/a/x.npy --input 1:1=%t/a/y.npy --input 1:2=%t/a/w.npy --output-dir %t/a/out > /dev/null
// RUN: %python %S/Inputs/ss_compare_random.py check %t/a %t/a/out | FileCheck %s
// RUN: %python %S/Inputs/ss_compare_random.py gen %t/b 1000 2
// RUN: mplang-run --local 2 %s --input 0:0=%t/b/x.npy --input 1:1=%t/b/y.npy --input 1:2=%t/b/w.npy --output-dir %t/b/out > /dev/null
// RUN: %python %S/Inputs/ss_compare_random.py check %t/b %t/b/out | FileCheck %s
// CHECK: ok 1000

!v = tensor<1000xi64>
!s = !ss.share<tensor<1000xi64>, [0, 1]>

module attributes {simp.world_size = 2 : i64} {
  func.func @main(%x: !simp.mp<!v, [0]>, %y: !simp.mp<!v, [1]>, %w: !simp.mp<!v, [1]>)
      -> (!simp.mp<!v, [0]>, !simp.mp<!v, [0]>, !simp.mp<!v, [0]>, !simp.mp<!v, [0]>) {
    %a = ss.share %x : !simp.mp<!v, [0]> -> !s
    %b = ss.share %y : !simp.mp<!v, [1]> -> !s
    %c = ss.share %w : !simp.mp<!v, [1]> -> !s
    %lt = ss.lt %a, %b : !s
    %eq = ss.eq %a, %b : !s
    %max = ss.select %lt, %b, %a : !s
    %neg = ss.msb %c : !s
    %r0 = ss.reveal %lt : !s -> !simp.mp<!v, [0]>
    %r1 = ss.reveal %eq : !s -> !simp.mp<!v, [0]>
    %r2 = ss.reveal %max : !s -> !simp.mp<!v, [0]>
    %r3 = ss.reveal %neg : !s -> !simp.mp<!v, [0]>
    return %r0, %r1, %r2, %r3 : !simp.mp<!v, [0]>, !simp.mp<!v, [0]>, !simp.mp<!v, [0]>, !simp.mp<!v, [0]>
  }
}

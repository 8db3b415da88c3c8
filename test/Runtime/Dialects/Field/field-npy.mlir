// gf128 tensors in .npy files are their [lo, hi] words, shape (..., 2)
// uint64: a result written with --output-dir is read back with --input.
// [1, 2] * [3, 4] = [1083, 2]; the second run multiplies that by [3, 4]
// again and must print what the same words given with --arg print.
// RUN: rm -rf %t && mplang-run --sim 1 %s --arg 0:0='dense<[[1, 2], [1, 2]]> : tensor<2x2xi64>' --output-dir %t | FileCheck %s --check-prefix=FIRST
// FIRST: rank 0: dense<0x0000000000000002000000000000043b> : tensor<2x!field.gf128>
// RUN: %python -c "d = open('%t/rank0_result0.npy', 'rb').read(); print(d[10:].split(b'\n')[0].decode().strip())" | FileCheck %s --check-prefix=HEADER
// HEADER: {'descr': '<u8', 'fortran_order': False, 'shape': (2, 2), }
// RUN: mplang-run --sim 1 %s --input 0:0=%t/rank0_result0.npy > %t/from-npy.txt
// RUN: mplang-run --sim 1 %s --arg 0:0='dense<[[1083, 2], [1083, 2]]> : tensor<2x2xi64>' > %t/from-arg.txt
// RUN: diff %t/from-npy.txt %t/from-arg.txt

module attributes {simp.world_size = 1 : i64} {
  func.func @main(%x: !simp.mp<tensor<2x!field.gf128>, [0]>) -> !simp.mp<tensor<2x!field.gf128>, [0]> {
    %r = simp.pcall [0] (%x) : (!simp.mp<tensor<2x!field.gf128>, [0]>) -> !simp.mp<tensor<2x!field.gf128>, [0]> {
    ^bb0(%a: tensor<2x!field.gf128>):
      %w = arith.constant dense<[[3, 4], [3, 4]]> : tensor<2x2xi64>
      %b = field.from_words %w : tensor<2x2xi64> -> tensor<2x!field.gf128>
      %p = field.mul %a, %b : tensor<2x!field.gf128>
      simp.yield %p : tensor<2x!field.gf128>
    }
    return %r : !simp.mp<tensor<2x!field.gf128>, [0]>
  }
}

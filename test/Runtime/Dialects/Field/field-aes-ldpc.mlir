// field.aes_expand and field.ldpc_encode inside pcall, and large products on
// the thread pool, with exact results.

// upstream mplang's aes_expand goldens (checked with openssl): seeds 0 and 1
// collide crosswise by construction; then seed [0x0123456789ABCDEF,
// 0xFEDCBA9876543210].
// RUN: mplang-run --sim 2 %s --entry aes | FileCheck %s --check-prefix=AES
// AES:      rank 0: dense<{{\[\[}}[9486321667228232352, 13564504603035693303], [2090342988875462728, 8761370576380726546]],
// AES-SAME: {{\[}}[2090342988875462728, 8761370576380726546], [9486321667228232352, 13564504603035693303]],
// AES-SAME: {{\[}}[11588874258931353269, 11349999688669523973], [16599734546165040991, 12375988604371236045]]]> : tensor<3x2x2xui64>
// AES-NEXT: rank 1: <absent>

// feed_forward xors each block's input into its output: seed 0 block 1 and
// seed 1 block 0 (input [1, 0]) change in their low bit, the others not.
// RUN: mplang-run --sim 2 %s --entry aes_feed_forward | FileCheck %s --check-prefix=FF
// FF: rank 0: dense<{{\[\[}}[9486321667228232352, 13564504603035693303], [2090342988875462729, 8761370576380726546]],
// FF-SAME: {{\[}}[2090342988875462729, 8761370576380726546], [9486321667228232352, 13564504603035693303]]]> : tensor<2x2x2xui64>

// Upstream mplang's LDPC example: P1 holds H (CSR), P0 the message.
// RUN: mplang-run --sim 2 %s --entry ldpc --arg 0:0='dense<[[1, 10], [2, 20], [4, 40], [8, 80]]> : tensor<4x2xi64>' | FileCheck %s --check-prefix=LDPC
// LDPC: rank 0: dense<[0x000000000000001e0000000000000003, 0x000000000000006c000000000000000e, 0x000000000000005a0000000000000009]> : tensor<3x!field.gf128>

// 2^17 random elements (heavy kernels): r * (s + t) + r * s + r * t = 0, and
// so is its sum; seeds 0 and 1 expand to the same blocks in swapped pairs,
// so their (non-zero) sums cancel.
// RUN: mplang-run --sim 2 %s --entry large | FileCheck %s --check-prefix=LARGE
// LARGE: rank 0: dense<0> : tensor<2xi64>, dense<0> : tensor<2xi64>, dense<True> : tensor<2x2xi1>

!seeds = !simp.mp<tensor<3x2x2xui64>, [0]>
!msg = !simp.mp<tensor<4x!field.gf128>, [0]>
!zero = !simp.mp<tensor<2xi64>, [0]>
module attributes {simp.world_size = 2 : i64} {
  func.func @aes() -> !seeds {
    %0 = simp.pcall [0] () : () -> !seeds {
      %w = arith.constant dense<[[0, 0], [1, 0], [0x0123456789ABCDEF, 0xFEDCBA9876543210]]> : tensor<3x2xi64>
      %s = field.from_words %w : tensor<3x2xi64> -> tensor<3x!field.gf128>
      %e = field.aes_expand %s length = 2 : tensor<3x!field.gf128> -> tensor<3x2x!field.gf128>
      %ew = field.to_words %e : tensor<3x2x!field.gf128> -> tensor<3x2x2xui64>
      simp.yield %ew : tensor<3x2x2xui64>
    }
    return %0 : !seeds
  }

  func.func @aes_feed_forward() -> !simp.mp<tensor<2x2x2xui64>, [0]> {
    %0 = simp.pcall [0] () : () -> !simp.mp<tensor<2x2x2xui64>, [0]> {
      %w = arith.constant dense<[[0, 0], [1, 0]]> : tensor<2x2xi64>
      %s = field.from_words %w : tensor<2x2xi64> -> tensor<2x!field.gf128>
      %e = field.aes_expand %s length = 2 feed_forward : tensor<2x!field.gf128> -> tensor<2x2x!field.gf128>
      %ew = field.to_words %e : tensor<2x2x!field.gf128> -> tensor<2x2x2xui64>
      simp.yield %ew : tensor<2x2x2xui64>
    }
    return %0 : !simp.mp<tensor<2x2x2xui64>, [0]>
  }

  func.func @ldpc(%msg: !msg) -> !simp.mp<tensor<3x!field.gf128>, [0]> {
    %idx, %ptr = simp.pcall [1] () : () -> (!simp.mp<tensor<7xi64>, [1]>, !simp.mp<tensor<4xi64>, [1]>) {
      %indices = arith.constant dense<[0, 1, 1, 2, 3, 0, 3]> : tensor<7xi64>
      %indptr = arith.constant dense<[0, 2, 5, 7]> : tensor<4xi64>
      simp.yield %indices, %indptr : tensor<7xi64>, tensor<4xi64>
    }
    %idx0 = simp.shuffle %idx [0 <- 1] : !simp.mp<tensor<7xi64>, [1]> -> !simp.mp<tensor<7xi64>, [0]>
    %ptr0 = simp.shuffle %ptr [0 <- 1] : !simp.mp<tensor<4xi64>, [1]> -> !simp.mp<tensor<4xi64>, [0]>
    %0 = simp.pcall [0] (%msg, %idx0, %ptr0) : (!msg, !simp.mp<tensor<7xi64>, [0]>, !simp.mp<tensor<4xi64>, [0]>) -> !simp.mp<tensor<3x!field.gf128>, [0]> {
    ^bb0(%m: tensor<4x!field.gf128>, %indices: tensor<7xi64>, %indptr: tensor<4xi64>):
      %s = field.ldpc_encode %m, %indices, %indptr m = 3, n = 4 : tensor<4x!field.gf128>, tensor<7xi64>, tensor<4xi64> -> tensor<3x!field.gf128>
      simp.yield %s : tensor<3x!field.gf128>
    }
    return %0 : !simp.mp<tensor<3x!field.gf128>, [0]>
  }

  func.func @large() -> (!zero, !zero, !simp.mp<tensor<2x2xi1>, [0]>) {
    %0, %1, %2 = simp.pcall [0] () : () -> (!zero, !zero, !simp.mp<tensor<2x2xi1>, [0]>) {
      %r = field.random : tensor<131072x!field.gf128>
      %s = field.random : tensor<131072x!field.gf128>
      %t = field.random : tensor<131072x!field.gf128>
      %st = field.add %s, %t : tensor<131072x!field.gf128>
      %left = field.mul %r, %st : tensor<131072x!field.gf128>
      %rs = field.mul %r, %s : tensor<131072x!field.gf128>
      %rt = field.mul %t, %r : tensor<131072x!field.gf128>
      %right = field.add %rs, %rt : tensor<131072x!field.gf128>
      %diff = field.add %left, %right : tensor<131072x!field.gf128>
      %total = field.sum %diff axis = 0 : tensor<131072x!field.gf128> -> tensor<!field.gf128>
      %tw = field.to_words %total : tensor<!field.gf128> -> tensor<2xi64>
      %sw = arith.constant dense<[[0, 0], [1, 0]]> : tensor<2x2xi64>
      %seeds = field.from_words %sw : tensor<2x2xi64> -> tensor<2x!field.gf128>
      %e = field.aes_expand %seeds length = 131072 : tensor<2x!field.gf128> -> tensor<2x131072x!field.gf128>
      %perSeed = field.sum %e axis = 1 : tensor<2x131072x!field.gf128> -> tensor<2x!field.gf128>
      %esum = field.sum %perSeed axis = 0 : tensor<2x!field.gf128> -> tensor<!field.gf128>
      %ew = field.to_words %esum : tensor<!field.gf128> -> tensor<2xi64>
      %pw = field.to_words %perSeed : tensor<2x!field.gf128> -> tensor<2x2xi64>
      %zero = arith.constant dense<0> : tensor<2x2xi64>
      %nonzero = arith.cmpi ne, %pw, %zero : tensor<2x2xi64>
      simp.yield %tw, %ew, %nonzero : tensor<2xi64>, tensor<2xi64>, tensor<2x2xi1>
    }
    return %0, %1, %2 : !zero, !zero, !simp.mp<tensor<2x2xi1>, [0]>
  }
}

// Messages over 1 MiB travel in requests of their own (not on the peer's
// stream): a 2.5 MB tensor that is not a splat arrives intact, byte for byte
// the same as in the simulator.
// RUN: rm -rf %t.sim %t.local
// RUN: mplang-run --sim 2 %s --output-dir %t.sim
// RUN: mplang-run --local 2 %s --output-dir %t.local
// RUN: cmp %t.sim/rank1_result0.npy %t.local/rank1_result0.npy
// RUN: cmp %t.sim/rank0_result1.npy %t.local/rank0_result1.npy

module attributes {simp.world_size = 2 : i64} {
  func.func @main() -> (!simp.mp<tensor<40000x8xi64>, [1]>, !simp.mp<tensor<8xi64>, [0]>) {
    %big = simp.pcall [0] () : () -> !simp.mp<tensor<40000x8xi64>, [0]> {
      %row = arith.constant dense<[1, -2, 3, -4, 5, -6, 7, -8]> : tensor<8xi64>
      %empty = tensor.empty() : tensor<40000x8xi64>
      %b = linalg.broadcast ins(%row : tensor<8xi64>) outs(%empty : tensor<40000x8xi64>) dimensions = [0]
      simp.yield %b : tensor<40000x8xi64>
    }
    %moved = simp.shuffle %big [1 <- 0] : !simp.mp<tensor<40000x8xi64>, [0]> -> !simp.mp<tensor<40000x8xi64>, [1]>
    // A small message after the large one, on the stream again.
    %small = simp.pcall [1] () : () -> !simp.mp<tensor<8xi64>, [1]> {
      %c = arith.constant dense<[8, 7, 6, 5, 4, 3, 2, 1]> : tensor<8xi64>
      simp.yield %c : tensor<8xi64>
    }
    %back = simp.shuffle %small [0 <- 1] : !simp.mp<tensor<8xi64>, [1]> -> !simp.mp<tensor<8xi64>, [0]>
    return %moved, %back : !simp.mp<tensor<40000x8xi64>, [1]>, !simp.mp<tensor<8xi64>, [0]>
  }
}

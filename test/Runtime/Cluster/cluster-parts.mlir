// Messages of 16 MiB and more, on a link that reached its peer, travel in
// two parts on parallel connections: a 32 MiB tensor whose halves differ
// arrives byte for byte as in the simulator.
// RUN: rm -rf %t.sim %t.local
// RUN: mplang-run --sim 2 %s --output-dir %t.sim
// RUN: mplang-run --local 2 %s --output-dir %t.local
// RUN: cmp %t.sim/rank1_result0.npy %t.local/rank1_result0.npy
// RUN: cmp %t.sim/rank1_result1.npy %t.local/rank1_result1.npy

module attributes {simp.world_size = 2 : i64} {
  func.func @main() -> (!simp.mp<tensor<524288x8xi64>, [1]>, !simp.mp<tensor<8xi64>, [1]>) {
    // A small message first, so that the link has reached its peer.
    %small = simp.pcall [0] () : () -> !simp.mp<tensor<8xi64>, [0]> {
      %c = arith.constant dense<[8, 7, 6, 5, 4, 3, 2, 1]> : tensor<8xi64>
      simp.yield %c : tensor<8xi64>
    }
    %first = simp.shuffle %small [1 <- 0] : !simp.mp<tensor<8xi64>, [0]> -> !simp.mp<tensor<8xi64>, [1]>
    %big = simp.pcall [0] () : () -> !simp.mp<tensor<524288x8xi64>, [0]> {
      %a = arith.constant dense<[1, -2, 3, -4, 5, -6, 7, -8]> : tensor<8xi64>
      %b = arith.constant dense<[9, 10, 11, 12, 13, 14, 15, 16]> : tensor<8xi64>
      %empty = tensor.empty() : tensor<262144x8xi64>
      %ha = linalg.broadcast ins(%a : tensor<8xi64>) outs(%empty : tensor<262144x8xi64>) dimensions = [0]
      %hb = linalg.broadcast ins(%b : tensor<8xi64>) outs(%empty : tensor<262144x8xi64>) dimensions = [0]
      %all = tensor.concat dim(0) %ha, %hb : (tensor<262144x8xi64>, tensor<262144x8xi64>) -> tensor<524288x8xi64>
      simp.yield %all : tensor<524288x8xi64>
    }
    %moved = simp.shuffle %big [1 <- 0] : !simp.mp<tensor<524288x8xi64>, [0]> -> !simp.mp<tensor<524288x8xi64>, [1]>
    return %moved, %first : !simp.mp<tensor<524288x8xi64>, [1]>, !simp.mp<tensor<8xi64>, [1]>
  }
}

// Secure dot product: P0 holds x and P1 holds y, eight int64 each. Both
// vectors are secret-shared, multiplied element by element (one Beaver
// multiplication protocol for the whole vector, its triples from oblivious
// transfer) and summed on the shares; only P0 learns sum_i x_i * y_i mod
// 2^64. Neither party sees the other's vector: P1 receives only a random
// mask, openings masked by the triples and OT messages (docs/ss.md).
module attributes {simp.world_size = 2 : i64} {
  func.func @main(%x: !simp.mp<tensor<8xi64>, [0]>, %y: !simp.mp<tensor<8xi64>, [1]>)
      -> !simp.mp<tensor<i64>, [0]> {
    %a = ss.share %x : !simp.mp<tensor<8xi64>, [0]> -> !ss.share<tensor<8xi64>, [0, 1]>
    %b = ss.share %y : !simp.mp<tensor<8xi64>, [1]> -> !ss.share<tensor<8xi64>, [0, 1]>
    %p = ss.mul %a, %b : !ss.share<tensor<8xi64>, [0, 1]>
    %s = ss.sum %p [0] : !ss.share<tensor<8xi64>, [0, 1]> -> !ss.share<tensor<i64>, [0, 1]>
    %r = ss.reveal %s : !ss.share<tensor<i64>, [0, 1]> -> !simp.mp<tensor<i64>, [0]>
    return %r : !simp.mp<tensor<i64>, [0]>
  }
}

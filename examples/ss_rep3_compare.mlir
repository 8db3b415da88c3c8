// Comparisons among three parties with replicated sharing (ABY3): P0 and
// P1 each hold eight int64; P2 learns, element by element, whether P0's is
// the smaller (x < y) and whether they are equal, and nothing else; P0 and
// P1 learn nothing. The comparisons are bit extractions on the shares
// (docs/ss.md).
!s = !ss.share<tensor<8xi64>, [0, 1, 2], #ss.replicated>

module attributes {simp.world_size = 3 : i64} {
  func.func @main(%x: !simp.mp<tensor<8xi64>, [0]>, %y: !simp.mp<tensor<8xi64>, [1]>)
      -> (!simp.mp<tensor<8xi64>, [2]>, !simp.mp<tensor<8xi64>, [2]>) {
    %a = ss.share %x : !simp.mp<tensor<8xi64>, [0]> -> !s
    %b = ss.share %y : !simp.mp<tensor<8xi64>, [1]> -> !s
    %lt = ss.lt %a, %b : !s
    %eq = ss.eq %a, %b : !s
    %r = ss.reveal %lt : !s -> !simp.mp<tensor<8xi64>, [2]>
    %e = ss.reveal %eq : !s -> !simp.mp<tensor<8xi64>, [2]>
    return %r, %e : !simp.mp<tensor<8xi64>, [2]>, !simp.mp<tensor<8xi64>, [2]>
  }
}

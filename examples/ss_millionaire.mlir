// The millionaires' problem with secret sharing: P0 and P1 each hold their
// wealth; both numbers are secret-shared between them, compared on the
// shares (the comparison protocol of docs/ss.md) and only the answer, 1
// when P1 is richer, is revealed, to P0. Neither party sees the other's
// number; P1 learns nothing. python/examples/ss_millionaire.py is the same
// program in Python.
module attributes {simp.world_size = 2 : i64} {
  func.func @main(%x: !simp.mp<tensor<i64>, [0]>, %y: !simp.mp<tensor<i64>, [1]>)
      -> !simp.mp<tensor<i64>, [0]> {
    %a = ss.share %x : !simp.mp<tensor<i64>, [0]> -> !ss.share<tensor<i64>, [0, 1]>
    %b = ss.share %y : !simp.mp<tensor<i64>, [1]> -> !ss.share<tensor<i64>, [0, 1]>
    %richer = ss.lt %a, %b : !ss.share<tensor<i64>, [0, 1]>
    %r = ss.reveal %richer : !ss.share<tensor<i64>, [0, 1]> -> !simp.mp<tensor<i64>, [0]>
    return %r : !simp.mp<tensor<i64>, [0]>
  }
}

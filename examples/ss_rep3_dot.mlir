// Secure dot product among three parties with replicated sharing (ABY3):
// P0 holds x, P1 holds y, P2 an offset c. The three values are
// secret-shared (#ss.replicated: each party holds two of the three
// additive shares), multiplied element by element (each party sends one
// word per product), summed and offset on the shares; only P2 learns
// sum_i x_i * y_i + c mod 2^64. No single party sees another's input:
// what it receives are shares masked by the zero sharing of PRG keys
// (docs/ss.md).
!s = !ss.share<tensor<8xi64>, [0, 1, 2], #ss.replicated>
!t = !ss.share<tensor<i64>, [0, 1, 2], #ss.replicated>

module attributes {simp.world_size = 3 : i64} {
  func.func @main(%x: !simp.mp<tensor<8xi64>, [0]>, %y: !simp.mp<tensor<8xi64>, [1]>,
                  %c: !simp.mp<tensor<i64>, [2]>) -> !simp.mp<tensor<i64>, [2]> {
    %a = ss.share %x : !simp.mp<tensor<8xi64>, [0]> -> !s
    %b = ss.share %y : !simp.mp<tensor<8xi64>, [1]> -> !s
    %o = ss.share %c : !simp.mp<tensor<i64>, [2]> -> !t
    %p = ss.mul %a, %b : !s
    %s = ss.sum %p [0] : !s -> !t
    %r = ss.add %s, %o : !t
    %v = ss.reveal %r : !t -> !simp.mp<tensor<i64>, [2]>
    return %v : !simp.mp<tensor<i64>, [2]>
  }
}

// The collectives of upstream's mplang.libs.collective, written as shuffles
// in a three-party world. Each function is one collective.
module attributes {simp.world_size = 3 : i64} {
  // transfer(x, to=2): move P0's value to P2.
  func.func @transfer(%x: !simp.mp<tensor<4xi32>, [0]>) -> !simp.mp<tensor<4xi32>, [2]> {
    %0 = simp.shuffle %x [2 <- 0] : !simp.mp<tensor<4xi32>, [0]> -> !simp.mp<tensor<4xi32>, [2]>
    return %0 : !simp.mp<tensor<4xi32>, [2]>
  }

  // replicate(x, to=[0, 1, 2]): P1's value on every party (P1 keeps its copy).
  func.func @replicate(%x: !simp.mp<tensor<4xi32>, [1]>) -> !simp.mp<tensor<4xi32>, [0, 1, 2]> {
    %0 = simp.shuffle %x [0 <- 1, 1 <- 1, 2 <- 1]
        : !simp.mp<tensor<4xi32>, [1]> -> !simp.mp<tensor<4xi32>, [0, 1, 2]>
    return %0 : !simp.mp<tensor<4xi32>, [0, 1, 2]>
  }

  // distribute([v0, v1, v2], frm=0): P0 holds three values and party i gets
  // v_i; the pieces converge into one value held by everyone.
  func.func @distribute(%v0: !simp.mp<i64, [0]>, %v1: !simp.mp<i64, [0]>,
                        %v2: !simp.mp<i64, [0]>) -> !simp.mp<i64, [0, 1, 2]> {
    %p1 = simp.shuffle %v1 [1 <- 0] : !simp.mp<i64, [0]> -> !simp.mp<i64, [1]>
    %p2 = simp.shuffle %v2 [2 <- 0] : !simp.mp<i64, [0]> -> !simp.mp<i64, [2]>
    %all = simp.converge %v0, %p1, %p2
        : !simp.mp<i64, [0]>, !simp.mp<i64, [1]>, !simp.mp<i64, [2]> -> !simp.mp<i64, [0, 1, 2]>
    return %all : !simp.mp<i64, [0, 1, 2]>
  }

  // collect(x, to=0): every party's piece of x gathered on P0, one value per
  // source party.
  func.func @collect(%x: !simp.mp<i64, [0, 1, 2]>)
      -> (!simp.mp<i64, [0]>, !simp.mp<i64, [0]>, !simp.mp<i64, [0]>) {
    %from0 = simp.shuffle %x [0 <- 0] : !simp.mp<i64, [0, 1, 2]> -> !simp.mp<i64, [0]>
    %from1 = simp.shuffle %x [0 <- 1] : !simp.mp<i64, [0, 1, 2]> -> !simp.mp<i64, [0]>
    %from2 = simp.shuffle %x [0 <- 2] : !simp.mp<i64, [0, 1, 2]> -> !simp.mp<i64, [0]>
    return %from0, %from1, %from2 : !simp.mp<i64, [0]>, !simp.mp<i64, [0]>, !simp.mp<i64, [0]>
  }

  // permute(x, {0: 1, 1: 2, 2: 0}): a cyclic rotation of the pieces; party
  // dst receives the piece of party src.
  func.func @permute(%x: !simp.mp<i64, [0, 1, 2]>) -> !simp.mp<i64, [0, 1, 2]> {
    %0 = simp.shuffle %x [0 <- 1, 1 <- 2, 2 <- 0]
        : !simp.mp<i64, [0, 1, 2]> -> !simp.mp<i64, [0, 1, 2]>
    return %0 : !simp.mp<i64, [0, 1, 2]>
  }
}

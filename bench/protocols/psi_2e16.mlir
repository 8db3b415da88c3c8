// RR22 PSI between two sets of 65536 items (given as .npy inputs by
// bench/psi_bench.py); result: the receiver's mask.
module attributes {simp.world_size = 2 : i64} {
  func.func private @mplang.psi.rr22.n65536(!simp.mp<tensor<65536xi64>, [0]>, !simp.mp<tensor<65536xi1>, [0]>,
                                          !simp.mp<tensor<65536xi64>, [1]>, !simp.mp<tensor<65536xi1>, [1]>)
      -> !simp.mp<tensor<65536xi1>, [1]>
  func.func @main(%x: !simp.mp<tensor<65536xi64>, [0]>, %xm: !simp.mp<tensor<65536xi1>, [0]>,
                  %y: !simp.mp<tensor<65536xi64>, [1]>, %ym: !simp.mp<tensor<65536xi1>, [1]>)
      -> !simp.mp<tensor<65536xi1>, [1]> {
    %found = func.call @mplang.psi.rr22.n65536(%x, %xm, %y, %ym)
        : (!simp.mp<tensor<65536xi64>, [0]>, !simp.mp<tensor<65536xi1>, [0]>,
           !simp.mp<tensor<65536xi64>, [1]>, !simp.mp<tensor<65536xi1>, [1]>) -> !simp.mp<tensor<65536xi1>, [1]>
    return %found : !simp.mp<tensor<65536xi1>, [1]>
  }
}

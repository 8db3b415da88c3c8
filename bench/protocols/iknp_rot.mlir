// 2^20 random OTs (IKNP) with random choices; results: one message each.
!big = tensor<1048576x2xi64>
module attributes {simp.world_size = 2 : i64} {
  func.func private @mplang.ot.rot.n1048576(!simp.mp<tensor<16384xi64>, [1]>)
      -> (!simp.mp<!big, [0]>, !simp.mp<!big, [0]>, !simp.mp<!big, [1]>)
  func.func @main() -> (!simp.mp<tensor<1x2xi64>, [0]>, !simp.mp<tensor<1x2xi64>, [1]>) {
    %r = simp.pcall [1] () : () -> !simp.mp<tensor<16384xi64>, [1]> {
      %r = crypto.random_bytes : tensor<16384xi64>
      simp.yield %r : tensor<16384xi64>
    }
    %x0, %x1, %xr = func.call @mplang.ot.rot.n1048576(%r) : (!simp.mp<tensor<16384xi64>, [1]>)
        -> (!simp.mp<!big, [0]>, !simp.mp<!big, [0]>, !simp.mp<!big, [1]>)
    %a = simp.pcall [0] (%x1) : (!simp.mp<!big, [0]>) -> !simp.mp<tensor<1x2xi64>, [0]> {
    ^bb0(%x: !big):
      %s = tensor.extract_slice %x[0, 0] [1, 2] [1, 1] : !big to tensor<1x2xi64>
      simp.yield %s : tensor<1x2xi64>
    }
    %b = simp.pcall [1] (%xr) : (!simp.mp<!big, [1]>) -> !simp.mp<tensor<1x2xi64>, [1]> {
    ^bb0(%x: !big):
      %s = tensor.extract_slice %x[0, 0] [1, 2] [1, 1] : !big to tensor<1x2xi64>
      simp.yield %s : tensor<1x2xi64>
    }
    return %a, %b : !simp.mp<tensor<1x2xi64>, [0]>, !simp.mp<tensor<1x2xi64>, [1]>
  }
}

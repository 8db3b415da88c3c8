// Gilboa VOLE of 2^14 random GF(2^128) elements (2^21 correlated OTs);
// results: one element each.
!v = tensor<16384x2xi64>
module attributes {simp.world_size = 2 : i64} {
  func.func private @mplang.vole.gilboa.n16384(!simp.mp<!v, [0]>, !simp.mp<tensor<2xi64>, [1]>)
      -> (!simp.mp<!v, [0]>, !simp.mp<!v, [1]>)
  func.func @main() -> (!simp.mp<tensor<1x2xi64>, [0]>, !simp.mp<tensor<1x2xi64>, [1]>) {
    %u = simp.pcall [0] () : () -> !simp.mp<!v, [0]> {
      %u = crypto.random_bytes : !v
      simp.yield %u : !v
    }
    %d = simp.pcall [1] () : () -> !simp.mp<tensor<2xi64>, [1]> {
      %d = crypto.random_bytes : tensor<2xi64>
      simp.yield %d : tensor<2xi64>
    }
    %v, %w = func.call @mplang.vole.gilboa.n16384(%u, %d)
        : (!simp.mp<!v, [0]>, !simp.mp<tensor<2xi64>, [1]>) -> (!simp.mp<!v, [0]>, !simp.mp<!v, [1]>)
    %a = simp.pcall [0] (%v) : (!simp.mp<!v, [0]>) -> !simp.mp<tensor<1x2xi64>, [0]> {
    ^bb0(%x: !v):
      %s = tensor.extract_slice %x[0, 0] [1, 2] [1, 1] : !v to tensor<1x2xi64>
      simp.yield %s : tensor<1x2xi64>
    }
    %b = simp.pcall [1] (%w) : (!simp.mp<!v, [1]>) -> !simp.mp<tensor<1x2xi64>, [1]> {
    ^bb0(%x: !v):
      %s = tensor.extract_slice %x[0, 0] [1, 2] [1, 1] : !v to tensor<1x2xi64>
      simp.yield %s : tensor<1x2xi64>
    }
    return %a, %b : !simp.mp<tensor<1x2xi64>, [0]>, !simp.mp<tensor<1x2xi64>, [1]>
  }
}

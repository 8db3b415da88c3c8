// 128 base OTs of random 128-bit messages; results: the receiver's first
// message.
!msgs = tensor<128x2xi64>
module attributes {simp.world_size = 2 : i64} {
  func.func private @mplang.ot.base(!simp.mp<!msgs, [0]>, !simp.mp<!msgs, [0]>,
                                    !simp.mp<tensor<128xi1>, [1]>) -> !simp.mp<!msgs, [1]>
  func.func @main() -> !simp.mp<tensor<1x2xi64>, [1]> {
    %m0, %m1 = simp.pcall [0] () : () -> (!simp.mp<!msgs, [0]>, !simp.mp<!msgs, [0]>) {
      %a = crypto.random_bytes : !msgs
      %b = crypto.random_bytes : !msgs
      simp.yield %a, %b : !msgs, !msgs
    }
    %c = simp.pcall [1] () : () -> !simp.mp<tensor<128xi1>, [1]> {
      %r = crypto.random_bytes : tensor<128xi8>
      %c = arith.trunci %r : tensor<128xi8> to tensor<128xi1>
      simp.yield %c : tensor<128xi1>
    }
    %m = func.call @mplang.ot.base(%m0, %m1, %c)
        : (!simp.mp<!msgs, [0]>, !simp.mp<!msgs, [0]>, !simp.mp<tensor<128xi1>, [1]>) -> !simp.mp<!msgs, [1]>
    %f = simp.pcall [1] (%m) : (!simp.mp<!msgs, [1]>) -> !simp.mp<tensor<1x2xi64>, [1]> {
    ^bb0(%x: !msgs):
      %s = tensor.extract_slice %x[0, 0] [1, 2] [1, 1] : !msgs to tensor<1x2xi64>
      simp.yield %s : tensor<1x2xi64>
    }
    return %f : !simp.mp<tensor<1x2xi64>, [1]>
  }
}

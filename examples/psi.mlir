// Private set intersection (RR22 over silent VOLE, from the protocol
// library): party 0 holds 1000 items, party 1 holds 700; party 1 learns which
// of its items party 0 also has, and how many; party 0 learns nothing.
//
// Each party pads its set to the library's capacity (1024) and marks the
// entries in use. Run it in one process:
//   mplang-run --sim 2 examples/psi.mlir \
//     --input 0:0=examples/data/psi_sender.npy \
//     --input 1:1=examples/data/psi_receiver.npy
// or with one worker per party, each reading its own file from its data
// root (docs/store.md), so that no set passes through the driver:
//   mplang-run --cluster cluster.yaml examples/psi.mlir \
//     --input 0:0=@fs://psi_sender.npy --input 1:1=@fs://psi_receiver.npy
// The example data (examples/data/make_psi_sets.py) shares the receiver's
// even-numbered items: 350 of them.

module attributes {simp.world_size = 2 : i64} {
  func.func private @mplang.psi.rr22.n1024(!simp.mp<tensor<1024xi64>, [0]>, !simp.mp<tensor<1024xi1>, [0]>,
                                           !simp.mp<tensor<1024xi64>, [1]>, !simp.mp<tensor<1024xi1>, [1]>)
      -> !simp.mp<tensor<1024xi1>, [1]>

  func.func @main(%x: !simp.mp<tensor<1000xi64>, [0]>, %y: !simp.mp<tensor<700xi64>, [1]>)
      -> (!simp.mp<tensor<700xi1>, [1]>, !simp.mp<tensor<i64>, [1]>) {
    %xs, %xm = simp.pcall [0] (%x)
        : (!simp.mp<tensor<1000xi64>, [0]>) -> (!simp.mp<tensor<1024xi64>, [0]>, !simp.mp<tensor<1024xi1>, [0]>) {
    ^bb0(%items: tensor<1000xi64>):
      %zero = arith.constant dense<0> : tensor<1024xi64>
      %s = tensor.insert_slice %items into %zero[0] [1000] [1] : tensor<1000xi64> into tensor<1024xi64>
      %none = arith.constant dense<false> : tensor<1024xi1>
      %all = arith.constant dense<true> : tensor<1000xi1>
      %m = tensor.insert_slice %all into %none[0] [1000] [1] : tensor<1000xi1> into tensor<1024xi1>
      simp.yield %s, %m : tensor<1024xi64>, tensor<1024xi1>
    }
    %ys, %ym = simp.pcall [1] (%y)
        : (!simp.mp<tensor<700xi64>, [1]>) -> (!simp.mp<tensor<1024xi64>, [1]>, !simp.mp<tensor<1024xi1>, [1]>) {
    ^bb0(%items: tensor<700xi64>):
      %zero = arith.constant dense<0> : tensor<1024xi64>
      %s = tensor.insert_slice %items into %zero[0] [700] [1] : tensor<700xi64> into tensor<1024xi64>
      %none = arith.constant dense<false> : tensor<1024xi1>
      %all = arith.constant dense<true> : tensor<700xi1>
      %m = tensor.insert_slice %all into %none[0] [700] [1] : tensor<700xi1> into tensor<1024xi1>
      simp.yield %s, %m : tensor<1024xi64>, tensor<1024xi1>
    }
    %found = func.call @mplang.psi.rr22.n1024(%xs, %xm, %ys, %ym)
        : (!simp.mp<tensor<1024xi64>, [0]>, !simp.mp<tensor<1024xi1>, [0]>,
           !simp.mp<tensor<1024xi64>, [1]>, !simp.mp<tensor<1024xi1>, [1]>) -> !simp.mp<tensor<1024xi1>, [1]>
    %mask, %count = simp.pcall [1] (%found)
        : (!simp.mp<tensor<1024xi1>, [1]>) -> (!simp.mp<tensor<700xi1>, [1]>, !simp.mp<tensor<i64>, [1]>) {
    ^bb0(%f: tensor<1024xi1>):
      %mine = tensor.extract_slice %f[0] [700] [1] : tensor<1024xi1> to tensor<700xi1>
      %e = arith.extui %mine : tensor<700xi1> to tensor<700xi64>
      %zero = arith.constant dense<0> : tensor<i64>
      %n = linalg.reduce ins(%e : tensor<700xi64>) outs(%zero : tensor<i64>) dimensions = [0]
        (%in: i64, %acc: i64) {
          %t = arith.addi %in, %acc : i64
          linalg.yield %t : i64
        }
      simp.yield %mine, %n : tensor<700xi1>, tensor<i64>
    }
    return %mask, %count : !simp.mp<tensor<700xi1>, [1]>, !simp.mp<tensor<i64>, [1]>
  }
}

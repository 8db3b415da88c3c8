// Unbalanced PSI (from the protocol library): a server prepares its set
// once, then answers clients, each learning which of its items the server
// has; the server learns nothing. Here the server holds 1000 items and a
// client 700 (examples/data: 350 shared, the client's even-numbered ones).
//
// `setup` draws the server's key and computes the table of its items'
// tags, and keeps both in the server's store; `query` is one client's run
// against them, as often as clients come:
//   mplang-run --sim 2 examples/psi_unbalanced.mlir --entry setup \
//     --data-root DIR --input 0:0=examples/data/psi_sender.npy
//   mplang-run --sim 2 examples/psi_unbalanced.mlir --entry query \
//     --data-root DIR --input 1:0=examples/data/psi_receiver.npy
// With long-lived workers (--cluster) the key and table can be mem://
// objects instead, kept in the server's worker between jobs.

!key = tensor<32xi8>
!table = tensor<1000x6xi16>
!tags = tensor<700x6xi16>
module attributes {simp.world_size = 2 : i64} {
  func.func private @mplang.psi.unbalanced.setup.n1000(!simp.mp<tensor<1000xi64>, [0]>, !simp.mp<tensor<1000xi1>, [0]>)
      -> (!simp.mp<!key, [0]>, !simp.mp<!table, [0]>)
  func.func private @mplang.psi.unbalanced.query.n700(!simp.mp<!key, [0]>, !simp.mp<tensor<700xi64>, [1]>)
      -> !simp.mp<!tags, [1]>

  func.func @setup(%x: !simp.mp<tensor<1000xi64>, [0]>) -> !simp.mp<tensor<i64>, [0]> {
    %xm = simp.pcall [0] () : () -> !simp.mp<tensor<1000xi1>, [0]> {
      %all = arith.constant dense<true> : tensor<1000xi1>
      simp.yield %all : tensor<1000xi1>
    }
    %key, %table = func.call @mplang.psi.unbalanced.setup.n1000(%x, %xm)
        : (!simp.mp<tensor<1000xi64>, [0]>, !simp.mp<tensor<1000xi1>, [0]>) -> (!simp.mp<!key, [0]>, !simp.mp<!table, [0]>)
    %rows = simp.pcall [0] (%key, %table) : (!simp.mp<!key, [0]>, !simp.mp<!table, [0]>) -> !simp.mp<tensor<i64>, [0]> {
    ^bb0(%k: !key, %t: !table):
      store.save %k, "fs://upsi/key.npy" : !key
      store.save %t, "fs://upsi/table.npy" : !table
      %n = arith.constant dense<1000> : tensor<i64>
      simp.yield %n : tensor<i64>
    }
    return %rows : !simp.mp<tensor<i64>, [0]>
  }

  // The client's mask of the items the server has, and their count.
  func.func @query(%y: !simp.mp<tensor<700xi64>, [1]>) -> (!simp.mp<tensor<700xi1>, [1]>, !simp.mp<tensor<i64>, [1]>) {
    %key, %table = simp.pcall [0] () : () -> (!simp.mp<!key, [0]>, !simp.mp<!table, [0]>) {
      %k = store.load "fs://upsi/key.npy" : !key
      %t = store.load "fs://upsi/table.npy" : !table
      simp.yield %k, %t : !key, !table
    }
    %tags = func.call @mplang.psi.unbalanced.query.n700(%key, %y)
        : (!simp.mp<!key, [0]>, !simp.mp<tensor<700xi64>, [1]>) -> !simp.mp<!tags, [1]>
    %table1 = simp.shuffle %table [1 <- 0] : !simp.mp<!table, [0]> -> !simp.mp<!table, [1]>
    %mask, %count = simp.pcall [1] (%table1, %tags)
        : (!simp.mp<!table, [1]>, !simp.mp<!tags, [1]>) -> (!simp.mp<tensor<700xi1>, [1]>, !simp.mp<tensor<i64>, [1]>) {
    ^bb0(%t: !table, %mine: !tags):
      %in = field.contains_rows %t, %mine : !table, !tags -> tensor<700xi1>
      %e = arith.extui %in : tensor<700xi1> to tensor<700xi64>
      %zero = arith.constant dense<0> : tensor<i64>
      %n = linalg.reduce ins(%e : tensor<700xi64>) outs(%zero : tensor<i64>) dimensions = [0]
        (%a: i64, %acc: i64) {
          %s = arith.addi %a, %acc : i64
          linalg.yield %s : i64
        }
      simp.yield %in, %n : tensor<700xi1>, tensor<i64>
    }
    return %mask, %count : !simp.mp<tensor<700xi1>, [1]>, !simp.mp<tensor<i64>, [1]>
  }
}

// PSI on CSV files (docs/store.md): each party reads its own CSV file from
// its data root, hashes the key column `email` with a key both agree on
// (HMAC-SHA256 cut to 128 bits), and party 1 writes the rows of its file
// whose email party 0 also has to `shared.csv`. No row, key or hash passes
// through the driver; party 0 learns nothing.
//
// The 128-bit hashes go through the library's 64-bit-item PSI as two halves
// (two RR22 runs): a row counts as shared when both halves are found, so a
// false match needs two independent 64-bit collisions.
//   mplang-run --sim 2 examples/psi_csv.mlir --data-root DIR
// with DIR/rank0/customers.csv and DIR/rank1/customers.csv (at most 128
// records each: the capacity of the PSI instance used here).

!w = tensor<128x2xi64>
!items = tensor<128xi64>
!used = tensor<128xi1>
!digest = tensor<4xi64>
module attributes {simp.world_size = 2 : i64} {
  func.func private @mplang.psi.rr22.n128(!simp.mp<!items, [0]>, !simp.mp<!used, [0]>,
                                          !simp.mp<!items, [1]>, !simp.mp<!used, [1]>)
      -> !simp.mp<!used, [1]>

  func.func @main() -> !simp.mp<tensor<i64>, [1]> {
    // Party 0 draws the hash key and sends it to party 1.
    %k0 = simp.pcall [0] () : () -> !simp.mp<tensor<32xi8>, [0]> {
      %k = crypto.random_bytes : tensor<32xi8>
      simp.yield %k : tensor<32xi8>
    }
    %k1 = simp.shuffle %k0 [1 <- 0] : !simp.mp<tensor<32xi8>, [0]> -> !simp.mp<tensor<32xi8>, [1]>
    %x0, %x1, %xm = simp.pcall [0] (%k0) : (!simp.mp<tensor<32xi8>, [0]>)
        -> (!simp.mp<!items, [0]>, !simp.mp<!items, [0]>, !simp.mp<!used, [0]>) {
    ^bb0(%k: tensor<32xi8>):
      %keys, %used, %d = store.csv_keys "fs://customers.csv" columns ["email"] key %k
          : tensor<32xi8> -> !w, !used, !digest
      %lo = tensor.extract_slice %keys[0, 0] [128, 1] [1, 1] : !w to !items
      %hi = tensor.extract_slice %keys[0, 1] [128, 1] [1, 1] : !w to !items
      simp.yield %lo, %hi, %used : !items, !items, !used
    }
    %y0, %y1, %ym, %digest = simp.pcall [1] (%k1) : (!simp.mp<tensor<32xi8>, [1]>)
        -> (!simp.mp<!items, [1]>, !simp.mp<!items, [1]>, !simp.mp<!used, [1]>,
            !simp.mp<!digest, [1]>) {
    ^bb0(%k: tensor<32xi8>):
      %keys, %used, %d = store.csv_keys "fs://customers.csv" columns ["email"] key %k
          : tensor<32xi8> -> !w, !used, !digest
      %lo = tensor.extract_slice %keys[0, 0] [128, 1] [1, 1] : !w to !items
      %hi = tensor.extract_slice %keys[0, 1] [128, 1] [1, 1] : !w to !items
      simp.yield %lo, %hi, %used, %d : !items, !items, !used, !digest
    }
    %f0 = func.call @mplang.psi.rr22.n128(%x0, %xm, %y0, %ym)
        : (!simp.mp<!items, [0]>, !simp.mp<!used, [0]>, !simp.mp<!items, [1]>,
           !simp.mp<!used, [1]>) -> !simp.mp<!used, [1]>
    %f1 = func.call @mplang.psi.rr22.n128(%x1, %xm, %y1, %ym)
        : (!simp.mp<!items, [0]>, !simp.mp<!used, [0]>, !simp.mp<!items, [1]>,
           !simp.mp<!used, [1]>) -> !simp.mp<!used, [1]>
    %count = simp.pcall [1] (%f0, %f1, %ym, %digest)
        : (!simp.mp<!used, [1]>, !simp.mp<!used, [1]>, !simp.mp<!used, [1]>,
           !simp.mp<!digest, [1]>) -> !simp.mp<tensor<i64>, [1]> {
    ^bb0(%a: !used, %b: !used, %m: !used, %d: !digest):
      %ab = arith.andi %a, %b : !used
      %shared = arith.andi %ab, %m : !used
      store.csv_select %shared, %d from "fs://customers.csv" to "fs://shared.csv"
          : !used, !digest
      %e = arith.extui %shared : !used to !items
      %zero = arith.constant dense<0> : tensor<i64>
      %n = linalg.reduce ins(%e : !items) outs(%zero : tensor<i64>) dimensions = [0]
        (%in: i64, %acc: i64) {
          %t = arith.addi %in, %acc : i64
          linalg.yield %t : i64
        }
      simp.yield %n : tensor<i64>
    }
    return %count : !simp.mp<tensor<i64>, [1]>
  }
}

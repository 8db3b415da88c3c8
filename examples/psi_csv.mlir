// PSI on CSV files (docs/store.md): each party reads its own CSV file from
// its data root, hashes the key column `email` with a key both agree on
// (HMAC-SHA256 cut to 128 bits), and party 1 writes the rows of its file
// whose email party 0 also has to `shared.csv`. No row, key or hash passes
// through the driver. With `--entry main` party 0 learns nothing; with
// `--entry mutual` both parties learn the intersection and party 0 writes
// its own shared rows to its `shared.csv` too.
//
// The 128-bit hashes go through the library's 64-bit-item PSI as two halves
// (two RR22 runs): a row counts as shared when both halves are found, so a
// false match needs two independent 64-bit collisions.
//   mplang-run --sim 2 examples/psi_csv.mlir --data-root DIR [--entry mutual]
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
  func.func private @mplang.psi.rr22.both.n128(!simp.mp<!items, [0]>, !simp.mp<!used, [0]>,
                                               !simp.mp<!items, [1]>, !simp.mp<!used, [1]>)
      -> (!simp.mp<!used, [0]>, !simp.mp<!used, [1]>)

  func.func @main() -> !simp.mp<tensor<i64>, [1]> {
    %x0, %x1, %xm, %xd, %y0, %y1, %ym, %yd = func.call @hashed_keys()
        : () -> (!simp.mp<!items, [0]>, !simp.mp<!items, [0]>, !simp.mp<!used, [0]>, !simp.mp<!digest, [0]>,
                 !simp.mp<!items, [1]>, !simp.mp<!items, [1]>, !simp.mp<!used, [1]>, !simp.mp<!digest, [1]>)
    %f0 = func.call @mplang.psi.rr22.n128(%x0, %xm, %y0, %ym)
        : (!simp.mp<!items, [0]>, !simp.mp<!used, [0]>, !simp.mp<!items, [1]>,
           !simp.mp<!used, [1]>) -> !simp.mp<!used, [1]>
    %f1 = func.call @mplang.psi.rr22.n128(%x1, %xm, %y1, %ym)
        : (!simp.mp<!items, [0]>, !simp.mp<!used, [0]>, !simp.mp<!items, [1]>,
           !simp.mp<!used, [1]>) -> !simp.mp<!used, [1]>
    %count = simp.pcall [1] (%f0, %f1, %ym, %yd)
        : (!simp.mp<!used, [1]>, !simp.mp<!used, [1]>, !simp.mp<!used, [1]>,
           !simp.mp<!digest, [1]>) -> !simp.mp<tensor<i64>, [1]> {
    ^bb0(%a: !used, %b: !used, %m: !used, %d: !digest):
      %n = func.call @write_shared(%a, %b, %m, %d) : (!used, !used, !used, !digest) -> tensor<i64>
      simp.yield %n : tensor<i64>
    }
    return %count : !simp.mp<tensor<i64>, [1]>
  }

  // Both parties learn the intersection and write their shared rows.
  func.func @mutual() -> (!simp.mp<tensor<i64>, [0]>, !simp.mp<tensor<i64>, [1]>) {
    %x0, %x1, %xm, %xd, %y0, %y1, %ym, %yd = func.call @hashed_keys()
        : () -> (!simp.mp<!items, [0]>, !simp.mp<!items, [0]>, !simp.mp<!used, [0]>, !simp.mp<!digest, [0]>,
                 !simp.mp<!items, [1]>, !simp.mp<!items, [1]>, !simp.mp<!used, [1]>, !simp.mp<!digest, [1]>)
    %s0, %f0 = func.call @mplang.psi.rr22.both.n128(%x0, %xm, %y0, %ym)
        : (!simp.mp<!items, [0]>, !simp.mp<!used, [0]>, !simp.mp<!items, [1]>,
           !simp.mp<!used, [1]>) -> (!simp.mp<!used, [0]>, !simp.mp<!used, [1]>)
    %s1, %f1 = func.call @mplang.psi.rr22.both.n128(%x1, %xm, %y1, %ym)
        : (!simp.mp<!items, [0]>, !simp.mp<!used, [0]>, !simp.mp<!items, [1]>,
           !simp.mp<!used, [1]>) -> (!simp.mp<!used, [0]>, !simp.mp<!used, [1]>)
    %sent = simp.pcall [0] (%s0, %s1, %xm, %xd)
        : (!simp.mp<!used, [0]>, !simp.mp<!used, [0]>, !simp.mp<!used, [0]>,
           !simp.mp<!digest, [0]>) -> !simp.mp<tensor<i64>, [0]> {
    ^bb0(%a: !used, %b: !used, %m: !used, %d: !digest):
      %n = func.call @write_shared(%a, %b, %m, %d) : (!used, !used, !used, !digest) -> tensor<i64>
      simp.yield %n : tensor<i64>
    }
    %received = simp.pcall [1] (%f0, %f1, %ym, %yd)
        : (!simp.mp<!used, [1]>, !simp.mp<!used, [1]>, !simp.mp<!used, [1]>,
           !simp.mp<!digest, [1]>) -> !simp.mp<tensor<i64>, [1]> {
    ^bb0(%a: !used, %b: !used, %m: !used, %d: !digest):
      %n = func.call @write_shared(%a, %b, %m, %d) : (!used, !used, !used, !digest) -> tensor<i64>
      simp.yield %n : tensor<i64>
    }
    return %sent, %received : !simp.mp<tensor<i64>, [0]>, !simp.mp<tensor<i64>, [1]>
  }

  // Party 0 draws the hash key and sends it to party 1; each hashes its
  // own file's emails: the two 64-bit halves, the rows in use and the
  // file's digest.
  func.func private @hashed_keys()
      -> (!simp.mp<!items, [0]>, !simp.mp<!items, [0]>, !simp.mp<!used, [0]>, !simp.mp<!digest, [0]>,
          !simp.mp<!items, [1]>, !simp.mp<!items, [1]>, !simp.mp<!used, [1]>, !simp.mp<!digest, [1]>) {
    %k0 = simp.pcall [0] () : () -> !simp.mp<tensor<32xi8>, [0]> {
      %k = crypto.random_bytes : tensor<32xi8>
      simp.yield %k : tensor<32xi8>
    }
    %k1 = simp.shuffle %k0 [1 <- 0] : !simp.mp<tensor<32xi8>, [0]> -> !simp.mp<tensor<32xi8>, [1]>
    %x0, %x1, %xm, %xd = simp.pcall [0] (%k0) : (!simp.mp<tensor<32xi8>, [0]>)
        -> (!simp.mp<!items, [0]>, !simp.mp<!items, [0]>, !simp.mp<!used, [0]>, !simp.mp<!digest, [0]>) {
    ^bb0(%k: tensor<32xi8>):
      %lo, %hi, %used, %d = func.call @halves(%k) : (tensor<32xi8>) -> (!items, !items, !used, !digest)
      simp.yield %lo, %hi, %used, %d : !items, !items, !used, !digest
    }
    %y0, %y1, %ym, %yd = simp.pcall [1] (%k1) : (!simp.mp<tensor<32xi8>, [1]>)
        -> (!simp.mp<!items, [1]>, !simp.mp<!items, [1]>, !simp.mp<!used, [1]>, !simp.mp<!digest, [1]>) {
    ^bb0(%k: tensor<32xi8>):
      %lo, %hi, %used, %d = func.call @halves(%k) : (tensor<32xi8>) -> (!items, !items, !used, !digest)
      simp.yield %lo, %hi, %used, %d : !items, !items, !used, !digest
    }
    return %x0, %x1, %xm, %xd, %y0, %y1, %ym, %yd
        : !simp.mp<!items, [0]>, !simp.mp<!items, [0]>, !simp.mp<!used, [0]>, !simp.mp<!digest, [0]>,
          !simp.mp<!items, [1]>, !simp.mp<!items, [1]>, !simp.mp<!used, [1]>, !simp.mp<!digest, [1]>
  }

  func.func private @halves(%k: tensor<32xi8>) -> (!items, !items, !used, !digest) {
    %keys, %used, %d = store.csv_keys "fs://customers.csv" columns ["email"] key %k
        : tensor<32xi8> -> !w, !used, !digest
    %lo = tensor.extract_slice %keys[0, 0] [128, 1] [1, 1] : !w to !items
    %hi = tensor.extract_slice %keys[0, 1] [128, 1] [1, 1] : !w to !items
    return %lo, %hi, %used, %d : !items, !items, !used, !digest
  }

  // A row is shared when both halves are found: written to shared.csv,
  // and counted.
  func.func private @write_shared(%a: !used, %b: !used, %m: !used, %d: !digest) -> tensor<i64> {
    %ab = arith.andi %a, %b : !used
    %shared = arith.andi %ab, %m : !used
    store.csv_select %shared, %d from "fs://customers.csv" to "fs://shared.csv" : !used, !digest
    %e = arith.extui %shared : !used to !items
    %zero = arith.constant dense<0> : tensor<i64>
    %n = linalg.reduce ins(%e : !items) outs(%zero : tensor<i64>) dimensions = [0]
      (%in: i64, %acc: i64) {
        %t = arith.addi %in, %acc : i64
        linalg.yield %t : i64
      }
    return %n : tensor<i64>
  }
}

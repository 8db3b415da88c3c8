// RR22 PSI from the protocol library: the receiver's mask is checked item
// by item against the expected one (test/Protocols/Inputs/psi_sets.py), for
// identical and disjoint sets, partial overlaps, sets of different sizes on
// the two sides, sizes that are not powers of two and repeated items, under
// --sim 2 and --local 2.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/psi_sets.py %t/same 128 128 128 128 1
// RUN: mplang-run --sim 2 %s --entry psi128 --input 0:0=%t/same/x.npy --input 0:1=%t/same/xm.npy --input 1:2=%t/same/y.npy --input 1:3=%t/same/ym.npy --input 1:4=%t/same/expected.npy | FileCheck %s --check-prefix=SAME
// SAME: rank 1: dense<128> : tensor<i64>, dense<0> : tensor<i64>
// RUN: %python %S/Inputs/psi_sets.py %t/disjoint 128 128 128 0 4
// RUN: mplang-run --sim 2 %s --entry psi128 --input 0:0=%t/disjoint/x.npy --input 0:1=%t/disjoint/xm.npy --input 1:2=%t/disjoint/y.npy --input 1:3=%t/disjoint/ym.npy --input 1:4=%t/disjoint/expected.npy | FileCheck %s --check-prefix=DISJOINT
// DISJOINT: rank 1: dense<0> : tensor<i64>, dense<0> : tensor<i64>
// RUN: %python %S/Inputs/psi_sets.py %t/partial 128 77 100 40 7
// RUN: mplang-run --sim 2 %s --entry psi128 --input 0:0=%t/partial/x.npy --input 0:1=%t/partial/xm.npy --input 1:2=%t/partial/y.npy --input 1:3=%t/partial/ym.npy --input 1:4=%t/partial/expected.npy | FileCheck %s --check-prefix=PARTIAL
// PARTIAL: rank 1: dense<40> : tensor<i64>, dense<0> : tensor<i64>
// RUN: %python %S/Inputs/psi_sets.py %t/partiallocal 128 77 100 40 10
// RUN: mplang-run --local 2 %s --entry psi128 --input 0:0=%t/partiallocal/x.npy --input 0:1=%t/partiallocal/xm.npy --input 1:2=%t/partiallocal/y.npy --input 1:3=%t/partiallocal/ym.npy --input 1:4=%t/partiallocal/expected.npy | FileCheck %s --check-prefix=PARTIALLOCAL
// PARTIALLOCAL: rank 1: dense<40> : tensor<i64>, dense<0> : tensor<i64>
// RUN: %python %S/Inputs/psi_sets.py %t/big 1024 1000 700 350 13
// RUN: mplang-run --local 2 %s --entry psi1024 --input 0:0=%t/big/x.npy --input 0:1=%t/big/xm.npy --input 1:2=%t/big/y.npy --input 1:3=%t/big/ym.npy --input 1:4=%t/big/expected.npy | FileCheck %s --check-prefix=BIG
// BIG: rank 1: dense<350> : tensor<i64>, dense<0> : tensor<i64>
// RUN: %python %S/Inputs/psi_sets.py %t/one 1024 300 1000 1 16
// RUN: mplang-run --sim 2 %s --entry psi1024 --input 0:0=%t/one/x.npy --input 0:1=%t/one/xm.npy --input 1:2=%t/one/y.npy --input 1:3=%t/one/ym.npy --input 1:4=%t/one/expected.npy | FileCheck %s --check-prefix=ONE
// ONE: rank 1: dense<1> : tensor<i64>, dense<0> : tensor<i64>
// RUN: %python %S/Inputs/psi_sets.py %t/subset 1024 1024 513 513 19
// RUN: mplang-run --sim 2 %s --entry psi1024 --input 0:0=%t/subset/x.npy --input 0:1=%t/subset/xm.npy --input 1:2=%t/subset/y.npy --input 1:3=%t/subset/ym.npy --input 1:4=%t/subset/expected.npy | FileCheck %s --check-prefix=SUBSET
// SUBSET: rank 1: dense<513> : tensor<i64>, dense<0> : tensor<i64>
// Repeated items: every copy of a shared item is found.
// RUN: %python %S/Inputs/psi_sets.py %t/repeats 1024 1000 700 350 22 50
// RUN: mplang-run --sim 2 %s --entry psi1024 --input 0:0=%t/repeats/x.npy --input 0:1=%t/repeats/xm.npy --input 1:2=%t/repeats/y.npy --input 1:3=%t/repeats/ym.npy --input 1:4=%t/repeats/expected.npy | FileCheck %s --check-prefix=REPEATS
// REPEATS: rank 1: dense<330> : tensor<i64>, dense<0> : tensor<i64>

// Both parties learn the intersection (mplang.psi.rr22.both): each side's
// mask is checked against the expected one, with repeated items.
// RUN: mplang-run --sim 2 %s --entry both128 --input 0:0=%t/partial/x.npy --input 0:1=%t/partial/xm.npy --input 1:2=%t/partial/y.npy --input 1:3=%t/partial/ym.npy --input 0:4=%t/partial/expected_x.npy --input 1:5=%t/partial/expected.npy | FileCheck %s --check-prefix=BOTH
// RUN: %python %S/Inputs/psi_sets.py %t/bothrepeats 128 100 90 30 23 9
// RUN: mplang-run --local 2 %s --entry both128 --input 0:0=%t/bothrepeats/x.npy --input 0:1=%t/bothrepeats/xm.npy --input 1:2=%t/bothrepeats/y.npy --input 1:3=%t/bothrepeats/ym.npy --input 0:4=%t/bothrepeats/expected_x.npy --input 1:5=%t/bothrepeats/expected.npy | FileCheck %s --check-prefix=BOTHREPEATS
// BOTH: rank 0: dense<40> : tensor<i64>, dense<0> : tensor<i64>
// BOTH-NEXT: rank 1: dense<40> : tensor<i64>, dense<0> : tensor<i64>
// BOTHREPEATS: rank 0: dense<27> : tensor<i64>, dense<0> : tensor<i64>
// BOTHREPEATS-NEXT: rank 1: dense<25> : tensor<i64>, dense<0> : tensor<i64>

module attributes {simp.world_size = 2 : i64} {
  func.func private @mplang.psi.rr22.both.n128(!simp.mp<tensor<128xi64>, [0]>, !simp.mp<tensor<128xi1>, [0]>,
                                               !simp.mp<tensor<128xi64>, [1]>, !simp.mp<tensor<128xi1>, [1]>)
      -> (!simp.mp<tensor<128xi1>, [0]>, !simp.mp<tensor<128xi1>, [1]>)

  // Each party's count of items found, and of items where its result
  // differs from its expected mask.
  func.func @both128(%x: !simp.mp<tensor<128xi64>, [0]>, %xm: !simp.mp<tensor<128xi1>, [0]>,
                     %y: !simp.mp<tensor<128xi64>, [1]>, %ym: !simp.mp<tensor<128xi1>, [1]>,
                     %ex: !simp.mp<tensor<128xi1>, [0]>, %ey: !simp.mp<tensor<128xi1>, [1]>)
      -> (!simp.mp<tensor<i64>, [0, 1]>, !simp.mp<tensor<i64>, [0, 1]>) {
    %fx, %fy = func.call @mplang.psi.rr22.both.n128(%x, %xm, %y, %ym)
        : (!simp.mp<tensor<128xi64>, [0]>, !simp.mp<tensor<128xi1>, [0]>,
           !simp.mp<tensor<128xi64>, [1]>, !simp.mp<tensor<128xi1>, [1]>)
          -> (!simp.mp<tensor<128xi1>, [0]>, !simp.mp<tensor<128xi1>, [1]>)
    %f = simp.converge %fx, %fy : !simp.mp<tensor<128xi1>, [0]>, !simp.mp<tensor<128xi1>, [1]> -> !simp.mp<tensor<128xi1>, [0, 1]>
    %e = simp.converge %ex, %ey : !simp.mp<tensor<128xi1>, [0]>, !simp.mp<tensor<128xi1>, [1]> -> !simp.mp<tensor<128xi1>, [0, 1]>
    %count, %wrong = simp.pcall [0, 1] (%f, %e)
        : (!simp.mp<tensor<128xi1>, [0, 1]>, !simp.mp<tensor<128xi1>, [0, 1]>)
          -> (!simp.mp<tensor<i64>, [0, 1]>, !simp.mp<tensor<i64>, [0, 1]>) {
    ^bb0(%a: tensor<128xi1>, %b: tensor<128xi1>):
      %d = arith.xori %a, %b : tensor<128xi1>
      %c = func.call @ones128(%a) : (tensor<128xi1>) -> tensor<i64>
      %w = func.call @ones128(%d) : (tensor<128xi1>) -> tensor<i64>
      simp.yield %c, %w : tensor<i64>, tensor<i64>
    }
    return %count, %wrong : !simp.mp<tensor<i64>, [0, 1]>, !simp.mp<tensor<i64>, [0, 1]>
  }

  func.func private @mplang.psi.rr22.n128(!simp.mp<tensor<128xi64>, [0]>, !simp.mp<tensor<128xi1>, [0]>,
                                          !simp.mp<tensor<128xi64>, [1]>, !simp.mp<tensor<128xi1>, [1]>)
      -> !simp.mp<tensor<128xi1>, [1]>

  // The receiver's count of items found, and of items where the result
  // differs from the expected mask.
  func.func @psi128(%x: !simp.mp<tensor<128xi64>, [0]>, %xm: !simp.mp<tensor<128xi1>, [0]>,
                    %y: !simp.mp<tensor<128xi64>, [1]>, %ym: !simp.mp<tensor<128xi1>, [1]>,
                    %expected: !simp.mp<tensor<128xi1>, [1]>)
      -> (!simp.mp<tensor<i64>, [1]>, !simp.mp<tensor<i64>, [1]>) {
    %found = func.call @mplang.psi.rr22.n128(%x, %xm, %y, %ym)
        : (!simp.mp<tensor<128xi64>, [0]>, !simp.mp<tensor<128xi1>, [0]>,
           !simp.mp<tensor<128xi64>, [1]>, !simp.mp<tensor<128xi1>, [1]>) -> !simp.mp<tensor<128xi1>, [1]>
    %count, %wrong = simp.pcall [1] (%found, %expected)
        : (!simp.mp<tensor<128xi1>, [1]>, !simp.mp<tensor<128xi1>, [1]>)
          -> (!simp.mp<tensor<i64>, [1]>, !simp.mp<tensor<i64>, [1]>) {
    ^bb0(%f: tensor<128xi1>, %e: tensor<128xi1>):
      %d = arith.xori %f, %e : tensor<128xi1>
      %c = func.call @ones128(%f) : (tensor<128xi1>) -> tensor<i64>
      %w = func.call @ones128(%d) : (tensor<128xi1>) -> tensor<i64>
      simp.yield %c, %w : tensor<i64>, tensor<i64>
    }
    return %count, %wrong : !simp.mp<tensor<i64>, [1]>, !simp.mp<tensor<i64>, [1]>
  }

  func.func private @ones128(%b: tensor<128xi1>) -> tensor<i64> {
    %e = arith.extui %b : tensor<128xi1> to tensor<128xi64>
    %zero = arith.constant dense<0> : tensor<i64>
    %s = linalg.reduce ins(%e : tensor<128xi64>) outs(%zero : tensor<i64>) dimensions = [0]
      (%in: i64, %acc: i64) {
        %t = arith.addi %in, %acc : i64
        linalg.yield %t : i64
      }
    return %s : tensor<i64>
  }

  func.func private @mplang.psi.rr22.n1024(!simp.mp<tensor<1024xi64>, [0]>, !simp.mp<tensor<1024xi1>, [0]>,
                                          !simp.mp<tensor<1024xi64>, [1]>, !simp.mp<tensor<1024xi1>, [1]>)
      -> !simp.mp<tensor<1024xi1>, [1]>

  // The receiver's count of items found, and of items where the result
  // differs from the expected mask.
  func.func @psi1024(%x: !simp.mp<tensor<1024xi64>, [0]>, %xm: !simp.mp<tensor<1024xi1>, [0]>,
                    %y: !simp.mp<tensor<1024xi64>, [1]>, %ym: !simp.mp<tensor<1024xi1>, [1]>,
                    %expected: !simp.mp<tensor<1024xi1>, [1]>)
      -> (!simp.mp<tensor<i64>, [1]>, !simp.mp<tensor<i64>, [1]>) {
    %found = func.call @mplang.psi.rr22.n1024(%x, %xm, %y, %ym)
        : (!simp.mp<tensor<1024xi64>, [0]>, !simp.mp<tensor<1024xi1>, [0]>,
           !simp.mp<tensor<1024xi64>, [1]>, !simp.mp<tensor<1024xi1>, [1]>) -> !simp.mp<tensor<1024xi1>, [1]>
    %count, %wrong = simp.pcall [1] (%found, %expected)
        : (!simp.mp<tensor<1024xi1>, [1]>, !simp.mp<tensor<1024xi1>, [1]>)
          -> (!simp.mp<tensor<i64>, [1]>, !simp.mp<tensor<i64>, [1]>) {
    ^bb0(%f: tensor<1024xi1>, %e: tensor<1024xi1>):
      %d = arith.xori %f, %e : tensor<1024xi1>
      %c = func.call @ones1024(%f) : (tensor<1024xi1>) -> tensor<i64>
      %w = func.call @ones1024(%d) : (tensor<1024xi1>) -> tensor<i64>
      simp.yield %c, %w : tensor<i64>, tensor<i64>
    }
    return %count, %wrong : !simp.mp<tensor<i64>, [1]>, !simp.mp<tensor<i64>, [1]>
  }

  func.func private @ones1024(%b: tensor<1024xi1>) -> tensor<i64> {
    %e = arith.extui %b : tensor<1024xi1> to tensor<1024xi64>
    %zero = arith.constant dense<0> : tensor<i64>
    %s = linalg.reduce ins(%e : tensor<1024xi64>) outs(%zero : tensor<i64>) dimensions = [0]
      (%in: i64, %acc: i64) {
        %t = arith.addi %in, %acc : i64
        linalg.yield %t : i64
      }
    return %s : tensor<i64>
  }
}

// What each party of examples/ss_millionaire.mlir can learn from its
// messages: the other's number reaches it only randomized (shares, masked
// openings, OT messages), never in the clear; the loop predicates it
// receives in the clear depend on no private input.
// RUN: mplang-opt --ss-lower-to-simp %examples/ss_millionaire.mlir | mplang-opt --simp-disclosure -o /dev/null | FileCheck %s

// CHECK-NOT: receives clear tensor
// CHECK-DAG: rank 0: clear from others: none
// CHECK-DAG: rank 0: randomized from others: rank1.arg0
// CHECK-DAG: rank 1: clear from others: none
// CHECK-DAG: rank 1: randomized from others: rank0.arg0

// MLIR 19's custom parser of scf.for segfaults when its upper bound is
// defined inside its own body (stock mlir-opt-19 too).
module attributes {simp.world_size = 1 : i64} {
  module attributes {simp.rank = 0 : i64} {
    func.func @main() -> i64 {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      scf.for %i = %c0 to %ub step %c1 {
        %ub = arith.constant 4 : index
      }
      %r = arith.constant 7 : i64
      return %r : i64
    }
  }
}

// 2^20 iterations of an scf.for adding its induction variable:
// sum(0 .. 2^20 - 1) = 549755289600.
module attributes {simp.world_size = 1 : i64} {
  func.func @main() -> !simp.mp<i64, [0]> {
    %r = simp.pcall [0] () : () -> !simp.mp<i64, [0]> {
      %lb = arith.constant 0 : index
      %ub = arith.constant 1048576 : index
      %step = arith.constant 1 : index
      %zero = arith.constant 0 : i64
      %sum = scf.for %i = %lb to %ub step %step iter_args(%acc = %zero) -> (i64) {
        %iv = arith.index_cast %i : index to i64
        %next = arith.addi %acc, %iv : i64
        scf.yield %next : i64
      }
      simp.yield %sum : i64
    }
    return %r : !simp.mp<i64, [0]>
  }
}

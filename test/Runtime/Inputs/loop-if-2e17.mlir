// 2^17 iterations of an scf.for whose body branches (an scf.if, which a
// trace shows as a waiting op of its own each time): adds the odd induction
// variables, sum(1, 3, .., 2^17 - 1) = 2^32 = 4294967296.
module attributes {simp.world_size = 1 : i64} {
  func.func @main() -> !simp.mp<i64, [0]> {
    %r = simp.pcall [0] () : () -> !simp.mp<i64, [0]> {
      %lb = arith.constant 0 : index
      %ub = arith.constant 131072 : index
      %step = arith.constant 1 : index
      %zero = arith.constant 0 : i64
      %one = arith.constant 1 : i64
      %sum = scf.for %i = %lb to %ub step %step iter_args(%acc = %zero) -> (i64) {
        %iv = arith.index_cast %i : index to i64
        %bit = arith.andi %iv, %one : i64
        %odd = arith.cmpi eq, %bit, %one : i64
        %next = scf.if %odd -> (i64) {
          %added = arith.addi %acc, %iv : i64
          scf.yield %added : i64
        } else {
          scf.yield %acc : i64
        }
        scf.yield %next : i64
      }
      simp.yield %sum : i64
    }
    return %r : !simp.mp<i64, [0]>
  }
}

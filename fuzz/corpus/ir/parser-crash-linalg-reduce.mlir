// MLIR 19's custom parser of linalg.reduce segfaults after it fails to read
// a dimension out of range (stock mlir-opt-19 too).
module attributes {simp.world_size = 1 : i64} {
  module attributes {simp.rank = 0 : i64} {
    func.func @main(%a: tensor<4xi64>, %i: tensor<i64>) -> tensor<i64> {
      %r = linalg.reduce ins(%a : tensor<4xi64>) outs(%i : tensor<i64>) dimensions = [-9223372036854775808]
        (%x: i64, %y: i64) {
          %s = arith.addi %x, %y : i64
          linalg.yield %s : i64
        }
      return %r : tensor<i64>
    }
  }
}

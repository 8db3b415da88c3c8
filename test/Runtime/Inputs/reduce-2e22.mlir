// A linalg.reduce of 2^22 ones to a scalar: its body runs 2^22 times.
module attributes {simp.world_size = 1 : i64} {
  func.func @main() -> !simp.mp<tensor<i64>, [0]> {
    %r = simp.pcall [0] () : () -> !simp.mp<tensor<i64>, [0]> {
      %ones = arith.constant dense<1> : tensor<4194304xi64>
      %zero = arith.constant dense<0> : tensor<i64>
      %sum = linalg.reduce ins(%ones : tensor<4194304xi64>) outs(%zero : tensor<i64>) dimensions = [0]
        (%x: i64, %acc: i64) {
          %s = arith.addi %x, %acc : i64
          linalg.yield %s : i64
        }
      simp.yield %sum : tensor<i64>
    }
    return %r : !simp.mp<tensor<i64>, [0]>
  }
}

// Four independent additions of 2^16-element tensors: heavy kernels, run on
// the thread pool. Result: 4 * 2^16 * 3 = 786432.
module attributes {simp.world_size = 1 : i64} {
  func.func @main() -> !simp.mp<tensor<i64>, [0]> {
    %r = simp.pcall [0] () : () -> !simp.mp<tensor<i64>, [0]> {
      %a = arith.constant dense<1> : tensor<65536xi64>
      %b = arith.constant dense<2> : tensor<65536xi64>
      %s0 = arith.addi %a, %b : tensor<65536xi64>
      %s1 = arith.addi %b, %a : tensor<65536xi64>
      %s2 = arith.addi %a, %b : tensor<65536xi64>
      %s3 = arith.addi %b, %a : tensor<65536xi64>
      %t0 = arith.addi %s0, %s1 : tensor<65536xi64>
      %t1 = arith.addi %s2, %s3 : tensor<65536xi64>
      %t = arith.addi %t0, %t1 : tensor<65536xi64>
      %zero = arith.constant dense<0> : tensor<i64>
      %sum = linalg.reduce ins(%t : tensor<65536xi64>) outs(%zero : tensor<i64>) dimensions = [0]
        (%x: i64, %acc: i64) {
          %y = arith.addi %x, %acc : i64
          linalg.yield %y : i64
        }
      simp.yield %sum : tensor<i64>
    }
    return %r : !simp.mp<tensor<i64>, [0]>
  }
}

// A loop carrying a tensor that element-wise ops compute anew each
// iteration compiles (one-shot bufferization gives the carry a new buffer
// per iteration, which is freed), with the interpreter's result. It used to
// fail to lower ("Yield operand #0 is not equivalent to the corresponding
// iter bbArg") and was interpreted after a warning.

// RUN: mplang-run --jit=on --sim 1 %s --stats 2>&1 | FileCheck %s --check-prefixes=CHECK,ON
// RUN: mplang-run --jit=off --sim 1 %s 2>&1 | FileCheck %s
// CHECK-NOT: warning
// CHECK: rank 0: dense<[-6677145982636254201, -4542480424579921912, 8328403978547424265, 7216666086046875658]> : tensor<4xi64>
// ON: jit: 1 groups compiled, 0 from memory, 0 from disk

module attributes {simp.world_size = 1 : i64} {
  func.func @main() -> !simp.mp<tensor<4xi64>, [0]> {
    %r = simp.pcall [0] () : () -> !simp.mp<tensor<4xi64>, [0]> {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %n = arith.constant 64 : index
      %init = arith.constant dense<[7, 8, 9, 10]> : tensor<4xi64>
      %v = scf.for %i = %c0 to %n step %c1 iter_args(%v0 = %init) -> (tensor<4xi64>) {
        %k0 = arith.constant dense<1> : tensor<4xi64>
        %v1 = arith.addi %v0, %k0 : tensor<4xi64>
        %k1 = arith.constant dense<7919> : tensor<4xi64>
        %v2 = arith.muli %v1, %k1 : tensor<4xi64>
        %k2 = arith.constant dense<15837> : tensor<4xi64>
        %v3 = arith.xori %v2, %k2 : tensor<4xi64>
        scf.yield %v3 : tensor<4xi64>
      }
      simp.yield %v : tensor<4xi64>
    }
    return %r : !simp.mp<tensor<4xi64>, [0]>
  }
}

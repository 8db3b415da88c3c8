// --timeout stops a run whose pool is starved: four ranks queue heavy
// matmuls (1024 x 1024, about 0.1 s each) on one pool thread for what would
// be minutes; the run ends soon after the second the time-out allows.
// RUN: %python %S/../Utils/within.py 60 mplang-run --sim 4 %s --pool-threads 1 --timeout 1 | FileCheck %s
// CHECK: exit code 1
// CHECK: error: rank 0 failed: timed out after 1 s

module attributes {simp.world_size = 4 : i64} {
  func.func @main() -> !simp.mp<f32, [0, 1, 2, 3]> {
    %r = simp.pcall [0, 1, 2, 3] () : () -> !simp.mp<f32, [0, 1, 2, 3]> {
      %one = arith.constant 1.0 : f32
      %e = tensor.empty() : tensor<1024x1024xf32>
      %a = linalg.fill ins(%one : f32) outs(%e : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
      %lo = arith.constant 0 : index
      %hi = arith.constant 10000 : index
      %step = arith.constant 1 : index
      %m = scf.for %i = %lo to %hi step %step iter_args(%acc = %a) -> tensor<1024x1024xf32> {
        %p = linalg.matmul ins(%a, %a : tensor<1024x1024xf32>, tensor<1024x1024xf32>) outs(%acc : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
        scf.yield %p : tensor<1024x1024xf32>
      }
      %i0 = arith.constant 0 : index
      %x = tensor.extract %m[%i0, %i0] : tensor<1024x1024xf32>
      simp.yield %x : f32
    }
    return %r : !simp.mp<f32, [0, 1, 2, 3]>
  }
}

// Slice offsets may be values (sizes and strides stay static): a loop fills
// a tensor chunk by chunk with tensor.insert_slice at offset 2 i and reads
// it back with tensor.extract_slice at the same offsets. Offsets are checked
// against the tensor when the kernel runs, with the op's location
// (slice-dynamic-size.mlir: dynamic sizes are refused before anything runs).

// RUN: mplang-run --sim 1 %s --entry chunks | FileCheck %s --check-prefix=CHUNKS
// CHUNKS: rank 0: dense<[0, 1, 1, 2, 2, 3, 3, 4]> : tensor<8xi64>, dense<16> : tensor<i64>

// RUN: not mplang-run --sim 1 %s --entry past_end --arg 0:0='7 : index' 2>&1 | FileCheck %s --check-prefix=PAST
// PAST: slice-dynamic.mlir:[[@LINE+40]]:12: error: rank 0 failed: slice of dimension 0 (offset 7, size 2, stride 1) is out of bounds for its size 8

module attributes {simp.world_size = 1 : i64} {
  func.func @chunks() -> (!simp.mp<tensor<8xi64>, [0]>, !simp.mp<tensor<i64>, [0]>) {
    %r:2 = simp.pcall [0] () : () -> (!simp.mp<tensor<8xi64>, [0]>, !simp.mp<tensor<i64>, [0]>) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c4 = arith.constant 4 : index
      %zeros = arith.constant dense<0> : tensor<8xi64>
      // Chunk i holds [i, i + 1].
      %filled = scf.for %i = %c0 to %c4 step %c1 iter_args(%t = %zeros) -> tensor<8xi64> {
        %at = arith.muli %i, %c2 : index
        %v = arith.index_cast %i : index to i64
        %one = arith.constant 1 : i64
        %w = arith.addi %v, %one : i64
        %chunk = tensor.from_elements %v, %w : tensor<2xi64>
        %u = tensor.insert_slice %chunk into %t[%at] [2] [1] : tensor<2xi64> into tensor<8xi64>
        scf.yield %u : tensor<8xi64>
      }
      %init = arith.constant dense<0> : tensor<i64>
      %sum = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %init) -> tensor<i64> {
        %at = arith.muli %i, %c2 : index
        %chunk = tensor.extract_slice %filled[%at] [2] [1] : tensor<8xi64> to tensor<2xi64>
        %s = linalg.reduce ins(%chunk : tensor<2xi64>) outs(%acc : tensor<i64>) dimensions = [0]
          (%in: i64, %a: i64) {
            %t = arith.addi %in, %a : i64
            linalg.yield %t : i64
          }
        scf.yield %s : tensor<i64>
      }
      simp.yield %filled, %sum : tensor<8xi64>, tensor<i64>
    }
    return %r#0, %r#1 : !simp.mp<tensor<8xi64>, [0]>, !simp.mp<tensor<i64>, [0]>
  }

  func.func @past_end(%at: !simp.mp<index, [0]>) -> !simp.mp<tensor<2xi64>, [0]> {
    %r = simp.pcall [0] (%at) : (!simp.mp<index, [0]>) -> !simp.mp<tensor<2xi64>, [0]> {
    ^bb0(%i: index):
      %t = arith.constant dense<[1, 2, 3, 4, 5, 6, 7, 8]> : tensor<8xi64>
      %s = tensor.extract_slice %t[%i] [2] [1] : tensor<8xi64> to tensor<2xi64>
      simp.yield %s : tensor<2xi64>
    }
    return %r : !simp.mp<tensor<2xi64>, [0]>
  }
}

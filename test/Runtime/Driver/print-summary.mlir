// Results of more than 1000 elements print summarized as numpy does: each
// dimension longer than six shows its first and last three entries around
// "..."; --print-full prints every element. Smaller results print in full,
// in decimal (MLIR's printer would write those over 100 elements in hex).
// RUN: mplang-run --sim 1 %s | FileCheck %s
// RUN: mplang-run --sim 1 %s --print-full | FileCheck %s --check-prefix=FULL
// CHECK: rank 0: dense<[0, 1, 2, ..., 1997, 1998, 1999]> : tensor<2000xi64>, dense<{{\[\[}}0, 1, 2, ..., 47, 48, 49], [50, 51, 52, ..., 97, 98, 99], [100, 101, 102, ..., 147, 148, 149], ..., [1850, 1851, 1852, ..., 1897, 1898, 1899], [1900, 1901, 1902, ..., 1947, 1948, 1949], [1950, 1951, 1952, ..., 1997, 1998, 1999]]> : tensor<40x50xi64>, dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]> : tensor<10xi64>, dense<[0, 1, 2, 3, {{([0-9]+, ){194}1}}98, 199]> : tensor<200xi64>
// FULL: rank 0: dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, {{.*}}, 1997, 1998, 1999]> : tensor<2000xi64>

module attributes {simp.world_size = 1 : i64} {
  func.func @main() -> (!simp.mp<tensor<2000xi64>, [0]>, !simp.mp<tensor<40x50xi64>, [0]>, !simp.mp<tensor<10xi64>, [0]>, !simp.mp<tensor<200xi64>, [0]>) {
    %r:4 = simp.pcall [0] () : () -> (!simp.mp<tensor<2000xi64>, [0]>, !simp.mp<tensor<40x50xi64>, [0]>, !simp.mp<tensor<10xi64>, [0]>, !simp.mp<tensor<200xi64>, [0]>) {
      %lo = arith.constant 0 : index
      %hi = arith.constant 2000 : index
      %step = arith.constant 1 : index
      %e = tensor.empty() : tensor<2000xi64>
      %v = scf.for %i = %lo to %hi step %step iter_args(%t = %e) -> tensor<2000xi64> {
        %x = arith.index_cast %i : index to i64
        %u = tensor.insert %x into %t[%i] : tensor<2000xi64>
        scf.yield %u : tensor<2000xi64>
      }
      %m = tensor.expand_shape %v [[0, 1]] output_shape [40, 50] : tensor<2000xi64> into tensor<40x50xi64>
      %s = tensor.extract_slice %v[0] [10] [1] : tensor<2000xi64> to tensor<10xi64>
      %h = tensor.extract_slice %v[0] [200] [1] : tensor<2000xi64> to tensor<200xi64>
      simp.yield %v, %m, %s, %h : tensor<2000xi64>, tensor<40x50xi64>, tensor<10xi64>, tensor<200xi64>
    }
    return %r#0, %r#1, %r#2, %r#3 : !simp.mp<tensor<2000xi64>, [0]>, !simp.mp<tensor<40x50xi64>, [0]>, !simp.mp<tensor<10xi64>, [0]>, !simp.mp<tensor<200xi64>, [0]>
  }
}

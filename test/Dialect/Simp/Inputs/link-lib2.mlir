// A second library for link.mlir, found through --library-path.
module {
  func.func @twice(%v: i64) -> i64 {
    %r = arith.addi %v, %v : i64
    return %r : i64
  }
}

// IKNP OT extension from the protocol library, for N = 128 and 2^16:
// random OT gives the receiver the chosen message of every pair (every
// word), never the other; correlated OT satisfies q ^ t = r * delta.
// RUN: mplang-run --sim 2 %s --entry rot128 | FileCheck %s --check-prefix=ROT128
// ROT128: rank 1: dense<256> : tensor<i64>, dense<0> : tensor<i64>, dense<0> : tensor<i64>
// RUN: mplang-run --sim 2 %s --entry cot128 | FileCheck %s --check-prefix=COT128
// COT128: rank 1: dense<256> : tensor<i64>
// RUN: mplang-run --sim 2 %s --entry rot65536 | FileCheck %s --check-prefix=ROT65536
// RUN: mplang-run --local 2 %s --entry rot65536 | FileCheck %s --check-prefix=ROT65536
// ROT65536: rank 1: dense<131072> : tensor<i64>, dense<0> : tensor<i64>, dense<0> : tensor<i64>
// RUN: mplang-run --local 2 %s --entry cot65536 | FileCheck %s --check-prefix=COT65536
// COT65536: rank 1: dense<131072> : tensor<i64>

module attributes {simp.world_size = 2 : i64} {
  func.func private @mplang.ot.rot.n128(!simp.mp<tensor<2xi64>, [1]>)
      -> (!simp.mp<tensor<128x2xi64>, [0]>, !simp.mp<tensor<128x2xi64>, [0]>, !simp.mp<tensor<128x2xi64>, [1]>)
  func.func private @mplang.ot.cot.n128(!simp.mp<tensor<2xi64>, [0]>, !simp.mp<tensor<2xi64>, [1]>)
      -> (!simp.mp<tensor<128x2xi64>, [0]>, !simp.mp<tensor<128x2xi64>, [1]>)

  // Counts, on the receiver: outputs equal to the chosen message, equal to
  // the other one, and sender pairs with x0 = x1.
  func.func @rot128() -> (!simp.mp<tensor<i64>, [1]>, !simp.mp<tensor<i64>, [1]>, !simp.mp<tensor<i64>, [1]>) {
    %r = simp.pcall [1] () : () -> !simp.mp<tensor<2xi64>, [1]> {
      %r = crypto.random_bytes : tensor<2xi64>
      simp.yield %r : tensor<2xi64>
    }
    %x0, %x1, %xr = func.call @mplang.ot.rot.n128(%r) : (!simp.mp<tensor<2xi64>, [1]>)
        -> (!simp.mp<tensor<128x2xi64>, [0]>, !simp.mp<tensor<128x2xi64>, [0]>, !simp.mp<tensor<128x2xi64>, [1]>)
    %y0 = simp.shuffle %x0 [1 <- 0] : !simp.mp<tensor<128x2xi64>, [0]> -> !simp.mp<tensor<128x2xi64>, [1]>
    %y1 = simp.shuffle %x1 [1 <- 0] : !simp.mp<tensor<128x2xi64>, [0]> -> !simp.mp<tensor<128x2xi64>, [1]>
    %a, %b, %c = simp.pcall [1] (%xr, %y0, %y1, %r)
        : (!simp.mp<tensor<128x2xi64>, [1]>, !simp.mp<tensor<128x2xi64>, [1]>, !simp.mp<tensor<128x2xi64>, [1]>, !simp.mp<tensor<2xi64>, [1]>)
          -> (!simp.mp<tensor<i64>, [1]>, !simp.mp<tensor<i64>, [1]>, !simp.mp<tensor<i64>, [1]>) {
    ^bb0(%g: tensor<128x2xi64>, %m0: tensor<128x2xi64>, %m1: tensor<128x2xi64>, %rr: tensor<2xi64>):
      %bits = func.call @bits.n128(%rr) : (tensor<2xi64>) -> tensor<128x2xi1>
      %want = arith.select %bits, %m1, %m0 : tensor<128x2xi1>, tensor<128x2xi64>
      %not = arith.select %bits, %m0, %m1 : tensor<128x2xi1>, tensor<128x2xi64>
      %s = func.call @count_equal.n128(%g, %want) : (tensor<128x2xi64>, tensor<128x2xi64>) -> tensor<i64>
      %o = func.call @count_equal.n128(%g, %not) : (tensor<128x2xi64>, tensor<128x2xi64>) -> tensor<i64>
      %p = func.call @count_equal.n128(%m0, %m1) : (tensor<128x2xi64>, tensor<128x2xi64>) -> tensor<i64>
      simp.yield %s, %o, %p : tensor<i64>, tensor<i64>, tensor<i64>
    }
    return %a, %b, %c : !simp.mp<tensor<i64>, [1]>, !simp.mp<tensor<i64>, [1]>, !simp.mp<tensor<i64>, [1]>
  }

  // Words where q ^ t = r * delta, on the receiver.
  func.func @cot128() -> !simp.mp<tensor<i64>, [1]> {
    %d = simp.pcall [0] () : () -> !simp.mp<tensor<2xi64>, [0]> {
      %d = arith.constant dense<[81985529216486895, 1147797409030816545]> : tensor<2xi64>
      simp.yield %d : tensor<2xi64>
    }
    %r = simp.pcall [1] () : () -> !simp.mp<tensor<2xi64>, [1]> {
      %r = crypto.random_bytes : tensor<2xi64>
      simp.yield %r : tensor<2xi64>
    }
    %q, %t = func.call @mplang.ot.cot.n128(%d, %r) : (!simp.mp<tensor<2xi64>, [0]>, !simp.mp<tensor<2xi64>, [1]>)
        -> (!simp.mp<tensor<128x2xi64>, [0]>, !simp.mp<tensor<128x2xi64>, [1]>)
    %q1 = simp.shuffle %q [1 <- 0] : !simp.mp<tensor<128x2xi64>, [0]> -> !simp.mp<tensor<128x2xi64>, [1]>
    %d1 = simp.shuffle %d [1 <- 0] : !simp.mp<tensor<2xi64>, [0]> -> !simp.mp<tensor<2xi64>, [1]>
    %n = simp.pcall [1] (%q1, %t, %d1, %r)
        : (!simp.mp<tensor<128x2xi64>, [1]>, !simp.mp<tensor<128x2xi64>, [1]>, !simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<2xi64>, [1]>)
          -> !simp.mp<tensor<i64>, [1]> {
    ^bb0(%qq: tensor<128x2xi64>, %tt: tensor<128x2xi64>, %dd: tensor<2xi64>, %rr: tensor<2xi64>):
      %bits = func.call @bits.n128(%rr) : (tensor<2xi64>) -> tensor<128x2xi1>
      %init = tensor.empty() : tensor<128x2xi64>
      %db = linalg.broadcast ins(%dd : tensor<2xi64>) outs(%init : tensor<128x2xi64>) dimensions = [0]
      %zero = arith.constant dense<0> : tensor<128x2xi64>
      %want = arith.select %bits, %db, %zero : tensor<128x2xi1>, tensor<128x2xi64>
      %x = arith.xori %qq, %tt : tensor<128x2xi64>
      %s = func.call @count_equal.n128(%x, %want) : (tensor<128x2xi64>, tensor<128x2xi64>) -> tensor<i64>
      simp.yield %s : tensor<i64>
    }
    return %n : !simp.mp<tensor<i64>, [1]>
  }

  // Bit i of r (bit i % 64 of word i / 64), repeated over the two words of
  // row i.
  func.func private @bits.n128(%r: tensor<2xi64>) -> tensor<128x2xi1> {
    %init = tensor.empty() : tensor<2x64xi64>
    %rb = linalg.broadcast ins(%r : tensor<2xi64>) outs(%init : tensor<2x64xi64>) dimensions = [1]
    %sh = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63]> : tensor<64xi64>
    %shb = linalg.broadcast ins(%sh : tensor<64xi64>) outs(%init : tensor<2x64xi64>) dimensions = [0]
    %x = arith.shrui %rb, %shb : tensor<2x64xi64>
    %one = arith.constant dense<1> : tensor<2x64xi64>
    %b = arith.andi %x, %one : tensor<2x64xi64>
    %bi = arith.trunci %b : tensor<2x64xi64> to tensor<2x64xi1>
    %flat = tensor.collapse_shape %bi [[0, 1]] : tensor<2x64xi1> into tensor<128xi1>
    %init2 = tensor.empty() : tensor<128x2xi1>
    %out = linalg.broadcast ins(%flat : tensor<128xi1>) outs(%init2 : tensor<128x2xi1>) dimensions = [1]
    return %out : tensor<128x2xi1>
  }

  func.func private @count_equal.n128(%a: tensor<128x2xi64>, %b: tensor<128x2xi64>) -> tensor<i64> {
    %eq = arith.cmpi eq, %a, %b : tensor<128x2xi64>
    %n = arith.extui %eq : tensor<128x2xi1> to tensor<128x2xi64>
    %zero = arith.constant dense<0> : tensor<i64>
    %s = linalg.reduce ins(%n : tensor<128x2xi64>) outs(%zero : tensor<i64>) dimensions = [0, 1]
      (%in: i64, %acc: i64) {
        %t = arith.addi %in, %acc : i64
        linalg.yield %t : i64
      }
    return %s : tensor<i64>
  }

  func.func private @mplang.ot.rot.n65536(!simp.mp<tensor<1024xi64>, [1]>)
      -> (!simp.mp<tensor<65536x2xi64>, [0]>, !simp.mp<tensor<65536x2xi64>, [0]>, !simp.mp<tensor<65536x2xi64>, [1]>)
  func.func private @mplang.ot.cot.n65536(!simp.mp<tensor<2xi64>, [0]>, !simp.mp<tensor<1024xi64>, [1]>)
      -> (!simp.mp<tensor<65536x2xi64>, [0]>, !simp.mp<tensor<65536x2xi64>, [1]>)

  // Counts, on the receiver: outputs equal to the chosen message, equal to
  // the other one, and sender pairs with x0 = x1.
  func.func @rot65536() -> (!simp.mp<tensor<i64>, [1]>, !simp.mp<tensor<i64>, [1]>, !simp.mp<tensor<i64>, [1]>) {
    %r = simp.pcall [1] () : () -> !simp.mp<tensor<1024xi64>, [1]> {
      %r = crypto.random_bytes : tensor<1024xi64>
      simp.yield %r : tensor<1024xi64>
    }
    %x0, %x1, %xr = func.call @mplang.ot.rot.n65536(%r) : (!simp.mp<tensor<1024xi64>, [1]>)
        -> (!simp.mp<tensor<65536x2xi64>, [0]>, !simp.mp<tensor<65536x2xi64>, [0]>, !simp.mp<tensor<65536x2xi64>, [1]>)
    %y0 = simp.shuffle %x0 [1 <- 0] : !simp.mp<tensor<65536x2xi64>, [0]> -> !simp.mp<tensor<65536x2xi64>, [1]>
    %y1 = simp.shuffle %x1 [1 <- 0] : !simp.mp<tensor<65536x2xi64>, [0]> -> !simp.mp<tensor<65536x2xi64>, [1]>
    %a, %b, %c = simp.pcall [1] (%xr, %y0, %y1, %r)
        : (!simp.mp<tensor<65536x2xi64>, [1]>, !simp.mp<tensor<65536x2xi64>, [1]>, !simp.mp<tensor<65536x2xi64>, [1]>, !simp.mp<tensor<1024xi64>, [1]>)
          -> (!simp.mp<tensor<i64>, [1]>, !simp.mp<tensor<i64>, [1]>, !simp.mp<tensor<i64>, [1]>) {
    ^bb0(%g: tensor<65536x2xi64>, %m0: tensor<65536x2xi64>, %m1: tensor<65536x2xi64>, %rr: tensor<1024xi64>):
      %bits = func.call @bits.n65536(%rr) : (tensor<1024xi64>) -> tensor<65536x2xi1>
      %want = arith.select %bits, %m1, %m0 : tensor<65536x2xi1>, tensor<65536x2xi64>
      %not = arith.select %bits, %m0, %m1 : tensor<65536x2xi1>, tensor<65536x2xi64>
      %s = func.call @count_equal.n65536(%g, %want) : (tensor<65536x2xi64>, tensor<65536x2xi64>) -> tensor<i64>
      %o = func.call @count_equal.n65536(%g, %not) : (tensor<65536x2xi64>, tensor<65536x2xi64>) -> tensor<i64>
      %p = func.call @count_equal.n65536(%m0, %m1) : (tensor<65536x2xi64>, tensor<65536x2xi64>) -> tensor<i64>
      simp.yield %s, %o, %p : tensor<i64>, tensor<i64>, tensor<i64>
    }
    return %a, %b, %c : !simp.mp<tensor<i64>, [1]>, !simp.mp<tensor<i64>, [1]>, !simp.mp<tensor<i64>, [1]>
  }

  // Words where q ^ t = r * delta, on the receiver.
  func.func @cot65536() -> !simp.mp<tensor<i64>, [1]> {
    %d = simp.pcall [0] () : () -> !simp.mp<tensor<2xi64>, [0]> {
      %d = arith.constant dense<[81985529216486895, 1147797409030816545]> : tensor<2xi64>
      simp.yield %d : tensor<2xi64>
    }
    %r = simp.pcall [1] () : () -> !simp.mp<tensor<1024xi64>, [1]> {
      %r = crypto.random_bytes : tensor<1024xi64>
      simp.yield %r : tensor<1024xi64>
    }
    %q, %t = func.call @mplang.ot.cot.n65536(%d, %r) : (!simp.mp<tensor<2xi64>, [0]>, !simp.mp<tensor<1024xi64>, [1]>)
        -> (!simp.mp<tensor<65536x2xi64>, [0]>, !simp.mp<tensor<65536x2xi64>, [1]>)
    %q1 = simp.shuffle %q [1 <- 0] : !simp.mp<tensor<65536x2xi64>, [0]> -> !simp.mp<tensor<65536x2xi64>, [1]>
    %d1 = simp.shuffle %d [1 <- 0] : !simp.mp<tensor<2xi64>, [0]> -> !simp.mp<tensor<2xi64>, [1]>
    %n = simp.pcall [1] (%q1, %t, %d1, %r)
        : (!simp.mp<tensor<65536x2xi64>, [1]>, !simp.mp<tensor<65536x2xi64>, [1]>, !simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<1024xi64>, [1]>)
          -> !simp.mp<tensor<i64>, [1]> {
    ^bb0(%qq: tensor<65536x2xi64>, %tt: tensor<65536x2xi64>, %dd: tensor<2xi64>, %rr: tensor<1024xi64>):
      %bits = func.call @bits.n65536(%rr) : (tensor<1024xi64>) -> tensor<65536x2xi1>
      %init = tensor.empty() : tensor<65536x2xi64>
      %db = linalg.broadcast ins(%dd : tensor<2xi64>) outs(%init : tensor<65536x2xi64>) dimensions = [0]
      %zero = arith.constant dense<0> : tensor<65536x2xi64>
      %want = arith.select %bits, %db, %zero : tensor<65536x2xi1>, tensor<65536x2xi64>
      %x = arith.xori %qq, %tt : tensor<65536x2xi64>
      %s = func.call @count_equal.n65536(%x, %want) : (tensor<65536x2xi64>, tensor<65536x2xi64>) -> tensor<i64>
      simp.yield %s : tensor<i64>
    }
    return %n : !simp.mp<tensor<i64>, [1]>
  }

  // Bit i of r (bit i % 64 of word i / 64), repeated over the two words of
  // row i.
  func.func private @bits.n65536(%r: tensor<1024xi64>) -> tensor<65536x2xi1> {
    %init = tensor.empty() : tensor<1024x64xi64>
    %rb = linalg.broadcast ins(%r : tensor<1024xi64>) outs(%init : tensor<1024x64xi64>) dimensions = [1]
    %sh = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63]> : tensor<64xi64>
    %shb = linalg.broadcast ins(%sh : tensor<64xi64>) outs(%init : tensor<1024x64xi64>) dimensions = [0]
    %x = arith.shrui %rb, %shb : tensor<1024x64xi64>
    %one = arith.constant dense<1> : tensor<1024x64xi64>
    %b = arith.andi %x, %one : tensor<1024x64xi64>
    %bi = arith.trunci %b : tensor<1024x64xi64> to tensor<1024x64xi1>
    %flat = tensor.collapse_shape %bi [[0, 1]] : tensor<1024x64xi1> into tensor<65536xi1>
    %init2 = tensor.empty() : tensor<65536x2xi1>
    %out = linalg.broadcast ins(%flat : tensor<65536xi1>) outs(%init2 : tensor<65536x2xi1>) dimensions = [1]
    return %out : tensor<65536x2xi1>
  }

  func.func private @count_equal.n65536(%a: tensor<65536x2xi64>, %b: tensor<65536x2xi64>) -> tensor<i64> {
    %eq = arith.cmpi eq, %a, %b : tensor<65536x2xi64>
    %n = arith.extui %eq : tensor<65536x2xi1> to tensor<65536x2xi64>
    %zero = arith.constant dense<0> : tensor<i64>
    %s = linalg.reduce ins(%n : tensor<65536x2xi64>) outs(%zero : tensor<i64>) dimensions = [0, 1]
      (%in: i64, %acc: i64) {
        %t = arith.addi %in, %acc : i64
        linalg.yield %t : i64
      }
    return %s : tensor<i64>
  }
}

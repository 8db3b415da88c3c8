// Base oblivious transfer: 128 transfers of 128-bit messages, Chou-Orlandi
// ("The Simplest Protocol for Oblivious Transfer", LATINCRYPT 2015) on
// P-256, semi-honest. Rank 0 is the sender, rank 1 the receiver; linking
// binds them to any two ranks of a program.
//
// Sender: a random, A = aG. Receiver, per choice bit c: b random,
// B = bG + cA, key H(A, B, bA). Sender: k0 = H(A, B, aB), k1 = H(A, B,
// a(B - A)), sends m0 ^ k0 and m1 ^ k1. H is SHA-256 cut to 128 bits.
// Points travel as compressed bytes and are validated on receipt.

!pt = !crypto.point<p256>
!sc = !crypto.scalar<p256>
!msgs = tensor<128x2xi64>
!enc = tensor<128x33xi8>

module attributes {simp.world_size = 2 : i64} {
  // The receiver learns m0[i] where choice[i] is 0 and m1[i] where it is 1;
  // the sender learns nothing.
  func.func @mplang.ot.base(%m0: !simp.mp<!msgs, [0]>, %m1: !simp.mp<!msgs, [0]>,
                            %choice: !simp.mp<tensor<128xi1>, [1]>)
      -> !simp.mp<!msgs, [1]> {
    %a, %A = simp.pcall [0] () : () -> (!simp.mp<!sc, [0]>, !simp.mp<tensor<33xi8>, [0]>) {
      %a = crypto.random_scalar : !sc
      %A = crypto.base_mul %a : !sc -> !pt
      %Ab = crypto.point_to_bytes %A : !pt -> tensor<33xi8>
      simp.yield %a, %Ab : !sc, tensor<33xi8>
    }
    %Ar = simp.shuffle %A [1 <- 0] : !simp.mp<tensor<33xi8>, [0]> -> !simp.mp<tensor<33xi8>, [1]>
    %B, %key = simp.pcall [1] (%Ar, %choice)
        : (!simp.mp<tensor<33xi8>, [1]>, !simp.mp<tensor<128xi1>, [1]>)
          -> (!simp.mp<!enc, [1]>, !simp.mp<!msgs, [1]>) {
    ^bb0(%Ab: tensor<33xi8>, %c: tensor<128xi1>):
      %Ap = crypto.point_from_bytes %Ab : tensor<33xi8> -> !pt
      %b = crypto.random_scalar : tensor<128x!sc>
      %bG = crypto.base_mul %b : tensor<128x!sc> -> tensor<128x!pt>
      %bGA = crypto.point_add %bG, %Ap : tensor<128x!pt>, !pt -> tensor<128x!pt>
      %e0 = crypto.point_to_bytes %bG : tensor<128x!pt> -> !enc
      %e1 = crypto.point_to_bytes %bGA : tensor<128x!pt> -> !enc
      // B = c ? e1 : e0, by masks rather than a select: no branch on c.
      %c8 = arith.extui %c : tensor<128xi1> to tensor<128xi8>
      %zero = arith.constant dense<0> : tensor<128xi8>
      %m = arith.subi %zero, %c8 : tensor<128xi8>
      %init = tensor.empty() : !enc
      %mm = linalg.broadcast ins(%m : tensor<128xi8>) outs(%init : !enc) dimensions = [1]
      %d = arith.xori %e0, %e1 : !enc
      %dm = arith.andi %d, %mm : !enc
      %Bb = arith.xori %e0, %dm : !enc
      %bA = crypto.scalar_mul %b, %Ap : tensor<128x!sc>, !pt -> tensor<128x!pt>
      %bAb = crypto.point_to_bytes %bA : tensor<128x!pt> -> !enc
      %k = func.call @key(%Ab, %Bb, %bAb) : (tensor<33xi8>, !enc, !enc) -> !msgs
      simp.yield %Bb, %k : !enc, !msgs
    }
    %Bs = simp.shuffle %B [0 <- 1] : !simp.mp<!enc, [1]> -> !simp.mp<!enc, [0]>
    %x0, %x1 = simp.pcall [0] (%a, %A, %Bs, %m0, %m1)
        : (!simp.mp<!sc, [0]>, !simp.mp<tensor<33xi8>, [0]>, !simp.mp<!enc, [0]>,
           !simp.mp<!msgs, [0]>, !simp.mp<!msgs, [0]>)
          -> (!simp.mp<!msgs, [0]>, !simp.mp<!msgs, [0]>) {
    ^bb0(%sa: !sc, %Ab: tensor<33xi8>, %Bb: !enc, %n0: !msgs, %n1: !msgs):
      %Ap = crypto.point_from_bytes %Ab : tensor<33xi8> -> !pt
      %Bp = crypto.point_from_bytes %Bb : !enc -> tensor<128x!pt>
      %aB = crypto.scalar_mul %sa, %Bp : !sc, tensor<128x!pt> -> tensor<128x!pt>
      %BA = crypto.point_sub %Bp, %Ap : tensor<128x!pt>, !pt -> tensor<128x!pt>
      %aBA = crypto.scalar_mul %sa, %BA : !sc, tensor<128x!pt> -> tensor<128x!pt>
      %p0 = crypto.point_to_bytes %aB : tensor<128x!pt> -> !enc
      %p1 = crypto.point_to_bytes %aBA : tensor<128x!pt> -> !enc
      %k0 = func.call @key(%Ab, %Bb, %p0) : (tensor<33xi8>, !enc, !enc) -> !msgs
      %k1 = func.call @key(%Ab, %Bb, %p1) : (tensor<33xi8>, !enc, !enc) -> !msgs
      %y0 = arith.xori %n0, %k0 : !msgs
      %y1 = arith.xori %n1, %k1 : !msgs
      simp.yield %y0, %y1 : !msgs, !msgs
    }
    %r0 = simp.shuffle %x0 [1 <- 0] : !simp.mp<!msgs, [0]> -> !simp.mp<!msgs, [1]>
    %r1 = simp.shuffle %x1 [1 <- 0] : !simp.mp<!msgs, [0]> -> !simp.mp<!msgs, [1]>
    %m = simp.pcall [1] (%choice, %key, %r0, %r1)
        : (!simp.mp<tensor<128xi1>, [1]>, !simp.mp<!msgs, [1]>, !simp.mp<!msgs, [1]>,
           !simp.mp<!msgs, [1]>) -> !simp.mp<!msgs, [1]> {
    ^bb0(%c: tensor<128xi1>, %k: !msgs, %y0: !msgs, %y1: !msgs):
      // y = c ? y1 : y0, by masks as above.
      %c64 = arith.extui %c : tensor<128xi1> to tensor<128xi64>
      %zero = arith.constant dense<0> : tensor<128xi64>
      %m = arith.subi %zero, %c64 : tensor<128xi64>
      %init = tensor.empty() : !msgs
      %mm = linalg.broadcast ins(%m : tensor<128xi64>) outs(%init : !msgs) dimensions = [1]
      %d = arith.xori %y0, %y1 : !msgs
      %dm = arith.andi %d, %mm : !msgs
      %y = arith.xori %y0, %dm : !msgs
      %v = arith.xori %y, %k : !msgs
      simp.yield %v : !msgs
    }
    return %m : !simp.mp<!msgs, [1]>
  }

  // H(A, B, P) for each row: SHA-256 of the three encodings, its first 16
  // bytes as two little-endian words.
  func.func private @key(%A: tensor<33xi8>, %B: !enc, %P: !enc) -> !msgs {
    %init = tensor.empty() : !enc
    %AA = linalg.broadcast ins(%A : tensor<33xi8>) outs(%init : !enc) dimensions = [0]
    %rows = tensor.concat dim(1) %AA, %B, %P : (!enc, !enc, !enc) -> tensor<128x99xi8>
    %h = crypto.hash_batch %rows : tensor<128x99xi8> -> tensor<128x4xi64>
    %k = tensor.extract_slice %h[0, 0] [128, 2] [1, 1] : tensor<128x4xi64> to !msgs
    return %k : !msgs
  }
}

// Every bfv op with known answers, on one party (x = [1, 2, 3, 4],
// y = [10, 20, 30, 40]; n = 4096, so a row has 2048 slots). Rotations show
// slots 0-3 and 2044-2047 (the end of row 0); the row swap shows slots 0-7
// and 2048-2051 (the start of row 1).

// RUN: mplang-run --sim 1 %s | FileCheck %s
// CHECK:      rank 0: dense<[11, 22, 33, 44]> : tensor<4xi64>,
// CHECK-SAME: dense<[9, 18, 27, 36]> : tensor<4xi64>,
// CHECK-SAME: dense<[11, 22, 33, 44]> : tensor<4xi64>,
// CHECK-SAME: dense<[11, 22, 33, 44]> : tensor<4xi64>,
// CHECK-SAME: dense<[9, 18, 27, 36]> : tensor<4xi64>,
// CHECK-SAME: dense<[-9, -18, -27, -36]> : tensor<4xi64>,
// CHECK-SAME: dense<[10, 40, 90, 160]> : tensor<4xi64>,
// CHECK-SAME: dense<[10, 40, 90, 160]> : tensor<4xi64>,
// CHECK-SAME: dense<[10, 40, 90, 160]> : tensor<4xi64>,
// CHECK-SAME: dense<4> : tensor<4xi64>,
// CHECK-SAME: dense<[2, 3, 4, 0, 0, 0, 0, 1]> : tensor<8xi64>,
// CHECK-SAME: dense<[0, 1, 2, 3]> : tensor<4xi64>,
// CHECK-SAME: dense<[4, 0, 0, 0]> : tensor<4xi64>,
// CHECK-SAME: dense<[1, 2, 3, 4]> : tensor<4xi64>,
// CHECK-SAME: dense<[10, 20, 30, 40, 0, 0, 0, 0, 1, 2, 3, 4]> : tensor<12xi64>,
// CHECK-SAME: dense<[11, 22, 33, 44]> : tensor<4xi64>{{$}}

// Results that are BFV objects print as their kind.
// RUN: mplang-run --sim 1 %s --entry objects | FileCheck %s --check-prefix=OBJECTS
// OBJECTS: rank 0: <bfv.public_key>, <bfv.ciphertext>{{$}}

#p = #bfv.params<n = 4096, t = 1032193, q_bits = [36, 36, 37]>
!ct = !bfv.ciphertext<i64, #p>
!pk = !bfv.public_key<#p>
!sk = !bfv.secret_key<#p>
!rk = !bfv.relin_key<#p>
!gk = !bfv.galois_key<#p>
!pt = !bfv.plaintext<i64, #p>
!encoder = !bfv.encoder<#p>
!v = tensor<4xi64>
!r = !simp.mp<tensor<4xi64>, [0]>

module attributes {simp.world_size = 1 : i64} {
  func.func @main() -> (!r, !r, !r, !r, !r, !r, !r, !r, !r, !r,
                        !simp.mp<tensor<8xi64>, [0]>, !r, !r, !r,
                        !simp.mp<tensor<12xi64>, [0]>, !r) {
    %0:16 = simp.pcall [0] () : () -> (!r, !r, !r, !r, !r, !r, !r, !r, !r, !r,
                                       !simp.mp<tensor<8xi64>, [0]>, !r, !r,
                                       !r, !simp.mp<tensor<12xi64>, [0]>, !r) {
      %xv = arith.constant dense<[1, 2, 3, 4]> : !v
      %yv = arith.constant dense<[10, 20, 30, 40]> : !v
      %twos = arith.constant dense<2> : !v
      %m = arith.constant dense<[[1, 2, 3, 4], [10, 20, 30, 40]]> : tensor<2x4xi64>
      %pk, %sk = bfv.keygen : !pk, !sk
      %rk = bfv.make_relin_keys %sk : !sk
      %gk = bfv.make_galois_keys %sk : !sk
      %enc = bfv.create_encoder : !encoder
      %x = bfv.encode %xv, %enc : !v, !encoder -> !pt
      %y = bfv.encode %yv, %enc : !v, !encoder -> !pt
      %two = bfv.encode %twos, %enc : !v, !encoder -> !pt
      %cx = bfv.encrypt %x, %pk : !pt, !pk
      %cy = bfv.encrypt %y, %pk : !pt, !pk
      %ctwo = bfv.encrypt %two, %pk : !pt, !pk

      %add = bfv.add %cx, %cy : (!ct, !ct) -> !ct
      %sub = bfv.sub %cy, %cx : (!ct, !ct) -> !ct
      %addp = bfv.add %cy, %x : (!ct, !pt) -> !ct
      %padd = bfv.add %x, %cy : (!pt, !ct) -> !ct
      %subp = bfv.sub %cy, %x : (!ct, !pt) -> !ct
      %psub = bfv.sub %x, %cy : (!pt, !ct) -> !ct
      %mulp = bfv.mul %cx, %y : (!ct, !pt) -> !ct
      %pmul = bfv.mul %y, %cx : (!pt, !ct) -> !ct
      %mul3 = bfv.mul %cx, %cy : (!ct, !ct) -> !ct
      %mul = bfv.relinearize %mul3, %rk : !ct, !rk
      %sq3 = bfv.mul %ctwo, %ctwo : (!ct, !ct) -> !ct
      %sq = bfv.relinearize %sq3, %rk : !ct, !rk
      %rot1 = bfv.rotate %cx, %gk by 1 : !ct, !gk
      %rotm1 = bfv.rotate %cx, %gk by -1 : !ct, !gk
      // Composed from the power-of-two keys (4 - 1).
      %rot3 = bfv.rotate %cx, %gk by 3 : !ct, !gk
      %rot0 = bfv.rotate %cx, %gk by 0 : !ct, !gk
      // Row 0 holds y, row 1 holds x.
      %swapped = bfv.rotate_columns %cx, %gk : !ct, !gk
      %rows = bfv.add %swapped, %cy : (!ct, !ct) -> !ct
      %b0, %b1 = bfv.batch_encode %m, %enc : tensor<2x4xi64>, !encoder -> !pt, !pt
      %cb0 = bfv.encrypt %b0, %pk : !pt, !pk
      %batch = bfv.add %cb0, %b1 : (!ct, !pt) -> !ct

      %d0 = bfv.decrypt %add, %sk : !ct, !sk
      %r0 = bfv.decode %d0, %enc : !pt, !encoder -> !v
      %d1 = bfv.decrypt %sub, %sk : !ct, !sk
      %r1 = bfv.decode %d1, %enc : !pt, !encoder -> !v
      %d2 = bfv.decrypt %addp, %sk : !ct, !sk
      %r2 = bfv.decode %d2, %enc : !pt, !encoder -> !v
      %d3 = bfv.decrypt %padd, %sk : !ct, !sk
      %r3 = bfv.decode %d3, %enc : !pt, !encoder -> !v
      %d4 = bfv.decrypt %subp, %sk : !ct, !sk
      %r4 = bfv.decode %d4, %enc : !pt, !encoder -> !v
      %d5 = bfv.decrypt %psub, %sk : !ct, !sk
      %r5 = bfv.decode %d5, %enc : !pt, !encoder -> !v
      %d6 = bfv.decrypt %mulp, %sk : !ct, !sk
      %r6 = bfv.decode %d6, %enc : !pt, !encoder -> !v
      %d7 = bfv.decrypt %pmul, %sk : !ct, !sk
      %r7 = bfv.decode %d7, %enc : !pt, !encoder -> !v
      %d8 = bfv.decrypt %mul, %sk : !ct, !sk
      %r8 = bfv.decode %d8, %enc : !pt, !encoder -> !v
      %d9 = bfv.decrypt %sq, %sk : !ct, !sk
      %r9 = bfv.decode %d9, %enc : !pt, !encoder -> !v
      %d10 = bfv.decrypt %rot1, %sk : !ct, !sk
      %row0 = bfv.decode %d10, %enc : !pt, !encoder -> tensor<2048xi64>
      %head = tensor.extract_slice %row0[0] [4] [1] : tensor<2048xi64> to !v
      %tail = tensor.extract_slice %row0[2044] [4] [1] : tensor<2048xi64> to !v
      %r10 = tensor.concat dim(0) %head, %tail : (!v, !v) -> tensor<8xi64>
      %d11 = bfv.decrypt %rotm1, %sk : !ct, !sk
      %r11 = bfv.decode %d11, %enc : !pt, !encoder -> !v
      %d12 = bfv.decrypt %rot3, %sk : !ct, !sk
      %r12 = bfv.decode %d12, %enc : !pt, !encoder -> !v
      %d13 = bfv.decrypt %rot0, %sk : !ct, !sk
      %r13 = bfv.decode %d13, %enc : !pt, !encoder -> !v
      %d14 = bfv.decrypt %rows, %sk : !ct, !sk
      %rows2 = bfv.decode %d14, %enc : !pt, !encoder -> tensor<2052xi64>
      %front = tensor.extract_slice %rows2[0] [8] [1] : tensor<2052xi64> to tensor<8xi64>
      %row1 = tensor.extract_slice %rows2[2048] [4] [1] : tensor<2052xi64> to !v
      %r14 = tensor.concat dim(0) %front, %row1 : (tensor<8xi64>, !v) -> tensor<12xi64>
      %d15 = bfv.decrypt %batch, %sk : !ct, !sk
      %r15 = bfv.decode %d15, %enc : !pt, !encoder -> !v
      simp.yield %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11,
                 %r12, %r13, %r14, %r15
          : !v, !v, !v, !v, !v, !v, !v, !v, !v, !v, tensor<8xi64>, !v, !v,
            !v, tensor<12xi64>, !v
    }
    return %0#0, %0#1, %0#2, %0#3, %0#4, %0#5, %0#6, %0#7, %0#8, %0#9, %0#10,
           %0#11, %0#12, %0#13, %0#14, %0#15
        : !r, !r, !r, !r, !r, !r, !r, !r, !r, !r,
          !simp.mp<tensor<8xi64>, [0]>, !r, !r, !r,
          !simp.mp<tensor<12xi64>, [0]>, !r
  }

  func.func @objects() -> (!simp.mp<!pk, [0]>, !simp.mp<!ct, [0]>) {
    %0:2 = simp.pcall [0] () : () -> (!simp.mp<!pk, [0]>, !simp.mp<!ct, [0]>) {
      %xv = arith.constant dense<[1, 2, 3, 4]> : !v
      %pk, %sk = bfv.keygen : !pk, !sk
      %enc = bfv.create_encoder : !encoder
      %x = bfv.encode %xv, %enc : !v, !encoder -> !pt
      %cx = bfv.encrypt %x, %pk : !pt, !pk
      simp.yield %pk, %cx : !pk, !ct
    }
    return %0#0, %0#1 : !simp.mp<!pk, [0]>, !simp.mp<!ct, [0]>
  }
}

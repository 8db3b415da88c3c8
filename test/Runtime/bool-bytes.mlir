// An i1 value holds 0 or 1 in each byte wherever bytes become i1: a bool
// .npy file (--input, an argument by reference, store.load) and an AES-GCM
// plaintext declared i1 with other bytes are refused, with the same message
// whether local code is interpreted or compiled. The interpreter read bit 0
// and compiled code the whole byte, so one program printed different
// results under --jit=on and --jit=off. Messages from peers are checked the
// same way (SerializeTest).
// RUN: rm -rf %t && mkdir -p %t/rank0
// RUN: %python %S/Utils/make-npy.py %t/rank0/bad.npy '|b1' '(4,)' 1,0,2,1
// RUN: %python %S/Utils/make-npy.py %t/rank0/good.npy '|b1' '(4,)' 1,0,1,1
// RUN: not mplang-run --sim 1 --jit=off %s --input 0:0=%t/rank0/bad.npy 2>&1 | FileCheck %s --check-prefix=NPY
// RUN: not mplang-run --sim 1 --jit=on %s --input 0:0=%t/rank0/bad.npy 2>&1 | FileCheck %s --check-prefix=NPY
// NPY: error: binding '0:0={{.*}}bad.npy': {{.*}}bad.npy: .npy bool data holds bytes other than 0 and 1
// RUN: not mplang-run --sim 1 --jit=off %s --data-root %t --input 0:0=@fs://bad.npy 2>&1 | FileCheck %s --check-prefix=REF
// RUN: not mplang-run --local 1 --jit=on %s --data-root %t --input 0:0=@fs://bad.npy 2>&1 | FileCheck %s --check-prefix=REF
// REF: fs://bad.npy: .npy bool data holds bytes other than 0 and 1
// RUN: not mplang-run --sim 1 --jit=off %s --data-root %t --entry load 2>&1 | FileCheck %s --check-prefix=LOAD
// RUN: not mplang-run --sim 1 --jit=on %s --data-root %t --entry load 2>&1 | FileCheck %s --check-prefix=LOAD
// LOAD: rank 0 failed: {{.*}}fs://bad.npy: .npy bool data holds bytes other than 0 and 1
// RUN: mplang-run --sim 1 --jit=off %s --input 0:0=%t/rank0/good.npy | FileCheck %s
// RUN: mplang-run --sim 1 --jit=on %s --input 0:0=%t/rank0/good.npy | FileCheck %s
// CHECK: rank 0: dense<[10, 20, 10, 10]> : tensor<4xi32>, dense<[1, 0, 1, 1]> : tensor<4xi32>

// RUN: not mplang-run --sim 1 --jit=off %s --entry decrypt --arg '0:0=dense<[1, 0, 2, 1]> : tensor<4xi8>' 2>&1 | FileCheck %s --check-prefix=AES
// RUN: not mplang-run --sim 1 --jit=on %s --entry decrypt --arg '0:0=dense<[1, 0, 2, 1]> : tensor<4xi8>' 2>&1 | FileCheck %s --check-prefix=AES
// AES: rank 0 failed: {{.*}}crypto.aes_gcm_decrypt: the plaintext holds bytes other than 0 and 1 for its i1 elements
// RUN: mplang-run --sim 1 --jit=off %s --entry decrypt --arg '0:0=dense<[1, 0, 1, 1]> : tensor<4xi8>' | FileCheck %s
// RUN: mplang-run --sim 1 --jit=on %s --entry decrypt --arg '0:0=dense<[1, 0, 1, 1]> : tensor<4xi8>' | FileCheck %s

// bfv.decode truncates each slot to the element's width: bit 0 for i1
// (a slot -1 was decoded as the byte 0xff, which compiled code read as 255).
// RUN: mplang-run --sim 1 --jit=off %s --entry decode | FileCheck %s --check-prefix=DECODE
// RUN: mplang-run --sim 1 --jit=on %s --entry decode | FileCheck %s --check-prefix=DECODE
// DECODE: rank 0: dense<[20, 10, 10, 20]> : tensor<4xi32>, dense<[0, 1, 1, 0]> : tensor<4xi32>

#p = #bfv.params<n = 4096, t = 1032193, q_bits = [36, 36, 37]>
!pt1 = !bfv.plaintext<i1, #p>
!ct1 = !bfv.ciphertext<i1, #p>
!mask = tensor<4xi1>
!out = tensor<4xi32>

module attributes {simp.world_size = 1 : i64} {
  // Mask arithmetic: a select and a zero extension of each element.
  func.func private @use(%m: !mask) -> (!out, !out) {
    %a = arith.constant dense<10> : !out
    %b = arith.constant dense<20> : !out
    %s = arith.select %m, %a, %b : !mask, !out
    %e = arith.extui %m : !mask to !out
    return %s, %e : !out, !out
  }

  func.func @main(%x: !simp.mp<!mask, [0]>) -> (!simp.mp<!out, [0]>, !simp.mp<!out, [0]>) {
    %s, %e = simp.pcall [0] (%x) : (!simp.mp<!mask, [0]>) -> (!simp.mp<!out, [0]>, !simp.mp<!out, [0]>) {
    ^bb0(%m: !mask):
      %s, %e = func.call @use(%m) : (!mask) -> (!out, !out)
      simp.yield %s, %e : !out, !out
    }
    return %s, %e : !simp.mp<!out, [0]>, !simp.mp<!out, [0]>
  }

  func.func @load() -> (!simp.mp<!out, [0]>, !simp.mp<!out, [0]>) {
    %s, %e = simp.pcall [0] () : () -> (!simp.mp<!out, [0]>, !simp.mp<!out, [0]>) {
      %m = store.load "fs://bad.npy" : !mask
      %s, %e = func.call @use(%m) : (!mask) -> (!out, !out)
      simp.yield %s, %e : !out, !out
    }
    return %s, %e : !simp.mp<!out, [0]>, !simp.mp<!out, [0]>
  }

  func.func @decode() -> (!simp.mp<!out, [0]>, !simp.mp<!out, [0]>) {
    %s, %e = simp.pcall [0] () : () -> (!simp.mp<!out, [0]>, !simp.mp<!out, [0]>) {
      %a = arith.constant dense<[true, true, false, false]> : !mask
      %b = arith.constant dense<[true, false, true, false]> : !mask
      %pk, %sk = bfv.keygen : !bfv.public_key<#p>, !bfv.secret_key<#p>
      %enc = bfv.create_encoder : !bfv.encoder<#p>
      %pa = bfv.encode %a, %enc : !mask, !bfv.encoder<#p> -> !pt1
      %pb = bfv.encode %b, %enc : !mask, !bfv.encoder<#p> -> !pt1
      %ca = bfv.encrypt %pa, %pk : !pt1, !bfv.public_key<#p>
      %cb = bfv.encrypt %pb, %pk : !pt1, !bfv.public_key<#p>
      // Slots [0, 1, -1, 0]: -1 was decoded as the byte 0xff.
      %cd = bfv.sub %ca, %cb : (!ct1, !ct1) -> !ct1
      %pd = bfv.decrypt %cd, %sk : !ct1, !bfv.secret_key<#p>
      %m = bfv.decode %pd, %enc : !pt1, !bfv.encoder<#p> -> !mask
      %s, %e = func.call @use(%m) : (!mask) -> (!out, !out)
      simp.yield %s, %e : !out, !out
    }
    return %s, %e : !simp.mp<!out, [0]>, !simp.mp<!out, [0]>
  }

  // The bytes of %p encrypted, then decrypted as booleans.
  func.func @decrypt(%x: !simp.mp<tensor<4xi8>, [0]>) -> (!simp.mp<!out, [0]>, !simp.mp<!out, [0]>) {
    %s, %e = simp.pcall [0] (%x) : (!simp.mp<tensor<4xi8>, [0]>) -> (!simp.mp<!out, [0]>, !simp.mp<!out, [0]>) {
    ^bb0(%p: tensor<4xi8>):
      %key = arith.constant dense<7> : tensor<32xi8>
      %nonce = arith.constant dense<3> : tensor<12xi8>
      %c = crypto.aes_gcm_encrypt %key, %nonce, %p : (tensor<32xi8>, tensor<12xi8>, tensor<4xi8>) -> tensor<20xi8>
      %m = crypto.aes_gcm_decrypt %key, %nonce, %c : (tensor<32xi8>, tensor<12xi8>, tensor<20xi8>) -> !mask
      %s, %e = func.call @use(%m) : (!mask) -> (!out, !out)
      simp.yield %s, %e : !out, !out
    }
    return %s, %e : !simp.mp<!out, [0]>, !simp.mp<!out, [0]>
  }
}

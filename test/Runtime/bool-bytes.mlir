// An i1 value holds 0 or 1 in each byte wherever bytes become i1: a bool
// .npy file (--input, an argument by reference, store.load) and an AES-GCM
// plaintext declared i1 with other bytes are refused, with the same message
// whether local code is interpreted or compiled. The interpreter read bit 0
// and compiled code the whole byte, so one program printed different
// results under --jit=on and --jit=off. Messages from peers are checked the
// same way (SerializeTest).
// RUN: rm -rf %t && mkdir -p %t/rank0
// RUN: %python %S/make-npy.py %t/rank0/bad.npy '|b1' '(4,)' 1,0,2,1
// RUN: %python %S/make-npy.py %t/rank0/good.npy '|b1' '(4,)' 1,0,1,1
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

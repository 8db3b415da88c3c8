// The store dialect on each party's own files: @setup writes each party's
// input into its own store (rank R's is %t/rankR), then the two-party BFV
// addition loads them there, in the simulator and on worker processes, with
// identical results, and P0 keeps the sum as a file of its own.
// RUN: rm -rf %t && mkdir %t
// RUN: mplang-run --sim 2 %s --entry setup --data-root %t | FileCheck %s --check-prefix=SETUP
// SETUP:      rank 0: dense<[1, 2, 3, 4]> : tensor<4xi64>, <absent>
// SETUP-NEXT: rank 1: <absent>, dense<[10, 20, 30, 40]> : tensor<4xi64>
// RUN: mplang-run --sim 2 %examples/bfv_stored_add.mlir --data-root %t | FileCheck %s
// RUN: %python %S/../Utils/read-npy-i64.py %t/rank0/out/sum.npy | FileCheck %s --check-prefix=FILE
// RUN: rm %t/rank0/out/sum.npy
// RUN: mplang-run --local 2 %examples/bfv_stored_add.mlir --data-root %t | FileCheck %s
// RUN: %python %S/../Utils/read-npy-i64.py %t/rank0/out/sum.npy | FileCheck %s --check-prefix=FILE
// CHECK:      rank 0: dense<[11, 22, 33, 44]> : tensor<4xi64>
// CHECK-NEXT: rank 1: <absent>
// FILE: (4,) [11, 22, 33, 44]
// No rank's store holds the other's file.
// RUN: test ! -e %t/rank1/x.npy && test ! -e %t/rank0/y.npy && test ! -e %t/rank1/out

// Inputs by reference: each worker loads the original example's argument
// from its own store; the job bodies the driver sent hold the URIs and not
// the vectors' bytes (which the same recording finds when they are passed
// by value).
// RUN: mplang-run --local 2 %examples/bfv_encrypted_add.mlir --data-root %t --input 0:0=@fs://x.npy --input 1:1=@fs://y.npy --record-requests %t/by-reference.bin | FileCheck %s
// RUN: %python %S/../Utils/find-i64.py %t/by-reference.bin 1 2 3 4 | FileCheck %s --check-prefix=ABSENT
// RUN: %python %S/../Utils/find-i64.py %t/by-reference.bin 10 20 30 40 | FileCheck %s --check-prefix=ABSENT
// RUN: grep -ao '@fs://[xy].npy' %t/by-reference.bin | sort | FileCheck %s --check-prefix=URIS
// RUN: mplang-run --local 2 %examples/bfv_encrypted_add.mlir --arg 0:0='dense<[1, 2, 3, 4]> : tensor<4xi64>' --arg 1:1='dense<[10, 20, 30, 40]> : tensor<4xi64>' --record-requests %t/by-value.bin | FileCheck %s
// RUN: %python %S/../Utils/find-i64.py %t/by-value.bin 1 2 3 4 | FileCheck %s --check-prefix=FOUND
// RUN: mplang-run --sim 2 %examples/bfv_encrypted_add.mlir --data-root %t --input 0:0=@fs://x.npy --input 1:1=@fs://y.npy | FileCheck %s
// ABSENT: absent
// FOUND: found
// URIS:      @fs://x.npy
// URIS-NEXT: @fs://y.npy
// RUN: not mplang-run --local 2 %examples/bfv_encrypted_add.mlir --data-root %t --input 0:0=@fs://x.npy --input 1:1=@fs://x.npy 2>&1 | FileCheck %s --check-prefix=REFMISSING
// REFMISSING: rank 1 {{.*}}argument 0: fs://x.npy: no such object in the party's store
// RUN: not mplang-run --sim 2 %examples/bfv_encrypted_add.mlir --data-root %t --input 0:0=@fs://x.npy --input 1:1=@fs://x.npy 2>&1 | FileCheck %s --check-prefix=REFMISSING-SIM
// REFMISSING-SIM: binding '1:1=@fs://x.npy': fs://x.npy: no such object in the party's store

// A kept result stays in its party's store; its URI is printed instead.
// RUN: mplang-run --sim 2 %examples/bfv_encrypted_add.mlir --data-root %t --input 0:0=@fs://x.npy --input 1:1=@fs://y.npy --keep 0:0=fs://kept/sum.npy | FileCheck %s --check-prefix=KEPT
// KEPT:      rank 0: fs://kept/sum.npy
// KEPT-NEXT: rank 1: <absent>
// RUN: %python %S/../Utils/read-npy-i64.py %t/rank0/kept/sum.npy | FileCheck %s --check-prefix=FILE
// RUN: not mplang-run --sim 2 %examples/bfv_encrypted_add.mlir --data-root %t --input 0:0=@fs://x.npy --input 1:1=@fs://y.npy --keep 1:0 2>&1 | FileCheck %s --check-prefix=KEEPBAD
// KEEPBAD: error: --keep '1:0': rank 1 does not hold result 0

// Refusals, each naming the URI; the same program on workers says the same.
// RUN: not mplang-run --sim 2 %s --entry missing --data-root %t 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not mplang-run --local 2 %s --entry missing --data-root %t 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: rank 1 failed: {{.*}}fs://x.npy: no such object in the party's store
// RUN: not mplang-run --sim 2 %s --entry dtype --data-root %t 2>&1 | FileCheck %s --check-prefix=DTYPE
// DTYPE: rank 0 failed: {{.*}}fs://x.npy holds a tensor<4xi64> where tensor<4xi32> is declared
// RUN: not mplang-run --sim 2 %s --entry shape --data-root %t 2>&1 | FileCheck %s --check-prefix=SHAPE
// SHAPE: rank 0 failed: {{.*}}fs://x.npy holds a tensor<4xi64> where tensor<2x2xi64> is declared
// RUN: not mplang-run --sim 2 %s --entry missing 2>&1 | FileCheck %s --check-prefix=NOROOT
// Neither rank has a root; whichever fails first aborts the other.
// NOROOT: rank {{[01]}} failed: {{.*}}fs://x.npy: this party has no data root (mplang-worker --data-root, mplang-run --data-root)
// A --data-root that does not exist is refused before anything runs, as
// mplang-worker refuses one: a mistyped root creates no stray store.
// RUN: rm -rf %t.missing
// RUN: not mplang-run --sim 2 %s --entry setup --data-root %t.missing 2>&1 | FileCheck %s --check-prefix=NODIR
// RUN: not mplang-run --local 2 %s --entry setup --data-root %t.missing 2>&1 | FileCheck %s --check-prefix=NODIR
// RUN: test ! -e %t.missing
// NODIR: mplang-run: error: --data-root '{{.*}}.missing' is not a directory

// Symbolic links are never followed, whether they leave the root (a
// directory or a file of the other party) or not.
// RUN: ln -s %t/rank1 %t/rank0/other && ln -s ../rank1/y.npy %t/rank0/x-link.npy
// RUN: not mplang-run --sim 2 %s --entry symlink_dir --data-root %t 2>&1 | FileCheck %s --check-prefix=LINKDIR
// LINKDIR: rank 0 failed: {{.*}}fs://other/y.npy: 'other' is a symbolic link, which the store does not follow
// RUN: not mplang-run --local 2 %s --entry symlink_file --data-root %t 2>&1 | FileCheck %s --check-prefix=LINKFILE
// LINKFILE: rank 0 failed: {{.*}}fs://x-link.npy: 'x-link.npy' is a symbolic link, which the store does not follow

// A BFV key is saved in its serialized form and read back only as its type.
// RUN: mplang-run --sim 2 %s --entry save_key --data-root %t | FileCheck %s --check-prefix=KEY
// KEY: rank 0: <bfv.public_key>
// RUN: not mplang-run --sim 2 %s --entry load_key_as_secret --data-root %t 2>&1 | FileCheck %s --check-prefix=KEYTYPE
// KEYTYPE: rank 0 failed: {{.*}}fs://keys/pk.bfv holds a {{.*}} where !bfv.secret_key<#bfv.params<n = 4096, t = 1032193, q_bits = [36, 36, 37]>> is declared

#p = #bfv.params<n = 4096, t = 1032193, q_bits = [36, 36, 37]>
!pk = !bfv.public_key<#p>
!sk = !bfv.secret_key<#p>

module attributes {simp.world_size = 2 : i64} {
  func.func @setup() -> (!simp.mp<tensor<4xi64>, [0]>, !simp.mp<tensor<4xi64>, [1]>) {
    %x = simp.pcall [0] () : () -> !simp.mp<tensor<4xi64>, [0]> {
      %c = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi64>
      store.save %c, "fs://x.npy" : tensor<4xi64>
      simp.yield %c : tensor<4xi64>
    }
    %y = simp.pcall [1] () : () -> !simp.mp<tensor<4xi64>, [1]> {
      %c = arith.constant dense<[10, 20, 30, 40]> : tensor<4xi64>
      store.save %c, "fs://y.npy" : tensor<4xi64>
      simp.yield %c : tensor<4xi64>
    }
    return %x, %y : !simp.mp<tensor<4xi64>, [0]>, !simp.mp<tensor<4xi64>, [1]>
  }

  // Both parties load the same name; only P1's store lacks it.
  func.func @missing() -> !simp.mp<tensor<4xi64>, [0, 1]> {
    %v = simp.pcall [0, 1] () : () -> !simp.mp<tensor<4xi64>, [0, 1]> {
      %x = store.load "fs://x.npy" : tensor<4xi64>
      simp.yield %x : tensor<4xi64>
    }
    return %v : !simp.mp<tensor<4xi64>, [0, 1]>
  }

  func.func @dtype() -> !simp.mp<tensor<4xi32>, [0]> {
    %v = simp.pcall [0] () : () -> !simp.mp<tensor<4xi32>, [0]> {
      %x = store.load "fs://x.npy" : tensor<4xi32>
      simp.yield %x : tensor<4xi32>
    }
    return %v : !simp.mp<tensor<4xi32>, [0]>
  }

  func.func @shape() -> !simp.mp<tensor<2x2xi64>, [0]> {
    %v = simp.pcall [0] () : () -> !simp.mp<tensor<2x2xi64>, [0]> {
      %x = store.load "fs://x.npy" : tensor<2x2xi64>
      simp.yield %x : tensor<2x2xi64>
    }
    return %v : !simp.mp<tensor<2x2xi64>, [0]>
  }

  func.func @symlink_dir() -> !simp.mp<tensor<4xi64>, [0]> {
    %v = simp.pcall [0] () : () -> !simp.mp<tensor<4xi64>, [0]> {
      %x = store.load "fs://other/y.npy" : tensor<4xi64>
      simp.yield %x : tensor<4xi64>
    }
    return %v : !simp.mp<tensor<4xi64>, [0]>
  }

  func.func @symlink_file() -> !simp.mp<tensor<4xi64>, [0]> {
    %v = simp.pcall [0] () : () -> !simp.mp<tensor<4xi64>, [0]> {
      %x = store.load "fs://x-link.npy" : tensor<4xi64>
      simp.yield %x : tensor<4xi64>
    }
    return %v : !simp.mp<tensor<4xi64>, [0]>
  }

  func.func @save_key() -> !simp.mp<!pk, [0]> {
    %k = simp.pcall [0] () : () -> !simp.mp<!pk, [0]> {
      %pub, %sec = bfv.keygen : !pk, !sk
      store.save %pub, "fs://keys/pk.bfv" : !pk
      simp.yield %pub : !pk
    }
    return %k : !simp.mp<!pk, [0]>
  }

  func.func @load_key_as_secret() -> !simp.mp<!sk, [0]> {
    %k = simp.pcall [0] () : () -> !simp.mp<!sk, [0]> {
      %sec = store.load "fs://keys/pk.bfv" : !sk
      simp.yield %sec : !sk
    }
    return %k : !simp.mp<!sk, [0]>
  }
}

// What each rank can learn (--simp-disclosure): one case per rule of the
// dataflow and of the labels. The examples' reports are checked in
// test/Examples/disclosure-*.mlir, the option errors in
// disclosure-invalid.mlir.
// RUN: mplang-opt --simp-disclosure -split-input-file -o /dev/null %s | FileCheck %s
// Each rank's part starts with the line --simp-program-digests prints for the
// same invocation, and a projected program gives the same report.
// RUN: mplang-opt --simp-disclosure='inputs=0:0=@fs://a.npy keep=2:0=mem://s' -o /dev/null %examples/sum.mlir > %t.report
// RUN: grep ': @main' %t.report > %t.jobs
// RUN: mplang-opt --simp-program-digests='inputs=0:0=@fs://a.npy keep=2:0=mem://s' -o /dev/null %examples/sum.mlir | diff %t.jobs -
// RUN: FileCheck %s --check-prefix=BOUND < %t.report
// BOUND: rank 0: argument rank0.arg0: i64 (@fs://a.npy) at {{.*}}sum.mlir:5:19
// BOUND: rank 2: saves i64 as mem://s at {{.*}}sum.mlir:18:5
// BOUND-NEXT: rank 2:   depends on rank0.arg0, rank1.arg0, rank2.arg0
// RUN: mplang-opt --simp-disclosure -o /dev/null %examples/psi.mlir > %t.global
// RUN: mplang-opt --simp-project --mlir-print-debuginfo %examples/psi.mlir -o %t.projected.mlir
// RUN: mplang-opt --simp-disclosure -o /dev/null %t.projected.mlir | diff %t.global -

// A clear value: a deterministic function of the sender's argument. The
// sender's ops are listed, back to its argument.
// CHECK-LABEL: rank 0: @main(value) world_size=2 job-sha256:{{[0-9a-f]{64}$}}
// CHECK-NEXT: rank 0: argument rank0.arg0: i64 (value) at {{.*}}disclosure.mlir{{.*}}
// CHECK-NEXT: rank 0: clear from others: none
// CHECK-NEXT: rank 0: randomized from others: none
// CHECK-NEXT: rank 0: encrypted from others: none
// CHECK-NEXT: rank 1: @main() world_size=2 job-sha256:{{[0-9a-f]{64}$}}
// CHECK-NEXT: rank 1: receives clear i64 from rank 0 tag 0 at {{.*}}disclosure.mlir{{.*}}
// CHECK-NEXT: rank 1:   made by rank 0 with arith.constant, arith.muli from rank0.arg0
// CHECK-NEXT: rank 1:   depends on rank0.arg0
// CHECK-NEXT: rank 1: returns result 0: i64
// CHECK-NEXT: rank 1:   depends on rank0.arg0
// CHECK-NEXT: rank 1: clear from others: rank0.arg0
// CHECK-NEXT: rank 1: randomized from others: none
// CHECK-NEXT: rank 1: encrypted from others: none
module attributes {simp.world_size = 2 : i64} {
  func.func @main(%x: !simp.mp<i64, [0]>) -> !simp.mp<i64, [1]> {
    %d = simp.pcall [0] (%x) : (!simp.mp<i64, [0]>) -> !simp.mp<i64, [0]> {
    ^bb0(%v: i64):
      %two = arith.constant 2 : i64
      %m = arith.muli %v, %two : i64
      simp.yield %m : i64
    }
    %y = simp.shuffle %d [1 <- 0] : !simp.mp<i64, [0]> -> !simp.mp<i64, [1]>
    return %y : !simp.mp<i64, [1]>
  }
}

// -----

// Masked with the sender's randomness: randomized, whatever the mask does.
// A rank's own randomness does not make its values randomized.
// CHECK-LABEL: rank 0: @main(value)
// CHECK: rank 0: receives randomized tensor<2xi64> from rank 1 tag 1
// CHECK-NEXT: rank 0:   made by rank 1 with crypto.random_bytes from rank1.random
// CHECK-NEXT: rank 0:   depends on rank1.random
// CHECK-NEXT: rank 0: clear from others: none
// CHECK-NEXT: rank 0: randomized from others: none
// CHECK-LABEL: rank 1: @main()
// CHECK-NEXT: rank 1: receives randomized tensor<2xi64> from rank 0 tag 0
// CHECK-NEXT: rank 1:   made by rank 0 with arith.xori, crypto.random_bytes from rank0.arg0, rank0.random
// CHECK-NEXT: rank 1:   depends on rank0.arg0, rank0.random
// CHECK-NEXT: rank 1: returns result 0: tensor<2xi64>
// CHECK-NEXT: rank 1:   depends on rank0.arg0, rank0.random, rank1.random
// CHECK-NEXT: rank 1: clear from others: none
// CHECK-NEXT: rank 1: randomized from others: rank0.arg0
module attributes {simp.world_size = 2 : i64} {
  func.func @main(%x: !simp.mp<tensor<2xi64>, [0]>) -> !simp.mp<tensor<2xi64>, [1]> {
    %masked = simp.pcall [0] (%x) : (!simp.mp<tensor<2xi64>, [0]>) -> !simp.mp<tensor<2xi64>, [0]> {
    ^bb0(%v: tensor<2xi64>):
      %r = crypto.random_bytes : tensor<2xi64>
      %m = arith.xori %v, %r : tensor<2xi64>
      simp.yield %m : tensor<2xi64>
    }
    %at1 = simp.shuffle %masked [1 <- 0] : !simp.mp<tensor<2xi64>, [0]> -> !simp.mp<tensor<2xi64>, [1]>
    %own = simp.pcall [1] () : () -> !simp.mp<tensor<2xi64>, [1]> {
      %r = crypto.random_bytes : tensor<2xi64>
      simp.yield %r : tensor<2xi64>
    }
    %back = simp.shuffle %own [0 <- 1] : !simp.mp<tensor<2xi64>, [1]> -> !simp.mp<tensor<2xi64>, [0]>
    %sum = simp.pcall [1] (%at1, %own) : (!simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<2xi64>, [1]>) -> !simp.mp<tensor<2xi64>, [1]> {
    ^bb0(%a: tensor<2xi64>, %b: tensor<2xi64>):
      %s = arith.xori %a, %b : tensor<2xi64>
      simp.yield %s : tensor<2xi64>
    }
    return %sum : !simp.mp<tensor<2xi64>, [1]>
  }
}

// -----

// Calls are followed into the callee and back; a function the entry never
// calls is not part of the job, so its messages are not reported.
// CHECK-LABEL: rank 0: @main(value, value)
// CHECK-NOT: receives
// CHECK-LABEL: rank 1: @main()
// CHECK-NEXT: rank 1: receives clear i64 from rank 0 tag 0 in @send at
// CHECK-NEXT: rank 1:   made by rank 0 in @send from rank0.arg0
// CHECK-NEXT: rank 1:   depends on rank0.arg0
// CHECK-NEXT: rank 1: returns result 0: i64
// CHECK-NEXT: rank 1:   depends on rank0.arg0
// CHECK-NEXT: rank 1: clear from others: rank0.arg0
module attributes {simp.world_size = 2 : i64} {
  func.func private @send(%x: !simp.mp<i64, [0]>) -> !simp.mp<i64, [1]> {
    %y = simp.shuffle %x [1 <- 0] : !simp.mp<i64, [0]> -> !simp.mp<i64, [1]>
    return %y : !simp.mp<i64, [1]>
  }
  func.func private @unused(%x: !simp.mp<i64, [0]>) -> !simp.mp<i64, [1]> {
    %y = simp.shuffle %x [1 <- 0] : !simp.mp<i64, [0]> -> !simp.mp<i64, [1]>
    return %y : !simp.mp<i64, [1]>
  }
  func.func @main(%a: !simp.mp<i64, [0]>, %b: !simp.mp<i64, [0]>) -> !simp.mp<i64, [1]> {
    %ya = func.call @send(%a) : (!simp.mp<i64, [0]>) -> !simp.mp<i64, [1]>
    %s = simp.pcall [1] (%ya) : (!simp.mp<i64, [1]>) -> !simp.mp<i64, [1]> {
    ^bb0(%v: i64):
      %w = arith.addi %v, %v : i64
      simp.yield %w : i64
    }
    return %s : !simp.mp<i64, [1]>
  }
}

// -----

// BFV: a ciphertext is encrypted for a rank without a secret key of its
// parameters and decryptable for one with such a key; a decryption is
// reported when another rank's inputs went into it.
// CHECK-LABEL: rank 0: @main(value) world_size=3
// CHECK-NEXT: rank 0: argument rank0.arg0
// CHECK-NEXT: rank 0: receives decryptable !bfv.ciphertext<{{.*}}> from rank 1 tag 2 at
// CHECK-NEXT: rank 0:   made by rank 1 with bfv.create_encoder, bfv.encode, bfv.mul from rank1.arg0, tag 1 from rank 0
// CHECK-NEXT: rank 0:   depends on rank0.arg0, rank1.arg0
// CHECK-NEXT: rank 0: decrypts clear !bfv.plaintext<{{.*}}> at {{.*}}disclosure.mlir{{.*}}
// CHECK-NEXT: rank 0:   depends on rank0.arg0, rank1.arg0
// CHECK-NEXT: rank 0: returns result 0: tensor<4xi64>
// CHECK-NEXT: rank 0:   depends on rank0.arg0, rank1.arg0
// CHECK-NEXT: rank 0: clear from others: rank1.arg0
// CHECK-LABEL: rank 1: @main(value) world_size=3
// CHECK-NEXT: rank 1: argument rank1.arg0
// CHECK-NEXT: rank 1: receives randomized !bfv.public_key<{{.*}}> from rank 0 tag 0 at
// CHECK-NEXT: rank 1:   made by rank 0 with bfv.keygen from rank0.random
// CHECK-NEXT: rank 1:   depends on rank0.random
// CHECK-NEXT: rank 1: receives encrypted !bfv.ciphertext<{{.*}}> from rank 0 tag 1 at
// CHECK-NEXT: rank 1:   made by rank 0 with bfv.create_encoder, bfv.encode, bfv.encrypt, bfv.keygen from rank0.arg0, rank0.random
// CHECK-NEXT: rank 1:   depends on rank0.arg0
// CHECK-NEXT: rank 1: clear from others: none
// CHECK-NEXT: rank 1: randomized from others: none
// CHECK-NEXT: rank 1: encrypted from others: rank0.arg0
// CHECK-LABEL: rank 2: @main() world_size=3
// CHECK-NEXT: rank 2: receives randomized !bfv.secret_key<{{.*}}> from rank 0 tag 3 at
// CHECK-NEXT: rank 2:   made by rank 0 with bfv.keygen from rank0.random
// CHECK-NEXT: rank 2:   depends on rank0.random
// CHECK-NEXT: rank 2: receives decryptable !bfv.ciphertext<{{.*}}> from rank 1 tag 4 at
// CHECK-NEXT: rank 2:   made by rank 1 with bfv.create_encoder, bfv.encode, bfv.mul from rank1.arg0, tag 1 from rank 0
// CHECK-NEXT: rank 2:   depends on rank0.arg0, rank1.arg0
// CHECK-NEXT: rank 2: decrypts clear !bfv.plaintext<{{.*}}> at
// CHECK-NEXT: rank 2:   depends on rank0.arg0, rank1.arg0
// CHECK-NEXT: rank 2: returns result 0: tensor<4xi64>
// CHECK-NEXT: rank 2:   depends on rank0.arg0, rank1.arg0
// CHECK-NEXT: rank 2: clear from others: rank0.arg0, rank1.arg0
#p = #bfv.params<n = 4096, t = 1032193>
!ct = !bfv.ciphertext<i64, #p>
!pk = !bfv.public_key<#p>
!sk = !bfv.secret_key<#p>
!pt = !bfv.plaintext<i64, #p>
!enc = !bfv.encoder<#p>
module attributes {simp.world_size = 3 : i64} {
  func.func @main(%x: !simp.mp<tensor<4xi64>, [0]>, %y: !simp.mp<tensor<4xi64>, [1]>)
      -> (!simp.mp<tensor<4xi64>, [0]>, !simp.mp<tensor<4xi64>, [2]>) {
    %pk, %sk, %cx, %own = simp.pcall [0] (%x) : (!simp.mp<tensor<4xi64>, [0]>)
        -> (!simp.mp<!pk, [0]>, !simp.mp<!sk, [0]>, !simp.mp<!ct, [0]>, !simp.mp<tensor<4xi64>, [0]>) {
    ^bb0(%v: tensor<4xi64>):
      %pub, %sec = bfv.keygen : !pk, !sk
      %e = bfv.create_encoder : !enc
      %p = bfv.encode %v, %e : tensor<4xi64>, !enc -> !pt
      %c = bfv.encrypt %p, %pub : !pt, !pk
      // Decrypting its own ciphertext reveals nothing new.
      %d = bfv.decrypt %c, %sec : !ct, !sk
      %r = bfv.decode %d, %e : !pt, !enc -> tensor<4xi64>
      simp.yield %pub, %sec, %c, %r : !pk, !sk, !ct, tensor<4xi64>
    }
    %pk1 = simp.shuffle %pk [1 <- 0] : !simp.mp<!pk, [0]> -> !simp.mp<!pk, [1]>
    %cx1 = simp.shuffle %cx [1 <- 0] : !simp.mp<!ct, [0]> -> !simp.mp<!ct, [1]>
    %prod = simp.pcall [1] (%y, %pk1, %cx1) : (!simp.mp<tensor<4xi64>, [1]>, !simp.mp<!pk, [1]>, !simp.mp<!ct, [1]>) -> !simp.mp<!ct, [1]> {
    ^bb0(%v: tensor<4xi64>, %pub: !pk, %c: !ct):
      %e = bfv.create_encoder : !enc
      %p = bfv.encode %v, %e : tensor<4xi64>, !enc -> !pt
      %m = bfv.mul %c, %p : (!ct, !pt) -> !ct
      simp.yield %m : !ct
    }
    %prod0 = simp.shuffle %prod [0 <- 1] : !simp.mp<!ct, [1]> -> !simp.mp<!ct, [0]>
    // Rank 2 gets the secret key, so it can decrypt what it receives.
    %sk2 = simp.shuffle %sk [2 <- 0] : !simp.mp<!sk, [0]> -> !simp.mp<!sk, [2]>
    %prod2 = simp.shuffle %prod [2 <- 1] : !simp.mp<!ct, [1]> -> !simp.mp<!ct, [2]>
    %r0 = simp.pcall [0] (%prod0, %sk) : (!simp.mp<!ct, [0]>, !simp.mp<!sk, [0]>) -> !simp.mp<tensor<4xi64>, [0]> {
    ^bb0(%c: !ct, %sec: !sk):
      %d = bfv.decrypt %c, %sec : !ct, !sk
      %e = bfv.create_encoder : !enc
      %r = bfv.decode %d, %e : !pt, !enc -> tensor<4xi64>
      simp.yield %r : tensor<4xi64>
    }
    %r2 = simp.pcall [2] (%prod2, %sk2) : (!simp.mp<!ct, [2]>, !simp.mp<!sk, [2]>) -> !simp.mp<tensor<4xi64>, [2]> {
    ^bb0(%c: !ct, %sec: !sk):
      %d = bfv.decrypt %c, %sec : !ct, !sk
      %e = bfv.create_encoder : !enc
      %r = bfv.decode %d, %e : !pt, !enc -> tensor<4xi64>
      simp.yield %r : tensor<4xi64>
    }
    return %r0, %r2 : !simp.mp<tensor<4xi64>, [0]>, !simp.mp<tensor<4xi64>, [2]>
  }
}

// -----

// Collectives: an agreed predicate comes from every participant; the piece
// an exchange returns may be any participant's, and so may its index.
// CHECK-LABEL: rank 0: @main(value, value, value)
// CHECK: rank 0: receives clear i1 from ranks [1] by simp.agree tag 2 at
// CHECK-NEXT: rank 0:   made by rank 1 from tag 1 from rank 0
// CHECK-NEXT: rank 0:   depends on rank0.arg0
// CHECK-NEXT: rank 0: receives clear i64 from ranks [1] by simp.exchange tag 3 at
// CHECK-NEXT: rank 0:   made by rank 1 from rank1.arg0
// CHECK-NEXT: rank 0:   depends on rank0.arg1, rank0.arg2, rank1.arg0, rank1.arg1
// CHECK-NEXT: rank 0: returns result 0: i64
// CHECK-NEXT: rank 0:   depends on rank0.arg0, rank0.arg1
// CHECK-NEXT: rank 0: returns result 1: i64
// CHECK-NEXT: rank 0:   depends on rank0.arg1, rank0.arg2, rank1.arg0, rank1.arg1
// CHECK-NEXT: rank 0: clear from others: rank1.arg0, rank1.arg1
// CHECK-LABEL: rank 1: @main(value, value)
// CHECK: rank 1: receives clear i1 from rank 0 tag 1 at
// CHECK-NEXT: rank 1:   made by rank 0 from rank0.arg0
// CHECK-NEXT: rank 1:   depends on rank0.arg0
// CHECK-NEXT: rank 1: receives clear i1 from ranks [0] by simp.agree tag 2 at
// CHECK: rank 1: clear from others: rank0.arg0, rank0.arg1, rank0.arg2
module attributes {simp.world_size = 2 : i64} {
  func.func @main(%p: !simp.mp<i1, [0]>, %x: !simp.mp<i64, [0, 1]>, %i: !simp.mp<tensor<i64>, [0, 1]>)
      -> (!simp.mp<i64, [0, 1]>, !simp.mp<i64, ?>) {
    %both = simp.shuffle %p [0 <- 0, 1 <- 0] : !simp.mp<i1, [0]> -> !simp.mp<i1, [0, 1]>
    %r = simp.uniform_cond %both (%x) : !simp.mp<i1, [0, 1]>, (!simp.mp<i64, [0, 1]>) -> !simp.mp<i64, [0, 1]>
    then {
    ^bb0(%v: !simp.mp<i64, [0, 1]>):
      simp.yield %v : !simp.mp<i64, [0, 1]>
    } else {
    ^bb0(%v: !simp.mp<i64, [0, 1]>):
      %z = simp.pcall [0, 1] () : () -> !simp.mp<i64, [0, 1]> {
        %c = arith.constant 0 : i64
        simp.yield %c : i64
      }
      simp.yield %z : !simp.mp<i64, [0, 1]>
    }
    %e = simp.shuffle_dynamic %x, %i : !simp.mp<i64, [0, 1]>, !simp.mp<tensor<i64>, [0, 1]> -> !simp.mp<i64, ?>
    return %r, %e : !simp.mp<i64, [0, 1]>, !simp.mp<i64, ?>
  }
}

// -----

// A loop's results depend on its predicate; an object loaded from the store
// is a source of its rank, and a save is reported with what it holds.
// CHECK-LABEL: rank 1: @main()
// CHECK-NEXT: rank 1: receives clear i64 from rank 0 tag 1 at
// CHECK-NEXT: rank 1:   made by rank 0 from rank0.arg0
// CHECK-NEXT: rank 1:   depends on rank0.arg0
// CHECK-NEXT: rank 1: receives clear i1 from ranks [0] by simp.agree tag 2 at
// CHECK-NEXT: rank 1:   made by rank 0 with arith.cmpi, arith.constant from rank0.arg0
// CHECK-NEXT: rank 1:   depends on rank0.arg0
// CHECK-NEXT: rank 1: saves i64 as mem://r at {{.*}}disclosure.mlir{{.*}}
// CHECK-NEXT: rank 1:   depends on rank0.arg0, rank1.load(fs://start.npy)
// CHECK-NEXT: rank 1: clear from others: rank0.arg0
module attributes {simp.world_size = 2 : i64} {
  func.func @main(%n: !simp.mp<i64, [0]>) {
    %limit = simp.shuffle %n [0 <- 0, 1 <- 0] : !simp.mp<i64, [0]> -> !simp.mp<i64, [0, 1]>
    %init = simp.pcall [1] () : () -> !simp.mp<i64, [1]> {
      %v = store.load "fs://start.npy" : i64
      simp.yield %v : i64
    }
    %r = simp.while_loop (%init) : (!simp.mp<i64, [1]>) -> !simp.mp<i64, [1]>
    cond {
    ^bb0(%s: !simp.mp<i64, [1]>):
      %c = simp.pcall [0, 1] (%limit) : (!simp.mp<i64, [0, 1]>) -> !simp.mp<i1, [0, 1]> {
      ^bb0(%l: i64):
        %zero = arith.constant 0 : i64
        %lt = arith.cmpi sgt, %l, %zero : i64
        simp.yield %lt : i1
      }
      simp.yield %c : !simp.mp<i1, [0, 1]>
    } body {
    ^bb0(%s: !simp.mp<i64, [1]>):
      simp.yield %s : !simp.mp<i64, [1]>
    }
    simp.pcall [1] (%r) : (!simp.mp<i64, [1]>) -> () {
    ^bb0(%v: i64):
      store.save %v, "mem://r" : i64
      simp.yield
    }
    return
  }
}

// -----

// Local region ops (scf.if) carry their condition into their results;
// a party call on a dynamic party set carries whether its inputs are present.
// CHECK-LABEL: rank 0: @main(value, value)
// CHECK: rank 0: returns result 0: i64
// CHECK-NEXT: rank 0:   depends on rank0.arg1
// CHECK-LABEL: rank 1: @main(value)
// CHECK: rank 1: receives clear i64 from rank 0 tag 0 at
// CHECK-NEXT: rank 1:   made by rank 0 with arith.constant x2, scf.if from rank0.arg0
// CHECK-NEXT: rank 1:   depends on rank0.arg0
// CHECK-NEXT: rank 1: returns result 0: i64
// CHECK-NEXT: rank 1:   depends on rank0.arg0
// CHECK-NEXT: rank 1: returns result 1: i64
// CHECK-NEXT: rank 1:   depends on rank1.arg0
module attributes {simp.world_size = 2 : i64} {
  func.func @main(%c: !simp.mp<i1, [0]>, %d: !simp.mp<i64, ?>) -> (!simp.mp<i64, [1]>, !simp.mp<i64, ?>) {
    %v = simp.pcall [0] (%c) : (!simp.mp<i1, [0]>) -> !simp.mp<i64, [0]> {
    ^bb0(%b: i1):
      %r = scf.if %b -> i64 {
        %one = arith.constant 1 : i64
        scf.yield %one : i64
      } else {
        %zero = arith.constant 0 : i64
        scf.yield %zero : i64
      }
      simp.yield %r : i64
    }
    %v1 = simp.shuffle %v [1 <- 0] : !simp.mp<i64, [0]> -> !simp.mp<i64, [1]>
    %sq = simp.pcall_dynamic (%d) : (!simp.mp<i64, ?>) -> !simp.mp<i64, ?> {
    ^bb0(%a: i64):
      %s = arith.muli %a, %a : i64
      simp.yield %s : i64
    }
    return %v1, %sq : !simp.mp<i64, [1]>, !simp.mp<i64, ?>
  }
}

// --jit-cache DIR keeps each compiled group's object code: a second process
// loads it and compiles nothing, with the same result. A corrupt file
// (truncated, or its object changed) is detected, compiled again after a
// warning and replaced, and so is a file stored under another key; a FIFO,
// a link or a file over the bound is not read. --jit-cache-max-kb bounds the
// directory: the least recently used files go, the newest stays.

// RUN: rm -rf %t && mkdir %t
// RUN: mplang-run --jit=auto --jit-cache %t/c --sim 1 %s --stats 2>&1 | FileCheck %s --check-prefix=FIRST
// FIRST-NOT: warning
// FIRST: rank 0: -6320571930334769480 : i64
// FIRST: jit: 1 groups compiled, 0 from memory, 0 from disk
// RUN: ls %t/c | count 1
// RUN: mplang-run --jit=auto --jit-cache %t/c --sim 1 %s --stats 2>&1 | FileCheck %s --check-prefix=SECOND
// SECOND-NOT: warning
// SECOND: rank 0: -6320571930334769480 : i64
// SECOND: jit: 0 groups compiled, 0 from memory, 1 from disk

// RUN: for f in %t/c/*.jito; do truncate -s 100 "$f"; done
// RUN: mplang-run --jit=auto --jit-cache %t/c --sim 1 %s --stats 2>&1 | FileCheck %s --check-prefix=TRUNCATED
// TRUNCATED: warning: JIT cache file '{{.*}}.jito' is corrupt (truncated); compiling again
// TRUNCATED: rank 0: -6320571930334769480 : i64
// TRUNCATED: jit: 1 groups compiled, 0 from memory, 0 from disk
// RUN: for f in %t/c/*.jito; do printf 'XXXX' | dd of="$f" bs=1 seek=200 conv=notrunc 2>/dev/null; done
// RUN: mplang-run --jit=auto --jit-cache %t/c --sim 1 %s --stats 2>&1 | FileCheck %s --check-prefix=CHANGED
// CHANGED: warning: JIT cache file '{{.*}}.jito' is corrupt (checksum mismatch); compiling again
// CHANGED: jit: 1 groups compiled, 0 from memory, 0 from disk
// RUN: for f in %t/c/*.jito; do truncate -s 10 "$f"; done
// RUN: mplang-run --jit=auto --jit-cache %t/c --sim 1 %s 2>&1 | FileCheck %s --check-prefix=SHORT
// SHORT: warning: JIT cache file '{{.*}}.jito' is corrupt (shorter than its header); compiling again
// RUN: mplang-run --jit=auto --jit-cache %t/c --sim 1 %s --stats 2>&1 | FileCheck %s --check-prefix=SECOND

// A file is bound to its key: another group's valid file (the loop of
// @main) copied under the name of @two's group is refused (it once ran as
// that group, with a wrong result), compiled again and replaced. (--jit=on
// compiles the groups of both functions.)
// RUN: mplang-run --jit=on --jit-cache %t/k --sim 1 %s --entry two --arg 0:0='1 : i64' | FileCheck %s --check-prefix=THREE
// RUN: for f in %t/k/*.jito; do cp %t/c/*.jito "$f"; done
// RUN: mplang-run --jit=on --jit-cache %t/k --sim 1 %s --entry two --arg 0:0='1 : i64' --stats 2>&1 | FileCheck %s --check-prefixes=OTHER,THREE
// OTHER: warning: JIT cache file '{{.*}}.jito' is corrupt (stored for another group); compiling again
// THREE: rank 0: 3 : i64
// OTHER: jit: 1 groups compiled, 0 from memory, 1 from disk
// RUN: mplang-run --jit=on --jit-cache %t/k --sim 1 %s --entry two --arg 0:0='1 : i64' --stats 2>&1 | FileCheck %s --check-prefixes=HIT,THREE
// HIT: jit: 0 groups compiled, 0 from memory, 2 from disk

// Only regular files are read: a FIFO under the expected name is not opened
// for long (it used to block the run), nor is a link to /dev/zero followed
// (it used to be read without bound), nor is a regular file over the bound
// read (it is corrupt); each time the group is compiled and stored.
// RUN: for f in %t/c/*.jito; do rm "$f" && mkfifo "$f"; done
// RUN: timeout 120 mplang-run --jit=auto --jit-cache %t/c --sim 1 %s --stats 2>&1 | FileCheck %s --check-prefixes=FIFO,STORED
// RUN: mplang-run --jit=auto --jit-cache %t/c --sim 1 %s --stats 2>&1 | FileCheck %s --check-prefix=SECOND
// RUN: for f in %t/c/*.jito; do rm "$f" && ln -s /dev/zero "$f"; done
// RUN: timeout 120 mplang-run --jit=auto --jit-cache %t/c --sim 1 %s --stats 2>&1 | FileCheck %s --check-prefixes=LINK,STORED
// RUN: mplang-run --jit=auto --jit-cache %t/c --sim 1 %s --stats 2>&1 | FileCheck %s --check-prefix=SECOND
// RUN: for f in %t/c/*.jito; do truncate -s 80M "$f"; done
// RUN: mplang-run --jit=auto --jit-cache %t/c --sim 1 %s --stats 2>&1 | FileCheck %s --check-prefixes=HUGE,STORED
// RUN: mplang-run --jit=auto --jit-cache %t/c --sim 1 %s --stats 2>&1 | FileCheck %s --check-prefix=SECOND
// FIFO: warning: JIT cache file '{{.*}}.jito' is not a regular file; compiling again
// LINK: warning: JIT cache file '{{.*}}.jito' is a symbolic link, which the cache does not follow; compiling again
// HUGE: warning: JIT cache file '{{.*}}.jito' is corrupt (larger than 67108952 bytes); compiling again
// STORED: rank 0: -6320571930334769480 : i64
// STORED: jit: 1 groups compiled, 0 from memory, 0 from disk

// Two groups under --jit=on, with room for one.
// RUN: mplang-run --jit=on --jit-cache %t/small --jit-cache-max-kb 1 --sim 1 %s --entry two --arg 0:0='1 : i64'
// RUN: ls %t/small | count 1
// RUN: mplang-run --jit=on --jit-cache %t/big --sim 1 %s --entry two --arg 0:0='1 : i64'
// RUN: ls %t/big | count 2

// Workers of --local get the cache too.
// RUN: mplang-run --jit=auto --jit-cache %t/w --local 1 %s --stats 2>&1 | FileCheck %s --check-prefix=FIRST
// RUN: mplang-run --jit=auto --jit-cache %t/w --local 1 %s --stats 2>&1 | FileCheck %s --check-prefix=SECOND

module attributes {simp.world_size = 1 : i64} {
  func.func @main() -> !simp.mp<i64, [0]> {
    %r = simp.pcall [0] () : () -> !simp.mp<i64, [0]> {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %n = arith.constant 65536 : index
      %v0 = arith.constant 7 : i64
      %a = arith.constant 6364136223846793005 : i64
      %b = arith.constant 1442695040888963407 : i64
      %sh = arith.constant 33 : i64
      %v = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %v0) -> i64 {
        %p = arith.muli %acc, %a : i64
        %q = arith.addi %p, %b : i64
        %h = arith.shrui %q, %sh : i64
        %w = arith.xori %q, %h : i64
        scf.yield %w : i64
      }
      simp.yield %v : i64
    }
    return %r : !simp.mp<i64, [0]>
  }

  func.func @two(%x: !simp.mp<i64, [0]>) -> !simp.mp<i64, [0]> {
    %r = simp.pcall [0] (%x) : (!simp.mp<i64, [0]>) -> !simp.mp<i64, [0]> {
    ^bb0(%a: i64):
      %three = arith.constant 3 : i64
      %m = arith.muli %a, %three : i64
      simp.yield %m : i64
    }
    return %r : !simp.mp<i64, [0]>
  }
}

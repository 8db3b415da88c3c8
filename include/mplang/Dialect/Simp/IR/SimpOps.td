//===- SimpOps.td - simp dialect operations ----------------*- tablegen -*-===//

#ifndef MPLANG_DIALECT_SIMP_IR_SIMPOPS_TD
#define MPLANG_DIALECT_SIMP_IR_SIMPOPS_TD

include "mplang/Dialect/Simp/IR/SimpDialect.td"
include "mplang/Dialect/Simp/IR/SimpTypes.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

// Messages between parties: ordered among themselves, never reordered with
// each other or removed.
def Simp_CommResource : Resource<"::mlir::simp::CommResource">;

//===----------------------------------------------------------------------===//
// Party calls
//===----------------------------------------------------------------------===//

def Simp_PCallOp : Simp_Op<"pcall", [IsolatedFromAbove,
                                     RecursiveMemoryEffects]> {
  let summary = "Run a local computation on a static set of parties";
  let description = [{
    Every rank in `parties` runs the region; the other ranks do nothing. The
    region's block arguments are the operands with `!simp.mp` unwrapped to
    their local type (other operands enter unchanged, as public values), and
    `simp.yield` returns local values that the op wraps as
    `!simp.mp<T, parties>`. The region is isolated from above: every value it
    uses is an operand. `parties` must be a subset of the party set of every
    statically placed operand.

    Canonicalization replaces a result that the body yields straight from a
    block argument by the operand when their types are equal and drops
    unused results; a call with no results whose body is only `simp.yield`
    has no effect and is erased as dead.

    Example: P0 and P1 each add one to their own copy of `%x`.

    ```mlir
    %y = simp.pcall [0, 1] (%x) : (!simp.mp<i32, [0, 1]>) -> !simp.mp<i32, [0, 1]> {
    ^bb0(%a: i32):
      %one = arith.constant 1 : i32
      %s = arith.addi %a, %one : i32
      simp.yield %s : i32
    }
    ```
  }];
  let arguments = (ins DenseI64ArrayAttr:$parties, Variadic<AnyType>:$args);
  let results = (outs Variadic<Simp_MPType>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $parties ` ` `(` $args `)` attr-dict `:` functional-type($args, $results)
    $body
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def Simp_PCallDynamicOp : Simp_Op<"pcall_dynamic", [IsolatedFromAbove,
                                                    RecursiveMemoryEffects]> {
  let summary = "Run a local computation on whichever parties hold its inputs";
  let description = [{
    Like `simp.pcall`, but the set of parties is decided at run time: a rank
    that holds every `!simp.mp` operand runs the region, a rank missing any of
    them runs nothing and holds no result. Results are `!simp.mp<T, ?>`.

    Example:

    ```mlir
    %y = simp.pcall_dynamic (%x) : (!simp.mp<i32, ?>) -> !simp.mp<i32, ?> {
    ^bb0(%a: i32):
      %s = arith.muli %a, %a : i32
      simp.yield %s : i32
    }
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$args);
  let results = (outs Variadic<Simp_MPType>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    ` ` `(` $args `)` attr-dict `:` functional-type($args, $results) $body
  }];
  let hasVerifier = 1;
}

def Simp_YieldOp : Simp_Op<"yield", [Pure, Terminator, ReturnLike,
    ParentOneOf<["PCallOp", "PCallDynamicOp", "UniformCondOp",
                 "WhileLoopOp", "IfPresentOp"]>]> {
  let summary = "Return values from a simp region";
  let description = [{
    Terminates the regions of `simp.pcall`, `simp.pcall_dynamic`,
    `simp.uniform_cond`, `simp.while_loop` and `simp.if_present`, returning
    its operands to the parent op.

    Example:

    ```mlir
    simp.yield %a, %b : i32, tensor<4xf32>
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$values);
  let builders = [OpBuilder<(ins), [{ build($_builder, $_state, {}); }]>];
  let assemblyFormat = "attr-dict ($values^ `:` type($values))?";
}

//===----------------------------------------------------------------------===//
// Data movement
//===----------------------------------------------------------------------===//

def Simp_ShuffleOp : Simp_Op<"shuffle", [Pure]> {
  let summary = "Move a value between parties with a static routing";
  let description = [{
    The routing is receiver-oriented: each `dst <- src` pair says that rank
    `dst` receives the value held by rank `src`. Every source must hold the
    input (checked when its party set is static), every destination appears
    once, and the result is held by exactly the destinations. One source may
    feed many destinations (broadcast) and permutations are allowed. The
    order of the pairs is kept: it is the order in which a source sends.
    A pair `r <- r` keeps the local copy without a message, so a shuffle
    made only of such pairs whose result type equals its input type folds to
    its input.

    Example: P0 sends its value to P1 and P2.

    ```mlir
    %y = simp.shuffle %x [1 <- 0, 2 <- 0] : !simp.mp<i32, [0]> -> !simp.mp<i32, [1, 2]>
    ```
  }];
  let arguments = (ins Simp_MPType:$input, DenseI64ArrayAttr:$targets,
                       DenseI64ArrayAttr:$sources);
  let results = (outs Simp_MPType:$result);
  let assemblyFormat = [{
    $input custom<Routing>($targets, $sources) attr-dict `:`
    qualified(type($input)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Simp_ShuffleDynamicOp : Simp_Op<"shuffle_dynamic", [Pure]> {
  let summary = "Move pieces of a value between parties chosen at run time";
  let description = [{
    Each rank reads its local scalar integer `index` `i` and receives the
    piece of `input` held by rank `i`. A rank with no index receives nothing.
    The result is held by a dynamic party set.

    Example:

    ```mlir
    %y = simp.shuffle_dynamic %x, %i : !simp.mp<i32, [0, 1]>, !simp.mp<i64, [0, 1]> -> !simp.mp<i32, ?>
    ```
  }];
  let arguments = (ins Simp_MPType:$input, Simp_MPType:$index);
  let results = (outs Simp_MPType:$result);
  let assemblyFormat = [{
    $input `,` $index attr-dict `:` qualified(type($input)) `,`
    qualified(type($index)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def Simp_ConvergeOp : Simp_Op<"converge", [Pure]> {
  let summary = "Merge disjoint pieces of one logical value";
  let description = [{
    Each operand is a piece of the same logical value (same local type) held
    by a party set disjoint from the others. The result is held by the union
    of the sets, or by a dynamic set if any operand is dynamic. Each rank takes
    the piece it holds; no data moves. A converge of one operand of the
    result type folds to that operand.

    Example:

    ```mlir
    %v = simp.converge %a, %b : !simp.mp<i32, [0]>, !simp.mp<i32, [1]> -> !simp.mp<i32, [0, 1]>
    ```
  }];
  let arguments = (ins Variadic<Simp_MPType>:$inputs);
  let results = (outs Simp_MPType:$result);
  let assemblyFormat = [{
    $inputs attr-dict `:` qualified(type($inputs)) `->`
    qualified(type($result))
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Control flow taken by every participating party together
//===----------------------------------------------------------------------===//

def Simp_UniformCondOp : Simp_Op<"uniform_cond", [RecursiveMemoryEffects]> {
  let summary = "Branch on a predicate every participating party agrees on";
  let description = [{
    Runs `then` when the scalar predicate is true, `else` otherwise. The
    predicate is `i1` or `tensor<i1>`, wrapped in `!simp.mp` at the global
    level; every party that executes the op must hold the same value. With
    `verify_uniform` (the default) the runtime checks that agreement and fails
    otherwise. Both regions take `args` as block arguments, may use values
    from the enclosing scope, and yield the op's result types.

    Example:

    ```mlir
    %r = simp.uniform_cond %p (%x) : !simp.mp<i1, [0, 1]>, (!simp.mp<i32, [0, 1]>) -> !simp.mp<i32, [0, 1]>
    then {
    ^bb0(%a: !simp.mp<i32, [0, 1]>):
      simp.yield %a : !simp.mp<i32, [0, 1]>
    } else {
    ^bb0(%a: !simp.mp<i32, [0, 1]>):
      %n = simp.pcall [0, 1] (%a) : (!simp.mp<i32, [0, 1]>) -> !simp.mp<i32, [0, 1]> {
      ^bb0(%v: i32):
        %z = arith.subi %v, %v : i32
        simp.yield %z : i32
      }
      simp.yield %n : !simp.mp<i32, [0, 1]>
    }
    ```
  }];
  let arguments = (ins AnyType:$pred, Variadic<AnyType>:$args,
                       DefaultValuedAttr<BoolAttr, "true">:$verify_uniform);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$thenRegion,
                        SizedRegion<1>:$elseRegion);
  let assemblyFormat = [{
    $pred ` ` `(` $args `)` attr-dict `:` type($pred) `,`
    functional-type($args, $results) `then` $thenRegion `else` $elseRegion
  }];
  let hasVerifier = 1;
}

def Simp_WhileLoopOp : Simp_Op<"while_loop", [RecursiveMemoryEffects]> {
  let summary = "Loop while a predicate every participating party agrees on holds";
  let description = [{
    The loop state starts as `init`. Each iteration runs `cond` on the state;
    it yields one scalar predicate (`i1` or `tensor<i1>`, possibly wrapped in
    `!simp.mp`). When it is true, `body` runs on the state and yields the next
    state, with exactly the state types. The results are the final state.
    Both regions may use values from the enclosing scope. Every party that
    runs the loop must compute the same predicate at every iteration; with
    `verify_uniform` (the default) the runtime checks it, so a divergent
    predicate is an error instead of a deadlock.

    Example: count a shared value up to 10.

    ```mlir
    %r = simp.while_loop (%x) : (!simp.mp<i32, [0, 1]>) -> !simp.mp<i32, [0, 1]>
    cond {
    ^bb0(%s: !simp.mp<i32, [0, 1]>):
      %c = simp.pcall [0, 1] (%s) : (!simp.mp<i32, [0, 1]>) -> !simp.mp<i1, [0, 1]> {
      ^bb0(%v: i32):
        %ten = arith.constant 10 : i32
        %lt = arith.cmpi slt, %v, %ten : i32
        simp.yield %lt : i1
      }
      simp.yield %c : !simp.mp<i1, [0, 1]>
    } body {
    ^bb0(%s: !simp.mp<i32, [0, 1]>):
      %n = simp.pcall [0, 1] (%s) : (!simp.mp<i32, [0, 1]>) -> !simp.mp<i32, [0, 1]> {
      ^bb0(%v: i32):
        %one = arith.constant 1 : i32
        %w = arith.addi %v, %one : i32
        simp.yield %w : i32
      }
      simp.yield %n : !simp.mp<i32, [0, 1]>
    }
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$init,
                       DefaultValuedAttr<BoolAttr, "true">:$verify_uniform);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$cond, SizedRegion<1>:$body);
  let assemblyFormat = [{
    ` ` `(` $init `)` attr-dict `:` functional-type($init, $results)
    `cond` $cond `body` $body
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Point-to-point messages (projected programs)
//===----------------------------------------------------------------------===//

def Simp_SendOp : Simp_Op<"send", [MemoryEffects<[MemWrite<Simp_CommResource>]>]> {
  let summary = "Send a local value to another rank";
  let description = [{
    Used by per-rank (projected) programs. Sends `value` to rank `peer` under
    the static `tag`; the peer's program holds exactly one `simp.recv` from
    this rank with the same tag and type. Sends are buffered: they never wait
    for the receiver.

    Example:

    ```mlir
    simp.send %x to 1 tag 3 : tensor<4xi32>
    ```
  }];
  let arguments = (ins AnyType:$value, I64Attr:$peer, I64Attr:$tag);
  let assemblyFormat = [{
    $value `to` $peer `tag` $tag attr-dict `:` type($value)
  }];
  let hasVerifier = 1;
}

def Simp_RecvOp : Simp_Op<"recv", [MemoryEffects<[MemRead<Simp_CommResource>,
                                                   MemWrite<Simp_CommResource>]>]> {
  let summary = "Receive a local value from another rank";
  let description = [{
    Used by per-rank (projected) programs. Produces the value that rank
    `peer` sent with the same `tag`.

    Example:

    ```mlir
    %x = simp.recv from 0 tag 3 : tensor<4xi32>
    ```
  }];
  let arguments = (ins I64Attr:$peer, I64Attr:$tag);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    `from` $peer `tag` $tag attr-dict `:` type($result)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Run-time checked forms (projected programs)
//===----------------------------------------------------------------------===//

def Simp_AbsentOp : Simp_Op<"absent", [Pure]> {
  let summary = "The value a rank does not hold";
  let description = [{
    Produces the explicit absent value of a local type. The projection uses it
    where a rank must pass on a value of a dynamic party set that it cannot
    hold, e.g. as a shuffle source or in a call. Any computation on it is a
    run-time error naming the op.

    Example:

    ```mlir
    %a = simp.absent : tensor<4xi32>
    ```
  }];
  let results = (outs AnyType:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

def Simp_IfPresentOp : Simp_Op<"if_present", [IsolatedFromAbove,
                                              RecursiveMemoryEffects]> {
  let summary = "Run a region when every operand is present";
  let description = [{
    The projected form of `simp.pcall_dynamic`: at run time, when every
    operand holds a value the region runs on them and its yielded values are
    the results; when any operand is absent the region does not run and every
    result is absent.

    Example:

    ```mlir
    %y = simp.if_present (%x) : (i32) -> i32 {
    ^bb0(%a: i32):
      %s = arith.muli %a, %a : i32
      simp.yield %s : i32
    }
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$args);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    ` ` `(` $args `)` attr-dict `:` functional-type($args, $results) $body
  }];
  let hasVerifier = 1;
}

def Simp_FirstPresentOp : Simp_Op<"first_present", [Pure,
                                                    SameOperandsAndResultType]> {
  let summary = "The first operand that holds a value";
  let description = [{
    The projected form of a `simp.converge` with dynamic pieces: returns the
    first operand that is present at run time, or absent when none is.

    Example:

    ```mlir
    %v = simp.first_present %a, %b : i32
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$inputs);
  let results = (outs AnyType:$result);
  // SameOperandsAndResultType already rejects a call without operands.
  let assemblyFormat = "$inputs attr-dict `:` type($result)";
}

def Simp_AgreeOp : Simp_Op<"agree", [
    MemoryEffects<[MemRead<Simp_CommResource>, MemWrite<Simp_CommResource>]>,
    AllTypesMatch<["pred", "result"]>]> {
  let summary = "Check that every participant holds the same predicate";
  let description = [{
    A collective over `participants` (which include the rank running it):
    every participant contributes its predicate, and the op returns it when
    all of them are equal. Otherwise the run fails with an error listing each
    participant's value. The projection inserts it before a `uniform_cond`
    or in a `while_loop` condition whose `verify_uniform` is set.

    Example:

    ```mlir
    %q = simp.agree %p among [0, 1] tag 4 : i1
    ```
  }];
  let arguments = (ins AnyType:$pred, DenseI64ArrayAttr:$participants,
                       I64Attr:$tag);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $pred `among` $participants `tag` $tag attr-dict `:` type($pred)
  }];
  let hasVerifier = 1;
}

def Simp_ExchangeOp : Simp_Op<"exchange", [
    MemoryEffects<[MemRead<Simp_CommResource>, MemWrite<Simp_CommResource>]>,
    AllTypesMatch<["input", "result"]>]> {
  let summary = "Fetch the piece of the rank named by a run-time index";
  let description = [{
    The projected form of `simp.shuffle_dynamic`, a collective over
    `participants`: each participant shares its index (or that it has none);
    then every participant sends its piece of `input` to each participant
    whose index names it, and returns the piece of the participant its own
    index names (absent when its index is absent). An index outside the
    participants is a run-time error.

    Example:

    ```mlir
    %y = simp.exchange %x, %i among [0, 1, 2] tag 9 : tensor<4xi32>, i64
    ```
  }];
  let arguments = (ins AnyType:$input, AnyType:$index,
                       DenseI64ArrayAttr:$participants, I64Attr:$tag);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $input `,` $index `among` $participants `tag` $tag attr-dict `:`
    type($input) `,` type($index)
  }];
  let hasVerifier = 1;
}

#endif // MPLANG_DIALECT_SIMP_IR_SIMPOPS_TD

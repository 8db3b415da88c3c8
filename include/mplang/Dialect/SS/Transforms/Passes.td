//===- Passes.td - ss dialect passes -----------------------*- tablegen -*-===//

#ifndef MPLANG_DIALECT_SS_TRANSFORMS_PASSES_TD
#define MPLANG_DIALECT_SS_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def SSLowerToSimp : Pass<"ss-lower-to-simp", "mlir::ModuleOp"> {
  let summary = "Lower secret-shared computation to simp calls of the protocol library";
  let description = [{
    Replaces every `ss` op of a global program by `simp` code. A share
    `!ss.share<T, P>` becomes `!simp.mp<T, P>`, whose piece on each rank of
    `P` is that rank's share; function signatures, calls and the state of
    `simp.while_loop` and `simp.uniform_cond` change with it.

    - `ss.add`, `ss.sub`, `ss.neg`, `ss.mul_public`, `ss.sum`,
      `ss.reshape`, `ss.broadcast`: a `simp.pcall` on `P` computing on the
      local shares.
    - `ss.lt` becomes `ss.msb` of an `ss.sub`, and `ss.select %c, %a, %b`
      `c * (a - b) + b` in ss ops, first.
    - `ss.share`, `ss.reveal`, `ss.mul`, `ss.msb`, `ss.eq`: a call of the
      two-party additive protocol of the library (`mplang.ss.a2.share.n<N>`,
      `reveal`, `open`, `mul`; `lib/Protocols/ss_additive.mlir.in`; `msb`
      and `eqz` of the difference, `lib/Protocols/ss_compare.mlir.in`). Protocols come in fixed
      sizes `N`, so the operands are flattened and padded with zeros to the
      next size the library ships, in party calls around the call, and the
      results cut back.
    - `ss.trunc`: a party call per holder joined by `simp.converge`;
      `ss.encode` and `ss.decode`: a party call of the value's holders.
    - `ss.matmul`: both operands spread over M x K x N, multiplied element
      by element in one call (or one per block of rows beyond the largest
      size) and summed over K.
    - Products batch: the `ss.mul`s of one block with the same parties,
      none of which uses another's result, and whose results nothing uses
      before the last of them, run as one call on their operands laid end to
      end, placed at the last of them.
    - Comparisons batch the same way, each kind on its own: the `ss.msb`s
      (and so `ss.lt`s) of such a run are one `msb` call, its `ss.eq`s one
      `eqz` call on their differences.
    - Under `#ss.replicated` (three parties) a piece is the holder's pair of
      shares, `tensor<2 x T>`, and the calls are those of
      `lib/Protocols/ss_rep3.mlir.in`: `ss.share` makes an additive sharing
      (the owner's value, zeros elsewhere) and calls `reshare`;
      `ss.reveal` is a shuffle of one share and a party call; products
      (batched as above) call `mul`, sign bits `msb` and equality tests
      `eqz` of the differences; `ss.matmul` is local matrix products and
      one `reshare` of the M x N result; `ss.trunc` is ABY3's share
      truncation (`from2`). The PRG keys are agreed once per function
      invocation (`mplang.ss.r3.setup` at its entry, or before a call in a
      loop or conditional), each call with its own nonces. Exact truncation
      is refused.

    The declarations the calls need are added (with `simp.link_name`) for
    linking (`--simp-link`, which `mplang-run` runs after this pass). Errors:
    a scheme or party set the library has no protocol for (it ships
    `#ss.additive` between two parties and `#ss.replicated` among three,
    without exact truncation), a share that a party outside its
    holders gives or receives, a value larger than the largest protocol
    size, and a share used by an op that is not an `ss` op, a call, a
    return or control flow.

    Example (`mplang-opt --ss-lower-to-simp`):

    ```mlir
    // input
    %c = ss.add %a, %b : !ss.share<tensor<16xi64>, [0, 1]>
    %p = ss.mul %c, %b : !ss.share<tensor<16xi64>, [0, 1]>
    // output
    %c = simp.pcall [0, 1] (%a, %b) : (!simp.mp<tensor<16xi64>, [0, 1]>, !simp.mp<tensor<16xi64>, [0, 1]>)
        -> !simp.mp<tensor<16xi64>, [0, 1]> {
    ^bb0(%x: tensor<16xi64>, %y: tensor<16xi64>):
      %s = arith.addi %x, %y : tensor<16xi64>
      simp.yield %s : tensor<16xi64>
    }
    %p = call @mplang.ss.a2.mul.n16(%c, %b)
        : (!simp.mp<tensor<16xi64>, [0, 1]>, !simp.mp<tensor<16xi64>, [0, 1]>) -> !simp.mp<tensor<16xi64>, [0, 1]>
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::field::FieldDialect",
                           "::mlir::func::FuncDialect",
                           "::mlir::linalg::LinalgDialect",
                           "::mlir::simp::SimpDialect",
                           "::mlir::tensor::TensorDialect"];
}

#endif // MPLANG_DIALECT_SS_TRANSFORMS_PASSES_TD

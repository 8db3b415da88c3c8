//===- Passes.td - bfv dialect passes ----------------------*- tablegen -*-===//

#ifndef MPLANG_DIALECT_BFV_TRANSFORMS_PASSES_TD
#define MPLANG_DIALECT_BFV_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def BFVNoiseCheck : Pass<"bfv-noise-check", "mlir::ModuleOp"> {
  let summary = "Reject programs in which a decryption can fail or a "
                "sanitize cannot hide the noise";
  let description = [{
    Bounds the noise of every ciphertext of the program with the noise
    analysis (docs/bfv.md: the model, its soundness and its gap to the
    measured budgets), through the bfv ops, the simp ops that move values
    between parties and function calls. It reports:

    - a `bfv.decrypt` whose input can have exhausted its noise budget:
      the error names the chain of ops that spent the budget (a note at
      each with the budget it leaves), how many bits are missing, and the
      smallest standard parameter set with which every decryption of
      these parameters fits;
    - a `bfv.sanitize` whose input's noise is too large for the flood to
      hide it at the op's `security`, or cannot be bounded.

    A ciphertext whose noise cannot be bounded (an argument of a public
    function, a value loaded from a store, noise that grows around a loop)
    is decrypted under the run-time check only. `mplang-opt` runs this pass
    after linking, and `mplang-run` and the Python front end before
    projecting: such a program is rejected before anything runs.

    Example: x^3 at n = 4096 (a note at each op gives the budget it leaves:
    44 bits after the encryption, 12 after the first product, -19 after
    the second).

    ```mlir
    %sq = bfv.mul %c, %c : (!ct, !ct) -> !ct
    %sqr = bfv.relinearize %sq, %rk : !ct, !rk
    %cube = bfv.mul %sqr, %c : (!ct, !ct) -> !ct
    %cuber = bfv.relinearize %cube, %rk : !ct, !rk
    // error: 'bfv.decrypt' op can fail: its input needs 20 more bits of
    // noise budget, spent by bfv.encrypt -> bfv.mul -> bfv.relinearize ->
    // bfv.mul -> bfv.relinearize; the smallest standard parameters that
    // fit are #bfv.params<n = 8192, t = 1032193, q_bits = [43, 43, 44, 44, 44]>
    %d = bfv.decrypt %cuber, %sec : !ct, !sk
    ```
  }];
}

def BFVNoiseReport : Pass<"bfv-noise-report", "mlir::ModuleOp"> {
  let summary = "Report the noise bound and the budget left at every "
                "decryption";
  let description = [{
    Emits a remark at every `bfv.decrypt`: the bound on the invariant noise
    of its input and the noise budget (bits) that leaves, or why the noise
    cannot be bounded statically; and at every `bfv.sanitize`: the bound on
    its input's noise and how many bits below what the flood hides at the
    op's `security` it is.

    Example (`mplang-opt --bfv-noise-report`):

    ```mlir
    // remark: invariant noise at most 2^-45.1: 44 bits of noise budget left
    %pt = bfv.decrypt %c, %sk : !ct, !sk
    ```
  }];
}

#endif // MPLANG_DIALECT_BFV_TRANSFORMS_PASSES_TD

//===- BFVAttributes.td - bfv dialect attributes -----------*- tablegen -*-===//

#ifndef MPLANG_DIALECT_BFV_IR_BFVATTRIBUTES_TD
#define MPLANG_DIALECT_BFV_IR_BFVATTRIBUTES_TD

include "mplang/Dialect/BFV/IR/BFVDialect.td"
include "mlir/IR/AttrTypeBase.td"

def BFV_ParamsAttr : AttrDef<BFV_Dialect, "Params"> {
  let mnemonic = "params";
  let summary = "A 128-bit-secure BFV parameter set";
  let description = [{
    `#bfv.params<n = N, t = T, q_bits = [b0, b1, ...]>` names one BFV
    context; `#bfv.params<n = N, t = T>` takes the standard coefficient
    modulus of degree `N` (below) and prints in the full form:

    - `n`, the polynomial modulus degree and slot count: 4096, 8192 or 16384;
    - `t`, the plain modulus: a prime below 2^60 with `t = 1 mod 2n`, so that
      the batch encoder has `n` slots;
    - `q_bits`, the bit sizes (20 to 60) of the coefficient-modulus primes,
      at least two: the data primes followed by the special key-switching
      prime. Their total must stay within the HomomorphicEncryption.org
      128-bit bound for ternary secrets: 109, 218 and 438 bits for `n` =
      4096, 8192 and 16384. The run time picks, for each size `b`, the
      largest unused primes below `2^b` that are `1 mod 2n`.

    Example: the standard sets, the run time's defaults (SEAL's
    `BFVDefault`); each line is what the short form
    `#bfv.params<n = 4096, t = 1032193>` (and so on) stands for.

    ```mlir
    #bfv.params<n = 4096, t = 1032193, q_bits = [36, 36, 37]>
    #bfv.params<n = 8192, t = 1032193, q_bits = [43, 43, 44, 44, 44]>
    #bfv.params<n = 16384, t = 786433, q_bits = [48, 48, 48, 49, 49, 49, 49, 49, 49]>
    ```
  }];
  let parameters = (ins "int64_t":$polyModulusDegree,
                        "uint64_t":$plainModulus,
                        ArrayRefParameter<"int64_t", "prime bit sizes">:
                          $coeffModulusBits);
  // `q_bits` is optional, with a default that depends on `n`.
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Slots per row of the 2 x (N/2) batching matrix.
    int64_t getRowSize() const { return getPolyModulusDegree() / 2; }
    /// The largest total coefficient-modulus size, in bits, that is 128-bit
    /// secure for degree `n` (HomomorphicEncryption.org standard, ternary
    /// secrets), or 0 when `n` is not a supported degree.
    static int64_t getMaxCoeffModulusBits(int64_t n);
    /// The standard prime bit sizes for degree `n`, which `q_bits` defaults
    /// to, or an empty list when `n` is not a supported degree.
    static SmallVector<int64_t> getStandardCoeffModulusBits(int64_t n);
  }];
}

#endif // MPLANG_DIALECT_BFV_IR_BFVATTRIBUTES_TD

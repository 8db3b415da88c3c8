//===- BFVTypes.td - bfv dialect types ---------------------*- tablegen -*-===//

#ifndef MPLANG_DIALECT_BFV_IR_BFVTYPES_TD
#define MPLANG_DIALECT_BFV_IR_BFVTYPES_TD

include "mplang/Dialect/BFV/IR/BFVAttributes.td"
include "mlir/IR/AttrTypeBase.td"

def BFV_ParamsParameter
    : AttrParameter<"::mlir::bfv::ParamsAttr", "BFV parameter set">;

class BFV_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<BFV_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

// Keys and the encoder carry only the parameter set.
class BFV_ParamsOnlyType<string name, string typeMnemonic>
    : BFV_Type<name, typeMnemonic> {
  let parameters = (ins BFV_ParamsParameter:$params);
  let assemblyFormat = "`<` qualified($params) `>`";
}

def BFV_PublicKey : BFV_ParamsOnlyType<"PublicKey", "public_key"> {
  let summary = "A BFV public (encryption) key";
  let description = [{
    Produced by `bfv.keygen` together with its secret key; `bfv.encrypt`
    needs it. It holds no secret and may be sent to any party.

    Example:

    ```mlir
    !bfv.public_key<#bfv.params<n = 4096, t = 1032193, q_bits = [36, 36, 37]>>
    ```
  }];
}

def BFV_SecretKey : BFV_ParamsOnlyType<"SecretKey", "secret_key"> {
  let summary = "A BFV secret key";
  let description = [{
    Produced by `bfv.keygen`; `bfv.decrypt`, `bfv.make_relin_keys` and
    `bfv.make_galois_keys` need it. It should never leave the party that
    generated it.

    Example:

    ```mlir
    !bfv.secret_key<#bfv.params<n = 4096, t = 1032193, q_bits = [36, 36, 37]>>
    ```
  }];
}

def BFV_RelinKey : BFV_ParamsOnlyType<"RelinKey", "relin_key"> {
  let summary = "BFV relinearisation keys";
  let description = [{
    Key-switching keys that let `bfv.relinearize` shrink the product of two
    ciphertexts back to two polynomials. Public material: they do not contain
    the secret key and may be sent to the party that computes.

    Example:

    ```mlir
    !bfv.relin_key<#bfv.params<n = 4096, t = 1032193, q_bits = [36, 36, 37]>>
    ```
  }];
}

def BFV_GaloisKey : BFV_Type<"GaloisKey", "galois_key"> {
  let summary = "BFV Galois (rotation) keys for a set of steps";
  let description = [{
    Key-switching keys for slot rotations. Public material, like the
    relinearisation keys.

    Without `steps` the key holds the power-of-two set: rotations by
    `+-1, +-2, +-4, ..., +-N/4`, from which the run time composes any step.
    With `steps` it holds exactly the listed row rotations (sorted, unique,
    non-zero, `|step| < N/2`); a rotation by `s` is supported when some
    listed step equals `s` modulo `N/2` (both name the same automorphism).
    Every Galois key also holds the column swap used by `bfv.rotate_columns`.

    Example:

    ```mlir
    !bfv.galois_key<#bfv.params<n = 4096, t = 1032193, q_bits = [36, 36, 37]>>
    !bfv.galois_key<#bfv.params<n = 4096, t = 1032193, q_bits = [36, 36, 37]>, steps = [-1, 1, 8]>
    ```
  }];
  let parameters = (ins BFV_ParamsParameter:$params,
                        OptionalArrayRefParameter<"int64_t", "rotation steps">:
                          $steps);
  let assemblyFormat = [{
    `<` qualified($params) (`,` `steps` `=` `[` $steps^ `]`)? `>`
  }];
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// True for the default key set, the power-of-two rotations.
    bool hasPowerOfTwoSteps() const { return getSteps().empty(); }
    /// True when the key can rotate the rows by `step` (`|step| < N/2`).
    bool supportsStep(int64_t step) const;
  }];
}

def BFV_Encoder : BFV_ParamsOnlyType<"Encoder", "encoder"> {
  let summary = "A BFV batch encoder";
  let description = [{
    Maps an integer vector of at most `N` elements to a plaintext (slot `i`
    holds element `i` reduced modulo `t`, unused slots hold 0) and back
    (centred representatives in `(-t/2, t/2]`).

    Example:

    ```mlir
    !bfv.encoder<#bfv.params<n = 4096, t = 1032193, q_bits = [36, 36, 37]>>
    ```
  }];
}

// Plaintexts and ciphertexts also carry the integer type of their slots.
class BFV_SlotsType<string name, string typeMnemonic>
    : BFV_Type<name, typeMnemonic> {
  let parameters = (ins "::mlir::IntegerType":$elementType,
                        BFV_ParamsParameter:$params);
  let assemblyFormat = "`<` $elementType `,` qualified($params) `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The number of slots, N.
    int64_t getNumSlots() const {
      return getParams().getPolyModulusDegree();
    }
    /// The plaintext and the ciphertext with these slots.
    PlaintextType getPlaintextType() const;
    CiphertextType getCiphertextType() const;
  }];
}

def BFV_Plaintext : BFV_SlotsType<"Plaintext", "plaintext"> {
  let summary = "A BFV plaintext: N integer slots modulo t";
  let description = [{
    An encoded vector of `N` slots whose values decode to the integer type
    `elementType` (at most 64 bits).

    Example:

    ```mlir
    !bfv.plaintext<i64, #bfv.params<n = 4096, t = 1032193, q_bits = [36, 36, 37]>>
    ```
  }];
}

def BFV_Ciphertext : BFV_SlotsType<"Ciphertext", "ciphertext"> {
  let summary = "A BFV ciphertext: N encrypted integer slots modulo t";
  let description = [{
    The encryption of a `!bfv.plaintext` with the same element type and
    parameters. After `bfv.mul` of two ciphertexts it has three polynomials
    until `bfv.relinearize`; the type does not track that size.

    Example:

    ```mlir
    !bfv.ciphertext<i64, #bfv.params<n = 4096, t = 1032193, q_bits = [36, 36, 37]>>
    ```
  }];
}

def BFV_PlaintextOrCiphertext : AnyTypeOf<[BFV_Plaintext, BFV_Ciphertext]>;

#endif // MPLANG_DIALECT_BFV_IR_BFVTYPES_TD

//===- BFVOps.td - bfv dialect operations ------------------*- tablegen -*-===//

#ifndef MPLANG_DIALECT_BFV_IR_BFVOPS_TD
#define MPLANG_DIALECT_BFV_IR_BFVOPS_TD

include "mplang/Dialect/BFV/IR/BFVDialect.td"
include "mplang/Dialect/BFV/IR/BFVTypes.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

// Every bfv type among the operands and results names the same parameters.
def BFV_SameParameters : NativeOpTrait<"SameParameters"> {
  let cppNamespace = "::mlir::bfv";
}

class BFV_ParamsOp<string mnemonic, list<Trait> traits = []>
    : BFV_Op<mnemonic, !listconcat(traits, [BFV_SameParameters])>;

// Keys and encryptions draw fresh randomness: they have no declared effects,
// so they are never merged or removed.
class BFV_RandomOp<string mnemonic, list<Trait> traits = []>
    : BFV_ParamsOp<mnemonic, traits>;

class BFV_PureOp<string mnemonic, list<Trait> traits = []>
    : BFV_ParamsOp<mnemonic, !listconcat(traits, [Pure])>;

def BFV_IntegerVector : RankedTensorOf<[AnyInteger],
    [HasStaticShapePred, HasAnyRankOfPred<[1]>],
    "statically shaped 1-D integer tensor">;

def BFV_IntegerMatrix : RankedTensorOf<[AnyInteger],
    [HasStaticShapePred, HasAnyRankOfPred<[2]>],
    "statically shaped 2-D integer tensor">;

//===----------------------------------------------------------------------===//
// Keys and the encoder
//===----------------------------------------------------------------------===//

def BFV_KeygenOp : BFV_RandomOp<"keygen"> {
  let summary = "Generate a fresh key pair";
  let description = [{
    Draws a fresh secret key and its public key for the parameters named by
    the result types. Every execution generates new keys.

    Example:

    ```mlir
    %pk, %sk = bfv.keygen : !bfv.public_key<#p>, !bfv.secret_key<#p>
    ```
  }];
  let results = (outs BFV_PublicKey:$public_key, BFV_SecretKey:$secret_key);
  let assemblyFormat = [{
    attr-dict `:` qualified(type($public_key)) `,` qualified(type($secret_key))
  }];
}

def BFV_MakeRelinKeysOp : BFV_RandomOp<"make_relin_keys", [
    TypesMatchWith<"result has the secret key's parameters", "secret_key",
      "result", "::mlir::bfv::RelinKeyType::get($_self.getContext(), "
                "::llvm::cast<::mlir::bfv::SecretKeyType>($_self).getParams())">
  ]> {
  let summary = "Derive relinearisation keys from a secret key";
  let description = [{
    The result is public material (key-switching keys encrypted under the
    secret key) and never contains the secret key itself.

    Example:

    ```mlir
    %rk = bfv.make_relin_keys %sk : !bfv.secret_key<#p>
    ```
  }];
  let arguments = (ins BFV_SecretKey:$secret_key);
  let results = (outs BFV_RelinKey:$result);
  let assemblyFormat = "$secret_key attr-dict `:` qualified(type($secret_key))";
}

def BFV_MakeGaloisKeysOp : BFV_RandomOp<"make_galois_keys",
                                        [InferTypeOpAdaptor]> {
  let summary = "Derive Galois (rotation) keys from a secret key";
  let description = [{
    Generates the keys for the row rotations in `steps` (sorted, unique,
    non-zero, `|step| < N/2`) and the column swap. Without `steps`, it
    generates the power-of-two set, which supports every rotation by
    composition. The result type records the steps. Public material: the
    secret key is never part of it.

    Example:

    ```mlir
    %all = bfv.make_galois_keys %sk : !bfv.secret_key<#p>
    %few = bfv.make_galois_keys %sk steps [-1, 1] : !bfv.secret_key<#p>
    ```
  }];
  let arguments = (ins BFV_SecretKey:$secret_key,
                       OptionalAttr<DenseI64ArrayAttr>:$steps);
  let results = (outs BFV_GaloisKey:$result);
  let assemblyFormat = [{
    $secret_key (`steps` $steps^)? attr-dict `:` qualified(type($secret_key))
  }];
}

def BFV_CreateEncoderOp : BFV_PureOp<"create_encoder"> {
  let summary = "Create the batch encoder of a parameter set";
  let description = [{
    Example:

    ```mlir
    %enc = bfv.create_encoder : !bfv.encoder<#p>
    ```
  }];
  let results = (outs BFV_Encoder:$result);
  let assemblyFormat = "attr-dict `:` qualified(type($result))";
}

//===----------------------------------------------------------------------===//
// Encoding
//===----------------------------------------------------------------------===//

def BFV_EncodeOp : BFV_PureOp<"encode"> {
  let summary = "Encode an integer vector into a plaintext";
  let description = [{
    Slot `i` holds element `i` reduced modulo `t` (negative `v` becomes
    `t + v`); the vector has at most `N` elements and the remaining slots
    hold 0. The plaintext's element type is the tensor's.

    Example:

    ```mlir
    %pt = bfv.encode %x, %enc : tensor<4xi64>, !bfv.encoder<#p> -> !bfv.plaintext<i64, #p>
    ```
  }];
  let arguments = (ins BFV_IntegerVector:$input, BFV_Encoder:$encoder);
  let results = (outs BFV_Plaintext:$result);
  let assemblyFormat = [{
    $input `,` $encoder attr-dict `:` type($input) `,`
    qualified(type($encoder)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def BFV_BatchEncodeOp : BFV_PureOp<"batch_encode"> {
  let summary = "Encode each row of an integer matrix into a plaintext";
  let description = [{
    Row `r` of the `R x C` input (`C <= N`) becomes result `r`, encoded as by
    `bfv.encode`; there is one result per row.

    Example:

    ```mlir
    %r0, %r1 = bfv.batch_encode %m, %enc : tensor<2x3xi64>, !bfv.encoder<#p> -> !bfv.plaintext<i64, #p>, !bfv.plaintext<i64, #p>
    ```
  }];
  let arguments = (ins BFV_IntegerMatrix:$input, BFV_Encoder:$encoder);
  let results = (outs Variadic<BFV_Plaintext>:$results);
  let assemblyFormat = [{
    $input `,` $encoder attr-dict `:` type($input) `,`
    qualified(type($encoder)) `->` qualified(type($results))
  }];
  let hasVerifier = 1;
}

def BFV_DecodeOp : BFV_PureOp<"decode"> {
  let summary = "Decode the first slots of a plaintext";
  let description = [{
    Returns the first `L <= N` slots (`L` is the result length) as centred
    representatives: a slot value `u` in `[0, t)` decodes to `u` if
    `u <= t/2` and to `u - t` otherwise.

    Example:

    ```mlir
    %x = bfv.decode %pt, %enc : !bfv.plaintext<i64, #p>, !bfv.encoder<#p> -> tensor<4xi64>
    ```
  }];
  let arguments = (ins BFV_Plaintext:$input, BFV_Encoder:$encoder);
  let results = (outs BFV_IntegerVector:$result);
  let assemblyFormat = [{
    $input `,` $encoder attr-dict `:` qualified(type($input)) `,`
    qualified(type($encoder)) `->` type($result)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Encryption
//===----------------------------------------------------------------------===//

def BFV_EncryptOp : BFV_RandomOp<"encrypt", [
    TypesMatchWith<"result encrypts the plaintext", "input", "result",
      "::llvm::cast<::mlir::bfv::PlaintextType>($_self).getCiphertextType()">
  ]> {
  let summary = "Encrypt a plaintext under a public key";
  let description = [{
    Public-key encryption with fresh randomness; a secret key is not
    accepted.

    Example:

    ```mlir
    %ct = bfv.encrypt %pt, %pk : !bfv.plaintext<i64, #p>, !bfv.public_key<#p>
    ```
  }];
  let arguments = (ins BFV_Plaintext:$input, BFV_PublicKey:$public_key);
  let results = (outs BFV_Ciphertext:$result);
  let assemblyFormat = [{
    $input `,` $public_key attr-dict `:` qualified(type($input)) `,`
    qualified(type($public_key))
  }];
}

def BFV_EncryptSymmetricOp : BFV_RandomOp<"encrypt_symmetric", [
    TypesMatchWith<"result encrypts the plaintext", "input", "result",
      "::llvm::cast<::mlir::bfv::PlaintextType>($_self).getCiphertextType()">
  ]> {
  let summary = "Encrypt a plaintext under the secret key (seeded)";
  let description = [{
    Secret-key encryption with fresh randomness: `(Delta m - a s + e, a)`
    with `a` uniform and expanded from a fresh seed. Until an operation
    changes `a` (adding a plaintext does not), the ciphertext is sent and
    stored as `Delta m - a s + e` and the 32-byte seed, about half the size
    of a public-key encryption. Its noise is `e` alone. The result mixes
    freely with public-key encryptions under the same key pair.

    Example:

    ```mlir
    %ct = bfv.encrypt_symmetric %pt, %sk : !bfv.plaintext<i64, #p>, !bfv.secret_key<#p>
    ```
  }];
  let arguments = (ins BFV_Plaintext:$input, BFV_SecretKey:$secret_key);
  let results = (outs BFV_Ciphertext:$result);
  let assemblyFormat = [{
    $input `,` $secret_key attr-dict `:` qualified(type($input)) `,`
    qualified(type($secret_key))
  }];
}

def BFV_DecryptOp : BFV_PureOp<"decrypt", [
    TypesMatchWith<"result is the plaintext of the ciphertext", "input",
      "result",
      "::llvm::cast<::mlir::bfv::CiphertextType>($_self).getPlaintextType()">
  ]> {
  let summary = "Decrypt a ciphertext with the secret key";
  let description = [{
    Only the secret key decrypts; a public key is rejected.

    Example:

    ```mlir
    %pt = bfv.decrypt %ct, %sk : !bfv.ciphertext<i64, #p>, !bfv.secret_key<#p>
    ```
  }];
  let arguments = (ins BFV_Ciphertext:$input, BFV_SecretKey:$secret_key);
  let results = (outs BFV_Plaintext:$result);
  let assemblyFormat = [{
    $input `,` $secret_key attr-dict `:` qualified(type($input)) `,`
    qualified(type($secret_key))
  }];
}

//===----------------------------------------------------------------------===//
// Arithmetic
//===----------------------------------------------------------------------===//

class BFV_BinaryOp<string mnemonic, string operation>
    : BFV_PureOp<mnemonic> {
  let summary = "Slot-wise " # operation # " modulo t";
  let description = [{
    Operands are ciphertexts or plaintexts with the same element type and
    parameters, at least one a ciphertext; the result is a ciphertext.
  }] # extraDescription;
  string extraDescription = "";
  let arguments = (ins BFV_PlaintextOrCiphertext:$lhs,
                       BFV_PlaintextOrCiphertext:$rhs);
  let results = (outs BFV_Ciphertext:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def BFV_AddOp : BFV_BinaryOp<"add", "addition"> {
  let extraDescription = [{
    Example:

    ```mlir
    %s = bfv.add %a, %b : (!bfv.ciphertext<i64, #p>, !bfv.plaintext<i64, #p>) -> !bfv.ciphertext<i64, #p>
    ```
  }];
}

def BFV_SubOp : BFV_BinaryOp<"sub", "subtraction"> {
  let extraDescription = [{
    `lhs - rhs`; a plaintext minus a ciphertext is allowed.

    Example:

    ```mlir
    %d = bfv.sub %pt, %ct : (!bfv.plaintext<i64, #p>, !bfv.ciphertext<i64, #p>) -> !bfv.ciphertext<i64, #p>
    ```
  }];
}

def BFV_MulOp : BFV_BinaryOp<"mul", "multiplication"> {
  let extraDescription = [{
    The product of two ciphertexts has three polynomials: follow it with
    `bfv.relinearize` before further multiplications.

    Example:

    ```mlir
    %m = bfv.mul %a, %b : (!bfv.ciphertext<i64, #p>, !bfv.ciphertext<i64, #p>) -> !bfv.ciphertext<i64, #p>
    ```
  }];
}

def BFV_RelinearizeOp : BFV_PureOp<"relinearize",
                                   [AllTypesMatch<["input", "result"]>]> {
  let summary = "Shrink a ciphertext product back to two polynomials";
  let description = [{
    Key switching with the relinearisation keys; the decryption is
    unchanged. A ciphertext that already has two polynomials is returned as
    is.

    Example:

    ```mlir
    %r = bfv.relinearize %m, %rk : !bfv.ciphertext<i64, #p>, !bfv.relin_key<#p>
    ```
  }];
  let arguments = (ins BFV_Ciphertext:$input, BFV_RelinKey:$relin_key);
  let results = (outs BFV_Ciphertext:$result);
  let assemblyFormat = [{
    $input `,` $relin_key attr-dict `:` qualified(type($input)) `,`
    qualified(type($relin_key))
  }];
}

def BFV_ModSwitchOp : BFV_PureOp<"mod_switch",
                                 [AllTypesMatch<["input", "result"]>]> {
  let summary = "Drop primes from a ciphertext before sending it back";
  let description = [{
    Divides the ciphertext, rounding, by the last `drop` of its `L` data
    primes (`L` is the length of `q_bits` minus the special prime; `1 <=
    drop < L`). The result decrypts to the same plaintext and serializes in
    `(L - drop) / L` of the bytes. Its noise budget becomes the smaller of
    the input's and that of a fresh encryption over the remaining primes
    (docs/bfv-library.md has the numbers). A switched ciphertext can only
    be decrypted (or sent and stored): the verifier rejects other bfv ops
    on the result, and the run time any other use.

    Example:

    ```mlir
    %small = bfv.mod_switch %ct drop 2 : !bfv.ciphertext<i64, #p>
    ```
  }];
  let arguments = (ins BFV_Ciphertext:$input,
                       ConfinedAttr<I64Attr, [IntMinValue<1>]>:$drop);
  let results = (outs BFV_Ciphertext:$result);
  let assemblyFormat = [{
    $input `drop` $drop attr-dict `:` qualified(type($input))
  }];
  let hasVerifier = 1;
}

def BFV_SanitizeOp : BFV_RandomOp<"sanitize",
                                  [AllTypesMatch<["input", "result"]>]> {
  let summary = "Hide how a ciphertext was computed before the key holder "
                "decrypts it";
  let description = [{
    Circuit privacy by noise flooding. The noise of a computed ciphertext
    depends on the evaluator's inputs (a product by a plaintext scales it
    by that plaintext), and the key holder reads the noise when it
    decrypts. `bfv.sanitize` adds a fresh encryption of zero under
    `public_key` (a new uniform `c_1`), switches the ciphertext down to its
    first data prime `q_0` as `bfv.mod_switch` does, and adds noise drawn
    uniformly from `[-2^k, 2^k)` with `k = bits(q_0) - bits(t) - 3`, the
    most that keeps the ciphertext decryptable. The result decrypts to the
    same plaintext, and its noise is within statistical distance
    `2^-security` of a distribution that does not depend on the input's
    noise, provided that noise was at most `2^-security / N` of the flood.
    The compiler's noise analysis checks that bound and rejects the
    program when it does not hold: the input needs about
    `security + log2(N) + 2` bits of noise budget (55 bits at N = 8192 and
    the default `security` of 40, more than a fresh encryption has at
    N = 4096).

    Sanitizing hides the noise, not the slots: every slot the key holder
    can decode is revealed, so multiply by a mask that keeps only the
    result's slots first (docs/bfv.md). Like a `bfv.mod_switch` result, the
    result can only be decrypted, sent or stored.

    Example:

    ```mlir
    %safe = bfv.sanitize %ct, %pk : !bfv.ciphertext<i64, #p>, !bfv.public_key<#p>
    %safer = bfv.sanitize %ct, %pk security 64 : !bfv.ciphertext<i64, #p>, !bfv.public_key<#p>
    ```
  }];
  let arguments = (ins BFV_Ciphertext:$input, BFV_PublicKey:$public_key,
                       ConfinedAttr<DefaultValuedAttr<I64Attr, "40">,
                                    [IntMinValue<1>]>:$security);
  let results = (outs BFV_Ciphertext:$result);
  let assemblyFormat = [{
    $input `,` $public_key (`security` $security^)? attr-dict `:`
    qualified(type($input)) `,` qualified(type($public_key))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Rotations
//===----------------------------------------------------------------------===//

def BFV_RotateOp : BFV_PureOp<"rotate",
                              [AllTypesMatch<["input", "result"]>]> {
  let summary = "Rotate both slot rows left by a static number of steps";
  let description = [{
    Each row of `N/2` slots is rotated cyclically left by `steps` (right for
    negative steps), `|steps| < N/2`. The Galois key must support the step;
    a rotation by 0 returns the input.

    Example:

    ```mlir
    %r = bfv.rotate %ct, %gk by 1 : !bfv.ciphertext<i64, #p>, !bfv.galois_key<#p>
    ```
  }];
  let arguments = (ins BFV_Ciphertext:$input, BFV_GaloisKey:$galois_key,
                       I64Attr:$steps);
  let results = (outs BFV_Ciphertext:$result);
  let assemblyFormat = [{
    $input `,` $galois_key `by` $steps attr-dict `:` qualified(type($input))
    `,` qualified(type($galois_key))
  }];
  let hasVerifier = 1;
}

def BFV_RotateColumnsOp : BFV_PureOp<"rotate_columns",
                                     [AllTypesMatch<["input", "result"]>]> {
  let summary = "Swap the two slot rows";
  let description = [{
    Exchanges row 0 (slots `0 .. N/2-1`) and row 1 (slots `N/2 .. N-1`).
    Every Galois key supports it.

    Example:

    ```mlir
    %s = bfv.rotate_columns %ct, %gk : !bfv.ciphertext<i64, #p>, !bfv.galois_key<#p>
    ```
  }];
  let arguments = (ins BFV_Ciphertext:$input, BFV_GaloisKey:$galois_key);
  let results = (outs BFV_Ciphertext:$result);
  let assemblyFormat = [{
    $input `,` $galois_key attr-dict `:` qualified(type($input)) `,`
    qualified(type($galois_key))
  }];
}

#endif // MPLANG_DIALECT_BFV_IR_BFVOPS_TD

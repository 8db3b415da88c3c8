//===- CryptoOps.td - crypto dialect operations ------------*- tablegen -*-===//

#ifndef MPLANG_DIALECT_CRYPTO_IR_CRYPTOOPS_TD
#define MPLANG_DIALECT_CRYPTO_IR_CRYPTOOPS_TD

include "mplang/Dialect/Crypto/IR/CryptoDialect.td"
include "mplang/Dialect/Crypto/IR/CryptoTypes.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

// Tensors the runtime holds as raw bytes.
def Crypto_Data : StaticShapeTensorOf<[AnyI1, AnyI8, AnyI16, AnyI32, AnyI64,
                                       F32, F64]>;
def Crypto_Words : StaticShapeTensorOf<[AnyI8, AnyI16, AnyI32, AnyI64]>;
def Crypto_Bytes : RankedTensorOf<[AnyI8], [HasStaticShapePred],
                                  "statically shaped tensor">;
def Crypto_ByteVector : RankedTensorOf<[AnyI8],
    [HasStaticShapePred, HasAnyRankOfPred<[1]>],
    "statically shaped 1-D tensor">;
def Crypto_BitMatrix : RankedTensorOf<[AnyI8, AnyI16, AnyI32, AnyI64],
    [HasStaticShapePred, HasAnyRankOfPred<[2]>],
    "statically shaped 2-D tensor">;

// One element or a batch of them.
def Crypto_PointLike : AnyTypeOf<[Crypto_Point,
                                  StaticShapeTensorOf<[Crypto_Point]>]>;
def Crypto_ScalarLike : AnyTypeOf<[Crypto_Scalar,
                                   StaticShapeTensorOf<[Crypto_Scalar]>]>;
def Crypto_AnyKey : AnyTypeOf<[Crypto_PrivateKey, Crypto_PublicKey]>;

// Fresh randomness: two runs differ, so neither pure nor foldable.
def Crypto_Random : MemoryEffects<[MemRead, MemWrite]>;

//===----------------------------------------------------------------------===//
// Randomness and hashing
//===----------------------------------------------------------------------===//

def Crypto_RandomBytesOp : Crypto_Op<"random_bytes", [Crypto_Random]> {
  let summary = "Fill a tensor with bytes from the OS CSPRNG";
  let description = [{
    Every byte of the result comes from OpenSSL's `RAND_bytes` (seeded by
    the operating system), fresh at each execution. Wider integer elements
    are little-endian groups of such bytes.

    Example:

    ```mlir
    %seed = crypto.random_bytes : tensor<16xui8>
    %words = crypto.random_bytes : tensor<4x2xi64>
    ```
  }];
  let results = (outs Crypto_Words:$result);
  let assemblyFormat = "attr-dict `:` qualified(type($result))";
}

def Crypto_HashOp : Crypto_Op<"hash", [Pure]> {
  let summary = "SHA-256 of a tensor's bytes";
  let description = [{
    The 32-byte SHA-256 digest (FIPS 180-4) of the input's bytes: its
    elements in row-major order, each little-endian. The result holds the
    digest's 32 bytes in any integer type: `tensor<32xui8>` or, as words,
    `tensor<4xi64>`.

    Example: SHA-256("abc") is `ba7816bf...f20015ad`.

    ```mlir
    %abc = arith.constant dense<[97, 98, 99]> : tensor<3xui8>
    %h = crypto.hash %abc : tensor<3xui8> -> tensor<32xui8>
    ```
  }];
  let arguments = (ins Crypto_Data:$input);
  let results = (outs Crypto_Words:$result);
  let assemblyFormat = "$input attr-dict `:` qualified(type($input)) `->` qualified(type($result))";
  let hasVerifier = 1;
}

def Crypto_HashBatchOp : Crypto_Op<"hash_batch", [Pure]> {
  let summary = "SHA-256 of each row of a tensor";
  let description = [{
    Row `i` of the result is the SHA-256 digest of the bytes of the input's
    slice `i` along its first dimension. The input has rank 1 or more (a
    rank-1 input hashes each element). The result has one row of 32 bytes
    per input row, as bytes or as words. Large batches run on the runtime's
    thread pool.

    Example: 1024 digests of 16-byte rows, as bytes and as 64-bit words.

    ```mlir
    %h = crypto.hash_batch %rows : tensor<1024x2xi64> -> tensor<1024x32xui8>
    %w = crypto.hash_batch %rows : tensor<1024x2xi64> -> tensor<1024x4xi64>
    ```
  }];
  let arguments = (ins Crypto_Data:$input);
  let results = (outs Crypto_Words:$result);
  let assemblyFormat = "$input attr-dict `:` qualified(type($input)) `->` qualified(type($result))";
  let hasVerifier = 1;
}

def Crypto_HkdfOp : Crypto_Op<"hkdf", [Pure]> {
  let summary = "HKDF-SHA256 key derivation";
  let description = [{
    RFC 5869 HKDF with SHA-256: extract with `salt` (an empty salt means
    32 zero bytes), then expand with `info` to the result's size (1 to
    8160 bytes, in any integer type). The input keying material is the
    bytes of `ikm`.

    Example:

    ```mlir
    %okm = crypto.hkdf %ikm, %salt, %info
        : tensor<22xui8>, tensor<13xui8>, tensor<10xui8> -> tensor<42xui8>
    ```
  }];
  let arguments = (ins Crypto_Data:$ikm, Crypto_ByteVector:$salt,
                       Crypto_ByteVector:$info);
  let results = (outs Crypto_Words:$result);
  let assemblyFormat = [{
    $ikm `,` $salt `,` $info attr-dict `:` qualified(type($ikm)) `,` qualified(type($salt)) `,`
    qualified(type($info)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// AES-256-GCM
//===----------------------------------------------------------------------===//

def Crypto_AesGcmEncryptOp : Crypto_Op<"aes_gcm_encrypt", [Pure]> {
  let summary = "AES-256-GCM encryption of a tensor's bytes";
  let description = [{
    Encrypts the bytes of `input` under the 32-byte `key` and 12-byte
    `nonce`, authenticating the optional `aad` bytes too. The result is the
    ciphertext followed by the 16-byte tag, so it has 16 more bytes than
    the input. A nonce must never repeat under one key.

    Example:

    ```mlir
    %c = crypto.aes_gcm_encrypt %key, %nonce, %x aad %hdr
        : (tensor<32xui8>, tensor<12xui8>, tensor<4xi64>, tensor<5xui8>)
          -> tensor<48xui8>
    ```
  }];
  let arguments = (ins Crypto_ByteVector:$key, Crypto_ByteVector:$nonce,
                       Crypto_Data:$input, Optional<Crypto_ByteVector>:$aad);
  let results = (outs Crypto_ByteVector:$result);
  let assemblyFormat = [{
    $key `,` $nonce `,` $input (`aad` $aad^)? attr-dict `:`
    functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Crypto_AesGcmDecryptOp : Crypto_Op<"aes_gcm_decrypt", [Pure]> {
  let summary = "AES-256-GCM decryption and authentication";
  let description = [{
    The inverse of `crypto.aes_gcm_encrypt`: `input` is the ciphertext and
    its 16-byte tag, and the result type (whose bytes number 16 fewer)
    gives the plaintext's meaning. A wrong key, nonce or `aad`, or any
    change to the ciphertext or tag, is a run-time error: no plaintext is
    ever returned unauthenticated.

    Example:

    ```mlir
    %x = crypto.aes_gcm_decrypt %key, %nonce, %c aad %hdr
        : (tensor<32xui8>, tensor<12xui8>, tensor<48xui8>, tensor<5xui8>)
          -> tensor<4xi64>
    ```
  }];
  let arguments = (ins Crypto_ByteVector:$key, Crypto_ByteVector:$nonce,
                       Crypto_ByteVector:$input,
                       Optional<Crypto_ByteVector>:$aad);
  let results = (outs Crypto_Data:$result);
  let assemblyFormat = [{
    $key `,` $nonce `,` $input (`aad` $aad^)? attr-dict `:`
    functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// X25519
//===----------------------------------------------------------------------===//

def Crypto_KeygenOp : Crypto_Op<"keygen", [Crypto_Random]> {
  let summary = "Generate a Diffie-Hellman private key";
  let description = [{
    A fresh private key from the OS CSPRNG.

    Example:

    ```mlir
    %sk = crypto.keygen : !crypto.private_key<x25519>
    ```
  }];
  let results = (outs Crypto_PrivateKey:$result);
  let assemblyFormat = "attr-dict `:` qualified(type($result))";
}

def Crypto_PublicKeyOp : Crypto_Op<"public_key", [Pure]> {
  let summary = "The public key of a private key";
  let description = [{
    For X25519, the scalar multiple of the base point 9 (RFC 7748).

    Example:

    ```mlir
    %pk = crypto.public_key %sk
        : !crypto.private_key<x25519> -> !crypto.public_key<x25519>
    ```
  }];
  let arguments = (ins Crypto_PrivateKey:$private_key);
  let results = (outs Crypto_PublicKey:$result);
  let assemblyFormat = [{
    $private_key attr-dict `:` qualified(type($private_key)) `->` qualified(type($result))
  }];
}

def Crypto_AgreeOp : Crypto_Op<"agree", [Pure]> {
  let summary = "Diffie-Hellman shared secret";
  let description = [{
    The 32-byte X25519 shared secret of a private key and a peer's public
    key (RFC 7748). A public key of small order, whose secret would be all
    zeros, is a run-time error. Derive keys from the secret with
    `crypto.hkdf` rather than using it directly.

    Example:

    ```mlir
    %s = crypto.agree %sk, %peer
        : !crypto.private_key<x25519>, !crypto.public_key<x25519>
          -> tensor<32xui8>
    ```
  }];
  let arguments = (ins Crypto_PrivateKey:$private_key,
                       Crypto_PublicKey:$public_key);
  let results = (outs Crypto_ByteVector:$result);
  let assemblyFormat = [{
    $private_key `,` $public_key attr-dict `:` qualified(type($private_key)) `,`
    qualified(type($public_key)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def Crypto_KeyFromBytesOp : Crypto_Op<"key_from_bytes", [Pure]> {
  let summary = "A private or public key from its 32 bytes";
  let description = [{
    The RFC 7748 encoding: 32 bytes, for a private key the scalar (clamped
    when used), for a public key the little-endian u-coordinate.

    Example:

    ```mlir
    %pk = crypto.key_from_bytes %b : tensor<32xui8> -> !crypto.public_key<x25519>
    ```
  }];
  let arguments = (ins Crypto_ByteVector:$input);
  let results = (outs Crypto_AnyKey:$result);
  let assemblyFormat = "$input attr-dict `:` qualified(type($input)) `->` qualified(type($result))";
  let hasVerifier = 1;
}

def Crypto_KeyToBytesOp : Crypto_Op<"key_to_bytes", [Pure]> {
  let summary = "The 32 bytes of a private or public key";
  let description = [{
    The inverse of `crypto.key_from_bytes`.

    Example:

    ```mlir
    %b = crypto.key_to_bytes %pk : !crypto.public_key<x25519> -> tensor<32xui8>
    ```
  }];
  let arguments = (ins Crypto_AnyKey:$input);
  let results = (outs Crypto_ByteVector:$result);
  let assemblyFormat = "$input attr-dict `:` qualified(type($input)) `->` qualified(type($result))";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Group
//===----------------------------------------------------------------------===//

def Crypto_GeneratorOp : Crypto_Op<"generator", [Pure]> {
  let summary = "The group's standard generator";
  let description = [{
    For `p256`, the base point G of SEC 2 / FIPS 186-4.

    Example:

    ```mlir
    %g = crypto.generator : !crypto.point<p256>
    ```
  }];
  let results = (outs Crypto_Point:$result);
  let assemblyFormat = "attr-dict `:` qualified(type($result))";
}

class Crypto_PointBinaryOp<string mnemonic, string summaryText,
                           string exampleOp>
    : Crypto_Op<mnemonic, [Pure]> {
  let summary = summaryText;
  let description = !strconcat([{
    Element-wise over batches of one shape; a single point (a
    `!crypto.point` or a 0-D tensor) combines with every element of the
    other operand. The result has the batch's shape.

    Example:

    ```mlir
    %r = }], exampleOp, [{ %a, %b
        : tensor<4x!crypto.point<p256>>, !crypto.point<p256>
          -> tensor<4x!crypto.point<p256>>
    ```
  }]);
  let arguments = (ins Crypto_PointLike:$lhs, Crypto_PointLike:$rhs);
  let results = (outs Crypto_PointLike:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` qualified(type($lhs)) `,` qualified(type($rhs)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def Crypto_HashToPointOp : Crypto_Op<"hash_to_point", [Pure]> {
  let summary = "Points of unknown discrete logarithm from each row's bytes";
  let description = [{
    Row `i` of the input (its slice `i` along the first dimension, as
    `crypto.hash_batch` reads it) maps to point `i`: RFC 9380
    hash_to_curve with the suite P256_XMD:SHA-256_SSWU_RO_ and the tag
    "MPLANG-V01-CS02-with-P256_XMD:SHA-256_SSWU_RO_" (expand_message_xmd,
    two field elements, the simplified SWU map of each, their sum). Nobody
    knows the discrete logarithm of such a point, as Diffie-Hellman-based
    oblivious PRFs need. The field arithmetic is not hardened to run in
    constant time: hash only the party's own data, whose timing is its own.

    Example: one point per 64-bit item.

    ```mlir
    %p = crypto.hash_to_point %items
        : tensor<1024xi64> -> tensor<1024x!crypto.point<p256>>
    ```
  }];
  let arguments = (ins Crypto_Data:$input);
  let results = (outs Crypto_PointLike:$result);
  let assemblyFormat = "$input attr-dict `:` qualified(type($input)) `->` qualified(type($result))";
  let hasVerifier = 1;
}

def Crypto_PointAddOp : Crypto_PointBinaryOp<"point_add",
    "Group addition of points", "crypto.point_add">;
def Crypto_PointSubOp : Crypto_PointBinaryOp<"point_sub",
    "Group subtraction of points (lhs - rhs)", "crypto.point_sub">;

def Crypto_ScalarMulOp : Crypto_Op<"scalar_mul", [Pure]> {
  let summary = "Scalar multiplication k * P";
  let description = [{
    Element-wise over a batch of scalars and a batch of points of one
    shape, or one of either against a batch of the other. Constant time in
    the scalar (OpenSSL's P-256 code); large batches run on the runtime's
    thread pool. For multiples of the generator, `crypto.base_mul` is
    about eight times faster.

    Example: one secret times each of 128 received points.

    ```mlir
    %r = crypto.scalar_mul %a, %pts
        : !crypto.scalar<p256>, tensor<128x!crypto.point<p256>>
          -> tensor<128x!crypto.point<p256>>
    ```
  }];
  let arguments = (ins Crypto_ScalarLike:$scalar, Crypto_PointLike:$point);
  let results = (outs Crypto_PointLike:$result);
  let assemblyFormat = [{
    $scalar `,` $point attr-dict `:` qualified(type($scalar)) `,` qualified(type($point)) `->`
    qualified(type($result))
  }];
  let hasVerifier = 1;
}

def Crypto_BaseMulOp : Crypto_Op<"base_mul", [Pure]> {
  let summary = "Multiples of the generator, k * G";
  let description = [{
    One point per scalar, from OpenSSL's precomputed tables of G.

    Example:

    ```mlir
    %B = crypto.base_mul %b
        : tensor<128x!crypto.scalar<p256>> -> tensor<128x!crypto.point<p256>>
    ```
  }];
  let arguments = (ins Crypto_ScalarLike:$scalar);
  let results = (outs Crypto_PointLike:$result);
  let assemblyFormat = "$scalar attr-dict `:` qualified(type($scalar)) `->` qualified(type($result))";
  let hasVerifier = 1;
}

class Crypto_ScalarBinaryOp<string mnemonic, string summaryText,
                            string exampleOp>
    : Crypto_Op<mnemonic, [Pure]> {
  let summary = summaryText;
  let description = !strconcat([{
    Modulo the group order, element-wise over batches of one shape; a
    single scalar combines with every element of the other operand.

    Example:

    ```mlir
    %r = }], exampleOp, [{ %a, %b
        : tensor<4x!crypto.scalar<p256>>, !crypto.scalar<p256>
          -> tensor<4x!crypto.scalar<p256>>
    ```
  }]);
  let arguments = (ins Crypto_ScalarLike:$lhs, Crypto_ScalarLike:$rhs);
  let results = (outs Crypto_ScalarLike:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` qualified(type($lhs)) `,`
    qualified(type($rhs)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def Crypto_ScalarAddOp : Crypto_ScalarBinaryOp<"scalar_add",
    "Sum of scalars", "crypto.scalar_add">;
def Crypto_ScalarSubOp : Crypto_ScalarBinaryOp<"scalar_sub",
    "Difference of scalars (lhs - rhs)", "crypto.scalar_sub">;
def Crypto_ScalarProductOp : Crypto_ScalarBinaryOp<"scalar_product",
    "Product of scalars", "crypto.scalar_product">;

def Crypto_ScalarInverseOp : Crypto_Op<"scalar_inverse", [Pure]> {
  let summary = "Inverse of scalars modulo the group order";
  let description = [{
    `k^-1` with `k * k^-1 = 1` modulo the (prime) order, computed in
    constant time as `k^(order - 2)`; the inverse of zero is a run-time
    error. It undoes a multiplication: `k^-1 * (k * P) = P`.

    Example:

    ```mlir
    %i = crypto.scalar_inverse %k
        : tensor<4x!crypto.scalar<p256>> -> tensor<4x!crypto.scalar<p256>>
    ```
  }];
  let arguments = (ins Crypto_ScalarLike:$input);
  let results = (outs Crypto_ScalarLike:$result);
  let assemblyFormat = [{
    $input attr-dict `:` qualified(type($input)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def Crypto_RandomScalarOp : Crypto_Op<"random_scalar", [Crypto_Random]> {
  let summary = "Uniformly random non-zero scalars";
  let description = [{
    Each scalar is uniform in [1, order) from the OS CSPRNG.

    Example:

    ```mlir
    %b = crypto.random_scalar : tensor<128x!crypto.scalar<p256>>
    ```
  }];
  let results = (outs Crypto_ScalarLike:$result);
  let assemblyFormat = "attr-dict `:` qualified(type($result))";
}

class Crypto_EncodingOp<string mnemonic, TypeConstraint from,
                        TypeConstraint to> : Crypto_Op<mnemonic, [Pure]> {
  let arguments = (ins from:$input);
  let results = (outs to:$result);
  let assemblyFormat = "$input attr-dict `:` qualified(type($input)) `->` qualified(type($result))";
  let hasVerifier = 1;
}

def Crypto_PointToBytesOp
    : Crypto_EncodingOp<"point_to_bytes", Crypto_PointLike, Crypto_Bytes> {
  let summary = "SEC1 compressed encodings of points";
  let description = [{
    The result has the points' shape and a last dimension of 33: the
    compressed encoding, or 33 zero bytes for the identity.

    Example:

    ```mlir
    %b = crypto.point_to_bytes %p
        : tensor<4x!crypto.point<p256>> -> tensor<4x33xui8>
    ```
  }];
}

def Crypto_PointFromBytesOp
    : Crypto_EncodingOp<"point_from_bytes", Crypto_Bytes, Crypto_PointLike> {
  let summary = "Points from their SEC1 compressed encodings";
  let description = [{
    The inverse of `crypto.point_to_bytes`: the input's last dimension of
    33 bytes holds one encoding. Bytes that encode no point of the group
    (a bad prefix, an x with no point on the curve, x not below p) are a
    run-time error.

    Example:

    ```mlir
    %p = crypto.point_from_bytes %b
        : tensor<4x33xui8> -> tensor<4x!crypto.point<p256>>
    ```
  }];
}

def Crypto_ScalarToBytesOp
    : Crypto_EncodingOp<"scalar_to_bytes", Crypto_ScalarLike, Crypto_Bytes> {
  let summary = "Big-endian bytes of scalars";
  let description = [{
    The result has the scalars' shape and a last dimension of 32.

    Example:

    ```mlir
    %b = crypto.scalar_to_bytes %k
        : tensor<4x!crypto.scalar<p256>> -> tensor<4x32xui8>
    ```
  }];
}

def Crypto_ScalarFromBytesOp
    : Crypto_EncodingOp<"scalar_from_bytes", Crypto_Bytes, Crypto_ScalarLike> {
  let summary = "Scalars from 32 big-endian bytes, reduced modulo the order";
  let description = [{
    Each last-dimension row of 32 bytes is read as a big-endian integer and
    reduced modulo the group order, so a hash digest maps to a scalar (with
    a bias below 2^-32 for P-256).

    Example:

    ```mlir
    %k = crypto.scalar_from_bytes %digest : tensor<32xui8> -> !crypto.scalar<p256>
    ```
  }];
}

//===----------------------------------------------------------------------===//
// Bit matrices
//===----------------------------------------------------------------------===//

def Crypto_BitTransposeOp : Crypto_Op<"bit_transpose", [Pure]> {
  let summary = "Transpose a matrix of bits";
  let description = [{
    The input is an R x C bit matrix: row `r` is input row `r`, and its bit
    `c` is bit `c % 8` of its byte `c / 8` (so bit `c % w` of word `c / w`
    for little-endian `w`-bit words). The result is the C x R transpose in
    the same layout, with its own word type. R and C are multiples of 8,
    implied by whole words. This is the transpose of OT extension (128 x n
    to n x 128 bits) and of any bit-sliced computation.

    Example: 128 rows of 2^20 bits to 2^20 rows of 128 bits.

    ```mlir
    %t = crypto.bit_transpose %u : tensor<128x16384xi64> -> tensor<1048576x2xi64>
    ```
  }];
  let arguments = (ins Crypto_BitMatrix:$input);
  let results = (outs Crypto_BitMatrix:$result);
  let assemblyFormat = "$input attr-dict `:` qualified(type($input)) `->` qualified(type($result))";
  let hasVerifier = 1;
}

#endif // MPLANG_DIALECT_CRYPTO_IR_CRYPTOOPS_TD

//===- CryptoDialect.td - crypto dialect definition --------*- tablegen -*-===//
//
// The crypto dialect holds the public-key and symmetric primitives that
// protocols (base OT, OT extension, VOLE) are written on, all computed by
// OpenSSL.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_DIALECT_CRYPTO_IR_CRYPTODIALECT_TD
#define MPLANG_DIALECT_CRYPTO_IR_CRYPTODIALECT_TD

include "mlir/IR/OpBase.td"

def Crypto_Dialect : Dialect {
  let name = "crypto";
  let cppNamespace = "::mlir::crypto";
  let summary = "Random bytes, SHA-256, HKDF, AES-GCM, X25519 and a "
                "prime-order elliptic-curve group";
  let description = [{
    Bytes are statically shaped tensors of 8-bit integers (`ui8`, `i8` or
    `si8`; the signedness is ignored), one byte per element in row-major
    order. Ops that read "the bytes of a tensor" (`crypto.hash`,
    `crypto.aes_gcm_encrypt`, ...) read any integer or float tensor as its
    elements in row-major order, each little-endian in its natural width
    (`i1` as one byte holding 0 or 1).

    Group elements and scalars have their own types, `!crypto.point<p256>`
    and `!crypto.scalar<p256>`, alone or as tensor elements (a batch);
    X25519 keys are `!crypto.private_key<x25519>` and
    `!crypto.public_key<x25519>`. These values cross `simp.shuffle` like
    any other; the receiver checks every encoding.

    Example: a shared AES key from an X25519 agreement.

    ```mlir
    %sk = crypto.keygen : !crypto.private_key<x25519>
    %pk = crypto.public_key %sk : !crypto.private_key<x25519> -> !crypto.public_key<x25519>
    %s = crypto.agree %sk, %peer : !crypto.private_key<x25519>, !crypto.public_key<x25519> -> tensor<32xui8>
    %k = crypto.hkdf %s, %salt, %info : tensor<32xui8>, tensor<0xui8>, tensor<3xui8> -> tensor<32xui8>
    ```
  }];
  let useDefaultTypePrinterParser = 1;
  let extraClassDeclaration = [{
    void registerTypes();
  }];
}

class Crypto_Op<string mnemonic, list<Trait> traits = []>
    : Op<Crypto_Dialect, mnemonic, traits>;

#endif // MPLANG_DIALECT_CRYPTO_IR_CRYPTODIALECT_TD

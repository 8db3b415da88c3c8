//===- CryptoTypes.td - crypto dialect types ---------------*- tablegen -*-===//

#ifndef MPLANG_DIALECT_CRYPTO_IR_CRYPTOTYPES_TD
#define MPLANG_DIALECT_CRYPTO_IR_CRYPTOTYPES_TD

include "mplang/Dialect/Crypto/IR/CryptoDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

// One group for now; the enum keeps the type open to others.
def Crypto_Curve : I32EnumAttr<"Curve", "prime-order elliptic-curve group", [
    I32EnumAttrCase<"P256", 0, "p256">]> {
  let cppNamespace = "::mlir::crypto";
}

def Crypto_KeyAgreement : I32EnumAttr<"KeyAgreement",
    "Diffie-Hellman key agreement", [I32EnumAttrCase<"X25519", 0, "x25519">]> {
  let cppNamespace = "::mlir::crypto";
}

class Crypto_Type<string name, string typeMnemonic>
    : TypeDef<Crypto_Dialect, name> {
  let mnemonic = typeMnemonic;
}

class Crypto_GroupType<string name, string typeMnemonic>
    : Crypto_Type<name, typeMnemonic> {
  let parameters = (ins EnumParameter<Crypto_Curve>:$curve);
  let assemblyFormat = "`<` $curve `>`";
}

class Crypto_KeyType<string name, string typeMnemonic>
    : Crypto_Type<name, typeMnemonic> {
  let parameters = (ins EnumParameter<Crypto_KeyAgreement>:$suite);
  let assemblyFormat = "`<` $suite `>`";
}

def Crypto_Point : Crypto_GroupType<"Point", "point"> {
  let summary = "An element of a prime-order elliptic-curve group";
  let description = [{
    `p256` is NIST P-256 (secp256r1), whose order is prime (cofactor 1);
    the identity (point at infinity) is an element too. A tensor of points
    is a batch. As bytes, a point is its 33-byte SEC1 compressed encoding
    (`0x02`/`0x03` and the x coordinate); the identity is 33 zero bytes.

    Example:

    ```mlir
    !crypto.point<p256>
    tensor<128x!crypto.point<p256>>
    ```
  }];
}

def Crypto_Scalar : Crypto_GroupType<"Scalar", "scalar"> {
  let summary = "An integer modulo the order of an elliptic-curve group";
  let description = [{
    As bytes, a scalar is 32 big-endian bytes of a value below the group
    order. A tensor of scalars is a batch.

    Example:

    ```mlir
    !crypto.scalar<p256>
    tensor<128x!crypto.scalar<p256>>
    ```
  }];
}

def Crypto_PrivateKey : Crypto_KeyType<"PrivateKey", "private_key"> {
  let summary = "A Diffie-Hellman private key";
  let description = [{
    For `x25519`, the 32 bytes of RFC 7748 (clamped when used). It should
    not leave the party that generated it.

    Example:

    ```mlir
    !crypto.private_key<x25519>
    ```
  }];
}

def Crypto_PublicKey : Crypto_KeyType<"PublicKey", "public_key"> {
  let summary = "A Diffie-Hellman public key";
  let description = [{
    For `x25519`, the 32-byte u-coordinate of RFC 7748. Public: it may be
    sent to any party.

    Example:

    ```mlir
    !crypto.public_key<x25519>
    ```
  }];
}

#endif // MPLANG_DIALECT_CRYPTO_IR_CRYPTOTYPES_TD

//===- BFVDialect.td - bfv dialect definition --------------*- tablegen -*-===//
//
// The bfv dialect describes homomorphic computation with the BFV scheme on
// batched integer slots.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_DIALECT_BFV_IR_BFVDIALECT_TD
#define MPLANG_DIALECT_BFV_IR_BFVDIALECT_TD

include "mlir/IR/OpBase.td"

def BFV_Dialect : Dialect {
  let name = "bfv";
  let cppNamespace = "::mlir::bfv";
  let summary = "Homomorphic encryption with the BFV scheme (batched slots)";
  let description = [{
    BFV packs a vector of `N` integers modulo the plain modulus `t` into one
    plaintext or ciphertext (`N` is the ring degree, also the slot count).
    The batch encoder arranges the slots as a 2 x (N/2) matrix: `bfv.rotate`
    rotates both rows, `bfv.rotate_columns` swaps them. Arithmetic is slot-wise
    modulo `t`. Relinearisation after a ciphertext product is explicit.

    Every type carries the full parameter set `#bfv.params` (degree `n`,
    plain modulus `t`, coefficient-modulus prime sizes `q_bits`), so a
    verified program names exactly the BFV context each value lives in and
    the run time builds it from the type alone. The printer introduces the
    alias `#bfv_params` for it.

    Example: encrypt, add a plaintext, decrypt.

    ```mlir
    #p = #bfv.params<n = 4096, t = 1032193, q_bits = [36, 36, 37]>
    %pk, %sk = bfv.keygen : !bfv.public_key<#p>, !bfv.secret_key<#p>
    %enc = bfv.create_encoder : !bfv.encoder<#p>
    %pt = bfv.encode %x, %enc : tensor<4xi64>, !bfv.encoder<#p> -> !bfv.plaintext<i64, #p>
    %ct = bfv.encrypt %pt, %pk : !bfv.plaintext<i64, #p>, !bfv.public_key<#p>
    %sum = bfv.add %ct, %pt : (!bfv.ciphertext<i64, #p>, !bfv.plaintext<i64, #p>) -> !bfv.ciphertext<i64, #p>
    %res = bfv.decrypt %sum, %sk : !bfv.ciphertext<i64, #p>, !bfv.secret_key<#p>
    ```
  }];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let extraClassDeclaration = [{
    void registerAttributes();
    void registerTypes();
  }];
}

class BFV_Op<string mnemonic, list<Trait> traits = []>
    : Op<BFV_Dialect, mnemonic, traits>;

#endif // MPLANG_DIALECT_BFV_IR_BFVDIALECT_TD

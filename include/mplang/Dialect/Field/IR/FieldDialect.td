//===- FieldDialect.td - field dialect definition ----------*- tablegen -*-===//
//
// The field dialect provides GF(2^128) arithmetic and the building blocks of
// the PSI and VOLE protocols: an AES-based PRG, oblivious key-value stores
// and sparse LDPC encoding.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_DIALECT_FIELD_IR_FIELDDIALECT_TD
#define MPLANG_DIALECT_FIELD_IR_FIELDDIALECT_TD

include "mlir/IR/OpBase.td"

def Field_Dialect : Dialect {
  let name = "field";
  let cppNamespace = "::mlir::field";
  let summary = "GF(2^128) arithmetic and the PSI/VOLE toolbox";
  let description = [{
    Values are statically shaped tensors of `!field.gf128`, the elements of
    GF(2^128) = GF(2)[x] / (x^128 + x^7 + x^2 + x + 1). An element is the
    128-bit integer `lo + hi * 2^64` whose bit `i` is the coefficient of
    `x^i`; `field.from_words` and `field.to_words` reinterpret a trailing
    dimension of two 64-bit words `[lo, hi]` as one element and back. The
    same 128-bit blocks serve as PRG seeds and as OKVS hash seeds.

    Example: the product of two elements given as words.

    ```mlir
    %a = field.from_words %wa : tensor<1x2xi64> -> tensor<1x!field.gf128>
    %b = field.from_words %wb : tensor<1x2xi64> -> tensor<1x!field.gf128>
    %p = field.mul %a, %b : tensor<1x!field.gf128>
    %w = field.to_words %p : tensor<1x!field.gf128> -> tensor<1x2xi64>
    ```
  }];
  let useDefaultTypePrinterParser = 1;
  let extraClassDeclaration = [{
    void registerTypes();
  }];
}

class Field_Op<string mnemonic, list<Trait> traits = []>
    : Op<Field_Dialect, mnemonic, traits>;

#endif // MPLANG_DIALECT_FIELD_IR_FIELDDIALECT_TD

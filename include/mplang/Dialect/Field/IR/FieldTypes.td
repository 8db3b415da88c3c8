//===- FieldTypes.td - field dialect types -----------------*- tablegen -*-===//

#ifndef MPLANG_DIALECT_FIELD_IR_FIELDTYPES_TD
#define MPLANG_DIALECT_FIELD_IR_FIELDTYPES_TD

include "mplang/Dialect/Field/IR/FieldDialect.td"
include "mlir/IR/AttrTypeBase.td"

def Field_GF128 : TypeDef<Field_Dialect, "GF128"> {
  let mnemonic = "gf128";
  let summary = "An element of GF(2^128)";
  let description = [{
    The 128-bit integer `lo + hi * 2^64`: bit `i` is the coefficient of
    `x^i` (little-endian, not the bit-reflected GCM convention), reduced
    modulo `x^128 + x^7 + x^2 + x + 1`. In memory it is one little-endian
    16-byte block. Used as a tensor element type.

    Example:

    ```mlir
    tensor<100x!field.gf128>
    ```
  }];
}

#endif // MPLANG_DIALECT_FIELD_IR_FIELDTYPES_TD

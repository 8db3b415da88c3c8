//===- SSAttributes.td - ss dialect schemes ----------------*- tablegen -*-===//

#ifndef MPLANG_DIALECT_SS_IR_SSATTRIBUTES_TD
#define MPLANG_DIALECT_SS_IR_SSATTRIBUTES_TD

include "mplang/Dialect/SS/IR/SSDialect.td"
include "mlir/IR/AttrTypeBase.td"

def SS_SchemeAttrInterface : AttrInterface<"SchemeAttrInterface"> {
  let cppNamespace = "::mlir::ss";
  let description = [{
    A secret-sharing scheme: how a value is split into shares, and so which
    values and party sets it can share.
  }];
  let methods = [
    InterfaceMethod<[{
        Checks that the scheme can share values of `valueType` (a statically
        shaped tensor) among `parties` (sorted, unique).
      }], "::llvm::LogicalResult", "verifyShares",
      (ins "::llvm::function_ref<::mlir::InFlightDiagnostic()>":$emitError,
           "::mlir::RankedTensorType":$valueType,
           "::llvm::ArrayRef<int64_t>":$parties)>
  ];
}

def SS_AdditiveAttr : AttrDef<SS_Dialect, "Additive",
                              [DeclareAttrInterfaceMethods<SS_SchemeAttrInterface>]> {
  let mnemonic = "additive";
  let summary = "Additive secret sharing over the ring Z_2^64";
  let description = [{
    A value `x` of `i64` elements is held as shares `x_i`, one per party,
    with `x = sum_i x_i mod 2^64` element by element; any proper subset of
    the parties sees uniformly random shares. Addition, subtraction,
    negation and products with public values are local; products of two
    shared values need a protocol. The elements are `i64` (the ring
    Z_2^64); the lowering ships protocols for two parties (docs/ss.md).

    Example:

    ```mlir
    !ss.share<tensor<8xi64>, [0, 1], #ss.additive>
    ```
  }];
}

#endif // MPLANG_DIALECT_SS_IR_SSATTRIBUTES_TD

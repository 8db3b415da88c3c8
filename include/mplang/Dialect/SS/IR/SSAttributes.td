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

def SS_ReplicatedAttr : AttrDef<SS_Dialect, "Replicated",
                                [DeclareAttrInterfaceMethods<SS_SchemeAttrInterface>]> {
  let mnemonic = "replicated";
  let summary = "Three-party replicated secret sharing over Z_2^64 (ABY3)";
  let description = [{
    A value `x` of `i64` elements is split as `x = x_0 + x_1 + x_2 mod 2^64`
    among exactly three parties, and party `i` (the `i`-th rank of the
    sorted party set) holds the pair `(x_i, x_{i+1})`, indices mod 3: any
    two parties can reconstruct `x`, any one sees two uniformly random
    shares. This is the replicated sharing of ABY3 (Mohassel, Rindal, CCS
    2018); products of two shared values take one message per party
    (Araki et al., CCS 2016), comparisons are bit extractions on the
    shares. It is secure against a semi-honest adversary
    corrupting one of the three parties (honest majority). After lowering,
    a party's piece of a value of type `T` is its pair as `tensor<2 x T>`
    (docs/ss.md).

    Example:

    ```mlir
    !ss.share<tensor<8xi64>, [0, 1, 2], #ss.replicated>
    ```
  }];
}

#endif // MPLANG_DIALECT_SS_IR_SSATTRIBUTES_TD

//===- SSTypes.td - ss dialect types -----------------------*- tablegen -*-===//

#ifndef MPLANG_DIALECT_SS_IR_SSTYPES_TD
#define MPLANG_DIALECT_SS_IR_SSTYPES_TD

include "mplang/Dialect/SS/IR/SSAttributes.td"

def SS_ShareType : TypeDef<SS_Dialect, "Share"> {
  let mnemonic = "share";
  let summary = "A value secret-shared among a static set of parties";
  let description = [{
    `!ss.share<T, [r0, r1, ...], scheme>` is a value of type `T`, a
    statically shaped tensor, split into shares held by the listed ranks
    under `scheme`. The rank list is sorted and unique, as in `!simp.mp`;
    the scheme says which element types and party sets it accepts. The
    scheme may be left out when it is `#ss.additive`, and is then not
    printed.

    Each rank holds a share of the same type `T`: after lowering the value
    becomes `!simp.mp<T, [r0, r1, ...]>` whose piece on rank `r` is `r`'s
    share.

    Example:

    ```mlir
    !ss.share<tensor<8xi64>, [0, 1]>
    !ss.share<tensor<2x3xi64>, [1, 2], #ss.additive>
    ```
  }];
  let parameters = (ins "::mlir::Type":$valueType,
                        ArrayRefParameter<"int64_t", "ranks">:$parties,
                        "::mlir::ss::SchemeAttrInterface":$scheme);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let builders = [
    TypeBuilderWithInferredContext<(ins "::mlir::Type":$valueType,
                                        "::llvm::ArrayRef<int64_t>":$parties,
                                        "::mlir::ss::SchemeAttrInterface":$scheme), [{
      return $_get(valueType.getContext(), valueType, parties, scheme);
    }]>
  ];
  let extraClassDeclaration = [{
    /// The value type, a statically shaped tensor (checked by the verifier).
    ::mlir::RankedTensorType getTensorType() const {
      return ::llvm::cast<::mlir::RankedTensorType>(getValueType());
    }
  }];
}

#endif // MPLANG_DIALECT_SS_IR_SSTYPES_TD

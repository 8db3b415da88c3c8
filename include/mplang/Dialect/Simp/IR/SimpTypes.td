//===- SimpTypes.td - simp dialect types -------------------*- tablegen -*-===//

#ifndef MPLANG_DIALECT_SIMP_IR_SIMPTYPES_TD
#define MPLANG_DIALECT_SIMP_IR_SIMPTYPES_TD

include "mplang/Dialect/Simp/IR/SimpDialect.td"
include "mlir/IR/AttrTypeBase.td"

def Simp_MPType : TypeDef<Simp_Dialect, "MP"> {
  let mnemonic = "mp";
  let summary = "A value of a local type held by a set of parties";
  let description = [{
    `!simp.mp<T, [r0, r1, ...]>` is a value of local type `T` held by the
    listed ranks. The list is static, sorted, unique and non-empty.
    `!simp.mp<T, ?>` is a value whose holders are only known at run time
    (produced by `simp.pcall_dynamic`, `simp.shuffle_dynamic`, or a converge
    of a dynamic value).

    Example:

    ```mlir
    !simp.mp<tensor<4xi32>, [0, 2]>
    !simp.mp<i1, ?>
    ```
  }];
  // An empty party list encodes the dynamic form: a static set is never empty.
  let parameters = (ins "::mlir::Type":$valueType,
                        ArrayRefParameter<"int64_t", "ranks">:$parties);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let builders = [
    TypeBuilderWithInferredContext<(ins "::mlir::Type":$valueType,
                                        "::llvm::ArrayRef<int64_t>":$parties), [{
      return $_get(valueType.getContext(), valueType, parties);
    }]>
  ];
  let extraClassDeclaration = [{
    /// Returns the type of a value held by parties known only at run time.
    static MPType getDynamic(::mlir::Type valueType) {
      return get(valueType, {});
    }
    bool isDynamic() const { return getParties().empty(); }
    bool isStatic() const { return !isDynamic(); }
    /// True when the static party set contains `rank`.
    bool holds(int64_t rank) const {
      return ::llvm::is_contained(getParties(), rank);
    }
  }];
}

#endif // MPLANG_DIALECT_SIMP_IR_SIMPTYPES_TD

//===- StoreOps.td - store dialect operations --------------*- tablegen -*-===//

#ifndef MPLANG_DIALECT_STORE_IR_STOREOPS_TD
#define MPLANG_DIALECT_STORE_IR_STOREOPS_TD

include "mplang/Dialect/Store/IR/StoreDialect.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Store_LoadOp : Store_Op<"load", [MemoryEffects<[MemRead]>]> {
  let summary = "Read an object of the party's store";
  let description = [{
    Reads the object `uri` of the store of the party running the op and
    returns it as a value of the result type. The result is a statically
    shaped tensor or a scalar integer or float (read from an `.npy` array)
    or a BFV type (its serialized form). A missing object, or one whose
    dtype, shape or BFV kind and parameters differ from the result type, is
    a run-time error naming the URI.

    Example:

    ```mlir
    %v = store.load "fs://inputs/v.npy" : tensor<4xi64>
    %pk = store.load "mem://keys/pk"
        : !bfv.public_key<#bfv.params<n = 4096, t = 1032193, q_bits = [36, 36, 37]>>
    ```
  }];
  let arguments = (ins StrAttr:$uri);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$uri attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def Store_SaveOp : Store_Op<"save", [MemoryEffects<[MemWrite]>]> {
  let summary = "Write a value to the party's store";
  let description = [{
    Writes `value` as the object `uri` of the store of the party running
    the op, replacing any object of that name. A file's parent directories
    are created inside the data root. The value's type chooses the format,
    as for `store.load`.

    The runtime orders ops by their operands only: a `store.load` of a URI
    that the same program saves is not ordered after the save, so a program
    passes the value itself instead.

    Example:

    ```mlir
    store.save %sum, "fs://out/sum.npy" : tensor<4xi64>
    ```
  }];
  let arguments = (ins AnyType:$value, StrAttr:$uri);
  let assemblyFormat = "$value `,` $uri attr-dict `:` type($value)";
  let hasVerifier = 1;
}

#endif // MPLANG_DIALECT_STORE_IR_STOREOPS_TD

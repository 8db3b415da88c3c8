//===- StoreDialect.td - store dialect definition ----------*- tablegen -*-===//
//
// The store dialect reads and writes a party's own objects: files under its
// worker's data root and values its worker keeps in memory between jobs.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_DIALECT_STORE_IR_STOREDIALECT_TD
#define MPLANG_DIALECT_STORE_IR_STOREDIALECT_TD

include "mlir/IR/OpBase.td"

def Store_Dialect : Dialect {
  let name = "store";
  let cppNamespace = "::mlir::store";
  let summary = "A party's own objects: files in its data root, values in "
                "its worker's memory";
  let description = [{
    Each party's worker has an object store that only the party's own
    programs touch. `store.load` and `store.save` name an object by URI:

    - `fs://relative/path` is a file under the worker's data root
      (`mplang-worker --data-root DIR`; in `mplang-run --sim` rank R's root
      is `DIR/rankR/`). Paths are relative, their components are neither
      empty nor `.` nor `..`, and the runtime refuses symbolic links, so an
      object never lies outside the root.
    - `mem://name` is a value the worker keeps in memory between the jobs
      of a session, within byte and time limits.

    The format follows the value's type: tensors and scalars are `.npy`
    arrays, BFV keys and ciphertexts their serialized form. The ops work on
    rank-local values, so in a global program they appear inside a
    `simp.pcall` body and run on the parties that execute it.

    Example: party 0 adds a vector from its own disk to its argument and
    keeps the sum in memory for a later job.

    ```mlir
    %sum = simp.pcall [0] (%x)
        : (!simp.mp<tensor<4xi64>, [0]>) -> !simp.mp<tensor<4xi64>, [0]> {
    ^bb0(%v: tensor<4xi64>):
      %y = store.load "fs://inputs/y.npy" : tensor<4xi64>
      %s = arith.addi %v, %y : tensor<4xi64>
      store.save %s, "mem://sum" : tensor<4xi64>
      simp.yield %s : tensor<4xi64>
    }
    ```
  }];
}

class Store_Op<string mnemonic, list<Trait> traits = []>
    : Op<Store_Dialect, mnemonic, traits>;

#endif // MPLANG_DIALECT_STORE_IR_STOREDIALECT_TD

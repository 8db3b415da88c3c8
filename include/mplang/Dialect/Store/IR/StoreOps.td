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

//===----------------------------------------------------------------------===//
// CSV files: the front door of PSI on the data people have
//===----------------------------------------------------------------------===//

def Store_CsvRowsOp : Store_Op<"csv_rows", [MemoryEffects<[MemRead]>]> {
  let summary = "Count the data records of a CSV file";
  let description = [{
    The number of records of the CSV file `uri` (`fs://` only) after its
    header, read as `store.csv_keys` reads them. A caller sizes the
    capacity of `store.csv_keys` from it.

    Example:

    ```mlir
    %n = store.csv_rows "fs://customers.csv"
    ```
  }];
  let arguments = (ins StrAttr:$uri);
  let results = (outs I64:$rows);
  let assemblyFormat = "$uri attr-dict";
  let hasVerifier = 1;
}

def Store_CsvKeysOp : Store_Op<"csv_keys", [MemoryEffects<[MemRead]>]> {
  let summary = "Keyed 128-bit hashes of a CSV file's key columns";
  let description = [{
    Reads the CSV file `uri` (`fs://` only; RFC 4180: comma-separated,
    optionally double-quoted fields, LF or CRLF line ends, a header naming
    the columns). Row `i` of `keys` is the HMAC-SHA256 under `key`, cut to
    its first 16 bytes as two 64-bit words, of data record `i`'s fields in
    `columns`, each preceded by its length as 8 little-endian bytes (so
    `("ab", "c")` and `("a", "bc")` differ). `used` marks the rows that
    hold a record; the rest are zero. The records stay in file order, so
    row `i` is record `i`. `digest` is the SHA-256 of the file's bytes,
    which `store.csv_select` checks so that it writes rows of this file.

    Both parties of a PSI hash with one key they agree on, so equal key
    fields give equal rows, and nobody without the key can test a guess
    against a row. A file with more records than the capacity `C`, a
    missing column or a record with too few fields is a run-time error
    naming the file and the line.

    Example:

    ```mlir
    %keys, %used, %digest = store.csv_keys "fs://customers.csv"
        columns ["email", "phone"] key %k
        : tensor<32xi8> -> tensor<1024x2xi64>, tensor<1024xi1>, tensor<4xi64>
    ```
  }];
  let arguments = (ins StrAttr:$uri, StrArrayAttr:$columns,
                       RankedTensorOf<[AnyI8]>:$key);
  let results = (outs RankedTensorOf<[I64]>:$keys,
                      RankedTensorOf<[I1]>:$used,
                      RankedTensorOf<[I64]>:$digest);
  let assemblyFormat = [{
    $uri `columns` $columns `key` $key attr-dict `:` type($key) `->`
    type($keys) `,` type($used) `,` type($digest)
  }];
  let hasVerifier = 1;
}

def Store_CsvSelectOp
    : Store_Op<"csv_select", [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "Write the selected records of a CSV file to another file";
  let description = [{
    Writes the file `to` (`fs://`, replacing it) with the header of the CSV
    file `uri` and, in file order, its data records `i` with `mask[i]`
    true, byte for byte as they are in `uri`. `digest` must be the file's
    SHA-256 that `store.csv_keys` gave: a file changed since is a run-time
    error, not a wrong selection. Entries of `mask` beyond the records are
    ignored.

    Example:

    ```mlir
    store.csv_select %found, %digest from "fs://customers.csv"
        to "fs://shared.csv" : tensor<1024xi1>, tensor<4xi64>
    ```
  }];
  let arguments = (ins RankedTensorOf<[I1]>:$mask,
                       RankedTensorOf<[I64]>:$digest, StrAttr:$uri,
                       StrAttr:$to);
  let assemblyFormat = [{
    $mask `,` $digest `from` $uri `to` $to attr-dict `:` type($mask) `,`
    type($digest)
  }];
  let hasVerifier = 1;
}

#endif // MPLANG_DIALECT_STORE_IR_STOREOPS_TD

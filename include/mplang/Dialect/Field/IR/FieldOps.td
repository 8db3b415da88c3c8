//===- FieldOps.td - field dialect operations --------------*- tablegen -*-===//

#ifndef MPLANG_DIALECT_FIELD_IR_FIELDOPS_TD
#define MPLANG_DIALECT_FIELD_IR_FIELDOPS_TD

include "mplang/Dialect/Field/IR/FieldDialect.td"
include "mplang/Dialect/Field/IR/FieldTypes.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Field_Tensor : StaticShapeTensorOf<[Field_GF128]>;
def Field_Vector : RankedTensorOf<[Field_GF128],
    [HasStaticShapePred, HasAnyRankOfPred<[1]>],
    "statically shaped 1-D tensor">;
def Field_Block : RankedTensorOf<[Field_GF128], [HasAnyRankOfPred<[0]>],
                                 "0-D tensor">;
def Field_Words : StaticShapeTensorOf<[AnyI8, AnyI16, AnyI32, AnyI64]>;
def Field_Indices : RankedTensorOf<[AnyI64],
    [HasStaticShapePred, HasAnyRankOfPred<[1]>],
    "statically shaped 1-D tensor">;
def Field_Count : ConfinedAttr<I64Attr, [IntPositive]>;
def Field_Rows : RankedTensorOf<[AnyI8, AnyI16, AnyI32, AnyI64],
    [HasStaticShapePred, HasAnyRankOfPred<[2]>],
    "statically shaped 2-D tensor">;
def Field_Mask : RankedTensorOf<[I1],
    [HasStaticShapePred, HasAnyRankOfPred<[1]>],
    "statically shaped 1-D tensor">;

//===----------------------------------------------------------------------===//
// Words <-> elements
//===----------------------------------------------------------------------===//

class Field_WordsCastOp<string mnemonic, TypeConstraint from,
                        TypeConstraint to>
    : Field_Op<mnemonic, [Pure]> {
  let arguments = (ins from:$input);
  let results = (outs to:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
}

def Field_FromWordsOp
    : Field_WordsCastOp<"from_words", Field_Words, Field_Tensor> {
  let summary = "Reinterpret integer words as GF(2^128) elements";
  let description = [{
    The input's last dimension holds an element's 128 bits as words of 8,
    16, 32 or 64 bits, least significant first (`[lo, hi]` for 64-bit
    words, so that dimension is 128 / the word width); the result has the
    input's shape without it. No bits change.

    Example:

    ```mlir
    %e = field.from_words %w : tensor<4x2xi64> -> tensor<4x!field.gf128>
    %f = field.from_words %b : tensor<4x16xi8> -> tensor<4x!field.gf128>
    ```
  }];
}

def Field_ToWordsOp
    : Field_WordsCastOp<"to_words", Field_Tensor, Field_Words> {
  let summary = "Reinterpret GF(2^128) elements as integer words";
  let description = [{
    The inverse of `field.from_words`: the result has the input's shape with
    a last dimension of 128 / the word width holding each element's words,
    least significant first (`[lo, hi]` for 64-bit words). A tag cut from
    an element is a slice of its 16-bit words, for example.

    Example:

    ```mlir
    %w = field.to_words %e : tensor<4x!field.gf128> -> tensor<4x2xui64>
    %t = field.to_words %e : tensor<4x!field.gf128> -> tensor<4x8xi16>
    ```
  }];
}

//===----------------------------------------------------------------------===//
// Arithmetic
//===----------------------------------------------------------------------===//

class Field_BinaryOp<string mnemonic>
    : Field_Op<mnemonic, [Pure, Commutative, SameOperandsAndResultType]> {
  let arguments = (ins Field_Tensor:$lhs, Field_Tensor:$rhs);
  let results = (outs Field_Tensor:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($result)";
}

def Field_AddOp : Field_BinaryOp<"add"> {
  let summary = "Element-wise GF(2^128) addition (xor)";
  let description = [{
    Operands and result have one type; no broadcasting.

    Example:

    ```mlir
    %s = field.add %a, %b : tensor<8x!field.gf128>
    ```
  }];
}

def Field_MulOp : Field_BinaryOp<"mul"> {
  let summary = "Element-wise GF(2^128) multiplication";
  let description = [{
    The full carry-less product reduced modulo `x^128 + x^7 + x^2 + x + 1`
    (the true field product; upstream's native kernel, which drops product
    bits 192..255, is not reproduced). Operands and result have one type.

    Example: `[1, 2] * [3, 4] = [1083, 2]` as `[lo, hi]` words.

    ```mlir
    %p = field.mul %a, %b : tensor<8x!field.gf128>
    ```
  }];
}

def Field_ScaleOp : Field_Op<"scale", [Pure, AllTypesMatch<["input", "result"]>]> {
  let summary = "Multiply every element by one GF(2^128) element";
  let description = [{
    `field.mul` of the tensor and the 0-D `scalar` broadcast to its shape,
    without the broadcast tensor: RR22 PSI multiplies its vectors by the
    sender's `delta`. The result has the input's type.

    Example:

    ```mlir
    %y = field.scale %x, %delta : tensor<8x!field.gf128>, tensor<!field.gf128>
    ```
  }];
  let arguments = (ins Field_Tensor:$input, Field_Block:$scalar);
  let results = (outs Field_Tensor:$result);
  let assemblyFormat = [{
    $input `,` $scalar attr-dict `:` type($input) `,` type($scalar)
  }];
}

def Field_SumOp : Field_Op<"sum", [Pure]> {
  let summary = "Xor-reduce a tensor along one axis";
  let description = [{
    The sum in GF(2^128) (the xor) of the slices along `axis`; the result has
    the input's shape without that axis.

    Example:

    ```mlir
    %s = field.sum %x axis = 0 : tensor<4x8x!field.gf128> -> tensor<8x!field.gf128>
    ```
  }];
  let arguments = (ins Field_Tensor:$input,
                       ConfinedAttr<I64Attr, [IntNonNegative]>:$axis);
  let results = (outs Field_Tensor:$result);
  let assemblyFormat = [{
    $input `axis` `=` $axis attr-dict `:` type($input) `->` type($result)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Randomness
//===----------------------------------------------------------------------===//

def Field_RandomOp : Field_Op<"random"> {
  let summary = "A fresh uniformly random tensor from the OS CSPRNG";
  let description = [{
    Every execution draws new bytes from the operating system's
    cryptographically secure generator (`getrandom`), typically to make
    seeds. The op has no declared effects, so it is never merged with
    another `field.random` or removed.

    Example:

    ```mlir
    %seed = field.random : tensor<!field.gf128>
    %bits = field.random : tensor<16xi64>
    ```
  }];
  let results = (outs StaticShapeTensorOf<[Field_GF128, AnyInteger]>:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

def Field_AesExpandOp : Field_Op<"aes_expand", [Pure]> {
  let summary = "Expand seeds with the fixed-key AES-128 PRG";
  let description = [{
    For each of the `N` seeds `s`, output `j` (`0 <= j < length`) is
    `AES-128_K(x)` with `x = s xor j`, `j` xored into the low word and `K`
    the fixed key `0x243F6A8885A308D3_13198A2E03707344` (the digits of pi).
    The result is `N x length`.

    `K` is public, so that output can be decrypted back to `x`, hence to the
    seed: it is upstream's definition, not a pseudo-random generator. With
    `feed_forward`, output `j` is `AES-128_K(x) xor x` (Matyas-Meyer-Oseas),
    which hides the seed in the ideal-permutation model: use it to expand
    secret seeds (OT extension, GGM trees) and as a correlation-robust hash.

    Example:

    ```mlir
    %r = field.aes_expand %seeds length = 8 : tensor<4x!field.gf128> -> tensor<4x8x!field.gf128>
    %p = field.aes_expand %seeds length = 8 feed_forward : tensor<4x!field.gf128> -> tensor<4x8x!field.gf128>
    ```
  }];
  let arguments = (ins Field_Vector:$seeds, Field_Count:$length,
                       UnitAttr:$feed_forward);
  let results = (outs Field_Tensor:$result);
  let assemblyFormat = [{
    $seeds `length` `=` $length (`feed_forward` $feed_forward^)? attr-dict `:`
    type($seeds) `->` type($result)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Oblivious key-value store
//===----------------------------------------------------------------------===//

def Field_SolveOkvsOp : Field_Op<"solve_okvs", [Pure]> {
  let summary = "Build a 3-hash garbled cuckoo table (OKVS)";
  let description = [{
    Finds a table `P` of `m` cells such that for each of the `n` keys `k`
    with value `v`, `P[h1(k)] xor P[h2(k)] xor P[h3(k)] = v`, where the three
    distinct cells are derived from `k` and the 128-bit `seed`. The system is
    solved by peeling; cells it leaves free are 0. `m >= n` always holds and
    peeling succeeds with high probability only with enough slack (see
    docs/field.md for the expansion rule); a failure is a run-time error,
    never a silent zero table.

    Example:

    ```mlir
    %t = field.solve_okvs %keys, %values, %seed m = 160 : tensor<100xi64>, tensor<100x!field.gf128>, tensor<!field.gf128> -> tensor<160x!field.gf128>
    ```
  }];
  let arguments = (ins Field_Indices:$keys, Field_Vector:$values,
                       Field_Block:$seed, Field_Count:$m);
  let results = (outs Field_Vector:$result);
  let assemblyFormat = [{
    $keys `,` $values `,` $seed `m` `=` $m attr-dict `:` type($keys) `,`
    type($values) `,` type($seed) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Field_TrySolveOkvsOp : Field_Op<"try_solve_okvs", [Pure]> {
  let summary = "Build an OKVS, or report that this seed cannot";
  let description = [{
    `field.solve_okvs`, except that a system this seed cannot solve (two
    keys on the same three cells, a key repeated with different values, a
    2-core too large) is no error: `ok` is false and the table all zeros.
    A failure is independent across seeds, so a protocol retries with a
    fresh one (docs/field-kernels.md, "Failure probability").

    Example:

    ```mlir
    %t, %ok = field.try_solve_okvs %keys, %values, %seed m = 160 : tensor<100xi64>, tensor<100x!field.gf128>, tensor<!field.gf128> -> tensor<160x!field.gf128>, i1
    ```
  }];
  let arguments = (ins Field_Indices:$keys, Field_Vector:$values,
                       Field_Block:$seed, Field_Count:$m);
  let results = (outs Field_Vector:$result, I1:$ok);
  let assemblyFormat = [{
    $keys `,` $values `,` $seed `m` `=` $m attr-dict `:` type($keys) `,`
    type($values) `,` type($seed) `->` type($result) `,` type($ok)
  }];
  let hasVerifier = 1;
}

def Field_DecodeOkvsOp : Field_Op<"decode_okvs", [Pure]> {
  let summary = "Look keys up in a garbled cuckoo table (OKVS)";
  let description = [{
    For each of the `n` keys, `P[h1(k)] xor P[h2(k)] xor P[h3(k)]` with the
    cells derived as by `field.solve_okvs` from the table size `m` and the
    seed. Linear in the table.

    Example:

    ```mlir
    %v = field.decode_okvs %keys, %table, %seed : tensor<100xi64>, tensor<160x!field.gf128>, tensor<!field.gf128> -> tensor<100x!field.gf128>
    ```
  }];
  let arguments = (ins Field_Indices:$keys, Field_Vector:$table,
                       Field_Block:$seed);
  let results = (outs Field_Vector:$result);
  let assemblyFormat = [{
    $keys `,` $table `,` $seed attr-dict `:` type($keys) `,` type($table) `,`
    type($seed) `->` type($result)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// LDPC
//===----------------------------------------------------------------------===//

def Field_LdpcEncodeOp : Field_Op<"ldpc_encode", [Pure]> {
  let summary = "Multiply by a sparse binary m x n matrix (syndrome)";
  let description = [{
    `H` is given in CSR form: row `i` has ones in the columns
    `indices[indptr[i] .. indptr[i+1]]`. The result is `H * message` over
    GF(2^128): `s[i]` is the xor of `message[indices[k]]` for `k` in row
    `i`. The message has `n` elements, `indptr` has `m + 1` entries and the
    result `m` elements.

    Example:

    ```mlir
    %s = field.ldpc_encode %msg, %indices, %indptr m = 3, n = 4 : tensor<4x!field.gf128>, tensor<7xi64>, tensor<4xi64> -> tensor<3x!field.gf128>
    ```
  }];
  let arguments = (ins Field_Vector:$message, Field_Indices:$indices,
                       Field_Indices:$indptr, Field_Count:$m, Field_Count:$n);
  let results = (outs Field_Vector:$result);
  let assemblyFormat = [{
    $message `,` $indices `,` $indptr `m` `=` $m `,` `n` `=` $n attr-dict `:`
    type($message) `,` type($indices) `,` type($indptr) `->` type($result)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Vectors: scatter and scan
//===----------------------------------------------------------------------===//

def Field_ScatterAddOp : Field_Op<"scatter_add", [Pure]> {
  let summary = "Xor values into a vector at given indices";
  let description = [{
    The result is `dest` with `values[k]` xored into element `indices[k]`
    for each `k`; repeated indices accumulate (in any order, xor being
    commutative). `indices` has as many 64-bit entries, of any signedness,
    as `values` has elements, and the result has the type of `dest`. An index
    outside `[0, N)` (read as signed) is a run-time error. Silent VOLE uses
    it to puncture a GGM tree's leaves.

    Example: `dest = [a, b, c]`, `indices = [2, 0, 2]`, `values = [x, y, z]`
    give `[a ^ y, b, c ^ x ^ z]`.

    ```mlir
    %r = field.scatter_add %dest, %indices, %values : tensor<8x!field.gf128>, tensor<3xi64>, tensor<3x!field.gf128> -> tensor<8x!field.gf128>
    ```
  }];
  let arguments = (ins Field_Vector:$dest, Field_Indices:$indices,
                       Field_Vector:$values);
  let results = (outs Field_Vector:$result);
  let assemblyFormat = [{
    $dest `,` $indices `,` $values attr-dict `:` type($dest) `,`
    type($indices) `,` type($values) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Field_PrefixSumOp : Field_Op<"prefix_sum",
                                 [Pure, SameOperandsAndResultType]> {
  let summary = "Inclusive xor scan of a vector";
  let description = [{
    `result[i] = x[0] ^ x[1] ^ ... ^ x[i]`: multiplication by the
    lower-triangular all-ones matrix, the "accumulate" step of
    expand-accumulate codes (silent VOLE's LPN encoding).

    Example: `[a, b, c]` gives `[a, a ^ b, a ^ b ^ c]`.

    ```mlir
    %a = field.prefix_sum %x : tensor<8x!field.gf128>
    ```
  }];
  let arguments = (ins Field_Vector:$input);
  let results = (outs Field_Vector:$result);
  let assemblyFormat = "$input attr-dict `:` type($result)";
}

//===----------------------------------------------------------------------===//
// Rows of integers: sort and membership
//===----------------------------------------------------------------------===//

def Field_SortRowsOp : Field_Op<"sort_rows",
                                [Pure, SameOperandsAndResultType]> {
  let summary = "Sort the rows of an integer matrix";
  let description = [{
    The rows of the `N x K` input in ascending lexicographic order, element
    0 most significant, elements compared as unsigned integers whatever the
    signedness of the type. Equal rows are all kept. A row must pack into
    one 128-bit key: `K * bitwidth <= 128` (and `K >= 1`). PSI sorts its
    tag sets so that their order says nothing about the inputs.

    Example: rows `[2, 1], [0xFFFF, 0], [0, 7], [2, 1]` of `i16` sort to
    `[0, 7], [2, 1], [2, 1], [-1, 0]` (`0xFFFF`, printed as `-1`, is the
    largest).

    ```mlir
    %s = field.sort_rows %x : tensor<1000x5xi16>
    ```
  }];
  let arguments = (ins Field_Rows:$input);
  let results = (outs Field_Rows:$result);
  let assemblyFormat = "$input attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def Field_ContainsRowsOp : Field_Op<"contains_rows", [Pure]> {
  let summary = "Whether each query row is a row of a set";
  let description = [{
    `result[q]` is 1 iff row `q` of `queries` equals some row of `set`. Both
    are 2-D with one element type and one row width `K`, and a row packs
    into one 128-bit key (`K * bitwidth <= 128`); the result has one `i1`
    per query. The run time is linear in the rows (a hash table of the
    set), so PSI can intersect tag sets of 2^20 elements.

    Example:

    ```mlir
    %m = field.contains_rows %set, %queries : tensor<1000x5xi16>, tensor<700x5xi16> -> tensor<700xi1>
    ```
  }];
  let arguments = (ins Field_Rows:$set, Field_Rows:$queries);
  let results = (outs Field_Mask:$result);
  let assemblyFormat = [{
    $set `,` $queries attr-dict `:` type($set) `,` type($queries) `->`
    type($result)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// LPN codes
//===----------------------------------------------------------------------===//

def Field_EaEncodeOp : Field_Op<"ea_encode", [Pure]> {
  let summary = "Dual expand-accumulate encoding (silent VOLE compression)";
  let description = [{
    Multiplies a noise vector of `n` elements by the dual of an
    expand-accumulate code (Boyle, Couteau, Gilboa, Ishai, Kohl, Resch,
    Scholl, CRYPTO 2022), giving `m` elements: first the prefix sums
    `a[i] = e[0] + ... + e[i]`, then `y[r] = a[p(r, 0)] + ... +
    a[p(r, weight - 1)]`. Position `k` of output `r` is word
    `j = r * weight + k` of the stream `AES-128_K(seed xor q)`,
    `q = 0, 1, ...` (two words `[lo, hi]` per block, as `field.aes_expand`),
    scaled to `[0, n)` as `floor(word * n / 2^64)`; positions are drawn with
    replacement (a repeated one cancels). The map is linear, so two parties
    holding `w = v + u * delta` keep that relation after encoding each
    vector.

    A 2-D `n x K` operand is `K` vectors encoded with the same positions
    (one pass over memory for all of them); the result is `m x K`. The
    weight is at most 1024.

    Example:

    ```mlir
    %y = field.ea_encode %e, %seed m = 4 weight = 21 : tensor<10x!field.gf128>, tensor<!field.gf128> -> tensor<4x!field.gf128>
    %z = field.ea_encode %uv, %seed m = 4 weight = 21 : tensor<10x2x!field.gf128>, tensor<!field.gf128> -> tensor<4x2x!field.gf128>
    ```
  }];
  let arguments = (ins Field_Tensor:$noise, Field_Block:$seed, Field_Count:$m,
                       Field_Count:$weight);
  let results = (outs Field_Tensor:$result);
  let assemblyFormat = [{
    $noise `,` $seed `m` `=` $m `weight` `=` $weight attr-dict `:`
    type($noise) `,` type($seed) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Field_ExConvEncodeOp : Field_Op<"exconv_encode", [Pure]> {
  let summary = "Dual expand-convolute encoding (silent VOLE compression)";
  let description = [{
    Multiplies a noise vector of `n` elements by the dual of a systematic
    expand-convolute code (Raghuraman, Rindal, Tanguy, CRYPTO 2023), giving
    `m < n` elements. Its last `p = n - m` elements `x` are convolved twice,
    in place and in order,
    `x[j] += x[j - band - 1] + sum over l in [1, band] of c(j, l) x[j - l]`
    (terms of negative index left out), with coefficient bits `c`; then
    `y[r] = e[r] + x[p(r, 0)] + ... + x[p(r, weight - 1)]`. The first
    `weight - floor(weight / 2)` positions of a row are regular, position `k`
    in the `k`-th of as many equal segments of `[0, p)`; the others are
    uniform over `[0, p)`. Coefficients and positions come from the streams
    `AES-128_K(seed xor [q, t])` of `field.aes_expand`'s key, `q = 0, 1, ...`:
    `c(j, l)` of pass `t` (1 or 2) is bit `l - 1` of 32-bit word `j` of
    stream `t`, and position `k` of row `r` is 64-bit word `r * weight + k`
    of stream 3, scaled to its range as `floor(word * size / 2^64)`
    (docs/field.md). The map is linear, so two parties holding
    `w = v + u * delta` keep that relation after encoding each vector.

    A 2-D `n x K` operand is `K` vectors encoded with the same code (one pass
    over memory for all of them); the result is `m x K`. The parity part must
    have a row per regular position, the weight is at most 1024 and the band
    in `[1, 32]`.

    Example (RRT23's ExConv7x24 at rate 1/2):

    ```mlir
    %y = field.exconv_encode %e, %seed m = 4 weight = 7 band = 24 : tensor<8x!field.gf128>, tensor<!field.gf128> -> tensor<4x!field.gf128>
    %z = field.exconv_encode %uv, %seed m = 4 weight = 7 band = 24 : tensor<8x2x!field.gf128>, tensor<!field.gf128> -> tensor<4x2x!field.gf128>
    ```
  }];
  let arguments = (ins Field_Tensor:$noise, Field_Block:$seed, Field_Count:$m,
                       Field_Count:$weight, Field_Count:$band);
  let results = (outs Field_Tensor:$result);
  let assemblyFormat = [{
    $noise `,` $seed `m` `=` $m `weight` `=` $weight `band` `=` $band
    attr-dict `:` type($noise) `,` type($seed) `->` type($result)
  }];
  let hasVerifier = 1;
}

#endif // MPLANG_DIALECT_FIELD_IR_FIELDOPS_TD

//===- SSOps.td - ss dialect operations --------------------*- tablegen -*-===//

#ifndef MPLANG_DIALECT_SS_IR_SSOPS_TD
#define MPLANG_DIALECT_SS_IR_SSOPS_TD

include "mplang/Dialect/SS/IR/SSDialect.td"
include "mplang/Dialect/SS/IR/SSTypes.td"
include "mplang/Dialect/Simp/IR/SimpTypes.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

// Every ss op checks that it runs at the global level of a program and that
// its ranks are inside the world (SSOps.cpp).
class SS_GlobalOp<string mnemonic, list<Trait> traits = []>
    : SS_Op<mnemonic, !listconcat(traits, [Pure])> {
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Into and out of shares
//===----------------------------------------------------------------------===//

def SS_ShareOp : SS_GlobalOp<"share"> {
  let summary = "Secret-share a party's private value";
  let description = [{
    The one rank holding `input` splits it into shares for the parties of
    the result type, under its scheme. The input must be held by exactly
    one rank and have the shared value type.

    Example: P0 shares its vector with P1.

    ```mlir
    %s = ss.share %x : !simp.mp<tensor<8xi64>, [0]> -> !ss.share<tensor<8xi64>, [0, 1]>
    ```
  }];
  let arguments = (ins Simp_MPType:$input);
  let results = (outs SS_ShareType:$result);
  let assemblyFormat = [{
    $input attr-dict `:` qualified(type($input)) `->` qualified(type($result))
  }];
}

def SS_RevealOp : SS_GlobalOp<"reveal"> {
  let summary = "Give a shared value to a party set";
  let description = [{
    The holders of the shares send them to the ranks of the result type's
    static party set, which reconstruct the value; nobody else learns it.

    Example: only P0 learns the value.

    ```mlir
    %x = ss.reveal %s : !ss.share<tensor<8xi64>, [0, 1]> -> !simp.mp<tensor<8xi64>, [0]>
    ```
  }];
  let arguments = (ins SS_ShareType:$input);
  let results = (outs Simp_MPType:$result);
  let assemblyFormat = [{
    $input attr-dict `:` qualified(type($input)) `->` qualified(type($result))
  }];
}

//===----------------------------------------------------------------------===//
// Arithmetic, element by element
//===----------------------------------------------------------------------===//

class SS_BinaryOp<string mnemonic, string what, string example>
    : SS_GlobalOp<mnemonic, [SameOperandsAndResultType]> {
  let summary = "Element-wise " # what # " of two shared values";
  let description = "Both operands are shared among the same parties with "
    # "the same scheme and type; so is the result.\n\nExample:\n\n```mlir\n"
    # example # "\n```\n";
  let arguments = (ins SS_ShareType:$lhs, SS_ShareType:$rhs);
  let results = (outs SS_ShareType:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` qualified(type($result))
  }];
}

def SS_AddOp : SS_BinaryOp<"add", "sum",
  "%c = ss.add %a, %b : !ss.share<tensor<8xi64>, [0, 1]>">;
def SS_SubOp : SS_BinaryOp<"sub", "difference",
  "%c = ss.sub %a, %b : !ss.share<tensor<8xi64>, [0, 1]>">;
def SS_MulOp : SS_BinaryOp<"mul", "product (a multiplication protocol)",
  "%c = ss.mul %a, %b : !ss.share<tensor<8xi64>, [0, 1]>">;

def SS_NegOp : SS_GlobalOp<"neg", [SameOperandsAndResultType]> {
  let summary = "Element-wise negation of a shared value";
  let description = [{
    Example:

    ```mlir
    %n = ss.neg %a : !ss.share<tensor<8xi64>, [0, 1]>
    ```
  }];
  let arguments = (ins SS_ShareType:$input);
  let results = (outs SS_ShareType:$result);
  let assemblyFormat = "$input attr-dict `:` qualified(type($result))";
}

def SS_MulPublicOp : SS_GlobalOp<"mul_public",
                                 [AllTypesMatch<["input", "result"]>]> {
  let summary = "Element-wise product of a shared value and a public one";
  let description = [{
    `plain` is a public value: every holder of the shares holds it (its
    party set contains theirs), and it has the shared value type; each holder multiplies its
    share by it, with no message. The holders must hold the same public
    value, as for any value they compute with together.

    Example: scale by a vector P0 and P1 both know.

    ```mlir
    %y = ss.mul_public %s, %w : !ss.share<tensor<8xi64>, [0, 1]>, !simp.mp<tensor<8xi64>, [0, 1]>
    ```
  }];
  let arguments = (ins SS_ShareType:$input, Simp_MPType:$plain);
  let results = (outs SS_ShareType:$result);
  let assemblyFormat = [{
    $input `,` $plain attr-dict `:` qualified(type($input)) `,`
    qualified(type($plain))
  }];
}

def SS_SumOp : SS_GlobalOp<"sum"> {
  let summary = "Sum of a shared value over some of its dimensions";
  let description = [{
    Adds up the elements of `input` along `dimensions` (sorted, unique, in
    range), which the result's value type drops, as `linalg.reduce` does;
    the result is shared among the same parties with the same scheme. For
    additive sharing each holder sums its own share, with no message.

    Example: the sum of a vector, shared.

    ```mlir
    %t = ss.sum %s [0] : !ss.share<tensor<8xi64>, [0, 1]> -> !ss.share<tensor<i64>, [0, 1]>
    ```
  }];
  let arguments = (ins SS_ShareType:$input, DenseI64ArrayAttr:$dimensions);
  let results = (outs SS_ShareType:$result);
  let assemblyFormat = [{
    $input $dimensions attr-dict `:` qualified(type($input)) `->`
    qualified(type($result))
  }];
}

def SS_ReshapeOp : SS_GlobalOp<"reshape"> {
  let summary = "A shared value with another shape, the same elements";
  let description = [{
    The elements of `input` in row-major order as a value of the result's
    shape (the same element count), shared alike; each holder reshapes its
    share, with no message.

    Example:

    ```mlir
    %r = ss.reshape %a : !ss.share<tensor<6xi64>, [0, 1]> -> !ss.share<tensor<2x3xi64>, [0, 1]>
    ```
  }];
  let arguments = (ins SS_ShareType:$input);
  let results = (outs SS_ShareType:$result);
  let assemblyFormat = [{
    $input attr-dict `:` qualified(type($input)) `->` qualified(type($result))
  }];
}

def SS_BroadcastOp : SS_GlobalOp<"broadcast"> {
  let summary = "A shared value repeated along new dimensions";
  let description = [{
    As `linalg.broadcast`: the result has the dimensions of `input` in
    order, with the added `dimensions` (sorted, unique, below the result's
    rank) in between, and repeats the input along them; shared alike, each
    holder broadcasting its share with no message (a sum of copies of the
    shares is a copy of the value).

    Example: a shared scalar as a vector of 4.

    ```mlir
    %v = ss.broadcast %s [0] : !ss.share<tensor<i64>, [0, 1]> -> !ss.share<tensor<4xi64>, [0, 1]>
    ```
  }];
  let arguments = (ins SS_ShareType:$input, DenseI64ArrayAttr:$dimensions);
  let results = (outs SS_ShareType:$result);
  let assemblyFormat = [{
    $input $dimensions attr-dict `:` qualified(type($input)) `->`
    qualified(type($result))
  }];
}

//===----------------------------------------------------------------------===//
// Comparison and selection, element by element
//===----------------------------------------------------------------------===//

def SS_MsbOp : SS_GlobalOp<"msb", [SameOperandsAndResultType]> {
  let summary = "Element-wise sign bit of a shared value (a comparison protocol)";
  let description = [{
    The result is shared among the same parties, each element 1 where the
    element of `input`, read as a signed 64-bit integer, is negative and 0
    elsewhere. Nobody learns the bits.

    Example:

    ```mlir
    %neg = ss.msb %a : !ss.share<tensor<8xi64>, [0, 1]>
    ```
  }];
  let arguments = (ins SS_ShareType:$input);
  let results = (outs SS_ShareType:$result);
  let assemblyFormat = "$input attr-dict `:` qualified(type($result))";
}

def SS_LtOp : SS_BinaryOp<"lt", "comparison `lhs < rhs` (1 or 0)",
  "%c = ss.lt %a, %b : !ss.share<tensor<8xi64>, [0, 1]>"> {
  let description = [{
    Each element of the result is 1 where `lhs < rhs` and 0 elsewhere: the
    sign bit of `lhs - rhs` (`ss.msb`), exact when the difference does not
    wrap, that is when `|lhs - rhs| < 2^63` (for instance when both lie in
    `[-2^62, 2^62)`). Both operands are shared among the same parties with
    the same scheme and type; so is the result.

    Example:

    ```mlir
    %c = ss.lt %a, %b : !ss.share<tensor<8xi64>, [0, 1]>
    ```
  }];
}

def SS_EqOp : SS_BinaryOp<"eq", "equality test (1 or 0)",
  "%c = ss.eq %a, %b : !ss.share<tensor<8xi64>, [0, 1]>">;

def SS_SelectOp : SS_GlobalOp<"select", [AllTypesMatch<["cond", "lhs", "rhs", "result"]>]> {
  let summary = "Element-wise choice between two shared values by a shared bit";
  let description = [{
    Each element of the result is the element of `lhs` where `cond` is 1
    and that of `rhs` where it is 0: `cond * (lhs - rhs) + rhs`, one
    multiplication. `cond` must hold 0 or 1 in every element (as `ss.lt`,
    `ss.eq` and `ss.msb` give); other values give that affine mix. All
    four are shared among the same parties with the same scheme and type.

    Example: the larger of `a` and `b`.

    ```mlir
    %c = ss.lt %a, %b : !ss.share<tensor<8xi64>, [0, 1]>
    %m = ss.select %c, %b, %a : !ss.share<tensor<8xi64>, [0, 1]>
    ```
  }];
  let arguments = (ins SS_ShareType:$cond, SS_ShareType:$lhs, SS_ShareType:$rhs);
  let results = (outs SS_ShareType:$result);
  let assemblyFormat = [{
    $cond `,` $lhs `,` $rhs attr-dict `:` qualified(type($result))
  }];
}

//===----------------------------------------------------------------------===//
// Fixed point
//===----------------------------------------------------------------------===//

def SS_EncodeOp : SS_GlobalOp<"encode"> {
  let summary = "Fixed-point encoding of real values into Z_2^64";
  let description = [{
    Each holder of `input` (`f32` or `f64` elements) maps its value `x` to
    the integer nearest to `x * 2^fraction_bits` (halves away from zero), as
    `i64`, with no message: the encoding that `ss.share` then shares.
    Values beyond the `i64` range are not representable (the conversion's
    result is then unspecified). `fraction_bits` is at most 62; the result
    has the input's shape and parties.

    Example: 16 fraction bits, so 1.5 becomes 98304.

    ```mlir
    %e = ss.encode %x {fraction_bits = 16} : !simp.mp<tensor<4xf64>, [0]> -> !simp.mp<tensor<4xi64>, [0]>
    ```
  }];
  let arguments = (ins Simp_MPType:$input, I64Attr:$fraction_bits);
  let results = (outs Simp_MPType:$result);
  let assemblyFormat = [{
    $input attr-dict `:` qualified(type($input)) `->` qualified(type($result))
  }];
}

def SS_DecodeOp : SS_GlobalOp<"decode"> {
  let summary = "Real values of fixed-point encodings";
  let description = [{
    The inverse of `ss.encode`: each holder of `input` (`i64` elements, read
    as signed) computes `x * 2^-fraction_bits` as `f32` or `f64`.

    Example:

    ```mlir
    %x = ss.decode %e {fraction_bits = 16} : !simp.mp<tensor<4xi64>, [0]> -> !simp.mp<tensor<4xf64>, [0]>
    ```
  }];
  let arguments = (ins Simp_MPType:$input, I64Attr:$fraction_bits);
  let results = (outs Simp_MPType:$result);
  let assemblyFormat = [{
    $input attr-dict `:` qualified(type($input)) `->` qualified(type($result))
  }];
}

def SS_TruncOp : SS_GlobalOp<"trunc", [SameOperandsAndResultType]> {
  let summary = "Probabilistic truncation of a shared value by `bits` bits";
  let description = [{
    Divides each element by `2^bits`, rounding to one of the two nearest
    integers, locally on the shares (SecureML's truncation for two parties:
    one holder shifts its share right, the other the negation of its share
    and negates the result). For an element `x` with `|x| < 2^l`, the
    result is `floor(x / 2^bits)` or that plus one, except with probability
    at most `2^(l + 1 - 64)`, when it is wrong by about `2^(64 - bits)`
    (docs/ss.md). Used after a product of fixed-point values; `bits` is
    between 1 and 62.

    With `exact` the holders instead compute whether their shares wrap
    around 2^64 (a comparison protocol): the result is `floor(x / 2^bits)`
    or one less for every `x` in `[-2^62, 2^62)`, with no failure
    probability, at the cost of a comparison.

    Example: back to 16 fraction bits after a product.

    ```mlir
    %p = ss.mul %a, %b : !ss.share<tensor<8xi64>, [0, 1]>
    %t = ss.trunc %p {bits = 16} : !ss.share<tensor<8xi64>, [0, 1]>
    %e = ss.trunc %p {bits = 16, exact} : !ss.share<tensor<8xi64>, [0, 1]>
    ```
  }];
  let arguments = (ins SS_ShareType:$input, I64Attr:$bits, UnitAttr:$exact);
  let results = (outs SS_ShareType:$result);
  let assemblyFormat = "$input attr-dict `:` qualified(type($result))";
}

def SS_MatmulOp : SS_GlobalOp<"matmul"> {
  let summary = "Product of two shared matrices";
  let description = [{
    `lhs` (M x K) times `rhs` (K x N), shared among the same parties with
    the same scheme; the result (M x N) is shared like them. The two-party
    additive lowering multiplies the M K N pairs element by element with
    Beaver's protocol, in calls of at most the largest protocol size (whole
    rows of `lhs` each), and sums over K locally.

    Example:

    ```mlir
    %c = ss.matmul %a, %b : !ss.share<tensor<2x3xi64>, [0, 1]>, !ss.share<tensor<3x4xi64>, [0, 1]>
        -> !ss.share<tensor<2x4xi64>, [0, 1]>
    ```
  }];
  let arguments = (ins SS_ShareType:$lhs, SS_ShareType:$rhs);
  let results = (outs SS_ShareType:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` qualified(type($lhs)) `,` qualified(type($rhs))
    `->` qualified(type($result))
  }];
}

#endif // MPLANG_DIALECT_SS_IR_SSOPS_TD

//===- SimpDialect.td - simp dialect definition ------------*- tablegen -*-===//
//
// The simp dialect describes which party computes what and how data moves
// between parties in a single multi-party (SPMD) program.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_DIALECT_SIMP_IR_SIMPDIALECT_TD
#define MPLANG_DIALECT_SIMP_IR_SIMPDIALECT_TD

include "mlir/IR/OpBase.td"

def Simp_Dialect : Dialect {
  let name = "simp";
  let cppNamespace = "::mlir::simp";
  let summary = "Multi-party programs: party sets, party calls and data movement";
  let description = [{
    A `simp` program is one global program run jointly by `simp.world_size`
    parties (ranks `0 .. world_size-1`). Values at the global level have type
    `!simp.mp<T, [ranks]>`: a value of local type `T` held by the listed ranks.
    `simp.pcall` runs local code on a set of parties, `simp.shuffle` moves
    values between parties, `simp.converge` merges disjoint pieces, and
    `simp.uniform_cond` / `simp.while_loop` provide control flow that every
    participating party takes together. The projection pass turns a global
    program into one program per rank that communicates with `simp.send` and
    `simp.recv`.

    Example:

    ```mlir
    module attributes {simp.world_size = 2 : i64} {
      func.func @main() -> !simp.mp<i32, [1]> {
        %0 = simp.pcall [0] () : () -> !simp.mp<i32, [0]> {
          %c = arith.constant 7 : i32
          simp.yield %c : i32
        }
        %1 = simp.shuffle %0 [1 <- 0] : !simp.mp<i32, [0]> -> !simp.mp<i32, [1]>
        return %1 : !simp.mp<i32, [1]>
      }
    }
    ```
  }];
  let useDefaultTypePrinterParser = 1;
  let hasOperationAttrVerify = 1;
  let extraClassDeclaration = [{
    void registerTypes();

    /// Name of the module attribute holding the number of parties.
    static constexpr ::llvm::StringLiteral getWorldSizeAttrName() {
      return ::llvm::StringLiteral("simp.world_size");
    }
    /// The largest `simp.world_size` the verifier accepts. Projection, plans
    /// and clusters hold per-rank state, so the world must be bounded; 1024
    /// parties is far beyond any deployment of a multi-party protocol.
    static constexpr int64_t kMaxWorldSize = 1024;
    /// Name of the attribute that identifies a call site in projected
    /// programs, the same on every rank.
    static constexpr ::llvm::StringLiteral getSiteAttrName() {
      return ::llvm::StringLiteral("simp.site");
    }
    /// Name of the attribute on a function declaration naming the library
    /// function that linking gives it (default: its own name).
    static constexpr ::llvm::StringLiteral getLinkNameAttrName() {
      return ::llvm::StringLiteral("simp.link_name");
    }
    /// Name of the attribute on a func.call that `--stats` reports on, a
    /// dictionary `{op = "ss.mul", elements = N}` (the op it implements and
    /// its element count), with `rounds = R` once linking has counted the
    /// callee's rounds of messages (simp::countMeasuredRounds).
    static constexpr ::llvm::StringLiteral getMeasureAttrName() {
      return ::llvm::StringLiteral("simp.measure");
    }
    /// Name of the attribute naming the rank a projected module runs on.
    static constexpr ::llvm::StringLiteral getRankAttrName() {
      return ::llvm::StringLiteral("simp.rank");
    }
  }];
}

class Simp_Op<string mnemonic, list<Trait> traits = []>
    : Op<Simp_Dialect, mnemonic, traits>;

#endif // MPLANG_DIALECT_SIMP_IR_SIMPDIALECT_TD

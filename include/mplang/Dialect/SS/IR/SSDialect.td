//===- SSDialect.td - ss dialect definition ----------------*- tablegen -*-===//
//
// The ss dialect computes on secret-shared values: values that no single
// party knows, split into shares held by a set of parties.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_DIALECT_SS_IR_SSDIALECT_TD
#define MPLANG_DIALECT_SS_IR_SSDIALECT_TD

include "mlir/IR/OpBase.td"

def SS_Dialect : Dialect {
  let name = "ss";
  let cppNamespace = "::mlir::ss";
  let summary = "Secure computation on secret-shared values";
  let description = [{
    A value of type `!ss.share<T, [ranks], scheme>` is a value of type `T`
    split into shares among the listed ranks under a secret-sharing
    `scheme` (`#ss.additive`, the default, or `#ss.replicated` for three
    parties): no coalition the scheme
    tolerates learns anything about it. `ss.share` turns a party's private
    `!simp.mp` value into shares, `ss.reveal` gives the value to a chosen
    party set, and the arithmetic ops compute on shares element by element,
    so that a protocol runs once for a whole tensor.

    The ops live at the global level of a `simp` program, next to party
    calls and shuffles. `--ss-lower-to-simp` replaces them by `simp` code
    that calls the protocols of the library (`lib/Protocols/ss_*.mlir`), so
    projection, message checks and the runtime see an ordinary `simp`
    program; `mplang-run` lowers before it links.

    Example: P0 and P1 multiply their private vectors; only P0 learns the
    products.

    ```mlir
    module attributes {simp.world_size = 2 : i64} {
      func.func @main(%x: !simp.mp<tensor<4xi64>, [0]>, %y: !simp.mp<tensor<4xi64>, [1]>)
          -> !simp.mp<tensor<4xi64>, [0]> {
        %a = ss.share %x : !simp.mp<tensor<4xi64>, [0]> -> !ss.share<tensor<4xi64>, [0, 1]>
        %b = ss.share %y : !simp.mp<tensor<4xi64>, [1]> -> !ss.share<tensor<4xi64>, [0, 1]>
        %p = ss.mul %a, %b : !ss.share<tensor<4xi64>, [0, 1]>
        %r = ss.reveal %p : !ss.share<tensor<4xi64>, [0, 1]> -> !simp.mp<tensor<4xi64>, [0]>
        return %r : !simp.mp<tensor<4xi64>, [0]>
      }
    }
    ```
  }];
  let dependentDialects = ["::mlir::simp::SimpDialect"];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let extraClassDeclaration = [{
    void registerAttributes();
    void registerTypes();
  }];
}

class SS_Op<string mnemonic, list<Trait> traits = []>
    : Op<SS_Dialect, mnemonic, traits>;

#endif // MPLANG_DIALECT_SS_IR_SSDIALECT_TD

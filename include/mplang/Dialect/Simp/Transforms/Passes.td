//===- Passes.td - simp dialect passes ---------------------*- tablegen -*-===//

#ifndef MPLANG_DIALECT_SIMP_TRANSFORMS_PASSES_TD
#define MPLANG_DIALECT_SIMP_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def SimpProject : Pass<"simp-project", "mlir::ModuleOp"> {
  let summary = "Project a global multi-party program into one program per rank";
  let description = [{
    Turns the functions of a module with `simp.world_size = N` into N nested
    modules `@rank0 .. @rank{N-1}` (attribute `simp.rank`), each holding every
    function with the same name and a signature that keeps only what that
    rank holds. Per rank `r`:

    - `simp.pcall [P]`: the body is inlined when `r` is in `P`; otherwise its
      results are absent on `r`.
    - `simp.shuffle`: a source sends to each other destination
      (`simp.send`), a destination receives from its source (`simp.recv`);
      `r <- r` is a plain copy; uninvolved ranks do nothing.
    - `simp.converge`: the operand `r` holds.
    - `simp.pcall_dynamic` becomes `simp.if_present`, `simp.shuffle_dynamic`
      becomes the collective `simp.exchange`, and a converge of dynamic pieces
      becomes `simp.first_present`: the run-time checked forms.
    - `simp.uniform_cond` and `simp.while_loop` stay regions on every rank
      that holds the predicate, with their bodies projected recursively;
      `verify_uniform` becomes a `simp.agree` on the predicate. A rank that
      acts inside such a region but does not hold the predicate is rejected.
    - Other ops are kept on `r` when `r` holds all their operands.

    Message tags are assigned statically in program order, the same on every
    rank. Calls carry a `simp.site` id so that the runtime can tell messages
    of different call sites (and loop iterations) apart. The result is
    checked by the same rules as `--simp-verify-comm`.

    Example (`mplang-opt --simp-project`):

    ```mlir
    // input
    module attributes {simp.world_size = 2 : i64} {
      func.func @main(%x: !simp.mp<i32, [0]>) -> !simp.mp<i32, [1]> {
        %y = simp.shuffle %x [1 <- 0] : !simp.mp<i32, [0]> -> !simp.mp<i32, [1]>
        return %y : !simp.mp<i32, [1]>
      }
    }
    // output
    module attributes {simp.world_size = 2 : i64} {
      module @rank0 attributes {simp.rank = 0 : i64} {
        func.func @main(%x: i32) {
          simp.send %x to 1 tag 0 : i32
          return
        }
      }
      module @rank1 attributes {simp.rank = 1 : i64} {
        func.func @main() -> i32 {
          %y = simp.recv from 0 tag 0 : i32
          return %y : i32
        }
      }
    }
    ```
  }];
  let dependentDialects = ["::mlir::func::FuncDialect"];
}

def SimpVerifyComm : Pass<"simp-verify-comm", "mlir::ModuleOp"> {
  let summary = "Check that the messages of per-rank programs match";
  let description = [{
    On a module holding per-rank modules (`simp.rank`), checks for every
    ordered pair of ranks that each `simp.send` has exactly one `simp.recv`
    with the same tag and type in the peer's program and vice versa, and that
    every collective (`simp.agree`, `simp.exchange`) appears once in the
    program of each of its participants with the same participants and type.
    A mismatch is an error at one op with a note at the other.

    Example: this module is rejected because rank 1 never receives tag 0.

    ```mlir
    module attributes {simp.world_size = 2 : i64} {
      module @rank0 attributes {simp.rank = 0 : i64} {
        func.func @main(%x: i32) {
          simp.send %x to 1 tag 0 : i32
          return
        }
      }
      module @rank1 attributes {simp.rank = 1 : i64} {
        func.func @main() {
          return
        }
      }
    }
    ```
  }];
}

def SimpLink : Pass<"simp-link", "mlir::ModuleOp"> {
  let summary = "Link library functions into a program";
  let description = [{
    Gives every function declaration of the program (a `func.func` without
    a body) the definition of the library function it names: its own name,
    or the `simp.link_name` attribute. A library is an ordinary global
    program whose public functions are its exports; its ranks are roles,
    bound to the program's ranks by matching the declaration's signature
    against the library function's (a party set of one rank binds it). The
    definition is copied with its party sets rewritten, and the library
    functions it calls are linked the same way, as private functions.

    `libraries` are read first, and a public function that two of them or
    a library and the program both define is an error. Declarations they
    leave undefined are looked up in the `*.mlir` files of
    `search-paths`. A template (`*.mlir.in`, as a library or in a search
    path) defines `@<name>.n<N>` for every size N its kind allows: the
    declaration's N instantiates it (docs/protocols.md, "Sizes").
    `mplang-opt` and `mplang-run` run this first, with
    `--library FILE` and `--library-path DIR`; their default search path
    is `$MPLANG_LIBRARY_PATH` then the installed protocol library.

    Example: a library function between ranks 0 and 1, used by ranks 2
    and 0 of a three-party program.

    ```mlir
    // library: module attributes {simp.world_size = 2 : i64}
    func.func @send_to_1(%x: !simp.mp<i64, [0]>) -> !simp.mp<i64, [1]> {
      %y = simp.shuffle %x [1 <- 0] : !simp.mp<i64, [0]> -> !simp.mp<i64, [1]>
      return %y : !simp.mp<i64, [1]>
    }
    // program: module attributes {simp.world_size = 3 : i64}
    func.func private @send_to_1(!simp.mp<i64, [2]>) -> !simp.mp<i64, [0]>
    // after linking
    func.func private @send_to_1(%x: !simp.mp<i64, [2]>) -> !simp.mp<i64, [0]> {
      %y = simp.shuffle %x [0 <- 2] : !simp.mp<i64, [2]> -> !simp.mp<i64, [0]>
      return %y : !simp.mp<i64, [0]>
    }
    ```
  }];
  let options = [
    ListOption<"libraries", "libraries", "std::string",
               "Library files whose public functions are linked">,
    ListOption<"searchPaths", "search-paths", "std::string",
               "Directories searched for functions still undefined">,
  ];
  let dependentDialects = ["::mlir::func::FuncDialect"];
}

def SimpKeepResults : Pass<"simp-keep-results", "mlir::ModuleOp"> {
  let summary = "Save kept results in the party's store instead of returning them";
  let description = [{
    On a projected module (per-rank modules, `simp.rank`), makes the entry
    function of each rank that `keep` names save those of its results in
    its own store (`store.save`, docs/store.md) and no longer return them,
    so that they never travel to the driver. Each `keep` item is
    `R:L=URI`: result `L` of rank `R`'s entry (counting only the results
    that rank returns) is kept as `URI`. The rewritten program is what
    runs in the simulator and on workers, and what an operator approves.

    `mplang-run --keep R:I=URI` and `--simp-program-digests=keep=...` name
    results of the global entry; they run this pass with each global index
    mapped to the rank's own (`simp::localKeepSpecs`).

    Example (`--simp-keep-results='keep=1:0=mem://sum'`):

    ```mlir
    // input
    module @rank1 attributes {simp.rank = 1 : i64} {
      func.func @main(%x: i64) -> i64 {
        return %x : i64
      }
    }
    // output
    module @rank1 attributes {simp.rank = 1 : i64} {
      func.func @main(%x: i64) {
        store.save %x, "mem://sum" : i64
        return
      }
    }
    ```
  }];
  let options = [
    Option<"entry", "entry", "std::string", /*default=*/"\"main\"",
           "The entry function whose results are kept">,
    ListOption<"keep", "keep", "std::string",
               "Kept results: R:L=URI, L counting rank R's own results">,
  ];
  let dependentDialects = ["::mlir::store::StoreDialect"];
}

def SimpProgramDigests : Pass<"simp-program-digests", "mlir::ModuleOp"> {
  let summary = "Print what each rank's operator approves for one invocation";
  let description = [{
    Prints one line per rank to stdout: the job a driver submits to that
    rank's worker for one invocation of the program, and its digest:
    `rank R: @ENTRY(BINDING, ...) world_size=N job-sha256:HEX`, where each
    BINDING of the rank's entry arguments is `value` (the driver sends it)
    or `@URI` (the party loads its own object). A worker started with
    `--approved-programs FILE` runs only jobs whose digest is listed in
    FILE, so an operator reviews the projected program of their party, the
    entry and the bindings, and approves exactly that.

    The invocation is given as `mplang-run` is: `entry` (`--entry`),
    `inputs` (`--input R:I=@URI` binds by reference; other inputs and every
    `--arg` bind by value) and `keep` (`--keep R:I=URI`; a URI must be named,
    since the default one is fresh for each run). On a global program the
    pass projects it and keeps the results as `mplang-run` does, so the
    module it leaves is what the workers run; on a projected module (after
    `--simp-project`) only `entry` may be given, every argument then being a
    value.

    The digest covers the entry's name, each binding, the world size and the
    rank's module printed in the generic op form without locations: it does
    not depend on file names, line numbers, custom syntax or whether the
    driver sent bytecode or text, and is the same on every machine.

    Example:

    ```sh
    mplang-opt --simp-program-digests='inputs=1:1=@fs://y.npy keep=0:0=mem://sum' \
      -o /dev/null add.mlir
    # rank 0: @main(value) world_size=2 job-sha256:3f1c...
    # rank 1: @main(@fs://y.npy) world_size=2 job-sha256:8a02...
    ```
  }];
  let options = [
    Option<"entry", "entry", "std::string", /*default=*/"\"main\"",
           "The entry function (mplang-run --entry)">,
    ListOption<"inputs", "inputs", "std::string",
               "Arguments as mplang-run --input R:I=@URI binds them (by "
               "reference); the others are values">,
    ListOption<"keep", "keep", "std::string",
               "Results kept as mplang-run --keep R:I=URI keeps them">,
  ];
  let dependentDialects = ["::mlir::func::FuncDialect",
                           "::mlir::store::StoreDialect"];
}

def SimpDisclosure : Pass<"simp-disclosure", "mlir::ModuleOp"> {
  let summary = "Print what each rank can learn from one invocation";
  let description = [{
    Prints to stdout, rank by rank, what the per-rank programs of one
    invocation let each rank learn about the others' private inputs: the
    report an operator reads beside the approval line of
    `--simp-program-digests`, which heads each rank's part. The invocation is
    given as for that pass (`entry`, `inputs`, `keep`); a global program is
    projected and its kept results saved first, so the report is about the
    programs the workers run, with library functions linked in (their
    messages are reported one by one, `in @FUNCTION`).

    A source is a private input of one rank: an argument of its entry
    (`rank1.arg0`: argument 0 of the rank's own entry, in the order of its
    approval line), an object it loads from its store
    (`rank1.load(fs://y.npy)`) or the randomness it draws (`rank1.random`).
    Constants are written in the program, which every operator reads, and
    are no source. A dataflow over all ranks' programs, messages included,
    finds the sources each value may depend on; functions the entry never
    calls are not part of the job and not reported. Every line starts with
    `rank R:`; the lines of a rank:

    - `argument rank1.arg0: TYPE (value|@URI) at LOC`: the rank's arguments
      and how they are bound.
    - `receives LABEL TYPE from rank S tag T [in @FN] at LOC` for each
      `simp.recv` (`from ranks [..] by simp.agree tag T` and `by
      simp.exchange` for the collectives), then `made by rank S [in @FN]
      with OPS from LEAVES` (the sender's ops in that function, calls by
      name, and the sources and messages the value comes from) and
      `depends on SOURCES`. LABEL is `encrypted` (a BFV ciphertext and the
      rank holds no secret key of its parameters), `decryptable` (a
      ciphertext and it holds one), `randomized` (it depends on another
      rank's randomness: a mask or key of the protocol, which the analysis
      does not prove hides anything) or `clear` (a deterministic function
      of its sources).
    - `decrypts LABEL TYPE [in @FN] at LOC`: a `bfv.decrypt` or
      `crypto.aes_gcm_decrypt` whose input another rank's sources went into.
    - `saves TYPE as URI at LOC`, `returns result I: TYPE`: what the rank
      keeps, and what its entry returns to the driver.
    - `clear from others: ...`, `randomized from others: ...`, `encrypted
      from others: ...`: the other ranks' arguments and objects behind the
      values of each label that the rank receives or decrypts (decryptable
      counts as clear), or `none`.

    The report says whose inputs a value depends on, not how much of them it
    reveals: a sum of a vector depends on the vector as the whole vector
    does.

    Example (`mplang-opt --simp-disclosure -o /dev/null sum.mlir`, rank 1):

    ```
    rank 1: @main(value) world_size=3 job-sha256:48d5...
    rank 1: argument rank1.arg0: i64 (value) at sum.mlir:5:43
    rank 1: receives clear i64 from rank 0 tag 3 at sum.mlir:16:12
    rank 1:   made by rank 0 with arith.addi x2 from rank0.arg0, tag 0 from rank 1, tag 1 from rank 2
    rank 1:   depends on rank0.arg0, rank1.arg0, rank2.arg0
    rank 1: returns result 0: i64
    rank 1:   depends on rank0.arg0, rank1.arg0, rank2.arg0
    rank 1: clear from others: rank0.arg0, rank2.arg0
    rank 1: randomized from others: none
    rank 1: encrypted from others: none
    ```
  }];
  let options = [
    Option<"entry", "entry", "std::string", /*default=*/"\"main\"",
           "The entry function (mplang-run --entry)">,
    ListOption<"inputs", "inputs", "std::string",
               "Arguments as mplang-run --input R:I=@URI binds them (by "
               "reference); the others are values">,
    ListOption<"keep", "keep", "std::string",
               "Results kept as mplang-run --keep R:I=URI keeps them">,
  ];
  let dependentDialects = ["::mlir::func::FuncDialect",
                           "::mlir::store::StoreDialect"];
}

#endif // MPLANG_DIALECT_SIMP_TRANSFORMS_PASSES_TD

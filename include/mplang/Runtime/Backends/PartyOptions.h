//===- PartyOptions.h - how each party runs its programs --------*- C++ -*-===//
//
// What a party's runtime is given, the same in either backend: the
// simulator applies it to every rank in this process, `--local` passes it to
// each worker it starts (as the flags below), and a worker of a cluster
// file reads it from its own flags.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_RUNTIME_BACKENDS_PARTYOPTIONS_H
#define MPLANG_RUNTIME_BACKENDS_PARTYOPTIONS_H

#include "mplang/Runtime/JIT/JIT.h"
#include "mplang/Runtime/Store/ObjectStore.h"

namespace mplang::rt {

struct PartyOptions {
  /// Threads for heavy kernels in each party's own pool: a worker's, or
  /// with the simulator one pool per rank, so that a simulated party has
  /// what it would have in its worker.
  unsigned poolThreads = 2;
  /// How local code is compiled (docs/jit.md).
  jit::Options jit;
  /// The party's object store (with the simulator and --local, rank R's
  /// files are in `store.dataRoot`/rankR).
  ObjectStoreOptions store;

  /// Registers --pool-threads and the flags of the JIT and the store in
  /// `category`.
  static void registerCLOptions(llvm::cl::OptionCategory &category);
  /// What those flags gave, or the first value that makes no sense.
  static StatusOr<PartyOptions> createFromCLOptions();
  /// The flags that give a worker these options.
  void appendArgs(std::vector<std::string> &args) const;
};

} // namespace mplang::rt

#endif // MPLANG_RUNTIME_BACKENDS_PARTYOPTIONS_H

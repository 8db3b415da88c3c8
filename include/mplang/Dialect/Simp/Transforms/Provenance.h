//===- Provenance.h - whose inputs flow into each value ---------*- C++ -*-===//
//
// A dataflow over the per-rank programs of one job: for every value, the
// private inputs of any rank that may flow into it, through local ops, calls,
// control flow and messages. It is what --simp-disclosure reports.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_DIALECT_SIMP_TRANSFORMS_PROVENANCE_H
#define MPLANG_DIALECT_SIMP_TRANSFORMS_PROVENANCE_H

#include "mplang/Dialect/Simp/IR/SimpOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseSet.h"

#include <map>
#include <string>

namespace mlir::simp {

/// A private input of one rank.
struct Source {
  enum class Kind {
    /// An argument of the rank's entry function.
    Argument,
    /// An object of the rank's own store (`store.load`).
    Object,
    /// Fresh randomness the rank draws (keys, random bytes, scalars, field
    /// elements).
    Randomness,
  };
  Kind kind;
  int64_t rank;
  /// The argument's index in the rank's entry, for an argument.
  unsigned index = 0;
  /// The object's URI.
  std::string uri;

  /// `rank0.arg1`, `rank0.load(fs://x.npy)`, `rank0.random`.
  std::string name() const;
};

/// The rank whose program (module with `simp.rank`) holds `op`.
int64_t getProgramRank(Operation *op);

/// The tag of a collective (`simp.agree`, `simp.exchange`).
int64_t getCollectiveTag(Operation *op);

/// Whether `op` draws fresh randomness of the rank running it (keys, random
/// bytes, scalars and field elements).
bool drawsRandomness(Operation *op);

/// The sources a value may depend on: bit i is source i of the analysis.
using SourceSet = llvm::BitVector;

/// Whose private inputs each value of one job's per-rank programs may depend
/// on. Values that hold no private input (constants) depend on nothing.
///
/// Data flows from operands to results, into and out of regions (the
/// predicate of a `simp.uniform_cond`, `simp.while_loop` or any region op
/// flows into its results), through calls (context-insensitively: every call
/// site of a function flows into every other's results), and from each
/// `simp.send` into its `simp.recv` (`simp.agree` and `simp.exchange`: from
/// every participant). Key material does not flow into what it encrypts,
/// decrypts or rotates: a ciphertext depends on its plaintext, a decryption
/// on its ciphertext. Only the functions the entry reaches are analysed.
class Provenance {
public:
  /// Analyses the programs of `ranks` (rank -> per-rank module) as entered
  /// at `entry`, which each of them defines.
  Provenance(const std::map<int64_t, ModuleOp> &ranks, StringRef entry);

  ArrayRef<Source> getSources() const { return sources; }
  /// The sources of `value`; empty for a value of an unreached function.
  const SourceSet &getSources(Value value) const;
  /// The sources of what reached function `fn` returns as result `index`.
  const SourceSet &getReturned(func::FuncOp fn, unsigned index) const;
  /// Whether `fn` is reached from the entry of its rank's program.
  bool isReached(func::FuncOp fn) const { return reached.contains(fn); }
  /// The function `call` calls, or null when its program does not define it.
  func::FuncOp getCallee(func::CallOp call) const {
    return callees.lookup(call);
  }
  /// Every call of `fn` in the reached code of its rank's program.
  ArrayRef<func::CallOp> getCallers(func::FuncOp fn) const;
  /// The `simp.send` that `recv` receives from, or null.
  SendOp getSend(RecvOp recv) const;
  /// The instances of the collective `op` (`simp.agree`, `simp.exchange`)
  /// in the programs of all its participants, `op` included.
  ArrayRef<Operation *> getCollective(Operation *op) const;

private:
  /// Finds the reached functions, the sources and the message ends.
  void collect(int64_t rank, ModuleOp program, StringRef entry,
               SymbolTableCollection &symbols, SmallVectorImpl<RecvOp> &recvs);
  unsigned addSource(Source source);
  /// Joins `from` into the sources of `to`; when they grow, the ops that
  /// read `to` are visited again.
  void join(Value to, SourceSet from);
  void joinAll(ValueRange to, const SourceSet &from);
  void enqueue(Operation *op);
  void enqueueUsers(Value value);
  /// The union of the sources of `values`.
  SourceSet unionOf(ValueRange values) const;
  /// The union of the sources of what the blocks of `op`'s regions pass to
  /// their terminators.
  SourceSet yielded(Operation *op) const;
  /// The transfer into `op`'s regions (their block arguments).
  void visitBefore(Operation *op);
  /// The transfer into `op`'s results (and a call's callee).
  void visitAfter(Operation *op);
  void visitCall(func::CallOp call);
  /// Any op of no special meaning to the analysis.
  void visitLocal(Operation *op);

  std::vector<Source> sources;
  /// (rank, URI) -> source, and rank -> its randomness.
  std::map<std::pair<int64_t, std::string>, unsigned> objects;
  std::map<int64_t, unsigned> randomness;
  DenseMap<Value, SourceSet> state;
  /// The union of the returned values of each reached function.
  DenseMap<Operation *, SmallVector<SourceSet>> returned;
  /// The reached functions.
  SmallVector<func::FuncOp> functions;
  DenseSet<func::FuncOp> reached;
  DenseMap<func::FuncOp, SmallVector<func::CallOp>> callers;
  DenseMap<Operation *, func::FuncOp> callees;
  /// (from, to, tag) -> send, and each send's receive.
  std::map<std::tuple<int64_t, int64_t, int64_t>, SendOp> sends;
  DenseMap<Operation *, Operation *> receiver;
  /// (op name, tag) -> the instances of a collective.
  std::map<std::pair<StringRef, int64_t>, SmallVector<Operation *>> collectives;
  SourceSet none;
  /// Ops to visit again, each at most once in the list.
  SmallVector<Operation *> worklist;
  DenseSet<Operation *> queued;
};

} // namespace mlir::simp

#endif // MPLANG_DIALECT_SIMP_TRANSFORMS_PROVENANCE_H

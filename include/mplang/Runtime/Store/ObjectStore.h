//===- ObjectStore.h - a party's own objects --------------------*- C++ -*-===//
//
// The objects `store.load` and `store.save` name (docs/store.md): files under
// a data root (`fs://`) and values kept in memory between jobs (`mem://`).
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_RUNTIME_STORE_OBJECTSTORE_H
#define MPLANG_RUNTIME_STORE_OBJECTSTORE_H

#include "mplang/Dialect/Simp/Transforms/KeepResults.h"
#include "mplang/Runtime/Status.h"
#include "mplang/Runtime/Value.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Types.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/CommandLine.h"
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <mutex>

namespace mplang::rt {

struct ObjectStoreOptions {
  /// The directory `fs://` paths are relative to; empty: no file access.
  std::string dataRoot;
  /// Bytes of `mem://` objects held at once, at most.
  uint64_t maxMemoryBytes = 1ull << 30;
  /// A `mem://` object expires this long after it was saved.
  unsigned memoryTtlSeconds = 3600;

  /// Registers --data-root, --store-max-mib and --store-ttl in `category`.
  static void registerCLOptions(llvm::cl::OptionCategory &category);
  /// What those flags gave; an error for a bound of 0 or a data root that
  /// is not a directory (likely mistyped).
  static StatusOr<ObjectStoreOptions> createFromCLOptions();
  /// The flags that give a worker these options.
  void appendArgs(std::vector<std::string> &args) const;
};

/// The most bytes a file of a serialized object (not a tensor, whose .npy
/// header says its size) may have: the default bound of a peer message.
constexpr uint64_t kMaxObjectFileBytes = uint64_t(1) << 30;

/// An object's stored bytes, read in blocks (neither a file nor a tensor is
/// copied whole).
struct ObjectBytes {
  uint64_t size = 0;
  /// Copies up to `length` bytes from `offset` to `out`; returns how many,
  /// 0 if there are none (a file that became shorter).
  std::function<size_t(uint64_t offset, char *out, size_t length)> read;
};

/// Thread-safe. Every failure is a message naming the URI.
class ObjectStore {
public:
  explicit ObjectStore(ObjectStoreOptions options);

  /// Reads `uri` as a value of `type`; a file or object of another dtype,
  /// shape or BFV kind is an error.
  Status load(llvm::StringRef uri, mlir::Type type, Value &out);
  /// Writes `value` (of `type`) as `uri`, replacing what was there.
  Status save(llvm::StringRef uri, const Value &value, mlir::Type type);
  /// The stored bytes of `uri`: a file as it is, a memory object as
  /// serializeValue writes it. `expired` tells an expired object apart.
  Status openBytes(llvm::StringRef uri, ObjectBytes &out, bool &expired);
  /// Writes the file `uri` (`fs://` only) with `pieces` one after another,
  /// replacing what was there.
  Status saveFileBytes(llvm::StringRef uri,
                       llvm::ArrayRef<llvm::StringRef> pieces);

private:
  struct MemoryObject {
    Value value;
    uint64_t bytes;
    std::chrono::steady_clock::time_point expires;
  };
  Status loadFile(llvm::StringRef uri, llvm::ArrayRef<llvm::StringRef> path,
                  mlir::Type type, Value &out);
  Status saveFile(llvm::StringRef uri, llvm::ArrayRef<llvm::StringRef> path,
                  const Value &value, mlir::Type type);
  /// Creates the file at `path` with what `write` writes to its descriptor,
  /// all or nothing.
  Status writeFile(llvm::StringRef uri, llvm::ArrayRef<llvm::StringRef> path,
                   llvm::function_ref<Status(int)> write);
  Status loadMemory(const std::string &name, Value &out,
                    bool *expired = nullptr);
  Status saveMemory(const std::string &name, const Value &value);
  /// Drops expired objects; called with `mutex` held.
  void dropExpired();

  ObjectStoreOptions options;
  std::mutex mutex;
  std::map<std::string, MemoryObject> memory;
  uint64_t memoryBytes = 0;
};

/// The store of `rank` in this process: a worker has one, the simulator one
/// per rank. Set before running; a rank without one has no store.
void setObjectStore(int64_t rank, std::shared_ptr<ObjectStore> store);
std::shared_ptr<ObjectStore> getObjectStore(int64_t rank);
/// Gives ranks 0..worldSize-1 of this process a store each, like `options`
/// but with rank R's files in `options.dataRoot`/rankR (created), so that
/// one program runs the same in the simulator and on workers.
Status installRankStores(const ObjectStoreOptions &options, int64_t worldSize);

/// The kind of an ObjectReference.
constexpr llvm::StringLiteral kObjectReferenceKind = "store.reference";

/// A job argument that the receiving party loads from its own store
/// (`mplang-run --input R:I=@URI`): the driver holds only its URI.
class ObjectReference : public Opaque {
public:
  explicit ObjectReference(std::string uri) : uri(std::move(uri)) {}
  llvm::StringRef kind() const override { return kObjectReferenceKind; }
  std::string serialize() const override { return uri; }

private:
  std::string uri;
};

/// The bytes of a job argument: for a reference `@` and its URI (a value's
/// bytes start with a kind byte below 3), else serializeValue's.
std::string encodeArgument(const Value &value);
/// The inverse: a reference is loaded from `store` (null: the party has
/// none). The value is checked against `type`.
Status decodeArgument(llvm::StringRef bytes, mlir::Type type,
                      ObjectStore *store, Value &out);

using mlir::simp::KeptResults;

/// Parses `mplang-run --keep` specs: `R:I` (kept as
/// `mem://run-RANDOM/resultI`, fresh for each run), `R:I=URI`, or `all`
/// (every result every rank holds). `results` are the global entry's result
/// types. The rewrite is the pass --simp-keep-results.
StatusOr<KeptResults> parseKeepSpecs(llvm::ArrayRef<std::string> specs,
                                     llvm::ArrayRef<mlir::Type> results,
                                     int64_t worldSize);

} // namespace mplang::rt

#endif // MPLANG_RUNTIME_STORE_OBJECTSTORE_H

//===- Serialize.h - values as message bytes --------------------*- C++ -*-===//

#ifndef MPLANG_RUNTIME_SERIALIZE_H
#define MPLANG_RUNTIME_SERIALIZE_H

#include "mplang/Runtime/Communicator.h"
#include "mplang/Runtime/Status.h"
#include "mplang/Runtime/Value.h"

#include <functional>

namespace mplang::rt {

/// A small header (kind, dtype, shape) followed by the raw little-endian
/// elements; absent values are one byte; opaque objects are their kind name
/// followed by `Opaque::serialize()`.
std::string serializeValue(const Value &value);
/// Rejects truncated, oversized or inconsistent input with an error.
Status deserializeValue(llvm::StringRef bytes, Value &out);

/// The same bytes as a Message: a tensor's header in `head` and its
/// elements shared (not copied) as `body`; other values all in `head`.
Message encodeValue(const Value &value);
/// The inverse of encodeValue, also of a Message without body holding
/// serializeValue's bytes; a `head` that does not describe `body` exactly
/// is an error.
Status decodeValue(Message message, Value &out);

/// Assembles a Message of a known size from bytes arriving in pieces. As
/// soon as its first bytes are a well-formed tensor header that accounts
/// for the whole size, the elements go straight into a new tensor (its
/// body); anything else is gathered in `head`, for decodeValue to judge.
///
/// A large message may travel in parts (on parallel connections): part I of
/// N holds the value's header and the I-th of N equal shares of the elements
/// (the last one shorter), which `place` puts into the tensor all parts
/// share; `place` returns null when the header does not match the other
/// parts', and the part is then kept as bytes in `head`.
class MessageReader {
public:
  using Place = std::function<std::shared_ptr<Tensor>(
      llvm::StringRef head, DType dtype, llvm::ArrayRef<int64_t> shape)>;
  struct Part {
    unsigned index = 0, count = 1;
    Place place;
  };
  explicit MessageReader(uint64_t size) : size(size) {}
  MessageReader(uint64_t size, Part part) : size(size), part(std::move(part)) {}
  /// The share of `dataSize` element bytes that part `index` of `count`
  /// holds: [begin, end).
  static std::pair<uint64_t, uint64_t> share(uint64_t dataSize, unsigned index,
                                             unsigned count);
  /// Consumes at most the bytes still missing; returns how many it took.
  size_t feed(llvm::StringRef bytes);
  bool complete() const { return received == size; }
  Message take();

private:
  /// Head bytes needed before the next decision.
  size_t headWanted() const;
  /// Decides, once the head's first bytes allow, where the rest goes.
  void decide();

  uint64_t size, received = 0;
  Part part;
  bool headDone = false;
  Message message;
  std::shared_ptr<Tensor> body;
  /// Where this message's elements start in `body`.
  uint64_t offset = 0;
};

/// Turns the bytes of `Opaque::serialize()` back into an object of one kind;
/// it must reject any malformed input with an error.
using OpaqueLoader = std::function<Status(llvm::StringRef bytes,
                                          std::shared_ptr<const Opaque> &)>;
/// Makes opaque objects of `kind` deserializable. Whoever defines a kind
/// registers its loader once, before any value of it is received.
void registerOpaqueLoader(llvm::StringRef kind, OpaqueLoader loader);

} // namespace mplang::rt

#endif // MPLANG_RUNTIME_SERIALIZE_H

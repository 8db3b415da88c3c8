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
class MessageReader {
public:
  explicit MessageReader(uint64_t size) : size(size) {}
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
  bool headDone = false;
  Message message;
  std::shared_ptr<Tensor> body;
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

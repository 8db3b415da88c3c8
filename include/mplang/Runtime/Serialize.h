//===- Serialize.h - values as message bytes --------------------*- C++ -*-===//

#ifndef MPLANG_RUNTIME_SERIALIZE_H
#define MPLANG_RUNTIME_SERIALIZE_H

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

/// Turns the bytes of `Opaque::serialize()` back into an object of one kind;
/// it must reject any malformed input with an error.
using OpaqueLoader = std::function<Status(llvm::StringRef bytes,
                                          std::shared_ptr<const Opaque> &)>;
/// Makes opaque objects of `kind` deserializable. Whoever defines a kind
/// registers its loader once, before any value of it is received.
void registerOpaqueLoader(llvm::StringRef kind, OpaqueLoader loader);

} // namespace mplang::rt

#endif // MPLANG_RUNTIME_SERIALIZE_H

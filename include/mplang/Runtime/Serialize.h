//===- Serialize.h - values as message bytes --------------------*- C++ -*-===//

#ifndef MPLANG_RUNTIME_SERIALIZE_H
#define MPLANG_RUNTIME_SERIALIZE_H

#include "mplang/Runtime/Status.h"
#include "mplang/Runtime/Value.h"

namespace mplang::rt {

/// A small header (kind, dtype, shape) followed by the raw little-endian
/// elements; absent values are one byte.
std::string serializeValue(const Value &value);
/// Rejects truncated, oversized or inconsistent input with an error.
Status deserializeValue(llvm::StringRef bytes, Value &out);

} // namespace mplang::rt

#endif // MPLANG_RUNTIME_SERIALIZE_H

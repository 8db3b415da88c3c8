//===- Serialize.cpp - values as message bytes ------------------*- C++ -*-===//

#include "mplang/Runtime/Serialize.h"

#include "llvm/ADT/StringMap.h"
#include <cassert>
#include <cstring>
#include <mutex>

using namespace mplang::rt;

namespace {
enum class Kind : uint8_t { Absent = 0, Tensor = 1, Opaque = 2 };
constexpr uint8_t kMaxRank = 16;

struct OpaqueLoaders {
  std::mutex mutex;
  llvm::StringMap<OpaqueLoader> byKind;
};

OpaqueLoaders &opaqueLoaders() {
  static OpaqueLoaders loaders;
  return loaders;
}

/// Kind name length (one byte), kind name, then the object's own bytes.
Status deserializeOpaque(llvm::StringRef bytes, Value &out) {
  if (bytes.size() < 2 || bytes.size() < 2 + size_t(uint8_t(bytes[1])))
    return Status::error("truncated opaque value message");
  llvm::StringRef kind = bytes.substr(2, uint8_t(bytes[1]));
  OpaqueLoader loader;
  {
    OpaqueLoaders &loaders = opaqueLoaders();
    std::lock_guard<std::mutex> lock(loaders.mutex);
    auto it = loaders.byKind.find(kind);
    if (it == loaders.byKind.end())
      return Status::error("value message holds an object of unknown kind '" +
                           kind + "'");
    loader = it->second;
  }
  std::shared_ptr<const Opaque> object;
  if (Status s = loader(bytes.drop_front(2 + kind.size()), object); !s.isOk())
    return Status::error("cannot load " + kind + ": " + s.message());
  out = Value::opaque(std::move(object));
  return Status::ok();
}
} // namespace

void mplang::rt::registerOpaqueLoader(llvm::StringRef kind,
                                      OpaqueLoader loader) {
  OpaqueLoaders &loaders = opaqueLoaders();
  std::lock_guard<std::mutex> lock(loaders.mutex);
  loaders.byKind[kind] = std::move(loader);
}

std::string mplang::rt::serializeValue(const Value &value) {
  std::string out;
  if (value.isAbsent()) {
    out.push_back(char(Kind::Absent));
    return out;
  }
  if (value.isOpaque()) {
    llvm::StringRef kind = value.getOpaque()->kind();
    assert(kind.size() <= UINT8_MAX && "opaque kind names fit one byte");
    out.push_back(char(Kind::Opaque));
    out.push_back(char(kind.size()));
    out += kind;
    out += value.getOpaque()->serialize();
    return out;
  }
  const Tensor &t = value.getTensor();
  out.push_back(char(Kind::Tensor));
  out.push_back(char(t.dtype()));
  out.push_back(char(t.shape().size()));
  out.append(reinterpret_cast<const char *>(t.shape().data()),
             t.shape().size() * sizeof(int64_t));
  out.append(reinterpret_cast<const char *>(t.bytes()), t.numBytes());
  return out;
}

Status mplang::rt::deserializeValue(llvm::StringRef bytes, Value &out) {
  if (bytes.empty())
    return Status::error("empty value message");
  if (Kind(bytes[0]) == Kind::Absent && bytes.size() == 1) {
    out = Value::absent();
    return Status::ok();
  }
  if (Kind(bytes[0]) == Kind::Opaque)
    return deserializeOpaque(bytes, out);
  if (Kind(bytes[0]) != Kind::Tensor || bytes.size() < 3)
    return Status::error("malformed value message header");
  uint8_t dtype = bytes[1], rank = bytes[2];
  if (dtype > uint8_t(DType::GF128) || rank > kMaxRank)
    return Status::error("malformed value message header");
  size_t headerSize = 3 + rank * sizeof(int64_t);
  if (bytes.size() < headerSize)
    return Status::error("truncated value message");
  llvm::SmallVector<int64_t, 4> shape(rank);
  std::memcpy(shape.data(), bytes.data() + 3, rank * sizeof(int64_t));
  uint64_t elements = 1;
  for (int64_t dim : shape) {
    if (dim < 0 || (dim && elements > (uint64_t(1) << 40) / uint64_t(dim)))
      return Status::error("value message has an invalid shape");
    elements *= dim;
  }
  size_t dataSize = elements * dtypeSize(DType(dtype));
  if (bytes.size() != headerSize + dataSize)
    return Status::error("value message holds " +
                         llvm::Twine(bytes.size() - headerSize) +
                         " data bytes, its header says " +
                         llvm::Twine(dataSize));
  Tensor t(DType(dtype), shape);
  std::memcpy(t.bytes(), bytes.data() + headerSize, dataSize);
  out = Value::tensor(std::move(t));
  return Status::ok();
}

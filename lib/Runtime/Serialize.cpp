//===- Serialize.cpp - values as message bytes ------------------*- C++ -*-===//

#include "mplang/Runtime/Serialize.h"

#include "llvm/ADT/StringMap.h"
#include <algorithm>
#include <cassert>
#include <cstring>
#include <mutex>
#include <optional>

using namespace mplang::rt;

namespace {
enum class Kind : uint8_t { Absent = 0, Tensor = 1, Opaque = 2 };
constexpr uint8_t kMaxRank = 16;
/// What an object message reserves before its bytes have arrived.
constexpr size_t kMaxReserve = 1 << 20;

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

/// The tensor part of a value message, before the elements.
static std::string tensorHead(const Tensor &t) {
  std::string out;
  out.push_back(char(Kind::Tensor));
  out.push_back(char(t.dtype()));
  out.push_back(char(t.shape().size()));
  out.append(reinterpret_cast<const char *>(t.shape().data()),
             t.shape().size() * sizeof(int64_t));
  return out;
}

Message mplang::rt::encodeValue(const Value &value) {
  if (value.isTensor())
    return {tensorHead(value.getTensor()), value.getTensorHandle()};
  return {serializeValue(value), nullptr};
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
  out = tensorHead(t);
  out.append(reinterpret_cast<const char *>(t.bytes()), t.numBytes());
  return out;
}

namespace {
struct TensorHeader {
  DType dtype;
  llvm::SmallVector<int64_t, 4> shape;
  size_t headSize, dataSize;
};
} // namespace

/// The data of an i1 tensor is one byte per element, 0 or 1; a peer's
/// other bytes would be read as the low bit by some kernels and as the
/// whole byte by compiled code.
static Status invalidBooleans() {
  return Status::error("value message holds i1 elements that are neither 0 "
                       "nor 1");
}

/// Parses the tensor header that `bytes` starts with (its kind byte says
/// Tensor); nullopt while `bytes` is too short to tell.
static std::optional<Status> parseTensorHeader(llvm::StringRef bytes,
                                               TensorHeader &header) {
  if (bytes.size() < 3)
    return std::nullopt;
  uint8_t dtype = bytes[1], rank = bytes[2];
  if (dtype > uint8_t(DType::GF128) || rank > kMaxRank)
    return Status::error("malformed value message header");
  header.headSize = 3 + rank * sizeof(int64_t);
  if (bytes.size() < header.headSize)
    return std::nullopt;
  header.dtype = DType(dtype);
  header.shape.resize(rank);
  std::memcpy(header.shape.data(), bytes.data() + 3, rank * sizeof(int64_t));
  uint64_t elements;
  if (!countElements(header.shape, elements))
    return Status::error("value message has an invalid shape");
  header.dataSize = elements * dtypeSize(header.dtype);
  return Status::ok();
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
  TensorHeader header;
  std::optional<Status> parsed = parseTensorHeader(bytes, header);
  if (!parsed)
    return Status::error("truncated value message");
  if (!parsed->isOk())
    return *parsed;
  if (bytes.size() != header.headSize + header.dataSize)
    return Status::error(
        "value message holds " + llvm::Twine(bytes.size() - header.headSize) +
        " data bytes, its header says " + llvm::Twine(header.dataSize));
  Tensor t = Tensor::forOverwrite(header.dtype, header.shape);
  std::memcpy(t.bytes(), bytes.data() + header.headSize, header.dataSize);
  if (!holdsValidElements(t))
    return invalidBooleans();
  out = Value::tensor(std::move(t));
  return Status::ok();
}

Status mplang::rt::decodeValue(Message message, Value &out) {
  if (!message.body)
    return deserializeValue(message.head, out);
  TensorHeader header;
  std::optional<Status> parsed =
      message.head.empty() || Kind(message.head[0]) != Kind::Tensor
          ? Status::error("")
          : parseTensorHeader(message.head, header);
  if (!parsed || !parsed->isOk() || header.headSize != message.head.size())
    return Status::error("malformed value message header");
  if (header.dtype != message.body->dtype() ||
      llvm::ArrayRef<int64_t>(header.shape) != message.body->shape())
    return Status::error("value message header does not describe its data");
  if (!holdsValidElements(*message.body))
    return invalidBooleans();
  out = Value::tensor(std::move(message.body));
  return Status::ok();
}

size_t MessageReader::headWanted() const {
  llvm::StringRef head = message.head;
  if (head.size() < 3)
    return 3;
  return 3 + uint8_t(head[2]) * sizeof(int64_t);
}

void MessageReader::decide() {
  llvm::StringRef head = message.head;
  if (head.empty())
    return;
  if (Kind(head[0]) != Kind::Tensor) {
    headDone = true;
    // The declared size is only a claim until the bytes arrive.
    message.head.reserve(std::min<size_t>(size, kMaxReserve));
    return;
  }
  TensorHeader header;
  std::optional<Status> parsed = parseTensorHeader(head, header);
  if (!parsed)
    return;
  headDone = true;
  auto [begin, end] = share(header.dataSize, part.index, part.count);
  if (!parsed->isOk() || header.headSize + (end - begin) != size)
    return;
  offset = begin;
  body = part.count > 1 ? part.place(head, header.dtype, header.shape)
                        : std::make_shared<Tensor>(
                              Tensor::forOverwrite(header.dtype, header.shape));
  message.body = body;
}

std::pair<uint64_t, uint64_t>
MessageReader::share(uint64_t dataSize, unsigned index, unsigned count) {
  uint64_t each = (dataSize + count - 1) / count;
  uint64_t begin = std::min(dataSize, index * each);
  return {begin, std::min(dataSize, begin + each)};
}

size_t MessageReader::feed(llvm::StringRef bytes) {
  bytes = bytes.take_front(size - received);
  size_t taken = 0;
  while (taken < bytes.size()) {
    llvm::StringRef rest = bytes.drop_front(taken);
    size_t n = rest.size();
    if (body) {
      std::memcpy(body->bytes() + offset + (received - message.head.size()),
                  rest.data(), n);
    } else {
      // Until the head is decided, take only what it needs, so that the
      // elements that follow go straight into the tensor.
      if (!headDone)
        n = std::min(n, headWanted() - message.head.size());
      message.head.append(rest.data(), n);
    }
    received += n;
    taken += n;
    if (!headDone)
      decide();
  }
  return taken;
}

Message MessageReader::take() {
  body.reset();
  return std::move(message);
}

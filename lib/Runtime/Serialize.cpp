//===- Serialize.cpp - values as message bytes ------------------*- C++ -*-===//

#include "mplang/Runtime/Serialize.h"

#include <cstring>

using namespace mplang::rt;

namespace {
enum class Kind : uint8_t { Absent = 0, Tensor = 1 };
constexpr uint8_t kMaxRank = 16;
} // namespace

std::string mplang::rt::serializeValue(const Value &value) {
  std::string out;
  if (value.isAbsent()) {
    out.push_back(char(Kind::Absent));
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

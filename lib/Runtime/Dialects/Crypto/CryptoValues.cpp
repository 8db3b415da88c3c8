//===- CryptoValues.cpp - crypto dialect objects as run-time values -------===//

#include "mplang/Runtime/Dialects/Crypto/CryptoValues.h"
#include "mplang/Dialect/Crypto/IR/CryptoDialect.h"
#include "mplang/Dialect/Crypto/IR/CryptoTypes.h"
#include "mplang/Runtime/Dialects/Crypto/CryptoRuntime.h"
#include "mplang/Runtime/Serialize.h"
#include "mplang/Runtime/TypeConversion.h"

#include "llvm/Support/raw_ostream.h"
#include <cstring>

using namespace mplang::rt;

namespace {
constexpr uint8_t kMaxRank = 16;
constexpr char kPointKind[] = "crypto.point<p256>";
constexpr char kScalarKind[] = "crypto.scalar<p256>";
constexpr char kPrivateKeyKind[] = "crypto.private_key<x25519>";
constexpr char kPublicKeyKind[] = "crypto.public_key<x25519>";
} // namespace

std::string CryptoArray::serialize() const {
  std::string out;
  out.push_back(char(shape_.size()));
  out.append(reinterpret_cast<const char *>(shape_.data()),
             shape_.size() * sizeof(int64_t));
  encodeElements(out);
  return out;
}

PointArray::PointArray(llvm::ArrayRef<int64_t> shape,
                       std::vector<mplang::crypto::Point> points)
    : CryptoArray(kPointKind, shape), elements(std::move(points)) {}

void PointArray::encodeElements(std::string &out) const {
  size_t start = out.size();
  out.resize(start + elements.size() * mplang::crypto::kPointBytes);
  auto *bytes = reinterpret_cast<uint8_t *>(out.data() + start);
  for (const mplang::crypto::Point &p : elements) {
    mplang::crypto::compressPoint(p, bytes);
    bytes += mplang::crypto::kPointBytes;
  }
}

void ByteArray::encodeElements(std::string &out) const {
  out.append(reinterpret_cast<const char *>(bytes.data()), bytes.size());
}

std::string mplang::rt::cryptoKind(mlir::Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << mlir::crypto::elementTypeOf(type);
  return text.substr(1); // without the leading '!'
}

Status mplang::rt::checkCryptoValue(const Value &value, mlir::Type type) {
  std::string declared;
  llvm::raw_string_ostream os(declared);
  os << type;
  std::string kind = cryptoKind(type);
  if (!value.isOpaque() || value.getOpaque()->kind() != kind)
    return Status::error(
        (value.isOpaque()
             ? "a " + value.getOpaque()->kind().str()
             : std::string(value.isAbsent() ? "no value" : "a tensor")) +
        " where " + declared + " is declared");
  auto &array = static_cast<const CryptoArray &>(*value.getOpaque());
  if (array.shape() != mlir::crypto::batchShapeOf(type))
    return Status::error("a batch of " + kind + " of another shape where " +
                         declared + " is declared");
  return Status::ok();
}

namespace {
struct Batch {
  llvm::SmallVector<int64_t, 4> shape;
  /// The elements' bytes, exactly `count` times the element width.
  llvm::StringRef body;
  uint64_t count;
};
} // namespace

/// Parses the shape that `bytes` starts with and checks that exactly
/// `width` bytes per element follow.
static Status parseBatch(llvm::StringRef bytes, size_t width, Batch &batch) {
  if (bytes.empty() || uint8_t(bytes[0]) > kMaxRank ||
      bytes.size() < 1 + uint8_t(bytes[0]) * sizeof(int64_t))
    return Status::error("malformed batch header");
  batch.shape.resize(uint8_t(bytes[0]));
  std::memcpy(batch.shape.data(), bytes.data() + 1,
              batch.shape.size() * sizeof(int64_t));
  batch.body = bytes.drop_front(1 + batch.shape.size() * sizeof(int64_t));
  if (!countElements(batch.shape, batch.count) ||
      batch.count > batch.body.size() / width ||
      batch.count * width != batch.body.size())
    return Status::error("batch shape does not match its " +
                         llvm::Twine(batch.body.size()) + " bytes of elements");
  return Status::ok();
}

static Status loadPoints(llvm::StringRef bytes,
                         std::shared_ptr<const Opaque> &out) {
  Batch batch;
  if (Status s = parseBatch(bytes, mplang::crypto::kPointBytes, batch);
      !s.isOk())
    return s;
  std::vector<mplang::crypto::Point> points(batch.count);
  auto *data = reinterpret_cast<const uint8_t *>(batch.body.data());
  for (uint64_t i = 0; i < batch.count; ++i)
    if (llvm::Error err = mplang::crypto::decompressPoint(
            data + i * mplang::crypto::kPointBytes, points[i]))
      return Status::error("point " + llvm::Twine(i) + ": " +
                           llvm::toString(std::move(err)));
  out = std::make_shared<PointArray>(batch.shape, std::move(points));
  return Status::ok();
}

/// Scalars must be canonical (below the order); any 32 bytes are a key.
template <const char *Kind, bool IsScalar>
static Status loadBytes(llvm::StringRef bytes,
                        std::shared_ptr<const Opaque> &out) {
  Batch batch;
  if (Status s = parseBatch(bytes, ByteArray::kWidth, batch); !s.isOk())
    return s;
  std::vector<uint8_t> data(batch.body.begin(), batch.body.end());
  for (uint64_t i = 0; IsScalar && i < batch.count; ++i) {
    mplang::crypto::Scalar k;
    std::memcpy(k.data(), data.data() + i * ByteArray::kWidth, k.size());
    if (!mplang::crypto::isCanonicalScalar(k))
      return Status::error("scalar " + llvm::Twine(i) +
                           " is not below the group order");
  }
  out = std::make_shared<ByteArray>(Kind, batch.shape, std::move(data));
  return Status::ok();
}

/// The type hook: crypto types, and tensors of them, hold batches.
static std::optional<Status> checkCryptoType(const Value &value,
                                             mlir::Type type) {
  if (!mlir::crypto::isCryptoValueType(type))
    return std::nullopt;
  return checkCryptoValue(value, type);
}

void mplang::rt::registerCryptoValueTypes() {
  registerOpaqueLoader(kPointKind, loadPoints);
  registerOpaqueLoader(kScalarKind, loadBytes<kScalarKind, true>);
  registerOpaqueLoader(kPrivateKeyKind, loadBytes<kPrivateKeyKind, false>);
  registerOpaqueLoader(kPublicKeyKind, loadBytes<kPublicKeyKind, false>);
  registerTypeHook(mlir::crypto::CryptoDialect::getDialectNamespace(),
                   {nullptr, checkCryptoType});
}

//===- CryptoValues.h - crypto dialect objects as run-time values -*- C++ -*-=//
//
// Points, scalars and keys travel through the runtime as opaque values: a
// batch shape (empty for one element) and the elements. Their kind is the
// element type's text, e.g. "crypto.point<p256>", so a value names its type.
// On the wire every element is its fixed-size encoding, checked on receipt.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_RUNTIME_DIALECTS_CRYPTO_CRYPTOVALUES_H
#define MPLANG_RUNTIME_DIALECTS_CRYPTO_CRYPTOVALUES_H

#include "mplang/Crypto/Primitives/Group.h"
#include "mplang/Runtime/Status.h"
#include "mplang/Runtime/Value.h"

#include "mlir/IR/Types.h"

#include <vector>

namespace mplang::rt {

/// Any crypto value: a batch of elements of one kind.
class CryptoArray : public Opaque {
public:
  CryptoArray(std::string kind, llvm::ArrayRef<int64_t> shape)
      : kindName(std::move(kind)), shape_(shape.begin(), shape.end()) {}
  llvm::StringRef kind() const override { return kindName; }
  llvm::ArrayRef<int64_t> shape() const { return shape_; }
  /// Rank (one byte), dimensions (int64 each), then the elements' encodings.
  std::string serialize() const override;

protected:
  /// Appends every element's fixed-size encoding.
  virtual void encodeElements(std::string &out) const = 0;

private:
  std::string kindName;
  llvm::SmallVector<int64_t, 4> shape_;
};

/// P-256 points, 65 bytes each in memory and 33 on the wire.
class PointArray final : public CryptoArray {
public:
  PointArray(llvm::ArrayRef<int64_t> shape, std::vector<crypto::Point> points);
  const std::vector<crypto::Point> &points() const { return elements; }

private:
  void encodeElements(std::string &out) const override;
  std::vector<crypto::Point> elements;
};

/// Elements that are their 32-byte encoding: scalars (below the order) and
/// X25519 keys.
class ByteArray final : public CryptoArray {
public:
  static constexpr size_t kWidth = 32;
  ByteArray(std::string kind, llvm::ArrayRef<int64_t> shape,
            std::vector<uint8_t> bytes)
      : CryptoArray(std::move(kind), shape), bytes(std::move(bytes)) {}
  size_t size() const { return bytes.size() / kWidth; }
  const uint8_t *element(size_t i) const { return bytes.data() + i * kWidth; }

private:
  void encodeElements(std::string &out) const override;
  std::vector<uint8_t> bytes;
};

/// The kind of values of crypto type `type` (or a tensor of them).
std::string cryptoKind(mlir::Type type);

/// Whether `value` is a crypto value of `type`: its kind and batch shape.
Status checkCryptoValue(const Value &value, mlir::Type type);

} // namespace mplang::rt

#endif // MPLANG_RUNTIME_DIALECTS_CRYPTO_CRYPTOVALUES_H

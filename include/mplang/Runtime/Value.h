//===- Value.h - run-time values --------------------------------*- C++ -*-===//
//
// Immutable, shared run-time values: dense tensors, opaque objects (BFV keys
// and ciphertexts) and the explicit absent value. Copying a Value copies a
// handle, never the data.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_RUNTIME_VALUE_H
#define MPLANG_RUNTIME_VALUE_H

#include "mplang/Support/Buffer.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace mplang::rt {

/// Element types of run-time tensors. Integers are stored in their natural
/// width (i1 in one byte, 0 or 1); signedness is a property of the ops.
enum class DType : uint8_t { I1, I8, I16, I32, I64, F32, F64, GF128 };

/// Bytes per element.
size_t dtypeSize(DType dtype);

/// The most elements a tensor may have. Shapes come from programs and
/// messages, so their products are checked against it before allocation.
constexpr uint64_t kMaxTensorElements = uint64_t(1) << 40;
/// The element count of `shape`, or false if a dimension is negative or the
/// count exceeds kMaxTensorElements (never overflowing).
bool countElements(llvm::ArrayRef<int64_t> shape, uint64_t &count);
/// Short name (`i32`, `f64`, `gf128`).
llvm::StringRef dtypeName(DType dtype);
bool isInteger(DType dtype);
bool isFloat(DType dtype);

/// A dense row-major tensor. A rank-0 tensor holds one scalar. Move-only:
/// values share tensors through handles instead. A view shares the bytes of
/// another tensor under another type: tensors are immutable once they are
/// values, so neither can see the other change.
class Tensor {
public:
  /// A zero-initialized tensor.
  Tensor(DType dtype, llvm::ArrayRef<int64_t> shape);
  /// A tensor whose bytes are left as they are, for callers that overwrite
  /// every one (received messages): a reused buffer is not zeroed first.
  static Tensor forOverwrite(DType dtype, llvm::ArrayRef<int64_t> shape);
  Tensor(Tensor &&) = default;
  Tensor &operator=(Tensor &&) = default;

  DType dtype() const { return dtype_; }
  llvm::ArrayRef<int64_t> shape() const { return shape_; }
  int64_t numElements() const { return numElements_; }
  size_t numBytes() const { return numBytes_; }

  const uint8_t *bytes() const { return data_.get(); }
  uint8_t *bytes() { return data_.get(); }
  template <typename T> const T *data() const {
    return reinterpret_cast<const T *>(data_.get());
  }
  template <typename T> T *data() { return reinterpret_cast<T *>(data_.get()); }

  /// The `dtype` tensor of `shape` over this tensor's bytes from
  /// `byteOffset` on, which must lie inside them.
  Tensor view(DType dtype, llvm::ArrayRef<int64_t> shape,
              size_t byteOffset = 0) const;

  /// Whether no view shares this tensor's bytes.
  bool ownsBytesAlone() const;
  /// Bytes of the buffer this tensor's bytes lie in: what a handle to it
  /// keeps alive. More than numBytes() for a view of part of a tensor.
  size_t bufferBytes() const { return bufferBytes_; }
  /// A tensor of the same type and bytes in a buffer of its own.
  Tensor copy() const;

  /// Repeats the `width` bytes at `pattern` over the whole tensor (a splat);
  /// `width` divides numBytes(), and `pattern` may be the tensor's own start.
  void fill(const uint8_t *pattern, size_t width);

private:
  Tensor(DType dtype, llvm::ArrayRef<int64_t> shape, bool zeroed);
  Tensor(DType dtype, llvm::ArrayRef<int64_t> shape,
         std::shared_ptr<uint8_t> data);

  DType dtype_;
  llvm::SmallVector<int64_t, 4> shape_;
  int64_t numElements_;
  size_t numBytes_;
  size_t bufferBytes_;
  /// The first byte; it owns the whole buffer, which views share.
  std::shared_ptr<uint8_t> data_;
};

/// Whether every element of `t` is a valid value of its dtype: for i1,
/// each byte is 0 or 1 (kernels and compiled code may read either the low
/// bit or the whole byte); any bytes for the other dtypes. Bytes from
/// outside the runtime (messages, files, decrypted plaintexts) are checked
/// before they become i1 values.
bool holdsValidElements(const Tensor &t);

/// An object the runtime moves around without looking inside (BFV keys,
/// ciphertexts, ...). Kernels that own the kind downcast it.
class Opaque {
public:
  virtual ~Opaque();
  virtual llvm::StringRef kind() const = 0;
  /// Bytes that `deserialize` of the same kind turns back into the object.
  virtual std::string serialize() const = 0;
};

/// A shared handle to an immutable tensor or opaque object, or the absent
/// value (what a rank holds of a value it does not have).
class Value {
public:
  Value() = default;
  static Value absent() { return Value(); }
  static Value tensor(std::shared_ptr<const Tensor> t) {
    return Value(std::move(t));
  }
  static Value tensor(Tensor &&t) {
    // Not a const object: takeUniqueTensor may hand it back for writing.
    return Value(std::make_shared<Tensor>(std::move(t)));
  }
  static Value opaque(std::shared_ptr<const Opaque> o) {
    Value v;
    v.opaque_ = std::move(o);
    return v;
  }

  bool isAbsent() const { return !tensor_ && !opaque_; }
  bool isTensor() const { return static_cast<bool>(tensor_); }
  bool isOpaque() const { return static_cast<bool>(opaque_); }
  const Tensor &getTensor() const { return *tensor_; }
  const std::shared_ptr<const Tensor> &getTensorHandle() const {
    return tensor_;
  }
  const std::shared_ptr<const Opaque> &getOpaque() const { return opaque_; }
  /// Bytes of payload, for traces and accounting.
  size_t numBytes() const;
  /// The tensor for writing, if this handle is its only one and no view
  /// shares its bytes: a kernel that is the last reader of an operand (the
  /// scheduler then hands over its own handle) may update it in place
  /// instead of copying it. Null otherwise, or for other values.
  Tensor *takeUniqueTensor() const;

private:
  explicit Value(std::shared_ptr<const Tensor> t) : tensor_(std::move(t)) {}
  std::shared_ptr<const Tensor> tensor_;
  std::shared_ptr<const Opaque> opaque_;
};

} // namespace mplang::rt

#endif // MPLANG_RUNTIME_VALUE_H

//===- Value.cpp - run-time values ------------------------------*- C++ -*-===//

#include "mplang/Runtime/Value.h"

#include "llvm/Support/ErrorHandling.h"

#include <algorithm>
#include <cstring>

using namespace mplang::rt;

size_t mplang::rt::dtypeSize(DType dtype) {
  switch (dtype) {
  case DType::I1:
  case DType::I8:
    return 1;
  case DType::I16:
    return 2;
  case DType::I32:
  case DType::F32:
    return 4;
  case DType::I64:
  case DType::F64:
    return 8;
  case DType::GF128:
    return 16;
  }
  llvm_unreachable("unknown dtype");
}

llvm::StringRef mplang::rt::dtypeName(DType dtype) {
  switch (dtype) {
  case DType::I1:
    return "i1";
  case DType::I8:
    return "i8";
  case DType::I16:
    return "i16";
  case DType::I32:
    return "i32";
  case DType::I64:
    return "i64";
  case DType::F32:
    return "f32";
  case DType::F64:
    return "f64";
  case DType::GF128:
    return "gf128";
  }
  llvm_unreachable("unknown dtype");
}

bool mplang::rt::isInteger(DType dtype) {
  return dtype != DType::F32 && dtype != DType::F64 && dtype != DType::GF128;
}

bool mplang::rt::isFloat(DType dtype) {
  return dtype == DType::F32 || dtype == DType::F64;
}

bool mplang::rt::countElements(llvm::ArrayRef<int64_t> shape, uint64_t &count) {
  count = 1;
  for (int64_t dim : shape) {
    if (dim < 0 || (dim && count > kMaxTensorElements / uint64_t(dim)))
      return false;
    count *= uint64_t(dim);
  }
  return true;
}

Tensor::Tensor(DType dtype, llvm::ArrayRef<int64_t> shape)
    : Tensor(dtype, shape, /*zeroed=*/true) {}

Tensor Tensor::forOverwrite(DType dtype, llvm::ArrayRef<int64_t> shape) {
  return Tensor(dtype, shape, /*zeroed=*/false);
}

Tensor::Tensor(DType dtype, llvm::ArrayRef<int64_t> shape,
               std::shared_ptr<uint8_t> data)
    : dtype_(dtype), shape_(shape.begin(), shape.end()), numElements_(1),
      data_(std::move(data)) {
  for (int64_t dim : shape)
    numElements_ *= dim;
  numBytes_ = numElements_ * dtypeSize(dtype);
  bufferBytes_ = numBytes_;
}

Tensor::Tensor(DType dtype, llvm::ArrayRef<int64_t> shape, bool zeroed)
    : Tensor(dtype, shape, nullptr) {
  data_ = std::shared_ptr<uint8_t>(allocateBuffer(numBytes_, zeroed),
                                   BufferDeleter{numBytes_});
}

Tensor Tensor::view(DType dtype, llvm::ArrayRef<int64_t> shape,
                    size_t byteOffset) const {
  // The aliasing constructor: the view points into the buffer and keeps
  // its owner alive.
  Tensor t(dtype, shape,
           std::shared_ptr<uint8_t>(data_, data_.get() + byteOffset));
  assert(byteOffset + t.numBytes() <= numBytes_ && "view outside the tensor");
  t.bufferBytes_ = bufferBytes_;
  return t;
}

Tensor Tensor::copy() const {
  Tensor t = forOverwrite(dtype_, shape_);
  std::memcpy(t.bytes(), bytes(), numBytes_);
  return t;
}

void Tensor::fill(const uint8_t *pattern, size_t width) {
  if (numBytes_ == 0)
    return;
  if (pattern != bytes())
    std::memcpy(bytes(), pattern, width);
  // Doubling copies: one memcpy per power of two, not one per element.
  for (size_t done = width; done < numBytes_; done *= 2)
    std::memcpy(bytes() + done, bytes(), std::min(done, numBytes_ - done));
}

bool Tensor::ownsBytesAlone() const { return data_.use_count() == 1; }

bool mplang::rt::holdsValidElements(const Tensor &t) {
  if (t.dtype() != DType::I1)
    return true;
  return std::all_of(t.bytes(), t.bytes() + t.numBytes(),
                     [](uint8_t b) { return b <= 1; });
}

Tensor *Value::takeUniqueTensor() const {
  // With the only handle, no other thread can take another one meanwhile.
  if (!tensor_ || tensor_.use_count() != 1 || !tensor_->ownsBytesAlone())
    return nullptr;
  // Tensors of values are created mutable (Value::tensor) and shared const.
  return const_cast<Tensor *>(tensor_.get());
}

Opaque::~Opaque() = default;

size_t Value::numBytes() const {
  if (tensor_)
    return tensor_->numBytes();
  if (opaque_)
    return opaque_->serialize().size();
  return 0;
}

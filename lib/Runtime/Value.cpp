//===- Value.cpp - run-time values ------------------------------*- C++ -*-===//

#include "mplang/Runtime/Value.h"

#include "llvm/Support/ErrorHandling.h"
#include <algorithm>
#include <cstdlib>
#include <sys/mman.h>

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

/// Large buffers are mapped directly, zeroed by the kernel and backed by
/// huge pages where possible: first-touch page faults otherwise dominate
/// kernels that produce big tensors (OKVS tables, AES expansions).
static constexpr size_t kMappedBytes = size_t(2) << 20;

static uint8_t *allocateZeroed(size_t size) {
  if (size >= kMappedBytes) {
    void *p = mmap(nullptr, size, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
      llvm::report_bad_alloc_error("cannot map a tensor buffer");
    madvise(p, size, MADV_HUGEPAGE);
    return static_cast<uint8_t *>(p);
  }
  // At least one byte, so that empty tensors have a valid pointer.
  auto *p = static_cast<uint8_t *>(std::calloc(std::max<size_t>(size, 1), 1));
  if (!p)
    llvm::report_bad_alloc_error("cannot allocate a tensor buffer");
  return p;
}

void Tensor::Release::operator()(uint8_t *p) const {
  if (size >= kMappedBytes)
    munmap(p, size);
  else
    std::free(p);
}

Tensor::Tensor(DType dtype, llvm::ArrayRef<int64_t> shape)
    : dtype_(dtype), shape_(shape.begin(), shape.end()), numElements_(1) {
  for (int64_t dim : shape)
    numElements_ *= dim;
  numBytes_ = numElements_ * dtypeSize(dtype);
  data_ = std::unique_ptr<uint8_t[], Release>(allocateZeroed(numBytes_),
                                              Release{numBytes_});
}

Opaque::~Opaque() = default;

size_t Value::numBytes() const {
  if (tensor_)
    return tensor_->numBytes();
  if (opaque_)
    return opaque_->serialize().size();
  return 0;
}

//===- Value.cpp - run-time values ------------------------------*- C++ -*-===//

#include "mplang/Runtime/Value.h"

#include "llvm/Support/ErrorHandling.h"
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <mutex>
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

namespace {
/// A few freed mappings kept for reuse: a stream of equally large messages
/// (one buffer received while the previous one is sent) would otherwise pay
/// a fresh mapping's page faults for every message.
class MappingCache {
public:
  /// A cached mapping of exactly `size` bytes, or null.
  void *take(size_t size) {
    std::lock_guard<std::mutex> lock(mutex);
    for (auto it = entries.begin(); it != entries.end(); ++it)
      if (it->second == size) {
        void *p = it->first;
        entries.erase(it);
        cachedBytes -= size;
        return p;
      }
    return nullptr;
  }
  /// Keeps `p` unless that would exceed the bounds; false if not kept.
  bool give(void *p, size_t size) {
    std::lock_guard<std::mutex> lock(mutex);
    if (entries.size() == kMaxEntries || cachedBytes + size > kMaxBytes)
      return false;
    entries.push_back({p, size});
    cachedBytes += size;
    return true;
  }

private:
  static constexpr size_t kMaxEntries = 4;
  static constexpr size_t kMaxBytes = size_t(512) << 20;
  std::mutex mutex;
  std::vector<std::pair<void *, size_t>> entries;
  size_t cachedBytes = 0;
};

MappingCache &mappingCache() {
  static MappingCache *cache = new MappingCache; // outlives static tensors
  return *cache;
}
} // namespace

static uint8_t *allocate(size_t size, bool zeroed) {
  if (size >= kMappedBytes) {
    if (void *p = mappingCache().take(size)) {
      if (zeroed)
        std::memset(p, 0, size);
      return static_cast<uint8_t *>(p);
    }
    void *p = mmap(nullptr, size, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
      llvm::report_bad_alloc_error("cannot map a tensor buffer");
    madvise(p, size, MADV_HUGEPAGE);
    return static_cast<uint8_t *>(p);
  }
  // At least one byte, so that empty tensors have a valid pointer.
  size = std::max<size_t>(size, 1);
  auto *p =
      static_cast<uint8_t *>(zeroed ? std::calloc(size, 1) : std::malloc(size));
  if (!p)
    llvm::report_bad_alloc_error("cannot allocate a tensor buffer");
  return p;
}

void Tensor::Release::operator()(uint8_t *p) const {
  if (size < kMappedBytes)
    std::free(p);
  else if (!mappingCache().give(p, size))
    munmap(p, size);
}

Tensor::Tensor(DType dtype, llvm::ArrayRef<int64_t> shape)
    : Tensor(dtype, shape, /*zeroed=*/true) {}

Tensor Tensor::forOverwrite(DType dtype, llvm::ArrayRef<int64_t> shape) {
  return Tensor(dtype, shape, /*zeroed=*/false);
}

Tensor::Tensor(DType dtype, llvm::ArrayRef<int64_t> shape, bool zeroed)
    : dtype_(dtype), shape_(shape.begin(), shape.end()), numElements_(1) {
  for (int64_t dim : shape)
    numElements_ *= dim;
  numBytes_ = numElements_ * dtypeSize(dtype);
  data_ = std::unique_ptr<uint8_t[], Release>(allocate(numBytes_, zeroed),
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

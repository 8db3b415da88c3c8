//===- Ldpc.cpp - syndromes of a sparse binary matrix -----------*- C++ -*-===//

#include "mplang/Crypto/Field/Ldpc.h"

using namespace mplang::crypto::field;

llvm::Error mplang::crypto::field::ldpcEncode(
    llvm::ArrayRef<Gf128> message, llvm::ArrayRef<uint64_t> indices,
    llvm::ArrayRef<uint64_t> indptr, llvm::MutableArrayRef<Gf128> syndrome) {
  if (indptr.size() != syndrome.size() + 1)
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "ldpc: indptr has %zu entries, expected rows + 1 = %zu", indptr.size(),
        syndrome.size() + 1);
  if (indptr.front() != 0 || indptr.back() > indices.size())
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "ldpc: indptr must run from 0 to at most "
                                   "the %zu indices",
                                   indices.size());
  for (size_t row = 0; row < syndrome.size(); ++row) {
    if (indptr[row] > indptr[row + 1])
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "ldpc: indptr decreases at row %zu", row);
    Gf128 sum;
    for (uint64_t k = indptr[row]; k < indptr[row + 1]; ++k) {
      if (indices[k] >= message.size())
        return llvm::createStringError(
            llvm::inconvertibleErrorCode(),
            "ldpc: column %llu is outside the %zu-element message",
            static_cast<unsigned long long>(indices[k]), message.size());
      sum ^= message[indices[k]];
    }
    syndrome[row] = sum;
  }
  return llvm::Error::success();
}

//===- TestUtil.h - hex strings and errors in tests -------------*- C++ -*-===//

#ifndef MPLANG_UNITTESTS_CRYPTO_PRIMITIVES_TESTUTIL_H
#define MPLANG_UNITTESTS_CRYPTO_PRIMITIVES_TESTUTIL_H

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Error.h"
#include <gtest/gtest.h>
#include <cstdint>
#include <string>
#include <vector>

inline std::vector<uint8_t> unhex(llvm::StringRef hex) {
  std::string bytes = llvm::fromHex(hex);
  return std::vector<uint8_t>(bytes.begin(), bytes.end());
}

inline std::string hex(llvm::ArrayRef<uint8_t> bytes) {
  return llvm::toHex(bytes, /*LowerCase=*/true);
}

/// Whether `err` is success; a failure is reported with its message.
inline bool succeeded(llvm::Error err) {
  if (!err)
    return true;
  ADD_FAILURE() << llvm::toString(std::move(err));
  return false;
}

/// Whether `err` is a failure (consumed).
inline bool failedWith(llvm::Error err) {
  if (!err)
    return false;
  llvm::consumeError(std::move(err));
  return true;
}

#endif // MPLANG_UNITTESTS_CRYPTO_PRIMITIVES_TESTUTIL_H

//===- Random.cpp - bytes from the OS CSPRNG ------------------------------===//

#include "mplang/Crypto/Primitives/Random.h"
#include "OpenSSLError.h"

#include <climits>
#include <openssl/rand.h>

llvm::Error mplang::crypto::randomBytes(llvm::MutableArrayRef<uint8_t> out) {
  // RAND_bytes takes an int count.
  constexpr size_t kChunk = INT_MAX / 2;
  for (size_t done = 0; done < out.size(); done += kChunk) {
    size_t n = std::min(kChunk, out.size() - done);
    if (RAND_bytes(out.data() + done, int(n)) != 1)
      return opensslError("RAND_bytes failed");
  }
  return llvm::Error::success();
}

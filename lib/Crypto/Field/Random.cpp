//===- Random.cpp - OS randomness and the AES-CTR generator -----*- C++ -*-===//

#include "mplang/Crypto/Field/Random.h"

#include <cerrno>
#include <sys/random.h>

using namespace mplang::crypto::field;

llvm::Expected<Gf128> mplang::crypto::field::osRandomBlock() {
  Gf128 block;
  auto *bytes = reinterpret_cast<char *>(&block);
  size_t filled = 0;
  while (filled < sizeof(block)) {
    ssize_t got = getrandom(bytes + filled, sizeof(block) - filled, 0);
    if (got < 0) {
      if (errno == EINTR)
        continue;
      return llvm::createStringError(
          std::error_code(errno, std::generic_category()), "getrandom failed");
    }
    filled += static_cast<size_t>(got);
  }
  return block;
}

llvm::Expected<Prg> Prg::fromOs() {
  llvm::Expected<Gf128> seed = osRandomBlock();
  if (!seed)
    return seed.takeError();
  return Prg(*seed);
}

void Prg::fill(llvm::MutableArrayRef<Gf128> out) {
  cipher.encryptCounter(Gf128(), counter, out);
  counter += out.size();
}

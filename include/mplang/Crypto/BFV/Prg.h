//===- Prg.h - ChaCha20 pseudo-random generator and samplers ----*- C++ -*-===//
//
// Seeds come from the OS CSPRNG (getrandom); expansion is ChaCha20 (RFC 8439
// block function, 64-bit block counter, zero nonce). A seed may be stored in
// place of the uniform polynomial it expands to.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_CRYPTO_BFV_PRG_H
#define MPLANG_CRYPTO_BFV_PRG_H

#include "mplang/Crypto/BFV/Modulus.h"

#include "llvm/Support/Error.h"

#include <array>
#include <cstdint>

namespace mplang::crypto::bfv {

using Seed = std::array<uint8_t, 32>;

/// Coin pairs of the error sampler (Prg::centeredBinomial).
constexpr int kBinomialPairs = 21;
/// Variances of the samplers, which the noise analysis builds on: errors
/// (each coin pair contributes 1/2) and ternary secrets and masks.
constexpr double kErrorVariance = kBinomialPairs / 2.0;
constexpr double kTernaryVariance = 2.0 / 3.0;

/// 32 bytes from getrandom(2).
llvm::Expected<Seed> randomSeed();

/// Writes the ChaCha20 keystream blocks counter, ..., counter + count - 1
/// (16 words each, in order) for `seed`. With `vector` and an AVX-512 CPU,
/// groups of 16 blocks are computed one per lane; the output is identical.
void chacha20Blocks(const Seed &seed, uint64_t counter, size_t count,
                    uint32_t *out, bool vector = true);

class Prg {
public:
  explicit Prg(const Seed &seed);

  uint64_t next64();
  /// Uniform in [0, q) by rejection sampling.
  uint64_t uniform(const Modulus &q);
  /// Uniform in {-1, 0, 1}.
  int ternary();
  /// Centred binomial with kBinomialPairs coin pairs: standard deviation
  /// 3.24, which matches the sigma = 3.2 of the HomomorphicEncryption.org
  /// standard.
  int centeredBinomial();

private:
  static constexpr size_t kBlocks = 16; // keystream blocks per refill

  void refill();

  Seed seed;
  uint64_t counter = 0;
  std::array<uint64_t, 8 * kBlocks> buffer;
  size_t next = 8 * kBlocks;
  uint64_t byteWord = 0;
  unsigned bytesLeft = 0;
};

} // namespace mplang::crypto::bfv

#endif // MPLANG_CRYPTO_BFV_PRG_H

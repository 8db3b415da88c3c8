//===- Prg.cpp - ChaCha20 pseudo-random generator and samplers ------------===//

#include "mplang/Crypto/BFV/Prg.h"

#include <cerrno>
#include <cstring>
#include <sys/random.h>

namespace mplang::crypto::bfv {

llvm::Expected<Seed> randomSeed() {
  Seed seed;
  size_t got = 0;
  while (got < seed.size()) {
    ssize_t r = getrandom(seed.data() + got, seed.size() - got, 0);
    if (r < 0 && errno == EINTR)
      continue;
    if (r < 0)
      return llvm::createStringError(llvm::errnoAsErrorCode(),
                                     "getrandom failed");
    got += static_cast<size_t>(r);
  }
  return seed;
}

Prg::Prg(const Seed &seed) : seed(seed) {}

/// The 16 input words of block `counter`: constants, key, 64-bit counter,
/// zero nonce.
static void initialState(const Seed &seed, uint64_t counter, uint32_t *in) {
  static const uint32_t kSigma[4] = {0x61707865, 0x3320646e, 0x79622d32,
                                     0x6b206574};
  std::memcpy(in, kSigma, sizeof(kSigma));
  std::memcpy(in + 4, seed.data(), 32);
  in[12] = static_cast<uint32_t>(counter);
  in[13] = static_cast<uint32_t>(counter >> 32);
  in[14] = in[15] = 0;
}

/// 16 lanes of 32 bits (GCC vector extension: correct on any ISA, one
/// register with AVX-512).
typedef uint32_t Lanes __attribute__((vector_size(64)));

/// The double round for one block (uint32_t) or 16 blocks (Lanes); inlined
/// so that the Lanes version gets the caller's AVX-512 code generation.
template <typename Word>
__attribute__((always_inline)) static inline void rotate(Word &v, int r) {
  v = (v << r) | (v >> (32 - r));
}

template <typename Word>
__attribute__((always_inline)) static inline void
quarterRound(Word &a, Word &b, Word &c, Word &d) {
  a += b, d ^= a, rotate(d, 16);
  c += d, b ^= c, rotate(b, 12);
  a += b, d ^= a, rotate(d, 8);
  c += d, b ^= c, rotate(b, 7);
}

/// The double round for one block (uint32_t) or 16 blocks (Lanes); inlined
/// so that the Lanes version gets the caller's AVX-512 code generation.
/// Values pass by reference: returning Lanes would change the ABI.
template <typename Word>
__attribute__((always_inline)) static inline void doubleRound(Word *x) {
  quarterRound(x[0], x[4], x[8], x[12]), quarterRound(x[1], x[5], x[9], x[13]);
  quarterRound(x[2], x[6], x[10], x[14]),
      quarterRound(x[3], x[7], x[11], x[15]);
  quarterRound(x[0], x[5], x[10], x[15]),
      quarterRound(x[1], x[6], x[11], x[12]);
  quarterRound(x[2], x[7], x[8], x[13]), quarterRound(x[3], x[4], x[9], x[14]);
}

static void scalarBlock(const Seed &seed, uint64_t counter, uint32_t *out) {
  uint32_t in[16], x[16];
  initialState(seed, counter, in);
  std::memcpy(x, in, sizeof(x));
  for (int round = 0; round < 10; ++round)
    doubleRound(x);
  for (int i = 0; i < 16; ++i)
    out[i] = x[i] + in[i];
}

/// 16 consecutive blocks, block b in lane b.
__attribute__((target("avx512f"))) static void
vectorBlocks(const Seed &seed, uint64_t counter, uint32_t *out) {
  uint32_t in[16];
  initialState(seed, counter, in);
  Lanes start[16], x[16];
  for (int i = 0; i < 16; ++i)
    for (int b = 0; b < 16; ++b)
      start[i][b] = in[i];
  for (uint32_t b = 0; b < 16; ++b) {
    start[12][b] = static_cast<uint32_t>(counter + b);
    start[13][b] = static_cast<uint32_t>((counter + b) >> 32);
  }
  std::memcpy(x, start, sizeof(x));
  for (int round = 0; round < 10; ++round)
    doubleRound(x);
  for (int i = 0; i < 16; ++i) {
    Lanes word = x[i] + start[i];
    for (int b = 0; b < 16; ++b)
      out[16 * b + i] = word[b];
  }
}

void chacha20Blocks(const Seed &seed, uint64_t counter, size_t count,
                    uint32_t *out, bool vector) {
  static const bool hasAvx512 = __builtin_cpu_supports("avx512f");
  size_t b = 0;
  if (vector && hasAvx512)
    for (; b + 16 <= count; b += 16)
      vectorBlocks(seed, counter + b, out + 16 * b);
  for (; b < count; ++b)
    scalarBlock(seed, counter + b, out + 16 * b);
}

void Prg::refill() {
  uint32_t words[16 * kBlocks];
  chacha20Blocks(seed, counter, kBlocks, words);
  counter += kBlocks;
  std::memcpy(buffer.data(), words, sizeof(words));
  next = 0;
}

uint64_t Prg::next64() {
  if (next == buffer.size())
    refill();
  return buffer[next++];
}

uint64_t Prg::uniform(const Modulus &q) {
  uint64_t mask = (uint64_t(1) << q.bits()) - 1;
  for (;;) {
    uint64_t r = next64() & mask;
    if (r < q.value())
      return r;
  }
}

int Prg::ternary() {
  for (;;) {
    if (!bytesLeft) {
      byteWord = next64();
      bytesLeft = 8;
    }
    unsigned byte = byteWord & 0xff;
    byteWord >>= 8;
    --bytesLeft;
    if (byte < 255) // 255 = 3 * 85 keeps the three outcomes equally likely
      return static_cast<int>(byte % 3) - 1;
  }
}

/// Bit count without the POPCNT instruction (not in the baseline ISA, and
/// the library call is slow).
static inline int bitCount(uint64_t x) {
  x = x - ((x >> 1) & 0x5555555555555555ULL);
  x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
  x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
  return static_cast<int>((x * 0x0101010101010101ULL) >> 56);
}

int Prg::centeredBinomial() {
  constexpr uint64_t kMask = (uint64_t(1) << kBinomialPairs) - 1;
  uint64_t r = next64();
  return bitCount(r & kMask) - bitCount((r >> kBinomialPairs) & kMask);
}

} // namespace mplang::crypto::bfv

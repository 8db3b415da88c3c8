//===- Prg.cpp - ChaCha20 pseudo-random generator and samplers ------------===//

#include "mplang/Crypto/BFV/Prg.h"

#include <cerrno>
#include <cstring>
#include <sys/random.h>

namespace mplang::bfv {

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

Prg::Prg(const Seed &seed) { std::memcpy(key.data(), seed.data(), 32); }

static inline uint32_t rotl(uint32_t x, int r) {
  return (x << r) | (x >> (32 - r));
}

static inline void quarterRound(uint32_t &a, uint32_t &b, uint32_t &c,
                                uint32_t &d) {
  a += b, d = rotl(d ^ a, 16);
  c += d, b = rotl(b ^ c, 12);
  a += b, d = rotl(d ^ a, 8);
  c += d, b = rotl(b ^ c, 7);
}

void Prg::refill() {
  uint32_t in[16] = {0x61707865, 0x3320646e, 0x79622d32, 0x6b206574};
  std::memcpy(in + 4, key.data(), 32);
  in[12] = static_cast<uint32_t>(counter);
  in[13] = static_cast<uint32_t>(counter >> 32);
  in[14] = in[15] = 0;
  ++counter;
  uint32_t x[16];
  std::memcpy(x, in, sizeof(x));
  for (int round = 0; round < 10; ++round) {
    quarterRound(x[0], x[4], x[8], x[12]);
    quarterRound(x[1], x[5], x[9], x[13]);
    quarterRound(x[2], x[6], x[10], x[14]);
    quarterRound(x[3], x[7], x[11], x[15]);
    quarterRound(x[0], x[5], x[10], x[15]);
    quarterRound(x[1], x[6], x[11], x[12]);
    quarterRound(x[2], x[7], x[8], x[13]);
    quarterRound(x[3], x[4], x[9], x[14]);
  }
  for (int i = 0; i < 8; ++i)
    block[i] =
        (x[2 * i] + in[2 * i]) | (uint64_t(x[2 * i + 1] + in[2 * i + 1]) << 32);
  next = 0;
}

uint64_t Prg::next64() {
  if (next == block.size())
    refill();
  return block[next++];
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

int Prg::centeredBinomial() {
  constexpr uint64_t kMask = (uint64_t(1) << 21) - 1;
  uint64_t r = next64();
  return __builtin_popcountll(r & kMask) -
         __builtin_popcountll((r >> 21) & kMask);
}

} // namespace mplang::bfv

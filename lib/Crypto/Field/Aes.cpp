//===- Aes.cpp - AES-128 key schedule, portable cipher, aes_expand ------===//
//
// The portable cipher uses a byte S-box table, so unlike AES-NI it is not
// constant time; it only runs on CPUs without AES-NI.
//
//===----------------------------------------------------------------------===//

#include "mplang/Crypto/Field/Aes.h"
#include "Kernels.h"

#include <algorithm>
#include <cassert>
#include <cstring>

using namespace mplang::crypto::field;

static constexpr uint8_t xtime(uint8_t x) {
  return static_cast<uint8_t>((x << 1) ^ ((x >> 7) * 0x1b));
}

static constexpr uint8_t gf256Mul(uint8_t a, uint8_t b) {
  uint8_t product = 0;
  for (; b; b >>= 1, a = xtime(a))
    if (b & 1)
      product ^= a;
  return product;
}

namespace {
struct SBox {
  uint8_t bytes[256] = {};
};
} // namespace

/// FIPS-197 S-box: the inverse in GF(2^8) (x^254) followed by the affine map.
static constexpr SBox makeSBox() {
  SBox box;
  for (unsigned x = 0; x < 256; ++x) {
    uint8_t inverse = 1;
    for (unsigned bit = 7; bit >= 1; --bit) {
      inverse = gf256Mul(inverse, inverse);
      inverse = gf256Mul(inverse, static_cast<uint8_t>(x)); // 254 = 0b11111110
    }
    inverse = gf256Mul(inverse, inverse);
    unsigned b = inverse;
    unsigned rotations = b ^ (b << 1) ^ (b << 2) ^ (b << 3) ^ (b << 4);
    box.bytes[x] =
        static_cast<uint8_t>((rotations ^ (rotations >> 8) ^ 0x63) & 0xff);
  }
  return box;
}

static constexpr SBox kSBox = makeSBox();

Aes128::Aes128(Gf128 key) {
  uint8_t bytes[176];
  std::memcpy(bytes, &key, 16);
  uint8_t rcon = 1;
  for (unsigned i = 16; i < 176; i += 4) {
    uint8_t word[4] = {bytes[i - 4], bytes[i - 3], bytes[i - 2], bytes[i - 1]};
    if (i % 16 == 0) {
      uint8_t first = word[0];
      word[0] = kSBox.bytes[word[1]] ^ rcon;
      word[1] = kSBox.bytes[word[2]];
      word[2] = kSBox.bytes[word[3]];
      word[3] = kSBox.bytes[first];
      rcon = xtime(rcon);
    }
    for (unsigned j = 0; j < 4; ++j)
      bytes[i + j] = bytes[i - 16 + j] ^ word[j];
  }
  std::memcpy(roundKeys.data(), bytes, sizeof(bytes));
}

static void encryptBlockPortable(const Gf128 *rk, const Gf128 &in, Gf128 &out) {
  uint8_t state[16], key[16];
  std::memcpy(state, &in, 16);
  for (unsigned round = 0; round <= 10; ++round) {
    if (round > 0) {
      // SubBytes and ShiftRows: row r of column c comes from column c + r.
      uint8_t shifted[16];
      for (unsigned c = 0; c < 4; ++c)
        for (unsigned r = 0; r < 4; ++r)
          shifted[4 * c + r] = kSBox.bytes[state[4 * ((c + r) % 4) + r]];
      std::memcpy(state, shifted, 16);
    }
    if (round > 0 && round < 10) {
      for (unsigned c = 0; c < 4; ++c) {
        uint8_t *col = state + 4 * c;
        uint8_t a0 = col[0], a1 = col[1], a2 = col[2], a3 = col[3];
        uint8_t all = a0 ^ a1 ^ a2 ^ a3;
        col[0] = a0 ^ all ^ xtime(a0 ^ a1);
        col[1] = a1 ^ all ^ xtime(a1 ^ a2);
        col[2] = a2 ^ all ^ xtime(a2 ^ a3);
        col[3] = a3 ^ all ^ xtime(a3 ^ a0);
      }
    }
    std::memcpy(key, &rk[round], 16);
    for (unsigned i = 0; i < 16; ++i)
      state[i] ^= key[i];
  }
  std::memcpy(&out, state, 16);
}

void detail::aesPortable(const Gf128 *rk, const Gf128 *in, Gf128 *out,
                         size_t n) {
  for (size_t i = 0; i < n; ++i)
    encryptBlockPortable(rk, in[i], out[i]);
}

void Aes128::encrypt(llvm::ArrayRef<Gf128> in, llvm::MutableArrayRef<Gf128> out,
                     Isa isa) const {
  assert(in.size() == out.size() && "size mismatch");
  assert(isSupported(isa) && "ISA not supported by this CPU");
  switch (isa) {
  case Isa::Portable:
    return detail::aesPortable(roundKeys.data(), in.data(), out.data(),
                               out.size());
  case Isa::AesClmul:
    return detail::aesNi(roundKeys.data(), in.data(), out.data(), out.size());
  case Isa::Avx512:
    return detail::aesVaes(roundKeys.data(), in.data(), out.data(), out.size());
  }
}

void detail::aesCounterPortable(const Gf128 *rk, Gf128 base, uint64_t first,
                                Gf128 *out, size_t n) {
  for (size_t i = 0; i < n; ++i)
    encryptBlockPortable(rk, base ^ Gf128{first + i, 0}, out[i]);
}

void Aes128::encryptCounter(Gf128 base, uint64_t first,
                            llvm::MutableArrayRef<Gf128> out, Isa isa) const {
  assert(isSupported(isa) && "ISA not supported by this CPU");
  switch (isa) {
  case Isa::Portable:
    return detail::aesCounterPortable(roundKeys.data(), base, first, out.data(),
                                      out.size());
  case Isa::AesClmul:
    return detail::aesCounterNi(roundKeys.data(), base, first, out.data(),
                                out.size());
  case Isa::Avx512:
    return detail::aesCounterVaes(roundKeys.data(), base, first, out.data(),
                                  out.size());
  }
}

Gf128 Aes128::encrypt(Gf128 block) const {
  encrypt(block, block);
  return block;
}

void mplang::crypto::field::aesExpand(llvm::ArrayRef<Gf128> seeds,
                                      size_t length,
                                      llvm::MutableArrayRef<Gf128> out,
                                      bool feedForward, Isa isa) {
  assert(out.size() == seeds.size() * length && "size mismatch");
  static const Aes128 cipher(kAesExpandKey);
  // Short rows (a hash of each seed, a GGM level) would pay the counter
  // path's set-up per seed: their inputs are encrypted in pipelined batches
  // instead, built and fed forward while the batch is in cache.
  if (length < kAesExpandRowMin) {
    constexpr size_t kBatchRows = 256;
    Gf128 inputs[kBatchRows * kAesExpandRowMin];
    for (size_t i0 = 0; i0 < seeds.size(); i0 += kBatchRows) {
      size_t rows = std::min(kBatchRows, seeds.size() - i0);
      for (size_t i = 0, k = 0; i < rows; ++i)
        for (uint64_t j = 0; j < length; ++j, ++k)
          inputs[k] = seeds[i0 + i] ^ Gf128 { j, 0 };
      llvm::ArrayRef<Gf128> in(inputs, rows * length);
      llvm::MutableArrayRef<Gf128> batch = out.slice(i0 * length, in.size());
      cipher.encrypt(in, batch, isa);
      if (feedForward)
        for (size_t k = 0; k < in.size(); ++k)
          batch[k] ^= in[k];
    }
    return;
  }
  for (size_t i = 0; i < seeds.size(); ++i)
    cipher.encryptCounter(seeds[i], 0, out.slice(i * length, length), isa);
  if (feedForward)
    for (size_t i = 0, k = 0; i < seeds.size(); ++i)
      for (uint64_t j = 0; j < length; ++j, ++k)
        out[k] ^= seeds[i] ^ Gf128 { j, 0 };
}

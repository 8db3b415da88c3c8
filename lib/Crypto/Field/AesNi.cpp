//===- AesNi.cpp - AES-128 with AES-NI and VAES -----------------*- C++ -*-===//
//
// One driver per instruction set, parameterised by where the plaintext comes
// from: an input array, or a counter that is generated in registers.
//
//===----------------------------------------------------------------------===//

#include "Kernels.h"

#include <immintrin.h>

using namespace mplang::crypto::field;

#define AESNI_TARGET __attribute__((target("aes,sse4.1")))
#define VAES_TARGET __attribute__((target("avx512f,vaes")))

namespace {

/// Block i of an array.
struct ArrayBlocks {
  const Gf128 *in;
  AESNI_TARGET __m128i operator()(size_t i) const {
    return _mm_loadu_si128(reinterpret_cast<const __m128i *>(in + i));
  }
};

/// base ^ {first + i, 0}.
struct CounterBlocks {
  __m128i base;
  uint64_t first;
  AESNI_TARGET __m128i operator()(size_t i) const {
    return _mm_xor_si128(base,
                         _mm_set_epi64x(0, static_cast<long long>(first + i)));
  }
};

/// Blocks i .. i + 3 of an array; `mask` selects the 64-bit lanes to read.
struct ArrayLanes {
  const Gf128 *in;
  VAES_TARGET __m512i operator()(size_t i, __mmask8 mask) const {
    return _mm512_maskz_loadu_epi64(mask, in + i);
  }
};

/// CounterBlocks i .. i + 3.
struct CounterLanes {
  __m512i base;
  uint64_t first;
  VAES_TARGET __m512i operator()(size_t i, __mmask8) const {
    const __m512i step = _mm512_set_epi64(0, 3, 0, 2, 0, 1, 0, 0);
    __m512i counters = _mm512_add_epi64(
        _mm512_maskz_set1_epi64(0x55, static_cast<long long>(first + i)), step);
    return _mm512_xor_si512(base, counters);
  }
};

} // namespace

/// Encrypts `ways` independent blocks round by round, so the AESENC latency of
/// one block overlaps the others.
template <int ways, typename Source>
AESNI_TARGET static void encryptWays(const __m128i *rk, const Source &source,
                                     size_t i, Gf128 *out) {
  __m128i x[ways];
  for (int j = 0; j < ways; ++j)
    x[j] = _mm_xor_si128(source(i + j), rk[0]);
  for (int round = 1; round < 10; ++round)
    for (int j = 0; j < ways; ++j)
      x[j] = _mm_aesenc_si128(x[j], rk[round]);
  for (int j = 0; j < ways; ++j)
    _mm_storeu_si128(reinterpret_cast<__m128i *>(out + i + j),
                     _mm_aesenclast_si128(x[j], rk[10]));
}

template <typename Source>
AESNI_TARGET static void encryptNi(const Gf128 *roundKeys, const Source &source,
                                   Gf128 *out, size_t n) {
  __m128i rk[11];
  for (int round = 0; round < 11; ++round)
    rk[round] =
        _mm_loadu_si128(reinterpret_cast<const __m128i *>(roundKeys + round));
  size_t i = 0;
  for (; i + 8 <= n; i += 8)
    encryptWays<8>(rk, source, i, out);
  for (; i < n; ++i)
    encryptWays<1>(rk, source, i, out);
}

/// encryptWays on `ways` zmm registers of four blocks each; `mask` selects
/// the 64-bit lanes to read and write.
template <int ways, typename Source>
VAES_TARGET static void encryptLanes(const __m512i *rk, const Source &source,
                                     size_t i, Gf128 *out, __mmask8 mask) {
  __m512i x[ways];
  for (int j = 0; j < ways; ++j)
    x[j] = _mm512_xor_si512(source(i + 4 * j, mask), rk[0]);
  for (int round = 1; round < 10; ++round)
    for (int j = 0; j < ways; ++j)
      x[j] = _mm512_aesenc_epi128(x[j], rk[round]);
  for (int j = 0; j < ways; ++j)
    _mm512_mask_storeu_epi64(out + i + 4 * j, mask,
                             _mm512_aesenclast_epi128(x[j], rk[10]));
}

template <typename Source>
VAES_TARGET static void encryptVaes(const Gf128 *roundKeys,
                                    const Source &source, Gf128 *out,
                                    size_t n) {
  __m512i rk[11];
  for (int round = 0; round < 11; ++round)
    rk[round] = _mm512_maskz_broadcast_i32x4(
        0xffff,
        _mm_loadu_si128(reinterpret_cast<const __m128i *>(roundKeys + round)));
  size_t i = 0;
  for (; i + 32 <= n; i += 32)
    encryptLanes<8>(rk, source, i, out, 0xff);
  for (; i < n; i += 4) {
    size_t blocks = n - i < 4 ? n - i : 4;
    encryptLanes<1>(rk, source, i, out,
                    static_cast<__mmask8>((1u << (2 * blocks)) - 1));
  }
}

AESNI_TARGET void detail::aesNi(const Gf128 *rk, const Gf128 *in, Gf128 *out,
                                size_t n) {
  encryptNi(rk, ArrayBlocks{in}, out, n);
}

AESNI_TARGET void detail::aesCounterNi(const Gf128 *rk, Gf128 base,
                                       uint64_t first, Gf128 *out, size_t n) {
  __m128i baseBlock = _mm_loadu_si128(reinterpret_cast<const __m128i *>(&base));
  encryptNi(rk, CounterBlocks{baseBlock, first}, out, n);
}

VAES_TARGET void detail::aesVaes(const Gf128 *rk, const Gf128 *in, Gf128 *out,
                                 size_t n) {
  encryptVaes(rk, ArrayLanes{in}, out, n);
}

VAES_TARGET void detail::aesCounterVaes(const Gf128 *rk, Gf128 base,
                                        uint64_t first, Gf128 *out, size_t n) {
  __m512i baseLanes = _mm512_maskz_broadcast_i32x4(
      0xffff, _mm_loadu_si128(reinterpret_cast<const __m128i *>(&base)));
  encryptVaes(rk, CounterLanes{baseLanes, first}, out, n);
}

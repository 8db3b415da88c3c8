//===- Gf128Clmul.cpp - GF(2^128) multiply with (V)PCLMULQDQ ----*- C++ -*-===//

#include "Kernels.h"

#include <immintrin.h>

using namespace mplang::crypto::field;

#define CLMUL_TARGET __attribute__((target("pclmul,sse4.1")))
#define AVX512_TARGET                                                          \
  __attribute__((target("avx512f,avx512bw,avx512vl,vpclmulqdq")))

/// Schoolbook product (four carry-less multiplies), then two multiplies by
/// 0x87 fold bits 192..255 and 128..191 back, since x^128 = x^7 + x^2 + x + 1.
CLMUL_TARGET static __m128i mulBlock(__m128i a, __m128i b) {
  const __m128i poly = _mm_set_epi64x(0, 0x87);
  __m128i lo = _mm_clmulepi64_si128(a, b, 0x00);
  __m128i hi = _mm_clmulepi64_si128(a, b, 0x11);
  __m128i mid = _mm_xor_si128(_mm_clmulepi64_si128(a, b, 0x01),
                              _mm_clmulepi64_si128(a, b, 0x10));
  lo = _mm_xor_si128(lo, _mm_slli_si128(mid, 8));
  hi = _mm_xor_si128(hi, _mm_srli_si128(mid, 8));
  __m128i top = _mm_clmulepi64_si128(hi, poly, 0x01);
  lo = _mm_xor_si128(lo, _mm_slli_si128(top, 8));
  hi = _mm_xor_si128(hi, _mm_srli_si128(top, 8));
  return _mm_xor_si128(lo, _mm_clmulepi64_si128(hi, poly, 0x00));
}

CLMUL_TARGET void detail::mulClmul(const Gf128 *a, const Gf128 *b, Gf128 *out,
                                   size_t n) {
  for (size_t i = 0; i < n; ++i) {
    __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i *>(a + i));
    __m128i y = _mm_loadu_si128(reinterpret_cast<const __m128i *>(b + i));
    _mm_storeu_si128(reinterpret_cast<__m128i *>(out + i), mulBlock(x, y));
  }
}

/// mulBlock on four lanes at once.
AVX512_TARGET static __m512i mulLanes(__m512i a, __m512i b) {
  const __m512i poly = _mm512_set_epi64(0, 0x87, 0, 0x87, 0, 0x87, 0, 0x87);
  __m512i lo = _mm512_clmulepi64_epi128(a, b, 0x00);
  __m512i hi = _mm512_clmulepi64_epi128(a, b, 0x11);
  __m512i mid = _mm512_xor_si512(_mm512_clmulepi64_epi128(a, b, 0x01),
                                 _mm512_clmulepi64_epi128(a, b, 0x10));
  lo = _mm512_xor_si512(lo, _mm512_bslli_epi128(mid, 8));
  hi = _mm512_xor_si512(hi, _mm512_bsrli_epi128(mid, 8));
  __m512i top = _mm512_clmulepi64_epi128(hi, poly, 0x01);
  lo = _mm512_xor_si512(lo, _mm512_bslli_epi128(top, 8));
  hi = _mm512_xor_si512(hi, _mm512_bsrli_epi128(top, 8));
  return _mm512_xor_si512(lo, _mm512_clmulepi64_epi128(hi, poly, 0x00));
}

AVX512_TARGET void detail::mulAvx512(const Gf128 *a, const Gf128 *b, Gf128 *out,
                                     size_t n) {
  size_t i = 0;
  // Four independent chains hide the multiply latency.
  for (; i + 16 <= n; i += 16) {
    __m512i r[4];
    for (int j = 0; j < 4; ++j)
      r[j] = mulLanes(_mm512_loadu_si512(a + i + 4 * j),
                      _mm512_loadu_si512(b + i + 4 * j));
    for (int j = 0; j < 4; ++j)
      _mm512_storeu_si512(out + i + 4 * j, r[j]);
  }
  for (; i < n; i += 4) {
    size_t lanes = n - i < 4 ? n - i : 4;
    __mmask8 mask = static_cast<__mmask8>((1u << (2 * lanes)) - 1);
    __m512i r = mulLanes(_mm512_maskz_loadu_epi64(mask, a + i),
                         _mm512_maskz_loadu_epi64(mask, b + i));
    _mm512_mask_storeu_epi64(out + i, mask, r);
  }
}

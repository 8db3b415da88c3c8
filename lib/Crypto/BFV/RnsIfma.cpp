//===- RnsIfma.cpp - AVX-512 IFMA kernels for RNS base conversion ---------===//

#include "RnsIfma.h"
#include "IfmaOps.h"

namespace mplang::bfv::ifma {

MPLANG_IFMA void dotMinusMultiple(const uint64_t *y, size_t n, size_t l,
                                  const uint64_t *hat, const uint8_t *v,
                                  const uint64_t *multiples, uint64_t r,
                                  uint64_t *out) {
  const __m512i vr = _mm512_set1_epi64(r), twoR = _mm512_set1_epi64(2 * r);
  const __m512i mask = _mm512_set1_epi64((int64_t(1) << 52) - 1);
  const uint64_t pow52 =
      static_cast<uint64_t>((static_cast<unsigned __int128>(1) << 52) % r);
  const __m512i one = _mm512_set1_epi64(1),
                oneQuot = _mm512_set1_epi64(shoupQuotient52(1, r));
  const __m512i p52 = _mm512_set1_epi64(pow52),
                p52Quot = _mm512_set1_epi64(shoupQuotient52(pow52, r));
  for (size_t c = 0; c < n; c += 8) {
    // Products are up to 100 bits: accumulate their low and high 52 bits.
    __m512i lo = _mm512_setzero_si512(), hi = _mm512_setzero_si512();
    for (size_t i = 0; i < l; ++i) {
      __m512i x = _mm512_loadu_si512(y + i * n + c);
      __m512i h = _mm512_set1_epi64(hat[i]);
      lo = _mm512_madd52lo_epu64(lo, x, h);
      hi = _mm512_madd52hi_epu64(hi, x, h);
    }
    hi = _mm512_add_epi64(hi, _mm512_maskz_srli_epi64(0xff, lo, 52));
    lo = _mm512_and_si512(lo, mask);
    // hi 2^52 + lo, with both parts reduced by Shoup products.
    __m512i s = _mm512_add_epi64(mulShoupLazy(hi, p52, p52Quot, vr),
                                 mulShoupLazy(lo, one, oneQuot, vr));
    s = reduceOnce(reduceOnce(s, twoR), vr);
    __m512i idx = _mm512_maskz_cvtepu8_epi64(
        0xff, _mm_loadl_epi64(reinterpret_cast<const __m128i *>(v + c)));
    __m512i m = _mm512_mask_i64gather_epi64(_mm512_setzero_si512(), 0xff, idx,
                                            multiples, 8);
    __m512i d = _mm512_sub_epi64(s, m);
    _mm512_storeu_si512(
        out + c, _mm512_maskz_min_epu64(0xff, d, _mm512_add_epi64(d, vr)));
  }
}

} // namespace mplang::bfv::ifma

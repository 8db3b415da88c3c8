//===- RnsIfma.cpp - AVX-512 IFMA kernels for RNS arithmetic --------------===//

#include "RnsIfma.h"
#include "IfmaOps.h"
#include "NttIfma.h"

namespace mplang::crypto::bfv::ifma {

bool usable(const RnsBase &base) {
  if (!cpuSupported() || base.degree() % 8 || base.size() > 16)
    return false;
  for (size_t i = 0; i < base.size(); ++i)
    if (base.modulus(i).value() >= (uint64_t(1) << 50))
      return false;
  return true;
}

MPLANG_IFMA void dotMinusMultiple(const uint64_t *y, size_t n, size_t l,
                                  const uint64_t *hat, const uint8_t *v,
                                  const uint64_t *multiples, uint64_t r,
                                  uint64_t *out) {
  const SplitReducer red(r);
  for (size_t c = 0; c < n; c += 8) {
    __m512i lo = _mm512_setzero_si512(), hi = _mm512_setzero_si512();
    for (size_t i = 0; i < l; ++i) {
      __m512i x = _mm512_loadu_si512(y + i * n + c);
      __m512i h = _mm512_set1_epi64(hat[i]);
      lo = _mm512_madd52lo_epu64(lo, x, h);
      hi = _mm512_madd52hi_epu64(hi, x, h);
    }
    __m512i s = red.split(lo, hi);
    __m512i idx = _mm512_maskz_cvtepu8_epi64(
        0xff, _mm_loadl_epi64(reinterpret_cast<const __m128i *>(v + c)));
    __m512i m = _mm512_mask_i64gather_epi64(_mm512_setzero_si512(), 0xff, idx,
                                            multiples, 8);
    __m512i d = _mm512_sub_epi64(s, m);
    _mm512_storeu_si512(
        out + c, _mm512_maskz_min_epu64(0xff, d, _mm512_add_epi64(d, red.q)));
  }
}

MPLANG_IFMA void mulAccumulate(const uint64_t *x, const uint64_t *y, size_t n,
                               uint64_t *lo, uint64_t *hi) {
  for (size_t c = 0; c < n; c += 8) {
    __m512i a = _mm512_loadu_si512(x + c), b = _mm512_loadu_si512(y + c);
    _mm512_storeu_si512(
        lo + c, _mm512_madd52lo_epu64(_mm512_loadu_si512(lo + c), a, b));
    _mm512_storeu_si512(
        hi + c, _mm512_madd52hi_epu64(_mm512_loadu_si512(hi + c), a, b));
  }
}

MPLANG_IFMA void reduceSplit(const uint64_t *lo, const uint64_t *hi, size_t n,
                             uint64_t q, uint64_t *out) {
  const SplitReducer red(q);
  for (size_t c = 0; c < n; c += 8)
    _mm512_storeu_si512(out + c, red.split(_mm512_loadu_si512(lo + c),
                                           _mm512_loadu_si512(hi + c)));
}

MPLANG_IFMA void mulMod(const uint64_t *x, const uint64_t *y, size_t n,
                        uint64_t q, uint64_t *out) {
  const DoubleMulMod red(q);
  for (size_t c = 0; c < n; c += 8)
    _mm512_storeu_si512(
        out + c, red.mul(_mm512_loadu_si512(x + c), _mm512_loadu_si512(y + c)));
}

MPLANG_IFMA void addMod(const uint64_t *x, const uint64_t *y, size_t n,
                        uint64_t q, bool subtract, uint64_t *out) {
  const __m512i vq = _mm512_set1_epi64(q);
  for (size_t c = 0; c < n; c += 8) {
    __m512i a = _mm512_loadu_si512(x + c), b = _mm512_loadu_si512(y + c);
    // a - b wraps below zero; adding q then taking the unsigned minimum
    // picks the representative in [0, q), as reduceOnce does for a + b.
    __m512i r = subtract ? _mm512_sub_epi64(a, b) : _mm512_add_epi64(a, b);
    r = subtract ? _mm512_maskz_min_epu64(0xff, r, _mm512_add_epi64(r, vq))
                 : reduceOnce(r, vq);
    _mm512_storeu_si512(out + c, r);
  }
}

MPLANG_IFMA void divideByLast(const uint64_t *x, const uint64_t *last, size_t n,
                              uint64_t q, uint64_t halfP, uint64_t pModQ,
                              uint64_t pInv, bool accumulate, uint64_t *out) {
  const SplitReducer red(q);
  const __m512i vHalfP = _mm512_set1_epi64(halfP),
                vPModQ = _mm512_set1_epi64(pModQ),
                vPInv = _mm512_set1_epi64(pInv),
                vPInvQuot = _mm512_set1_epi64(shoupQuotient52(pInv, q));
  // a - b mod q for a, b in [0, q): the wrapped difference plus q is the
  // smaller one exactly when a >= b.
  auto subMod = [&](__m512i a, __m512i b) MPLANG_IFMA {
    __m512i d = _mm512_sub_epi64(a, b);
    return _mm512_maskz_min_epu64(0xff, d, _mm512_add_epi64(d, red.q));
  };
  for (size_t c = 0; c < n; c += 8) {
    __m512i p = _mm512_loadu_si512(last + c);
    __m512i lifted = red.small(p);
    __mmask8 negative = _mm512_cmpgt_epu64_mask(p, vHalfP);
    lifted = _mm512_mask_blend_epi64(negative, lifted, subMod(lifted, vPModQ));
    __m512i d = subMod(_mm512_loadu_si512(x + c), lifted);
    __m512i r = reduceOnce(mulShoupLazy(d, vPInv, vPInvQuot, red.q), red.q);
    if (accumulate)
      r = reduceOnce(_mm512_add_epi64(r, _mm512_loadu_si512(out + c)), red.q);
    _mm512_storeu_si512(out + c, r);
  }
}

MPLANG_IFMA void addScaled(uint64_t *x, const uint64_t *m, const uint64_t *fix,
                           size_t n, uint64_t q, uint64_t delta,
                           bool subtract) {
  const __m512i vq = _mm512_set1_epi64(q), vDelta = _mm512_set1_epi64(delta),
                vDeltaQuot = _mm512_set1_epi64(shoupQuotient52(delta, q));
  for (size_t c = 0; c < n; c += 8) {
    __m512i v = reduceOnce(
        mulShoupLazy(_mm512_loadu_si512(m + c), vDelta, vDeltaQuot, vq), vq);
    v = reduceOnce(_mm512_add_epi64(v, _mm512_loadu_si512(fix + c)), vq);
    __m512i a = _mm512_loadu_si512(x + c);
    // As addMod: the wrapped difference plus q is the smaller when a < v.
    __m512i r = subtract ? _mm512_sub_epi64(a, v) : _mm512_add_epi64(a, v);
    r = subtract ? _mm512_maskz_min_epu64(0xff, r, _mm512_add_epi64(r, vq))
                 : reduceOnce(r, vq);
    _mm512_storeu_si512(x + c, r);
  }
}

MPLANG_IFMA void addSmall(uint64_t *x, const int8_t *e, size_t n, uint64_t q) {
  const __m512i vq = _mm512_set1_epi64(q), negQ = _mm512_set1_epi64(-q);
  const __m512i zero = _mm512_setzero_si512();
  for (size_t c = 0; c < n; c += 8) {
    __m512i v = _mm512_maskz_cvtepi8_epi64(
        0xff, _mm_loadl_epi64(reinterpret_cast<const __m128i *>(e + c)));
    __mmask8 negative = _mm512_cmplt_epi64_mask(v, zero);
    __m512i s = _mm512_add_epi64(_mm512_loadu_si512(x + c), v);
    // In range, s is below both s + q (no wrap) and s - q (wrapped);
    // otherwise the other one is the representative.
    __m512i other =
        _mm512_add_epi64(s, _mm512_mask_blend_epi64(negative, negQ, vq));
    _mm512_storeu_si512(x + c, _mm512_maskz_min_epu64(0xff, s, other));
  }
}

MPLANG_IFMA void liftCentred(const uint64_t *x, size_t n, uint64_t t,
                             uint64_t q, uint64_t *out) {
  const __m512i half = _mm512_set1_epi64(t / 2),
                shift = _mm512_set1_epi64(q - t);
  for (size_t c = 0; c < n; c += 8) {
    __m512i v = _mm512_loadu_si512(x + c);
    __mmask8 negative = _mm512_cmpgt_epu64_mask(v, half);
    _mm512_storeu_si512(out + c, _mm512_mask_add_epi64(v, negative, v, shift));
  }
}

MPLANG_IFMA bool allBelow(const uint64_t *x, size_t n, uint64_t bound) {
  const __m512i b = _mm512_set1_epi64(bound);
  __mmask8 above = 0;
  for (size_t c = 0; c < n; c += 8)
    above |= _mm512_cmpge_epu64_mask(_mm512_loadu_si512(x + c), b);
  return !above;
}

MPLANG_IFMA void gatherCentred(const uint64_t *x, const uint32_t *index,
                               size_t n, uint64_t t, int64_t *out) {
  const __m512i vt = _mm512_set1_epi64(t), half = _mm512_set1_epi64(t / 2);
  for (size_t c = 0; c < n; c += 8) {
    __m512i v = _mm512_mask_i32gather_epi64(
        _mm512_setzero_si512(), 0xff,
        _mm256_loadu_si256(reinterpret_cast<const __m256i *>(index + c)), x, 8);
    v = _mm512_mask_sub_epi64(v, _mm512_cmpgt_epu64_mask(v, half), v, vt);
    _mm512_storeu_si512(out + c, v);
  }
}

MPLANG_IFMA void reduceSmall(const uint64_t *x, size_t n, uint64_t q,
                             uint64_t *out) {
  const SplitReducer red(q);
  for (size_t c = 0; c < n; c += 8)
    _mm512_storeu_si512(out + c, red.small(_mm512_loadu_si512(x + c)));
}

} // namespace mplang::crypto::bfv::ifma

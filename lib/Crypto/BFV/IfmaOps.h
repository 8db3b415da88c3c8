//===- IfmaOps.h - AVX-512 IFMA modular arithmetic helpers ------*- C++ -*-===//
//
// Include only from files whose AVX-512 functions are reached after
// ifma::cpuSupported(); the helpers are static so that no AVX-512 copy of
// them can be picked for baseline code.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_LIB_CRYPTO_BFV_IFMAOPS_H
#define MPLANG_LIB_CRYPTO_BFV_IFMAOPS_H

#include <immintrin.h>

#include <cstdint>

#define MPLANG_IFMA __attribute__((target("avx512f,avx512dq,avx512ifma")))

namespace mplang::crypto::bfv::ifma {

/// x w mod q in [0, 2q) for x < 2^52 and wq = floor(w 2^52 / q): the
/// quotient estimate from the high half of x * wq is exact or one too small.
/// x w - quot q is formed mod 2^52 as x w + quot (2^52 - q), one
/// multiply-add. Loop-invariant q lets the compiler hoist 2^52 - q.
MPLANG_IFMA static inline __m512i mulShoupLazy(__m512i x, __m512i w, __m512i wq,
                                               __m512i q) {
  const __m512i zero = _mm512_setzero_si512();
  const __m512i pow52 = _mm512_set1_epi64(int64_t(1) << 52);
  __m512i quot = _mm512_madd52hi_epu64(zero, x, wq);
  __m512i r = _mm512_madd52lo_epu64(_mm512_madd52lo_epu64(zero, x, w), quot,
                                    _mm512_sub_epi64(pow52, q));
  return _mm512_and_si512(r, _mm512_sub_epi64(pow52, _mm512_set1_epi64(1)));
}

/// Maps [0, 2b) to [0, b) (the subtraction wraps for values below b). The
/// zero-masked intrinsics here and in users avoid a GCC 12 false
/// -Wmaybe-uninitialized in the unmasked ones.
MPLANG_IFMA static inline __m512i reduceOnce(__m512i x, __m512i b) {
  return _mm512_maskz_min_epu64(0xff, x, _mm512_sub_epi64(x, b));
}

/// floor(w 2^52 / q), the companion of w for mulShoupLazy.
inline uint64_t shoupQuotient52(uint64_t w, uint64_t q) {
  return static_cast<uint64_t>((static_cast<unsigned __int128>(w) << 52) / q);
}

/// Constants for reducing hi 2^52 + lo and values below 2^52 modulo q.
struct SplitReducer {
  MPLANG_IFMA explicit SplitReducer(uint64_t q)
      : q(_mm512_set1_epi64(q)), twoQ(_mm512_set1_epi64(2 * q)),
        one(_mm512_set1_epi64(1)),
        oneQuot(_mm512_set1_epi64(shoupQuotient52(1, q))) {
    uint64_t pow52 = (uint64_t(1) << 52) % q;
    p52 = _mm512_set1_epi64(pow52);
    p52Quot = _mm512_set1_epi64(shoupQuotient52(pow52, q));
  }

  MPLANG_IFMA __m512i small(__m512i x) const {
    return reduceOnce(mulShoupLazy(x, one, oneQuot, q), q);
  }

  /// (hi 2^52 + lo) mod q.
  MPLANG_IFMA __m512i split(__m512i lo, __m512i hi) const {
    const __m512i mask = _mm512_set1_epi64((int64_t(1) << 52) - 1);
    hi = _mm512_add_epi64(hi, _mm512_maskz_srli_epi64(0xff, lo, 52));
    lo = _mm512_and_si512(lo, mask);
    __m512i s = _mm512_add_epi64(mulShoupLazy(hi, p52, p52Quot, q),
                                 mulShoupLazy(lo, one, oneQuot, q));
    return reduceOnce(reduceOnce(s, twoQ), q);
  }

  __m512i q, twoQ, one, oneQuot, p52, p52Quot;
};

/// x y mod q for x, y below q < 2^50, in double precision: h + l = x y
/// exactly (h rounded, l from a fused multiply-subtract), c = floor(h / q)
/// (with a rounded 1/q) is within one of floor(x y / q) because x y / q <
/// 2^50, and x y - c q = (h - c q) + l in [-q, 2q) is exact: both terms are
/// integers below 2^53. A third faster than reducing the IFMA halves of the
/// product.
struct DoubleMulMod {
  MPLANG_IFMA explicit DoubleMulMod(uint64_t q)
      : q(_mm512_set1_pd(static_cast<double>(q))),
        qInv(_mm512_set1_pd(1.0 / static_cast<double>(q))) {}

  MPLANG_IFMA __m512i mul(__m512i x, __m512i y) const {
    const __m512d xd = _mm512_cvtepu64_pd(x), yd = _mm512_cvtepu64_pd(y);
    const __m512d h = _mm512_mul_pd(xd, yd);
    const __m512d l = _mm512_fmsub_pd(xd, yd, h);
    const __m512d c =
        _mm512_maskz_roundscale_pd(0xff, _mm512_mul_pd(h, qInv),
                                   _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
    __m512d r = _mm512_add_pd(_mm512_fnmadd_pd(c, q, h), l);
    r = _mm512_mask_add_pd(
        r, _mm512_cmp_pd_mask(r, _mm512_setzero_pd(), _CMP_LT_OQ), r, q);
    r = _mm512_mask_sub_pd(r, _mm512_cmp_pd_mask(r, q, _CMP_GE_OQ), r, q);
    return _mm512_cvtpd_epu64(r);
  }

  __m512d q, qInv;
};

} // namespace mplang::crypto::bfv::ifma

#endif // MPLANG_LIB_CRYPTO_BFV_IFMAOPS_H

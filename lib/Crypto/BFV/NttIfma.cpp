//===- NttIfma.cpp - AVX-512 IFMA butterfly stages ------------------------===//
//
// Compiled for the baseline ISA; only these functions carry the AVX-512
// target attribute, and they are reached only after the run-time CPU check.
// Stages with distance t >= 8 load x and y halves directly; stages with
// t in {1, 2, 4} permute 16 values (two vectors) into x and y lanes first.
//
//===----------------------------------------------------------------------===//

#include "NttIfma.h"
#include "IfmaOps.h"

#include <utility>

namespace mplang::crypto::bfv::ifma {

bool cpuSupported() {
  static const bool supported = __builtin_cpu_supports("avx512f") &&
                                __builtin_cpu_supports("avx512dq") &&
                                __builtin_cpu_supports("avx512ifma");
  return supported;
}

namespace {

/// Lane layouts for three stages of distance t_s < 8 on 16 values A|B
/// (elements 0-7 and 8-15). At stage s, x lane l holds element X_s(l) =
/// 2 t_s g + l % t_s of group g = l / t_s and y lane l element X_s(l) + t_s.
/// `x[s]`, `y[s]` gather them from the previous stage's x|y (A|B for the
/// first), `a`, `b` restore A|B after the last; `w[s]` spreads each group's
/// root over its lanes.
struct SmallStages {
  __m512i x[3], y[3], w[3], a, b;
  __mmask8 rootMask[3];
};

MPLANG_IFMA SmallStages smallStages(const size_t ts[3]) {
  SmallStages p;
  int64_t where[16]; // register lane (0-15 over the pair) of each element
  for (int e = 0; e < 16; ++e)
    where[e] = e;
  for (int s = 0; s < 3; ++s) {
    const size_t t = ts[s];
    alignas(64) int64_t x[8], y[8], w[8];
    for (size_t l = 0; l < 8; ++l) {
      size_t g = l / t, e = g * 2 * t + l % t;
      x[l] = where[e];
      y[l] = where[e + t];
      w[l] = static_cast<int64_t>(g);
    }
    for (size_t l = 0; l < 8; ++l) {
      size_t e = l / t * 2 * t + l % t;
      where[e] = static_cast<int64_t>(l);
      where[e + t] = static_cast<int64_t>(8 + l);
    }
    p.x[s] = _mm512_load_si512(x);
    p.y[s] = _mm512_load_si512(y);
    p.w[s] = _mm512_load_si512(w);
    p.rootMask[s] = static_cast<__mmask8>((1u << (8 / t)) - 1);
  }
  p.a = _mm512_loadu_si512(where);
  p.b = _mm512_loadu_si512(where + 8);
  return p;
}

/// Calls `butterfly(x, y, w, wq)` (returning the new x, y through
/// references) for all groups of a stage with distance t >= 8.
template <typename Butterfly>
MPLANG_IFMA inline void forEachButterfly(uint64_t *a, size_t groups, size_t t,
                                         Roots roots, Butterfly butterfly) {
  for (size_t i = 0; i < groups; ++i) {
    const __m512i w = _mm512_set1_epi64(roots.values[groups + i]);
    const __m512i wq = _mm512_set1_epi64(roots.quot52[groups + i]);
    uint64_t *x = a + 2 * i * t, *y = x + t;
    for (size_t j = 0; j < t; j += 8) {
      __m512i vx = _mm512_loadu_si512(x + j), vy = _mm512_loadu_si512(y + j);
      butterfly(vx, vy, w, wq);
      _mm512_storeu_si512(x + j, vx);
      _mm512_storeu_si512(y + j, vy);
    }
  }
}

/// The three stages of distance 4, 2, 1 (`forward`) or 1, 2, 4 in one pass:
/// each 16 values stay in two registers, permuted from one stage's x and y
/// lanes into the next one's. Calls `butterfly(x, y, w, wq, t)`.
template <typename Butterfly>
MPLANG_IFMA inline void smallStagesInOnePass(uint64_t *a, size_t n,
                                             bool forward, Roots roots,
                                             Butterfly butterfly) {
  const size_t ts[3] = {forward ? size_t(4) : 1, 2, forward ? size_t(1) : 4};
  const SmallStages p = smallStages(ts);
  for (size_t k = 0; k < n; k += 16) {
    __m512i lo = _mm512_loadu_si512(a + k), hi = _mm512_loadu_si512(a + k + 8);
    for (int s = 0; s < 3; ++s) {
      const size_t t = ts[s], root = n / (2 * t) + k / (2 * t);
      __m512i vx = _mm512_permutex2var_epi64(lo, p.x[s], hi);
      __m512i vy = _mm512_permutex2var_epi64(lo, p.y[s], hi);
      __m512i w = _mm512_maskz_permutexvar_epi64(
          0xff, p.w[s],
          _mm512_maskz_loadu_epi64(p.rootMask[s], roots.values + root));
      __m512i wq = _mm512_maskz_permutexvar_epi64(
          0xff, p.w[s],
          _mm512_maskz_loadu_epi64(p.rootMask[s], roots.quot52 + root));
      butterfly(vx, vy, w, wq, t);
      lo = vx;
      hi = vy;
    }
    _mm512_storeu_si512(a + k, _mm512_permutex2var_epi64(lo, p.a, hi));
    _mm512_storeu_si512(a + k + 8, _mm512_permutex2var_epi64(lo, p.b, hi));
  }
}

/// Harvey's lazy Cooley-Tukey butterfly on values in [0, 4q).
MPLANG_IFMA inline void ctButterfly(__m512i &x, __m512i &y, __m512i w,
                                    __m512i wq, __m512i q, __m512i twoQ) {
  __m512i u = reduceOnce(x, twoQ);
  __m512i v = mulShoupLazy(y, w, wq, q);
  x = _mm512_add_epi64(u, v);
  y = _mm512_add_epi64(_mm512_sub_epi64(u, v), twoQ);
}

/// The lazy Gentleman-Sande butterfly on values in [0, 2q).
MPLANG_IFMA inline void gsButterfly(__m512i &x, __m512i &y, __m512i w,
                                    __m512i wq, __m512i q, __m512i twoQ) {
  __m512i d = _mm512_add_epi64(_mm512_sub_epi64(x, y), twoQ);
  x = reduceOnce(_mm512_add_epi64(x, y), twoQ);
  y = mulShoupLazy(d, w, wq, q);
}

/// Calls `step(r0, r1, r2, r3, i)` on the four rows of distance d of each
/// of the `blocks` blocks of 4 d values, 8 lanes at a time, reading `in`
/// and writing `out` (which may be `in`).
template <typename Step>
MPLANG_IFMA inline void forEachRadix4(const uint64_t *in, uint64_t *out,
                                      size_t blocks, size_t d, Step step) {
  for (size_t i = 0; i < blocks; ++i) {
    const uint64_t *p = in + 4 * i * d;
    uint64_t *o = out + 4 * i * d;
    for (size_t j = 0; j < d; j += 8) {
      __m512i r0 = _mm512_loadu_si512(p + j),
              r1 = _mm512_loadu_si512(p + d + j),
              r2 = _mm512_loadu_si512(p + 2 * d + j),
              r3 = _mm512_loadu_si512(p + 3 * d + j);
      step(r0, r1, r2, r3, i);
      _mm512_storeu_si512(o + j, r0);
      _mm512_storeu_si512(o + d + j, r1);
      _mm512_storeu_si512(o + 2 * d + j, r2);
      _mm512_storeu_si512(o + 3 * d + j, r3);
    }
  }
}

} // namespace

MPLANG_IFMA void forwardStage(uint64_t *a, size_t m, size_t t, uint64_t q,
                              Roots roots) {
  const __m512i vq = _mm512_set1_epi64(q), twoQ = _mm512_set1_epi64(2 * q);
  forEachButterfly(a, m, t, roots,
                   [&](__m512i &x, __m512i &y, __m512i w, __m512i wq)
                       MPLANG_IFMA { ctButterfly(x, y, w, wq, vq, twoQ); });
}

MPLANG_IFMA void forwardLastStages(uint64_t *a, size_t n, uint64_t q,
                                   Roots roots) {
  const __m512i vq = _mm512_set1_epi64(q), twoQ = _mm512_set1_epi64(2 * q);
  smallStagesInOnePass(
      a, n, /*forward=*/true, roots,
      [&](__m512i &x, __m512i &y, __m512i w, __m512i wq, size_t t) MPLANG_IFMA {
        ctButterfly(x, y, w, wq, vq, twoQ);
        if (t == 1) {
          x = reduceOnce(reduceOnce(x, twoQ), vq);
          y = reduceOnce(reduceOnce(y, twoQ), vq);
        }
      });
}

MPLANG_IFMA void forwardTwoStages(const uint64_t *in, uint64_t *out, size_t m,
                                  size_t t, uint64_t q, Roots roots) {
  const __m512i vq = _mm512_set1_epi64(q), twoQ = _mm512_set1_epi64(2 * q);
  auto root = [&](size_t k) MPLANG_IFMA {
    return std::make_pair(_mm512_set1_epi64(roots.values[k]),
                          _mm512_set1_epi64(roots.quot52[k]));
  };
  // Group i of stage (m, t) splits into groups 2i, 2i + 1 of (2m, t/2).
  forEachRadix4(in, out, m, t / 2,
                [&](__m512i &r0, __m512i &r1, __m512i &r2, __m512i &r3,
                    size_t i) MPLANG_IFMA {
                  auto [w, wq] = root(m + i);
                  ctButterfly(r0, r2, w, wq, vq, twoQ);
                  ctButterfly(r1, r3, w, wq, vq, twoQ);
                  auto [wa, waq] = root(2 * m + 2 * i);
                  ctButterfly(r0, r1, wa, waq, vq, twoQ);
                  auto [wb, wbq] = root(2 * m + 2 * i + 1);
                  ctButterfly(r2, r3, wb, wbq, vq, twoQ);
                });
}

MPLANG_IFMA void inverseStage(uint64_t *a, size_t h, size_t t, uint64_t q,
                              Roots roots) {
  const __m512i vq = _mm512_set1_epi64(q), twoQ = _mm512_set1_epi64(2 * q);
  forEachButterfly(a, h, t, roots,
                   [&](__m512i &x, __m512i &y, __m512i w, __m512i wq)
                       MPLANG_IFMA { gsButterfly(x, y, w, wq, vq, twoQ); });
}

MPLANG_IFMA void inverseFirstStages(uint64_t *a, size_t n, uint64_t q,
                                    Roots roots) {
  const __m512i vq = _mm512_set1_epi64(q), twoQ = _mm512_set1_epi64(2 * q);
  smallStagesInOnePass(
      a, n, /*forward=*/false, roots,
      [&](__m512i &x, __m512i &y, __m512i w, __m512i wq, size_t)
          MPLANG_IFMA { gsButterfly(x, y, w, wq, vq, twoQ); });
}

MPLANG_IFMA void inverseTwoStages(uint64_t *a, size_t h, size_t t, uint64_t q,
                                  Roots roots) {
  const __m512i vq = _mm512_set1_epi64(q), twoQ = _mm512_set1_epi64(2 * q);
  auto root = [&](size_t k) MPLANG_IFMA {
    return std::make_pair(_mm512_set1_epi64(roots.values[k]),
                          _mm512_set1_epi64(roots.quot52[k]));
  };
  // Groups 2i, 2i + 1 of stage (h, t) merge into group i of (h/2, 2t).
  forEachRadix4(a, a, h / 2, t,
                [&](__m512i &r0, __m512i &r1, __m512i &r2, __m512i &r3,
                    size_t i) MPLANG_IFMA {
                  auto [wa, waq] = root(h + 2 * i);
                  gsButterfly(r0, r1, wa, waq, vq, twoQ);
                  auto [wb, wbq] = root(h + 2 * i + 1);
                  gsButterfly(r2, r3, wb, wbq, vq, twoQ);
                  auto [w, wq] = root(h / 2 + i);
                  gsButterfly(r0, r2, w, wq, vq, twoQ);
                  gsButterfly(r1, r3, w, wq, vq, twoQ);
                });
}

MPLANG_IFMA void inverseLastStage(uint64_t *a, size_t t, uint64_t q,
                                  uint64_t w0, uint64_t w0Quot52, uint64_t w1,
                                  uint64_t w1Quot52) {
  const __m512i vq = _mm512_set1_epi64(q), twoQ = _mm512_set1_epi64(2 * q);
  const __m512i vw0 = _mm512_set1_epi64(w0), vw0q = _mm512_set1_epi64(w0Quot52);
  const __m512i vw1 = _mm512_set1_epi64(w1), vw1q = _mm512_set1_epi64(w1Quot52);
  uint64_t *x = a, *y = a + t;
  for (size_t j = 0; j < t; j += 8) {
    __m512i u = _mm512_loadu_si512(x + j), v = _mm512_loadu_si512(y + j);
    __m512i s = mulShoupLazy(_mm512_add_epi64(u, v), vw0, vw0q, vq);
    __m512i d = _mm512_add_epi64(_mm512_sub_epi64(u, v), twoQ);
    _mm512_storeu_si512(x + j, reduceOnce(s, vq));
    _mm512_storeu_si512(y + j, reduceOnce(mulShoupLazy(d, vw1, vw1q, vq), vq));
  }
}

} // namespace mplang::crypto::bfv::ifma

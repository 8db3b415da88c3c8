//===- ExpandConvoluteAvx512.cpp - the convolution with AVX-512 -*- C++ -*-===//
//
// One pass of the expand-convolute code's convolution with band 24, four
// elements (a register) at a time. Each new element is its input plus 24
// masked earlier elements and the one 25 back. The terms from earlier
// groups are window registers shifted by whole elements (valignd), masked by
// the element's coefficient bits (vptestmd); the terms from elements of the
// same group are added last, one element at a time.
//
//===----------------------------------------------------------------------===//

#include "Kernels.h"
#include "mplang/Crypto/Field/ExpandConvolute.h"

#include <immintrin.h>
#include <utility>

using namespace mplang::crypto::field;

#define AVX512_TARGET __attribute__((target("avx512f,avx512bw,avx512vl")))

namespace {

constexpr int kBand = kExConvFastBand;
/// Registers holding the kBand + 1 elements before a group of four.
constexpr int kRegs = (kBand + 1 + 3) / 4;

/// The register of elements j - Back .. j - Back + 3 for the group at j;
/// w[kRegs] is zero, standing for the group's own elements. The zero-masked
/// forms here and below: GCC 12 warns that the plain ones read an undefined
/// register.
template <int Back>
AVX512_TARGET inline __m512i elementsBack(const __m512i *w) {
  constexpr int whole = Back / 4, part = Back % 4;
  if constexpr (part == 0)
    return w[kRegs - whole];
  else
    return _mm512_maskz_alignr_epi32(0xFFFF, w[kRegs - whole],
                                     w[kRegs - whole - 1], (4 - part) * 4);
}

/// acc += the band's masked terms, spread over four chains.
template <int... Bits>
AVX512_TARGET inline void addBand(std::integer_sequence<int, Bits...>,
                                  const __m512i *w, __m512i coeff,
                                  __m512i (&acc)[4]) {
  ((acc[Bits % 4] = _mm512_mask_xor_epi32(
        acc[Bits % 4],
        _mm512_test_epi32_mask(coeff, _mm512_set1_epi32(1 << Bits)),
        acc[Bits % 4], elementsBack<Bits + 1>(w))),
   ...);
}

/// acc + source in the dwords whose bit of `later` is set in `coeff`.
AVX512_TARGET inline __m512i addMasked(__m512i acc, __m512i coeff,
                                       __m512i later, __m512i source) {
  return _mm512_mask_xor_epi32(acc, _mm512_test_epi32_mask(coeff, later), acc,
                               source);
}

/// Adds the terms whose sources are in the group itself, in order: element
/// s, broadcast, goes to the later elements whose coefficient asks for it
/// (bit r - s - 1 of element r's word, `later[s]`).
AVX512_TARGET inline __m512i addWithinGroup(__m512i acc, __m512i coeff,
                                            const __m512i *later) {
  acc = addMasked(acc, coeff, later[0],
                  _mm512_maskz_shuffle_i32x4(0xFFFF, acc, acc, 0x00));
  acc = addMasked(acc, coeff, later[1],
                  _mm512_maskz_shuffle_i32x4(0xFFFF, acc, acc, 0x55));
  return addMasked(acc, coeff, later[2],
                   _mm512_maskz_shuffle_i32x4(0xFFFF, acc, acc, 0xAA));
}

} // namespace

AVX512_TARGET void detail::exConvAvx512(const Gf128 *in, Gf128 *x,
                                        const uint32_t *coeff, uint64_t from,
                                        uint64_t to) {
  // Element r's coefficient word in each of its four dwords.
  const __m512i spread =
      _mm512_set_epi32(3, 3, 3, 3, 2, 2, 2, 2, 1, 1, 1, 1, 0, 0, 0, 0);
  const __m512i later[3] = {
      _mm512_set_epi32(4, 4, 4, 4, 2, 2, 2, 2, 1, 1, 1, 1, 0, 0, 0, 0),
      _mm512_set_epi32(2, 2, 2, 2, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0),
      _mm512_set_epi32(1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)};
  for (uint64_t j = from; j < to; j += 4, coeff += 4) {
    // Whole registers as the previous groups stored them, so that the
    // loads are forwarded from the stores.
    __m512i w[kRegs + 1];
    for (int g = 0; g < kRegs; ++g)
      w[g] = _mm512_loadu_si512(x + j - 4 * uint64_t(kRegs - g));
    w[kRegs] = _mm512_setzero_si512();
    __m512i c = _mm512_maskz_permutexvar_epi32(
        0xFFFF, spread,
        _mm512_zextsi128_si512(
            _mm_loadu_si128(reinterpret_cast<const __m128i *>(coeff))));
    __m512i acc[4] = {_mm512_loadu_si512(in + j), elementsBack<kBand + 1>(w),
                      _mm512_setzero_si512(), _mm512_setzero_si512()};
    addBand(std::make_integer_sequence<int, kBand>(), w, c, acc);
    __m512i sum = _mm512_xor_si512(_mm512_xor_si512(acc[0], acc[1]),
                                   _mm512_xor_si512(acc[2], acc[3]));
    _mm512_storeu_si512(x + j, addWithinGroup(sum, c, later));
  }
}

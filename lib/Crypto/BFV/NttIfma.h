//===- NttIfma.h - AVX-512 IFMA butterfly stages ----------------*- C++ -*-===//
//
// Vector versions of one NTT stage over n >= 16 values. q < 2^50; root
// tables in NttTables order (values and floor(w 2^52 / q) companions). Only
// call these when nttBackendSupported(NttBackend::Avx512Ifma).
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_LIB_CRYPTO_BFV_NTTIFMA_H
#define MPLANG_LIB_CRYPTO_BFV_NTTIFMA_H

#include <cstddef>
#include <cstdint>

namespace mplang::crypto::bfv::ifma {

bool cpuSupported();

struct Roots {
  const uint64_t *values;
  const uint64_t *quot52;
};

/// Cooley-Tukey stage: m groups of butterfly distance t >= 8 (2 m t = n),
/// values in [0, 4q).
void forwardStage(uint64_t *a, size_t m, size_t t, uint64_t q, Roots roots);
/// The stages of distance 4, 2 and 1 in one pass; outputs in [0, q).
void forwardLastStages(uint64_t *a, size_t n, uint64_t q, Roots roots);
/// Stages (m, t) and (2m, t/2) in one pass over memory, for t >= 16, from
/// `in` to `out` (which may be `in`).
void forwardTwoStages(const uint64_t *in, uint64_t *out, size_t m, size_t t,
                      uint64_t q, Roots roots);
/// Gentleman-Sande stage: h groups of distance t >= 8, values in [0, 2q).
void inverseStage(uint64_t *a, size_t h, size_t t, uint64_t q, Roots roots);
/// The stages of distance 1, 2 and 4 in one pass.
void inverseFirstStages(uint64_t *a, size_t n, uint64_t q, Roots roots);
/// Stages (h, t) and (h/2, 2t) in one pass over memory, for t >= 8 and
/// h >= 4.
void inverseTwoStages(uint64_t *a, size_t h, size_t t, uint64_t q, Roots roots);
/// Last Gentleman-Sande stage (one group of distance t), scaled by 1/n:
/// x' = (x + y) w0, y' = (x - y) w1, fully reduced.
void inverseLastStage(uint64_t *a, size_t t, uint64_t q, uint64_t w0,
                      uint64_t w0Quot52, uint64_t w1, uint64_t w1Quot52);

} // namespace mplang::crypto::bfv::ifma

#endif // MPLANG_LIB_CRYPTO_BFV_NTTIFMA_H

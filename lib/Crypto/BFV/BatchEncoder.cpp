//===- BatchEncoder.cpp - SIMD slot encoding ------------------------------===//

#include "mplang/Crypto/BFV/BatchEncoder.h"
#include "NttIfma.h"
#include "RnsIfma.h"
#include "ScaledPlain.h"

namespace mplang::crypto::bfv {

llvm::Expected<Plaintext>
BatchEncoder::encode(llvm::ArrayRef<int64_t> values) const {
  const size_t n = ctx->degree();
  if (values.size() > n)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "bfv encode: %zu values exceed %zu slots",
                                   values.size(), n);
  const Modulus t = ctx->plainModulus();
  Plaintext pt;
  pt.coeffs.assign(n, 0);
  const std::vector<uint32_t> &index = ctx->slotToNttIndex();
  const uint64_t tv = t.value();
  for (size_t i = 0; i < values.size(); ++i) {
    // Values within (-t, t), the common case, need no division.
    int64_t v = values[i];
    uint64_t r = static_cast<uint64_t>(v) + (v < 0 ? tv : 0);
    pt.coeffs[index[i]] = r < tv ? r : t.fromSigned(v);
  }
  ctx->plainNtt().inverse(pt.coeffs.data());
  return pt;
}

llvm::Expected<std::vector<int64_t>>
BatchEncoder::decode(const Plaintext &pt) const {
  if (llvm::Error err = checkPlaintext(*ctx, pt))
    return std::move(err);
  const size_t n = ctx->degree();
  const uint64_t t = ctx->plainModulus().value();
  // Out of place into a reused buffer: no copy of the plaintext first.
  thread_local std::vector<uint64_t> evals;
  evals.resize(n);
  ctx->plainNtt().forward(pt.coeffs.data(), evals.data());
  std::vector<int64_t> slots(n);
  const std::vector<uint32_t> &index = ctx->slotToNttIndex();
  if (ifma::cpuSupported() && n % 8 == 0) {
    ifma::gatherCentred(evals.data(), index.data(), n, t, slots.data());
    return slots;
  }
  for (size_t i = 0; i < n; ++i) {
    // A mask, not a branch: the comparison is a coin flip for random data.
    uint64_t v = evals[index[i]];
    slots[i] = static_cast<int64_t>(v - (t & (0 - uint64_t(v > t / 2))));
  }
  return slots;
}

} // namespace mplang::crypto::bfv

//===- BatchEncoder.cpp - SIMD slot encoding ------------------------------===//

#include "mplang/Crypto/BFV/BatchEncoder.h"
#include "ScaledPlain.h"

namespace mplang::bfv {

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
  for (size_t i = 0; i < values.size(); ++i)
    pt.coeffs[index[i]] = t.fromSigned(values[i]);
  ctx->plainNtt().inverse(pt.coeffs.data());
  return pt;
}

llvm::Expected<std::vector<int64_t>>
BatchEncoder::decode(const Plaintext &pt) const {
  if (llvm::Error err = checkPlaintext(*ctx, pt))
    return std::move(err);
  const size_t n = ctx->degree();
  const uint64_t t = ctx->plainModulus().value();
  std::vector<uint64_t> evals = pt.coeffs;
  ctx->plainNtt().forward(evals.data());
  std::vector<int64_t> slots(n);
  const std::vector<uint32_t> &index = ctx->slotToNttIndex();
  for (size_t i = 0; i < n; ++i) {
    uint64_t v = evals[index[i]];
    slots[i] = v > t / 2 ? static_cast<int64_t>(v) - static_cast<int64_t>(t)
                         : static_cast<int64_t>(v);
  }
  return slots;
}

} // namespace mplang::bfv

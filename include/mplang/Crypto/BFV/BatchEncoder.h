//===- BatchEncoder.h - SIMD slot encoding ----------------------*- C++ -*-===//
//
// The n slots form a 2 x (n/2) matrix: slot i of row 0 is the plaintext
// evaluated at psi^(3^i), slot i of row 1 at psi^(-3^i), so the automorphism
// X -> X^3 rotates both rows left by one and X -> X^(2n-1) swaps the rows.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_CRYPTO_BFV_BATCHENCODER_H
#define MPLANG_CRYPTO_BFV_BATCHENCODER_H

#include "mplang/Crypto/BFV/Ciphertext.h"
#include "mplang/Crypto/BFV/Context.h"

namespace mplang::crypto::bfv {

class BatchEncoder {
public:
  explicit BatchEncoder(ContextPtr ctx) : ctx(std::move(ctx)) {}

  size_t slotCount() const { return ctx->degree(); }
  /// At most n values, reduced mod t (v < 0 maps to t + v); missing slots
  /// are zero.
  llvm::Expected<Plaintext> encode(llvm::ArrayRef<int64_t> values) const;
  /// All n slots as centred representatives in [-(t-1)/2, (t-1)/2].
  llvm::Expected<std::vector<int64_t>> decode(const Plaintext &pt) const;

private:
  ContextPtr ctx;
};

} // namespace mplang::crypto::bfv

#endif // MPLANG_CRYPTO_BFV_BATCHENCODER_H

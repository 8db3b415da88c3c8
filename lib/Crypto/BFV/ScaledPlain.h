//===- ScaledPlain.h - Adding Delta m to a ciphertext -----------*- C++ -*-===//

#ifndef MPLANG_LIB_CRYPTO_BFV_SCALEDPLAIN_H
#define MPLANG_LIB_CRYPTO_BFV_SCALEDPLAIN_H

#include "mplang/Crypto/BFV/Ciphertext.h"
#include "mplang/Crypto/BFV/Context.h"

namespace mplang::crypto::bfv {

/// c += sign * round(Q m / t) over the data primes (coefficient form),
/// computed as floor(Q/t) m + round((Q mod t) m / t) so that no precision is
/// lost for large t.
void addScaledPlain(const Context &ctx, const Plaintext &pt, RnsPoly &c,
                    bool subtract);

/// The centred lift of `pt` (which keeps the noise growth of a product at
/// most t/2 n) to the data primes, in NTT form.
void liftPlainToNtt(const Context &ctx, const Plaintext &pt, RnsPoly &out);

/// Checks that `ct` is a well-formed ciphertext of `ctx` over all data
/// primes, as the homomorphic operations need.
llvm::Error checkCiphertext(const Context &ctx, const Ciphertext &ct);
/// The same for a ciphertext over the first k >= 1 data primes (modulus
/// switched, or not).
llvm::Error checkCiphertextAtAnyLevel(const Context &ctx, const Ciphertext &ct);
llvm::Error checkPlaintext(const Context &ctx, const Plaintext &pt);

} // namespace mplang::crypto::bfv

#endif // MPLANG_LIB_CRYPTO_BFV_SCALEDPLAIN_H

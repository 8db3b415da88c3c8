//===- Serialization.h - Compact versioned BFV object encoding --*- C++ -*-===//
//
// Layout (little endian): "MPBF", version, kind, log2 n, 0, t (8 bytes),
// parameter fingerprint (8 bytes), then the body. Residues mod q_i are
// bit-packed with bitlength(q_i) bits each; uniform key parts are replaced
// by their 32-byte seed; the secret key uses 2 bits per coefficient. A fresh
// secret-key ciphertext stores c_0 and the seed of c_1 (about half the
// size); a modulus-switched one only its remaining primes. Loading checks
// the header against the context, every residue range and the exact length,
// and the length before allocating.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_CRYPTO_BFV_SERIALIZATION_H
#define MPLANG_CRYPTO_BFV_SERIALIZATION_H

#include "mplang/Crypto/BFV/Ciphertext.h"
#include "mplang/Crypto/BFV/Keys.h"

namespace mplang::crypto::bfv {

constexpr uint8_t kSerializationVersion = 1;

std::vector<uint8_t> serialize(const Context &ctx, const Ciphertext &ct);
std::vector<uint8_t> serialize(const Context &ctx, const SecretKey &sk);
std::vector<uint8_t> serialize(const Context &ctx, const PublicKey &pk);
std::vector<uint8_t> serialize(const Context &ctx, const RelinKeys &rk);
std::vector<uint8_t> serialize(const Context &ctx, const GaloisKeys &gk);

llvm::Expected<Ciphertext> deserializeCiphertext(const Context &ctx,
                                                 llvm::ArrayRef<uint8_t> data);
llvm::Expected<SecretKey> deserializeSecretKey(const Context &ctx,
                                               llvm::ArrayRef<uint8_t> data);
llvm::Expected<PublicKey> deserializePublicKey(const Context &ctx,
                                               llvm::ArrayRef<uint8_t> data);
llvm::Expected<RelinKeys> deserializeRelinKeys(const Context &ctx,
                                               llvm::ArrayRef<uint8_t> data);
llvm::Expected<GaloisKeys> deserializeGaloisKeys(const Context &ctx,
                                                 llvm::ArrayRef<uint8_t> data);

} // namespace mplang::crypto::bfv

#endif // MPLANG_CRYPTO_BFV_SERIALIZATION_H

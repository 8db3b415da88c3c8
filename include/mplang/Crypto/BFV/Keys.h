//===- Keys.h - BFV secret, public and key-switching keys -------*- C++ -*-===//
//
// Public material (public, relinearization and Galois keys) holds only RLWE
// samples (b = -a s + e + ..., a); it never contains the secret key. The
// uniform `a` parts are expanded from a stored seed so that serialization
// only needs the seed.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_CRYPTO_BFV_KEYS_H
#define MPLANG_CRYPTO_BFV_KEYS_H

#include "mplang/Crypto/BFV/Context.h"
#include "mplang/Crypto/BFV/Prg.h"

#include <map>

namespace mplang::crypto::bfv {

struct SecretKey {
  std::vector<int8_t> coeffs; // ternary
  RnsPoly ntt;                // over Q P, NTT form
};

struct PublicKey {
  Seed seed;    // expands to a
  RnsPoly b, a; // over Q P, NTT form
};

/// Switches from a key s' to s: for every data prime q_j,
///   b_j = -a_j s + e_j + P s' [j-th RNS component only],
/// all over Q P in NTT form.
struct KeySwitchKey {
  Seed seed;
  std::vector<RnsPoly> b, a;
};

struct RelinKeys {
  KeySwitchKey key; // s' = s^2
};

struct GaloisKeys {
  /// Keyed by Galois element g (s' = s(X^g)).
  std::map<uint32_t, KeySwitchKey> keys;
};

/// Galois element of a left row rotation by `step` (negative: right).
uint32_t galoisElementForRowRotation(size_t n, int64_t step);
/// The rotations by +-2^i whose composition rotates the rows left by
/// `step`: the non-adjacent form of the step taken in (-n/4, n/4], at most
/// log2(n)/2 + 1 of them. Evaluator::rotateRows applies them when the keys
/// lack the step itself; the default key set holds every +-2^i. Empty for
/// a multiple of n/2.
std::vector<int64_t> powerOfTwoRotations(size_t n, int64_t step);
/// Galois element that swaps the two rows.
inline uint32_t galoisElementForColumnRotation(size_t n) {
  return static_cast<uint32_t>(2 * n - 1);
}

/// Expands the uniform `a` polynomials from a seed (also used on load).
RnsPoly expandUniform(Prg &prg, const RnsBase &base);

class KeyGenerator {
public:
  /// Samples a fresh secret key from the OS CSPRNG.
  static llvm::Expected<KeyGenerator> create(ContextPtr ctx);
  /// Uses an existing secret key.
  KeyGenerator(ContextPtr ctx, SecretKey sk);

  const SecretKey &secretKey() const { return sk; }
  llvm::Expected<PublicKey> createPublicKey() const;
  llvm::Expected<RelinKeys> createRelinKeys() const;
  /// Keys for left row rotations by each of `steps` and, if `columns`, for
  /// the row swap.
  llvm::Expected<GaloisKeys> createGaloisKeys(llvm::ArrayRef<int64_t> steps,
                                              bool columns = true) const;
  /// Keys for rotations by +-2^i (2^i < n/2) and the row swap, as SEAL's
  /// default set; any rotation is a composition of these.
  llvm::Expected<GaloisKeys> createGaloisKeys() const;

private:
  llvm::Expected<KeySwitchKey> createKeySwitchKey(const RnsPoly &target) const;

  ContextPtr ctx;
  SecretKey sk;
};

} // namespace mplang::crypto::bfv

#endif // MPLANG_CRYPTO_BFV_KEYS_H

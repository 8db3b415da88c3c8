//===- Context.h - BFV parameters and precomputation ------------*- C++ -*-===//
//
// A context fixes the ring degree n, the plain modulus t and the coefficient
// modulus: data primes Q = q_0 ... q_{L-1} (ciphertexts) plus one special
// prime P (key switching). Everything derived from them is computed once.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_CRYPTO_BFV_CONTEXT_H
#define MPLANG_CRYPTO_BFV_CONTEXT_H

#include "mplang/Crypto/BFV/RnsPoly.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <memory>

namespace mplang::crypto::bfv {

class BaseConverter;
class RnsScaler;

/// Upstream mplang's default plain modulus (a 20-bit batching prime for
/// n <= 8192).
constexpr uint64_t kDefaultPlainModulus = 1032193;

/// Largest total coefficient-modulus size (bits, including P) for 128-bit
/// classical security with ternary secrets (HomomorphicEncryption.org
/// standard); 0 for unsupported degrees.
int maxCoeffModulusBits(size_t n);

/// Bit sizes of the default primes for n (the last one is P).
std::vector<int> defaultCoeffModulusBits(size_t n);

/// The primes of Context::create(n, t, coeffBits), data primes then P: for
/// each size b, the largest prime below 2^b that is 1 mod 2n, not t and not
/// already chosen. Fails on the parameters create rejects.
llvm::Expected<std::vector<uint64_t>>
coeffModulusPrimes(size_t n, uint64_t t, llvm::ArrayRef<int> coeffBits = {});

class Context {
public:
  /// n in {4096, 8192, 16384}; t prime with t = 1 mod 2n (batching);
  /// `coeffBits` (default: defaultCoeffModulusBits(n)) lists prime sizes of
  /// at most 60 bits, at least two, summing to at most maxCoeffModulusBits(n).
  static llvm::Expected<std::shared_ptr<const Context>>
  create(size_t n, uint64_t t = kDefaultPlainModulus,
         llvm::ArrayRef<int> coeffBits = {});
  ~Context();

  size_t degree() const { return n; }
  const Modulus &plainModulus() const { return t; }
  /// Data primes Q.
  const RnsBase &dataBase() const { return q; }
  /// Data primes followed by the special prime: Q P.
  const RnsBase &keyBase() const { return qp; }
  const Modulus &specialPrime() const { return qp.modulus(q.size()); }
  /// Identifies the parameters in serialized data.
  uint64_t fingerprint() const { return paramHash; }
  int dataModulusBits() const { return qBits; }

  // Precomputation used by the operations.
  const RnsBase &auxBase() const { return r; }
  const RnsBase &dataAuxBase() const { return qr; }
  const BaseConverter &dataToAux() const { return *qToR; }
  const BaseConverter &auxToData() const { return *rToQ; }
  const RnsScaler &mulScaler() const { return *tensorScaler; }
  /// round(t x / Q_k) mod t for x over the first k data primes (product
  /// Q_k), 1 <= k <= L.
  const RnsScaler &decryptScaler(size_t k) const {
    return *plainScalers[k - 1];
  }
  const NttTables &plainNtt() const { return *tNtt; }
  /// floor(Q/t) mod q_i, for encoding m as floor(Q/t) m + round((Q mod t) m/t).
  const std::vector<ShoupConst> &deltaModQ() const { return delta; }
  uint64_t qModT() const { return qModPlain; }
  /// P mod q_i.
  const std::vector<uint64_t> &specialModQ() const { return pModQ; }
  /// For slot s (0 <= s < n), the index of its NTT evaluation mod t.
  const std::vector<uint32_t> &slotToNttIndex() const { return slotIndex; }

private:
  Context() = default;

  size_t n = 0;
  Modulus t;
  RnsBase q, qp, r, qr;
  int qBits = 0;
  uint64_t paramHash = 0;
  std::unique_ptr<BaseConverter> qToR, rToQ;
  std::unique_ptr<RnsScaler> tensorScaler;
  std::vector<std::unique_ptr<RnsScaler>> plainScalers;
  std::unique_ptr<NttTables> tNtt;
  std::vector<ShoupConst> delta;
  uint64_t qModPlain = 0;
  std::vector<uint64_t> pModQ;
  std::vector<uint32_t> slotIndex;
};

using ContextPtr = std::shared_ptr<const Context>;

} // namespace mplang::crypto::bfv

#endif // MPLANG_CRYPTO_BFV_CONTEXT_H

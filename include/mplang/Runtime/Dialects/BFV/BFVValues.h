//===- BFVValues.h - BFV library objects as run-time values -----*- C++ -*-===//
//
// Keys, encoders, plaintexts and ciphertexts of the BFV library travel
// through the runtime as opaque values that remember their context, so that
// kernels can check parameters and messages can name them.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_RUNTIME_DIALECTS_BFV_BFVVALUES_H
#define MPLANG_RUNTIME_DIALECTS_BFV_BFVVALUES_H

#include "mplang/Crypto/BFV/BatchEncoder.h"
#include "mplang/Crypto/BFV/Encryptor.h"
#include "mplang/Crypto/BFV/Evaluator.h"
#include "mplang/Runtime/Status.h"
#include "mplang/Runtime/Value.h"

#include "mlir/IR/Types.h"

#include <mutex>
#include <optional>

namespace mplang::rt {

/// Parameter sets whose contexts are kept after their last user is gone.
constexpr size_t kMaxCachedBFVContexts = 8;

/// The context of one parameter set, created on first use and then shared
/// while it is among the kMaxCachedBFVContexts used last (creating one
/// generates primes and NTT tables).
Status getBFVContext(uint64_t n, uint64_t t, llvm::ArrayRef<int> coeffBits,
                     crypto::bfv::ContextPtr &out);
/// How many contexts the cache holds now.
size_t cachedBFVContexts();

/// State derived from a value on first use and kept with it. A public key
/// keeps its encryptor: building one copies the key (about 45 us at
/// n = 4096, a tenth of an encryption).
template <typename T> struct BFVDerived {};
template <> struct BFVDerived<crypto::bfv::PublicKey> {
  std::once_flag once;
  std::optional<crypto::bfv::Encryptor> encryptor;
};

/// A secret key keeps its decryptor and symmetric encryptor (each copies
/// the key).
template <> struct BFVDerived<crypto::bfv::SecretKey> {
  std::once_flag once;
  std::optional<crypto::bfv::Decryptor> decryptor;
  std::optional<crypto::bfv::SymmetricEncryptor> encryptor;
};
/// A plaintext keeps its prepared (NTT) form once it multiplies a
/// ciphertext: masks multiply many ciphertexts.
template <> struct BFVDerived<crypto::bfv::Plaintext> {
  std::once_flag once;
  std::optional<crypto::bfv::PreparedPlaintext> prepared;
};

template <typename T> class BFVValue;
/// The encryptor of a public-key value, built once.
const crypto::bfv::Encryptor &
encryptorOf(const BFVValue<crypto::bfv::PublicKey> &pk);
/// The decryptor and symmetric encryptor of a secret-key value, built once.
const crypto::bfv::Decryptor &
decryptorOf(const BFVValue<crypto::bfv::SecretKey> &sk);
const crypto::bfv::SymmetricEncryptor &
symmetricEncryptorOf(const BFVValue<crypto::bfv::SecretKey> &sk);
/// The prepared form of a plaintext value, built once; null if the
/// plaintext does not fit its context (mulPlain then reports why).
const crypto::bfv::PreparedPlaintext *
preparedOf(const BFVValue<crypto::bfv::Plaintext> &pt);

/// Any BFV library object: every opaque kind named "bfv.*".
class BFVObject : public Opaque {
public:
  explicit BFVObject(crypto::bfv::ContextPtr ctx) : ctx(std::move(ctx)) {}
  const crypto::bfv::ContextPtr &context() const { return ctx; }

private:
  crypto::bfv::ContextPtr ctx;
};

/// One library object (crypto::bfv::PublicKey, crypto::bfv::Ciphertext, ...)
/// and its context. Serialized as the parameters (n, t, prime sizes) followed
/// by the object's encoding, so that the receiver can rebuild the context.
template <typename T> class BFVValue : public BFVObject {
public:
  BFVValue(crypto::bfv::ContextPtr ctx, T object)
      : BFVObject(std::move(ctx)), object(std::move(object)) {}

  /// "bfv.ciphertext", "bfv.public_key", ...
  static llvm::StringRef kindName();
  llvm::StringRef kind() const override { return kindName(); }
  std::string serialize() const override;

  const T &get() const { return object; }

private:
  friend const crypto::bfv::Encryptor &
  encryptorOf(const BFVValue<crypto::bfv::PublicKey> &);
  friend const crypto::bfv::Decryptor &
  decryptorOf(const BFVValue<crypto::bfv::SecretKey> &);
  friend const crypto::bfv::SymmetricEncryptor &
  symmetricEncryptorOf(const BFVValue<crypto::bfv::SecretKey> &);
  friend const crypto::bfv::PreparedPlaintext *
  preparedOf(const BFVValue<crypto::bfv::Plaintext> &);

  T object;
  mutable BFVDerived<T> derived;
};

/// Whether `object` is of the kind and parameters of the bfv type `type`.
Status checkBFVValue(const Opaque &object, mlir::Type type);

using BFVPublicKey = BFVValue<crypto::bfv::PublicKey>;
using BFVSecretKey = BFVValue<crypto::bfv::SecretKey>;
using BFVRelinKeys = BFVValue<crypto::bfv::RelinKeys>;
using BFVGaloisKeys = BFVValue<crypto::bfv::GaloisKeys>;
using BFVEncoder = BFVValue<crypto::bfv::BatchEncoder>;
using BFVPlaintext = BFVValue<crypto::bfv::Plaintext>;
using BFVCiphertext = BFVValue<crypto::bfv::Ciphertext>;

// Defined for exactly these kinds, in BFVValues.cpp.
extern template class BFVValue<crypto::bfv::PublicKey>;
extern template class BFVValue<crypto::bfv::SecretKey>;
extern template class BFVValue<crypto::bfv::RelinKeys>;
extern template class BFVValue<crypto::bfv::GaloisKeys>;
extern template class BFVValue<crypto::bfv::BatchEncoder>;
extern template class BFVValue<crypto::bfv::Plaintext>;
extern template class BFVValue<crypto::bfv::Ciphertext>;

} // namespace mplang::rt

#endif // MPLANG_RUNTIME_DIALECTS_BFV_BFVVALUES_H

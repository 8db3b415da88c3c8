//===- BFVValues.cpp - BFV library objects as run-time values -------------===//

#include "mplang/Runtime/Dialects/BFV/BFVValues.h"
#include "mplang/Crypto/BFV/Serialization.h"
#include "mplang/Dialect/BFV/IR/BFVDialect.h"
#include "mplang/Dialect/BFV/IR/BFVTypes.h"
#include "mplang/Runtime/Dialects/BFV/BFVRuntime.h"
#include "mplang/Runtime/Serialize.h"
#include "mplang/Runtime/TypeConversion.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"
#include <cstring>
#include <list>
#include <mutex>

using namespace mplang::rt;
using mplang::crypto::bfv::ContextPtr;

namespace {
/// Contexts of the parameter sets used last, most recent first. Bounded:
/// parameters come from programs and peers, and a context costs up to about
/// 18 MB (n = 16384); values and plans keep evicted contexts alive.
struct ContextCache {
  std::mutex mutex;
  std::list<std::pair<std::vector<uint64_t>, ContextPtr>> entries;
};

ContextCache &contextCache() {
  static ContextCache cache;
  return cache;
}
} // namespace

Status mplang::rt::getBFVContext(uint64_t n, uint64_t t,
                                 llvm::ArrayRef<int> coeffBits,
                                 ContextPtr &out) {
  std::vector<uint64_t> key{n, t};
  key.insert(key.end(), coeffBits.begin(), coeffBits.end());
  ContextCache &cache = contextCache();
  std::lock_guard<std::mutex> lock(cache.mutex);
  auto it = llvm::find_if(cache.entries,
                          [&](const auto &entry) { return entry.first == key; });
  if (it != cache.entries.end()) {
    cache.entries.splice(cache.entries.begin(), cache.entries, it);
    out = it->second;
    return Status::ok();
  }
  // Context::create checks the parameters before it allocates anything.
  llvm::Expected<ContextPtr> created =
      mplang::crypto::bfv::Context::create(n, t, coeffBits);
  if (!created)
    return Status::error("invalid BFV parameters: " +
                         llvm::toString(created.takeError()));
  cache.entries.emplace_front(std::move(key), *created);
  if (cache.entries.size() > kMaxCachedBFVContexts)
    cache.entries.pop_back();
  out = std::move(*created);
  return Status::ok();
}

size_t mplang::rt::cachedBFVContexts() {
  ContextCache &cache = contextCache();
  std::lock_guard<std::mutex> lock(cache.mutex);
  return cache.entries.size();
}

namespace {

// The parameter header: n (4 bytes), t (8 bytes), the number of primes (one
// byte) and the bit size of each (one byte each). The library's own
// encodings carry only a fingerprint, which cannot rebuild a context.
constexpr size_t kMaxPrimes = 32;

template <typename T> void appendRaw(std::string &out, T v) {
  out.append(reinterpret_cast<const char *>(&v), sizeof v);
}

template <typename T> bool readRaw(llvm::StringRef &bytes, T &v) {
  if (bytes.size() < sizeof v)
    return false;
  std::memcpy(&v, bytes.data(), sizeof v);
  bytes = bytes.drop_front(sizeof v);
  return true;
}

std::string paramsHeader(const mplang::crypto::bfv::Context &ctx) {
  std::string out;
  appendRaw(out, uint32_t(ctx.degree()));
  appendRaw(out, ctx.plainModulus().value());
  const mplang::crypto::bfv::RnsBase &primes = ctx.keyBase();
  appendRaw(out, uint8_t(primes.size()));
  for (size_t i = 0; i < primes.size(); ++i)
    appendRaw(out, uint8_t(primes.modulus(i).bits()));
  return out;
}

/// Reads the parameter header off the front of `bytes`.
Status readParams(llvm::StringRef &bytes, ContextPtr &ctx) {
  uint32_t n;
  uint64_t t;
  uint8_t count;
  if (!readRaw(bytes, n) || !readRaw(bytes, t) || !readRaw(bytes, count) ||
      count > kMaxPrimes || bytes.size() < count)
    return Status::error("truncated BFV parameter header");
  std::vector<int> bits(bytes.bytes_begin(), bytes.bytes_begin() + count);
  bytes = bytes.drop_front(count);
  return getBFVContext(n, t, bits, ctx);
}

/// Kinds the library serializes itself.
template <typename T,
          llvm::Expected<T> (*Load)(const mplang::crypto::bfv::Context &,
                                    llvm::ArrayRef<uint8_t>)>
struct LibraryCodec {
  static std::vector<uint8_t> save(const mplang::crypto::bfv::Context &ctx,
                                   const T &object) {
    return mplang::crypto::bfv::serialize(ctx, object);
  }
  static llvm::Expected<T> load(const ContextPtr &ctx,
                                llvm::ArrayRef<uint8_t> data) {
    return Load(*ctx, data);
  }
};

template <typename T> struct Codec;
template <>
struct Codec<mplang::crypto::bfv::PublicKey>
    : LibraryCodec<mplang::crypto::bfv::PublicKey,
                   mplang::crypto::bfv::deserializePublicKey> {
  static constexpr const char *kind = "bfv.public_key";
};
template <>
struct Codec<mplang::crypto::bfv::SecretKey>
    : LibraryCodec<mplang::crypto::bfv::SecretKey,
                   mplang::crypto::bfv::deserializeSecretKey> {
  static constexpr const char *kind = "bfv.secret_key";
};
template <>
struct Codec<mplang::crypto::bfv::RelinKeys>
    : LibraryCodec<mplang::crypto::bfv::RelinKeys,
                   mplang::crypto::bfv::deserializeRelinKeys> {
  static constexpr const char *kind = "bfv.relin_key";
};
template <>
struct Codec<mplang::crypto::bfv::GaloisKeys>
    : LibraryCodec<mplang::crypto::bfv::GaloisKeys,
                   mplang::crypto::bfv::deserializeGaloisKeys> {
  static constexpr const char *kind = "bfv.galois_key";
};
template <>
struct Codec<mplang::crypto::bfv::Ciphertext>
    : LibraryCodec<mplang::crypto::bfv::Ciphertext,
                   mplang::crypto::bfv::deserializeCiphertext> {
  static constexpr const char *kind = "bfv.ciphertext";
};

/// An encoder is its parameters alone.
template <> struct Codec<mplang::crypto::bfv::BatchEncoder> {
  static constexpr const char *kind = "bfv.encoder";
  static std::vector<uint8_t> save(const mplang::crypto::bfv::Context &,
                                   const mplang::crypto::bfv::BatchEncoder &) {
    return {};
  }
  static llvm::Expected<mplang::crypto::bfv::BatchEncoder>
  load(const ContextPtr &ctx, llvm::ArrayRef<uint8_t> data) {
    if (!data.empty())
      return llvm::createStringError("trailing bytes after an encoder");
    return mplang::crypto::bfv::BatchEncoder(ctx);
  }
};

/// The library has no plaintext encoding: n coefficients of 8 bytes.
template <> struct Codec<mplang::crypto::bfv::Plaintext> {
  static constexpr const char *kind = "bfv.plaintext";
  static std::vector<uint8_t> save(const mplang::crypto::bfv::Context &,
                                   const mplang::crypto::bfv::Plaintext &pt) {
    std::vector<uint8_t> out(pt.coeffs.size() * sizeof(uint64_t));
    std::memcpy(out.data(), pt.coeffs.data(), out.size());
    return out;
  }
  static llvm::Expected<mplang::crypto::bfv::Plaintext>
  load(const ContextPtr &ctx, llvm::ArrayRef<uint8_t> data) {
    if (data.size() != ctx->degree() * sizeof(uint64_t))
      return llvm::createStringError("a plaintext needs " +
                                     llvm::Twine(ctx->degree() * 8) +
                                     " bytes, got " + llvm::Twine(data.size()));
    mplang::crypto::bfv::Plaintext pt;
    pt.coeffs.resize(ctx->degree());
    std::memcpy(pt.coeffs.data(), data.data(), data.size());
    for (uint64_t c : pt.coeffs)
      if (c >= ctx->plainModulus().value())
        return llvm::createStringError("plaintext coefficient out of range");
    return pt;
  }
};

template <typename T>
Status load(llvm::StringRef bytes, std::shared_ptr<const Opaque> &out) {
  ContextPtr ctx;
  if (Status s = readParams(bytes, ctx); !s.isOk())
    return s;
  llvm::Expected<T> object =
      Codec<T>::load(ctx, llvm::arrayRefFromStringRef(bytes));
  if (!object)
    return Status::error(llvm::toString(object.takeError()));
  out = std::make_shared<const BFVValue<T>>(ctx, std::move(*object));
  return Status::ok();
}

template <typename... T> void registerLoaders() {
  (registerOpaqueLoader(Codec<T>::kind, load<T>), ...);
}

} // namespace

template <typename T> llvm::StringRef BFVValue<T>::kindName() {
  return Codec<T>::kind;
}

template <typename T> std::string BFVValue<T>::serialize() const {
  std::string out = paramsHeader(*context());
  std::vector<uint8_t> body = Codec<T>::save(*context(), object);
  out.append(body.begin(), body.end());
  return out;
}

const mplang::crypto::bfv::Encryptor &
mplang::rt::encryptorOf(const BFVPublicKey &pk) {
  std::call_once(pk.derived.once, [&pk] {
    pk.derived.encryptor.emplace(pk.context(), pk.get());
  });
  return *pk.derived.encryptor;
}

const mplang::crypto::bfv::Decryptor &
mplang::rt::decryptorOf(const BFVSecretKey &sk) {
  std::call_once(sk.derived.once, [&sk] {
    sk.derived.decryptor.emplace(sk.context(), sk.get());
    sk.derived.encryptor.emplace(sk.context(), sk.get());
  });
  return *sk.derived.decryptor;
}

const mplang::crypto::bfv::SymmetricEncryptor &
mplang::rt::symmetricEncryptorOf(const BFVSecretKey &sk) {
  decryptorOf(sk);
  return *sk.derived.encryptor;
}

const mplang::crypto::bfv::PreparedPlaintext *
mplang::rt::preparedOf(const BFVPlaintext &pt) {
  std::call_once(pt.derived.once, [&pt] {
    llvm::Expected<mplang::crypto::bfv::PreparedPlaintext> prepared =
        mplang::crypto::bfv::Evaluator(pt.context()).preparePlain(pt.get());
    if (prepared)
      pt.derived.prepared = std::move(*prepared);
    else
      llvm::consumeError(prepared.takeError());
  });
  return pt.derived.prepared ? &*pt.derived.prepared : nullptr;
}

Status mplang::rt::checkBFVValue(const Opaque &object, mlir::Type type) {
  llvm::StringRef kind =
      llvm::TypeSwitch<mlir::Type, llvm::StringRef>(type)
          .Case(
              [](mlir::bfv::PublicKeyType) { return BFVPublicKey::kindName(); })
          .Case(
              [](mlir::bfv::SecretKeyType) { return BFVSecretKey::kindName(); })
          .Case(
              [](mlir::bfv::RelinKeyType) { return BFVRelinKeys::kindName(); })
          .Case([](mlir::bfv::GaloisKeyType) {
            return BFVGaloisKeys::kindName();
          })
          .Case([](mlir::bfv::EncoderType) { return BFVEncoder::kindName(); })
          .Case(
              [](mlir::bfv::PlaintextType) { return BFVPlaintext::kindName(); })
          .Case([](mlir::bfv::CiphertextType) {
            return BFVCiphertext::kindName();
          })
          .Default([](mlir::Type) { return llvm::StringRef(); });
  std::string declared;
  llvm::raw_string_ostream os(declared);
  os << type;
  if (kind.empty() || object.kind() != kind)
    return Status::error("a " + object.kind() + " where " + declared +
                         " is declared");
  mlir::bfv::ParamsAttr params = mlir::bfv::getParams(type);
  llvm::SmallVector<int> bits(params.getCoeffModulusBits());
  ContextPtr ctx;
  if (Status s = getBFVContext(params.getPolyModulusDegree(),
                               params.getPlainModulus(), bits, ctx);
      !s.isOk())
    return s;
  if (static_cast<const BFVObject &>(object).context()->fingerprint() !=
      ctx->fingerprint())
    return Status::error("a " + kind + " of other parameters than " +
                         declared);
  return Status::ok();
}

/// The type hook: bfv types hold BFV objects.
static std::optional<Status> checkBFVType(const Value &value, mlir::Type type) {
  if (!mlir::bfv::getParams(type))
    return std::nullopt;
  if (!value.isOpaque())
    return typeMismatch(value, type);
  return checkBFVValue(*value.getOpaque(), type);
}

void mplang::rt::registerBFVValueTypes() {
  registerLoaders<
      mplang::crypto::bfv::PublicKey, mplang::crypto::bfv::SecretKey,
      mplang::crypto::bfv::RelinKeys, mplang::crypto::bfv::GaloisKeys,
      mplang::crypto::bfv::BatchEncoder, mplang::crypto::bfv::Plaintext,
      mplang::crypto::bfv::Ciphertext>();
  registerTypeHook(mlir::bfv::BFVDialect::getDialectNamespace(),
                   {nullptr, checkBFVType});
}

template class mplang::rt::BFVValue<mplang::crypto::bfv::PublicKey>;
template class mplang::rt::BFVValue<mplang::crypto::bfv::SecretKey>;
template class mplang::rt::BFVValue<mplang::crypto::bfv::RelinKeys>;
template class mplang::rt::BFVValue<mplang::crypto::bfv::GaloisKeys>;
template class mplang::rt::BFVValue<mplang::crypto::bfv::BatchEncoder>;
template class mplang::rt::BFVValue<mplang::crypto::bfv::Plaintext>;
template class mplang::rt::BFVValue<mplang::crypto::bfv::Ciphertext>;

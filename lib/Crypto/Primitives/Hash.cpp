//===- Hash.cpp - SHA-256, HMAC-SHA256 and HKDF-SHA256 over OpenSSL ------===//

#include "mplang/Crypto/Primitives/Hash.h"
#include "OpenSSLError.h"

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>

using namespace mplang::crypto;

namespace {
/// Fetched once: an implicit fetch per digest costs more than hashing a
/// short row.
const EVP_MD *sha256Md() {
  static EVP_MD *md = EVP_MD_fetch(nullptr, "SHA256", nullptr);
  return md;
}

struct MdCtxDeleter {
  void operator()(EVP_MD_CTX *ctx) const { EVP_MD_CTX_free(ctx); }
};
} // namespace

llvm::Error mplang::crypto::sha256Rows(const uint8_t *data, size_t rows,
                                       size_t rowBytes, uint8_t *out) {
  const EVP_MD *md = sha256Md();
  std::unique_ptr<EVP_MD_CTX, MdCtxDeleter> ctx(EVP_MD_CTX_new());
  if (!md || !ctx)
    return opensslError("cannot set up SHA-256");
  for (size_t i = 0; i < rows; ++i) {
    unsigned int size = 0;
    if (EVP_DigestInit_ex2(ctx.get(), md, nullptr) != 1 ||
        EVP_DigestUpdate(ctx.get(), data + i * rowBytes, rowBytes) != 1 ||
        EVP_DigestFinal_ex(ctx.get(), out + i * kSha256Bytes, &size) != 1)
      return opensslError("SHA-256 failed");
  }
  return llvm::Error::success();
}

llvm::Error mplang::crypto::sha256(llvm::ArrayRef<uint8_t> data, uint8_t *out) {
  return sha256Rows(data.data(), 1, data.size(), out);
}

llvm::Error
mplang::crypto::sha256Parts(llvm::ArrayRef<llvm::ArrayRef<uint8_t>> parts,
                            uint8_t *out) {
  // One context per thread: hash_to_curve hashes four times per item.
  thread_local std::unique_ptr<EVP_MD_CTX, MdCtxDeleter> ctx(EVP_MD_CTX_new());
  const EVP_MD *md = sha256Md();
  unsigned int size = 0;
  if (!md || !ctx || EVP_DigestInit_ex2(ctx.get(), md, nullptr) != 1)
    return opensslError("cannot set up SHA-256");
  for (llvm::ArrayRef<uint8_t> part : parts)
    if (EVP_DigestUpdate(ctx.get(), part.data(), part.size()) != 1)
      return opensslError("SHA-256 failed");
  if (EVP_DigestFinal_ex(ctx.get(), out, &size) != 1)
    return opensslError("SHA-256 failed");
  return llvm::Error::success();
}

llvm::Error mplang::crypto::hkdfSha256(llvm::ArrayRef<uint8_t> ikm,
                                       llvm::ArrayRef<uint8_t> salt,
                                       llvm::ArrayRef<uint8_t> info,
                                       llvm::MutableArrayRef<uint8_t> out) {
  EVP_KDF *kdf = EVP_KDF_fetch(nullptr, "HKDF", nullptr);
  EVP_KDF_CTX *ctx = kdf ? EVP_KDF_CTX_new(kdf) : nullptr;
  EVP_KDF_free(kdf);
  if (!ctx)
    return opensslError("cannot set up HKDF");
  // OSSL_PARAM takes non-const pointers but only reads these.
  auto octets = [](const char *key, llvm::ArrayRef<uint8_t> bytes) {
    return OSSL_PARAM_construct_octet_string(
        key, const_cast<uint8_t *>(bytes.data()), bytes.size());
  };
  char digest[] = "SHA256";
  OSSL_PARAM params[5], *next = params;
  *next++ = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, digest, 0);
  *next++ = octets(OSSL_KDF_PARAM_KEY, ikm);
  // An absent salt is HashLen zero bytes (RFC 5869), which HMAC pads an
  // empty key to anyway; OpenSSL refuses empty parameters.
  if (!salt.empty())
    *next++ = octets(OSSL_KDF_PARAM_SALT, salt);
  if (!info.empty())
    *next++ = octets(OSSL_KDF_PARAM_INFO, info);
  *next = OSSL_PARAM_construct_end();
  int ok = EVP_KDF_derive(ctx, out.data(), out.size(), params);
  EVP_KDF_CTX_free(ctx);
  if (ok != 1)
    return opensslError("HKDF-SHA256 failed");
  return llvm::Error::success();
}

llvm::Expected<HmacSha256>
mplang::crypto::HmacSha256::create(llvm::ArrayRef<uint8_t> key) {
  EVP_MAC *hmac = EVP_MAC_fetch(nullptr, "HMAC", nullptr);
  EVP_MAC_CTX *ctx = hmac ? EVP_MAC_CTX_new(hmac) : nullptr;
  EVP_MAC_free(hmac);
  char digest[] = "SHA256";
  OSSL_PARAM params[] = {
      OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, digest, 0),
      OSSL_PARAM_construct_end()};
  if (!ctx || EVP_MAC_init(ctx, key.data(), key.size(), params) != 1) {
    EVP_MAC_CTX_free(ctx);
    return opensslError("cannot set up HMAC-SHA256");
  }
  return HmacSha256(ctx);
}

mplang::crypto::HmacSha256::HmacSha256(HmacSha256 &&other) noexcept
    : keyed(other.keyed) {
  other.keyed = nullptr;
}

mplang::crypto::HmacSha256::~HmacSha256() {
  EVP_MAC_CTX_free(static_cast<EVP_MAC_CTX *>(keyed));
}

llvm::Error mplang::crypto::HmacSha256::mac(llvm::ArrayRef<uint8_t> message,
                                            uint8_t *out) const {
  EVP_MAC_CTX *ctx = EVP_MAC_CTX_dup(static_cast<EVP_MAC_CTX *>(keyed));
  size_t size = 0;
  bool ok = ctx && EVP_MAC_update(ctx, message.data(), message.size()) == 1 &&
            EVP_MAC_final(ctx, out, &size, kSha256Bytes) == 1;
  EVP_MAC_CTX_free(ctx);
  if (!ok)
    return opensslError("HMAC-SHA256 failed");
  return llvm::Error::success();
}

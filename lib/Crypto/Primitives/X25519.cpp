//===- X25519.cpp - X25519 over OpenSSL's EVP_PKEY ------------------------===//

#include "mplang/Crypto/Primitives/X25519.h"
#include "mplang/Crypto/Primitives/Random.h"
#include "OpenSSLError.h"

#include <openssl/evp.h>

using namespace mplang::crypto;

namespace {
struct PkeyDeleter {
  void operator()(EVP_PKEY *key) const { EVP_PKEY_free(key); }
};
using Pkey = std::unique_ptr<EVP_PKEY, PkeyDeleter>;

struct PkeyCtxDeleter {
  void operator()(EVP_PKEY_CTX *ctx) const { EVP_PKEY_CTX_free(ctx); }
};

Pkey privateKey(const X25519Key &bytes) {
  return Pkey(EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, nullptr,
                                           bytes.data(), bytes.size()));
}
} // namespace

llvm::Error mplang::crypto::x25519Keygen(X25519Key &privateKey) {
  // Any 32 bytes are a private key: RFC 7748 clamps them when used.
  return randomBytes(privateKey);
}

llvm::Error mplang::crypto::x25519PublicKey(const X25519Key &key,
                                            X25519Key &out) {
  Pkey pkey = privateKey(key);
  size_t size = out.size();
  if (!pkey ||
      EVP_PKEY_get_raw_public_key(pkey.get(), out.data(), &size) != 1 ||
      size != out.size())
    return opensslError("cannot compute the X25519 public key");
  return llvm::Error::success();
}

llvm::Error mplang::crypto::x25519Agree(const X25519Key &key,
                                        const X25519Key &peer,
                                        X25519Key &secret) {
  Pkey mine = privateKey(key);
  Pkey theirs(EVP_PKEY_new_raw_public_key(EVP_PKEY_X25519, nullptr,
                                          peer.data(), peer.size()));
  if (!mine || !theirs)
    return opensslError("cannot load the X25519 keys");
  std::unique_ptr<EVP_PKEY_CTX, PkeyCtxDeleter> ctx(
      EVP_PKEY_CTX_new(mine.get(), nullptr));
  size_t size = secret.size();
  // OpenSSL refuses an all-zero secret: a public key of small order.
  if (!ctx || EVP_PKEY_derive_init(ctx.get()) != 1 ||
      EVP_PKEY_derive_set_peer(ctx.get(), theirs.get()) != 1 ||
      EVP_PKEY_derive(ctx.get(), secret.data(), &size) != 1 ||
      size != secret.size())
    return opensslError("X25519 agreement failed (a public key of small "
                        "order?)");
  return llvm::Error::success();
}

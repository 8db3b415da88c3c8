//===- AesGcm.cpp - AES-256-GCM over OpenSSL ------------------------------===//

#include "mplang/Crypto/Primitives/AesGcm.h"
#include "OpenSSLError.h"

#include <climits>
#include <cstring>
#include <openssl/err.h>
#include <openssl/evp.h>

using namespace mplang::crypto;

namespace {
struct CipherCtxDeleter {
  void operator()(EVP_CIPHER_CTX *ctx) const { EVP_CIPHER_CTX_free(ctx); }
};
using CipherCtx = std::unique_ptr<EVP_CIPHER_CTX, CipherCtxDeleter>;

const EVP_CIPHER *aes256Gcm() {
  static EVP_CIPHER *cipher = EVP_CIPHER_fetch(nullptr, "AES-256-GCM", nullptr);
  return cipher;
}

/// EVP updates take int lengths: feed `in` in pieces.
bool update(EVP_CIPHER_CTX *ctx, uint8_t *out, llvm::ArrayRef<uint8_t> in) {
  constexpr size_t kPiece = INT_MAX / 2;
  for (size_t done = 0; done < in.size(); done += kPiece) {
    int n = int(std::min(kPiece, in.size() - done)), written = 0;
    if (EVP_CipherUpdate(ctx, out ? out + done : nullptr, &written,
                         in.data() + done, n) != 1)
      return false;
  }
  return true;
}

/// A context keyed for one message, with `aad` absorbed.
llvm::Expected<CipherCtx> start(llvm::ArrayRef<uint8_t> key,
                                llvm::ArrayRef<uint8_t> nonce,
                                llvm::ArrayRef<uint8_t> aad, bool encrypt) {
  if (key.size() != kAesKeyBytes || nonce.size() != kGcmNonceBytes)
    return llvm::createStringError("AES-256-GCM takes a 32-byte key and a "
                                   "12-byte nonce");
  CipherCtx ctx(EVP_CIPHER_CTX_new());
  if (!ctx || !aes256Gcm() ||
      EVP_CipherInit_ex2(ctx.get(), aes256Gcm(), key.data(), nonce.data(),
                         encrypt, nullptr) != 1 ||
      !update(ctx.get(), nullptr, aad))
    return opensslError("cannot set up AES-256-GCM");
  return std::move(ctx);
}
} // namespace

llvm::Error mplang::crypto::aesGcmEncrypt(llvm::ArrayRef<uint8_t> key,
                                          llvm::ArrayRef<uint8_t> nonce,
                                          llvm::ArrayRef<uint8_t> aad,
                                          llvm::ArrayRef<uint8_t> plaintext,
                                          llvm::MutableArrayRef<uint8_t> out) {
  assert(out.size() == plaintext.size() + kGcmTagBytes);
  llvm::Expected<CipherCtx> ctx = start(key, nonce, aad, /*encrypt=*/true);
  if (!ctx)
    return ctx.takeError();
  int tail = 0;
  uint8_t *tag = out.data() + plaintext.size();
  if (!update(ctx->get(), out.data(), plaintext) ||
      EVP_CipherFinal_ex(ctx->get(), tag, &tail) != 1 ||
      EVP_CIPHER_CTX_ctrl(ctx->get(), EVP_CTRL_AEAD_GET_TAG, kGcmTagBytes,
                          tag) != 1)
    return opensslError("AES-256-GCM encryption failed");
  return llvm::Error::success();
}

llvm::Error mplang::crypto::aesGcmDecrypt(llvm::ArrayRef<uint8_t> key,
                                          llvm::ArrayRef<uint8_t> nonce,
                                          llvm::ArrayRef<uint8_t> aad,
                                          llvm::ArrayRef<uint8_t> input,
                                          llvm::MutableArrayRef<uint8_t> out) {
  assert(input.size() >= kGcmTagBytes &&
         out.size() == input.size() - kGcmTagBytes);
  llvm::Expected<CipherCtx> ctx = start(key, nonce, aad, /*encrypt=*/false);
  if (!ctx)
    return ctx.takeError();
  uint8_t tag[kGcmTagBytes];
  std::memcpy(tag, input.data() + out.size(), kGcmTagBytes);
  int tail = 0;
  bool ok = update(ctx->get(), out.data(), input.take_front(out.size())) &&
            EVP_CIPHER_CTX_ctrl(ctx->get(), EVP_CTRL_AEAD_SET_TAG,
                                kGcmTagBytes, tag) == 1;
  if (ok && EVP_CipherFinal_ex(ctx->get(), nullptr, &tail) == 1)
    return llvm::Error::success();
  // Unauthenticated plaintext must not survive the failure.
  std::memset(out.data(), 0, out.size());
  ERR_clear_error();
  return llvm::createStringError(
      "authentication failed: wrong key, nonce or associated data, or a "
      "modified ciphertext");
}

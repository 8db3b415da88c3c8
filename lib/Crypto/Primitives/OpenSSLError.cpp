//===- OpenSSLError.cpp - OpenSSL failures as llvm::Error -----------------===//

#include "OpenSSLError.h"

#include <openssl/err.h>

llvm::Error mplang::crypto::opensslError(const llvm::Twine &what) {
  unsigned long code = ERR_get_error();
  ERR_clear_error();
  if (!code)
    return llvm::createStringError(what);
  char reason[256];
  ERR_error_string_n(code, reason, sizeof(reason));
  return llvm::createStringError(what + " (" + reason + ")");
}

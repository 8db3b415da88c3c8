//===- Ldpc.h - syndromes of a sparse binary matrix -------------*- C++ -*-===//

#ifndef MPLANG_CRYPTO_FIELD_LDPC_H
#define MPLANG_CRYPTO_FIELD_LDPC_H

#include "mplang/Crypto/Field/Gf128.h"

#include "llvm/Support/Error.h"

namespace mplang::crypto::field {

/// field.ldpc_encode: s = H * x where H is the binary matrix with rows
/// syndrome.size() given in CSR form, i.e. syndrome[i] is the sum of
/// message[indices[k]] for k in [indptr[i], indptr[i + 1]). Fails if the CSR
/// arrays are malformed or index past the message.
llvm::Error ldpcEncode(llvm::ArrayRef<Gf128> message,
                       llvm::ArrayRef<uint64_t> indices,
                       llvm::ArrayRef<uint64_t> indptr,
                       llvm::MutableArrayRef<Gf128> syndrome);

} // namespace mplang::crypto::field

#endif // MPLANG_CRYPTO_FIELD_LDPC_H

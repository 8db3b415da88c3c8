//===- Isa.h - instruction-set levels of the field kernels ------*- C++ -*-===//
//
// Every kernel has one implementation per level; the library is built for the
// baseline x86-64 and picks a level at run time from the CPU's features.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_CRYPTO_FIELD_ISA_H
#define MPLANG_CRYPTO_FIELD_ISA_H

#include "llvm/ADT/StringRef.h"

namespace mplang::crypto::field {

enum class Isa {
  /// Plain C++, for any CPU.
  Portable,
  /// 128-bit PCLMULQDQ and AES-NI.
  AesClmul,
  /// AVX-512 with VPCLMULQDQ and VAES (four blocks per instruction).
  Avx512,
};

/// Whether this CPU can run kernels of level `isa`.
bool isSupported(Isa isa);

/// The fastest level this CPU supports; computed once.
Isa bestIsa();

llvm::StringRef getIsaName(Isa isa);

} // namespace mplang::crypto::field

#endif // MPLANG_CRYPTO_FIELD_ISA_H

//===- Npy.h - NumPy .npy files ---------------------------------*- C++ -*-===//

#ifndef MPLANG_RUNTIME_NPY_H
#define MPLANG_RUNTIME_NPY_H

#include "mplang/Runtime/Status.h"
#include "mplang/Runtime/Value.h"

namespace mplang::rt {

/// Reads a version 1.x/2.x little-endian, C-ordered .npy array.
Status readNpy(llvm::StringRef path, Value &out);
/// Parses the bytes of an .npy file.
Status parseNpy(llvm::StringRef bytes, Value &out);
/// The bytes of an .npy file before `tensor`'s elements.
std::string encodeNpyHeader(const Tensor &tensor, bool isUnsigned);
/// Writes `tensor` as an .npy array; `isUnsigned` picks `<uN` over `<iN`.
Status writeNpy(llvm::StringRef path, const Tensor &tensor, bool isUnsigned);

} // namespace mplang::rt

#endif // MPLANG_RUNTIME_NPY_H

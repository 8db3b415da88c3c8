//===- Npy.h - NumPy .npy files ---------------------------------*- C++ -*-===//

#ifndef MPLANG_RUNTIME_NPY_H
#define MPLANG_RUNTIME_NPY_H

#include "mplang/Runtime/Status.h"
#include "mplang/Runtime/Value.h"

#include "llvm/ADT/STLFunctionalExtras.h"

namespace mplang::rt {

/// What an .npy header says about its array.
struct NpyHeader {
  DType dtype;
  llvm::SmallVector<int64_t, 4> shape;
  /// Where the elements start in the file.
  size_t dataStart;
};

/// The longest header read (numpy's own reader refuses more than 10000
/// bytes by default).
constexpr size_t kMaxNpyHeaderBytes = 1 << 16;

/// Parses the header at the front of `bytes`, a prefix of an .npy file of
/// `fileSize` bytes, and checks that the rest of the file is exactly the
/// data its shape needs.
Status parseNpyHeader(llvm::StringRef bytes, uint64_t fileSize,
                      NpyHeader &header);

/// Reads a version 1.x/2.x little-endian, C-ordered .npy array.
Status readNpy(llvm::StringRef path, Value &out);
/// Reads an .npy array from the open file `fd` of `fileSize` bytes: first
/// its header, and its elements (straight into the tensor) only once
/// `accept` agrees to the header (which it may retype, keeping its bytes),
/// so that a file of the wrong size or type is refused without being read.
Status readNpyFile(int fd, uint64_t fileSize,
                   llvm::function_ref<Status(NpyHeader &)> accept, Value &out);
/// Reads exactly `size` bytes at `offset` of `fd`; fewer is an error.
Status readFileAt(int fd, uint64_t offset, size_t size, uint8_t *out);
/// Parses the bytes of an .npy file.
Status parseNpy(llvm::StringRef bytes, Value &out);
/// The bytes of an .npy file before `tensor`'s elements.
std::string encodeNpyHeader(const Tensor &tensor, bool isUnsigned);
/// Writes `tensor` as an .npy array; `isUnsigned` picks `<uN` over `<iN`.
Status writeNpy(llvm::StringRef path, const Tensor &tensor, bool isUnsigned);

} // namespace mplang::rt

#endif // MPLANG_RUNTIME_NPY_H

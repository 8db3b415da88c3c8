//===- StoreURI.h - object URIs of the store dialect ------------*- C++ -*-===//
//
// One parser for the verifier and the runtime, so that a URI the verifier
// accepts is exactly one the object store resolves.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_DIALECT_STORE_IR_STOREURI_H
#define MPLANG_DIALECT_STORE_IR_STOREURI_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include <cstddef>
#include <string>

namespace mlir::store {

enum class Scheme { File, Memory };

/// `fs://a/b.npy` or `mem://a/b`: the scheme and the path's components.
struct ObjectURI {
  Scheme scheme;
  llvm::SmallVector<llvm::StringRef, 4> components;
};

/// The longest path component: NAME_MAX of Linux file systems. Saving a
/// file under such a name must work, temporary file included.
constexpr size_t kMaxComponentLength = 255;

/// Parses `uri`; on failure returns false and sets `error` to why. Paths are
/// relative and their components are 1-kMaxComponentLength characters of
/// `[A-Za-z0-9._-]`, never `.` or `..`.
bool parseObjectURI(llvm::StringRef uri, ObjectURI &out, std::string &error);

} // namespace mlir::store

#endif // MPLANG_DIALECT_STORE_IR_STOREURI_H

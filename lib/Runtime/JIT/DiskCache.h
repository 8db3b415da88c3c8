//===- DiskCache.h - compiled object code kept in a directory ---*- C++ -*-===//
//
// `--jit-cache DIR`: one file per compiled group, named by a SHA-256 of the
// format version, the host (triple, CPU, features) and the group's text. A
// file is a header (magic, version, object size, SHA-256 of the object) and
// the object; it is written to a temporary file and renamed, and checked in
// full when read. See docs/jit.md, "The cache".
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_LIB_RUNTIME_JIT_DISKCACHE_H
#define MPLANG_LIB_RUNTIME_JIT_DISKCACHE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"
#include <memory>
#include <string>

namespace mplang::rt::jit {

/// The file name of `text` compiled for `host` (triple, CPU, features).
std::string diskCacheName(llvm::StringRef text, llvm::StringRef host);

/// The object stored as `name` in `dir`; null when there is none, or when
/// the file is corrupt, which `warning` then says (and the file is removed).
std::unique_ptr<llvm::MemoryBuffer>
loadObject(llvm::StringRef dir, llvm::StringRef name, std::string &warning);

/// Stores `object` as `name` in `dir`, then removes the least recently used
/// files until the directory's cache files take at most `maxBytes` (the new
/// one stays). Failures are reported in `warning`: the cache is optional.
void storeObject(llvm::StringRef dir, llvm::StringRef name,
                 llvm::StringRef object, uint64_t maxBytes,
                 std::string &warning);

} // namespace mplang::rt::jit

#endif // MPLANG_LIB_RUNTIME_JIT_DISKCACHE_H

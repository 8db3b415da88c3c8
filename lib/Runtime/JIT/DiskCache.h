//===- DiskCache.h - compiled object code kept in a directory ---*- C++ -*-===//
//
// `--jit-cache DIR`: one file per compiled group, named by its key, a
// SHA-256 of the format version, the host (triple, CPU, features) and the
// group's text. A file is a header (magic, version, object size, the key,
// SHA-256 of the key and the object) and the object; it is written to a
// temporary file and renamed. A read opens regular files only, reads at most
// `kMaxObjectBytes`, and checks the key and checksum in full. See
// docs/jit.md, "The cache".
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_LIB_RUNTIME_JIT_DISKCACHE_H
#define MPLANG_LIB_RUNTIME_JIT_DISKCACHE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"
#include <array>
#include <memory>
#include <string>

namespace mplang::rt::jit {

/// The largest object the cache stores or reads (a compiled group is far
/// smaller: see kMaxGroupOps).
constexpr uint64_t kMaxObjectBytes = uint64_t(64) << 20;

/// What a compiled group is stored under.
struct DiskCacheKey {
  std::array<uint8_t, 32> digest;
  /// `<hex digest>.jito`.
  std::string fileName() const;
};

/// The key of `text` compiled for `host` (triple, CPU, features).
DiskCacheKey diskCacheKey(llvm::StringRef text, llvm::StringRef host);

/// The object stored under `key` in `dir`; null when there is none, or when
/// the file is not a regular file, too large, corrupt or stored for another
/// key, which `warning` then says (a corrupt file is removed).
std::unique_ptr<llvm::MemoryBuffer>
loadObject(llvm::StringRef dir, const DiskCacheKey &key, std::string &warning);

/// Stores `object` under `key` in `dir`, then removes the least recently
/// used files until the directory's cache files take at most `maxBytes` (the
/// new one stays). Failures are reported in `warning`: the cache is
/// optional.
void storeObject(llvm::StringRef dir, const DiskCacheKey &key,
                 llvm::StringRef object, uint64_t maxBytes,
                 std::string &warning);

} // namespace mplang::rt::jit

#endif // MPLANG_LIB_RUNTIME_JIT_DISKCACHE_H

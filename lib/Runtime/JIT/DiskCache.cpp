//===- DiskCache.cpp - compiled object code kept in a directory -----------===//

#include "DiskCache.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"
#include <cstring>
#include <utime.h>

using namespace llvm;
namespace fs = llvm::sys::fs;

namespace {

/// Bumped whenever what is stored (header, calling convention of the
/// entry, pipeline) changes: older files then have other names.
constexpr uint32_t kFormatVersion = 1;
constexpr char kMagic[8] = {'m', 'p', 'l', 'a', 'n', 'g', 'j', 'o'};
constexpr StringLiteral kExtension = ".jito";
constexpr StringLiteral kTempExtension = ".tmp";

struct Header {
  char magic[8];
  uint32_t version, reserved;
  uint64_t size;
  uint8_t sha256[32];
};
static_assert(sizeof(Header) == 56);

std::string pathIn(StringRef dir, StringRef name) {
  SmallString<128> path(dir);
  sys::path::append(path, name);
  return path.str().str();
}

/// Removes the least recently used files of the cache in `dir`, other than
/// `keep`, until they take at most `maxBytes`.
void evict(StringRef dir, StringRef keep, uint64_t maxBytes) {
  struct File {
    llvm::sys::TimePoint<> used;
    uint64_t size;
    std::string path;
  };
  std::vector<File> files;
  uint64_t total = 0;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end;
       it.increment(ec)) {
    StringRef path = it->path();
    fs::file_status status;
    if ((!path.ends_with(kExtension) && !path.ends_with(kTempExtension)) ||
        fs::status(path, status) || !fs::is_regular_file(status))
      continue;
    files.push_back(
        {status.getLastModificationTime(), status.getSize(), path.str()});
    total += status.getSize();
  }
  llvm::sort(files,
             [](const File &a, const File &b) { return a.used < b.used; });
  for (const File &file : files) {
    if (total <= maxBytes)
      break;
    if (file.path != keep && !fs::remove(file.path))
      total -= file.size;
  }
}

} // namespace

std::string mplang::rt::jit::diskCacheName(StringRef text, StringRef host) {
  SHA256 sha;
  sha.update(std::to_string(kFormatVersion) + "\n" + host.str() + "\n");
  sha.update(text);
  return toHex(sha.final(), /*LowerCase=*/true) + kExtension.str();
}

std::unique_ptr<MemoryBuffer>
mplang::rt::jit::loadObject(StringRef dir, StringRef name,
                            std::string &warning) {
  std::string path = pathIn(dir, name);
  ErrorOr<std::unique_ptr<MemoryBuffer>> file = MemoryBuffer::getFile(
      path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!file)
    return nullptr;
  StringRef bytes = (*file)->getBuffer();
  auto corrupt = [&](StringRef why) {
    warning = ("JIT cache file '" + path + "' is corrupt (" + why +
               "); compiling again")
                  .str();
    fs::remove(path);
    return nullptr;
  };
  Header header;
  if (bytes.size() < sizeof(Header))
    return corrupt("shorter than its header");
  std::memcpy(&header, bytes.data(), sizeof(Header));
  if (std::memcmp(header.magic, kMagic, sizeof(kMagic)) ||
      header.version != kFormatVersion)
    return corrupt("bad header");
  StringRef object = bytes.drop_front(sizeof(Header));
  if (header.size != object.size())
    return corrupt("truncated");
  std::array<uint8_t, 32> digest = SHA256::hash(arrayRefFromStringRef(object));
  if (std::memcmp(digest.data(), header.sha256, sizeof(header.sha256)))
    return corrupt("checksum mismatch");
  // Used now: evicted after the files used less recently.
  ::utime(path.c_str(), nullptr);
  return MemoryBuffer::getMemBufferCopy(object, path);
}

void mplang::rt::jit::storeObject(StringRef dir, StringRef name,
                                  StringRef object, uint64_t maxBytes,
                                  std::string &warning) {
  auto fail = [&](const Twine &what, std::error_code ec) {
    warning = ("JIT cache: cannot " + what + ": " + ec.message()).str();
  };
  if (std::error_code ec = fs::create_directories(dir))
    return fail("create '" + dir + "'", ec);
  int fd;
  SmallString<128> temp;
  if (std::error_code ec = fs::createUniqueFile(
          pathIn(dir, (name + "-%%%%%%%%" + kTempExtension).str()), fd, temp))
    return fail("create a file in '" + dir + "'", ec);
  Header header{};
  std::memcpy(header.magic, kMagic, sizeof(kMagic));
  header.version = kFormatVersion;
  header.size = object.size();
  std::array<uint8_t, 32> digest = SHA256::hash(arrayRefFromStringRef(object));
  std::memcpy(header.sha256, digest.data(), digest.size());
  {
    raw_fd_ostream os(fd, /*shouldClose=*/true);
    os.write(reinterpret_cast<const char *>(&header), sizeof(header));
    os << object;
    os.close();
    if (os.has_error()) {
      std::error_code ec = os.error();
      os.clear_error();
      fs::remove(temp);
      return fail("write '" + temp + "'", ec);
    }
  }
  // Readers see either no file or a whole one.
  std::string path = pathIn(dir, name);
  if (std::error_code ec = fs::rename(temp, path)) {
    fs::remove(temp);
    return fail("rename '" + temp + "'", ec);
  }
  evict(dir, path, maxBytes);
}

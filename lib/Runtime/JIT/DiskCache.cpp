//===- DiskCache.cpp - compiled object code kept in a directory -----------===//

#include "DiskCache.h"
#include "mplang/Runtime/Npy.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace llvm;
namespace fs = llvm::sys::fs;

namespace {

/// Bumped whenever what is stored (header, calling convention of the
/// entry, pipeline) changes: older files then have other names.
constexpr uint32_t kFormatVersion = 2;
constexpr char kMagic[8] = {'m', 'p', 'l', 'a', 'n', 'g', 'j', 'o'};
constexpr StringLiteral kExtension = ".jito";
constexpr StringLiteral kTempExtension = ".tmp";

struct Header {
  char magic[8];
  uint32_t version, reserved;
  uint64_t size;
  /// The key the object was stored under: a file copied under another
  /// name is not another group's code.
  uint8_t key[32];
  /// Of the key and the object.
  uint8_t sha256[32];
};
static_assert(sizeof(Header) == 88);

std::array<uint8_t, 32> checksum(const mplang::rt::jit::DiskCacheKey &key,
                                 StringRef object) {
  SHA256 sha;
  sha.update(key.digest);
  sha.update(object);
  return sha.final();
}

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
        fs::status(path, status, /*follow=*/false) ||
        !fs::is_regular_file(status))
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

std::string mplang::rt::jit::DiskCacheKey::fileName() const {
  return toHex(digest, /*LowerCase=*/true) + kExtension.str();
}

mplang::rt::jit::DiskCacheKey mplang::rt::jit::diskCacheKey(StringRef text,
                                                            StringRef host) {
  SHA256 sha;
  sha.update(std::to_string(kFormatVersion) + "\n" + host.str() + "\n");
  sha.update(text);
  return {sha.final()};
}

std::unique_ptr<MemoryBuffer>
mplang::rt::jit::loadObject(StringRef dir, const DiskCacheKey &key,
                            std::string &warning) {
  std::string path = pathIn(dir, key.fileName());
  auto unusable = [&](const Twine &why) {
    warning =
        ("JIT cache file '" + path + "' " + why + "; compiling again").str();
    return nullptr;
  };
  auto corrupt = [&](const Twine &why) {
    fs::remove(path);
    return unusable("is corrupt (" + why + ")");
  };
  // Not a link, and O_NONBLOCK: a FIFO planted in the directory must not
  // block the compile.
  int fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    if (errno == ENOENT)
      return nullptr;
    if (errno == ELOOP)
      return unusable("is a symbolic link, which the cache does not follow");
    return unusable("cannot be opened (" + Twine(std::strerror(errno)) + ")");
  }
  auto closeFd = llvm::make_scope_exit([fd] { ::close(fd); });
  struct stat st;
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))
    return unusable("is not a regular file");
  if (uint64_t(st.st_size) > sizeof(Header) + kMaxObjectBytes)
    return corrupt("larger than " + Twine(sizeof(Header) + kMaxObjectBytes) +
                   " bytes");
  std::string bytes(st.st_size, '\0');
  if (Status s = readFileAt(fd, 0, bytes.size(),
                            reinterpret_cast<uint8_t *>(bytes.data()));
      !s.isOk())
    return corrupt(s.message());
  Header header;
  if (bytes.size() < sizeof(Header))
    return corrupt("shorter than its header");
  std::memcpy(&header, bytes.data(), sizeof(Header));
  if (std::memcmp(header.magic, kMagic, sizeof(kMagic)) ||
      header.version != kFormatVersion)
    return corrupt("bad header");
  StringRef object = StringRef(bytes).drop_front(sizeof(Header));
  if (header.size != object.size())
    return corrupt("truncated");
  if (std::memcmp(header.key, key.digest.data(), key.digest.size()))
    return corrupt("stored for another group");
  std::array<uint8_t, 32> digest = checksum(key, object);
  if (std::memcmp(digest.data(), header.sha256, sizeof(header.sha256)))
    return corrupt("checksum mismatch");
  // Used now: evicted after the files used less recently.
  ::futimens(fd, nullptr);
  return MemoryBuffer::getMemBufferCopy(object, path);
}

void mplang::rt::jit::storeObject(StringRef dir, const DiskCacheKey &key,
                                  StringRef object, uint64_t maxBytes,
                                  std::string &warning) {
  std::string name = key.fileName();
  auto fail = [&](const Twine &what, std::error_code ec) {
    warning = ("JIT cache: cannot " + what + ": " + ec.message()).str();
  };
  // Readers refuse it.
  if (object.size() > kMaxObjectBytes)
    return;
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
  std::memcpy(header.key, key.digest.data(), key.digest.size());
  std::array<uint8_t, 32> digest = checksum(key, object);
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

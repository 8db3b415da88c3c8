//===- ObjectStore.cpp - a party's own objects ----------------------------===//
//
// Files are reached from the data root one component at a time with openat
// and O_NOFOLLOW, so no symbolic link, however it was placed there, leads a
// path out of the root; URIs never hold `..` (StoreURI.cpp).
//
//===----------------------------------------------------------------------===//

#include "mplang/Runtime/Store/ObjectStore.h"

#include "mplang/Dialect/Store/IR/StoreURI.h"
#include "mplang/Runtime/Npy.h"
#include "mplang/Runtime/Serialize.h"
#include "mplang/Runtime/TypeConversion.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringExtras.h"
#include <atomic>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace mplang::rt;

namespace {

/// A file descriptor closed on destruction.
class UniqueFd {
public:
  explicit UniqueFd(int fd = -1) : fd(fd) {}
  UniqueFd(const UniqueFd &) = delete;
  UniqueFd &operator=(UniqueFd &&other) {
    std::swap(fd, other.fd);
    return *this;
  }
  ~UniqueFd() {
    if (fd >= 0)
      close(fd);
  }
  int get() const { return fd; }

private:
  int fd;
};

Status errnoError(llvm::StringRef uri, int dir, llvm::StringRef component,
                  int error) {
  struct stat st;
  if (fstatat(dir, component.str().c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0 &&
      S_ISLNK(st.st_mode))
    return Status::error(uri + ": '" + component +
                         "' is a symbolic link, which the store does not "
                         "follow");
  if (error == ENOENT)
    return Status::error(uri + ": no such object in the party's store");
  return Status::error(uri + ": " + std::strerror(error));
}

/// Opens the directory that holds the last component of `path`, creating
/// missing directories when `create`.
Status openParent(llvm::StringRef root, llvm::StringRef uri,
                  llvm::ArrayRef<llvm::StringRef> path, bool create,
                  UniqueFd &dir) {
  if (root.empty())
    return Status::error(uri + ": this party has no data root (mplang-worker "
                               "--data-root, mplang-run --data-root)");
  dir = UniqueFd(open(root.str().c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (dir.get() < 0)
    return Status::error(uri + ": cannot open the data root '" + root +
                         "': " + std::strerror(errno));
  for (llvm::StringRef component : path.drop_back()) {
    std::string name = component.str();
    constexpr int flags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC;
    UniqueFd next(openat(dir.get(), name.c_str(), flags));
    if (next.get() < 0 && errno == ENOENT && create &&
        (mkdirat(dir.get(), name.c_str(), 0700) == 0 || errno == EEXIST))
      next = UniqueFd(openat(dir.get(), name.c_str(), flags));
    if (next.get() < 0)
      return errnoError(uri, dir.get(), component, errno);
    dir = std::move(next);
  }
  return Status::ok();
}

/// Opens the regular file `path` under `root` for reading.
Status openFile(llvm::StringRef root, llvm::StringRef uri,
                llvm::ArrayRef<llvm::StringRef> path, UniqueFd &file,
                uint64_t &size) {
  UniqueFd dir;
  if (Status s = openParent(root, uri, path, false, dir); !s.isOk())
    return s;
  std::string name = path.back().str();
  // O_NONBLOCK: a FIFO planted in the root must not block the job.
  file = UniqueFd(openat(dir.get(), name.c_str(),
                         O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC));
  if (file.get() < 0)
    return errnoError(uri, dir.get(), path.back(), errno);
  struct stat st;
  if (fstat(file.get(), &st) != 0 || !S_ISREG(st.st_mode))
    return Status::error(uri + ": not a regular file");
  size = st.st_size;
  return Status::ok();
}

Status writeAll(int fd, llvm::StringRef uri, llvm::StringRef bytes) {
  while (!bytes.empty()) {
    ssize_t n = write(fd, bytes.data(), bytes.size());
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0)
      return Status::error(uri + ": " + std::strerror(errno));
    bytes = bytes.drop_front(n);
  }
  return Status::ok();
}

bool isUnsigned(mlir::Type type) {
  if (auto tensor = llvm::dyn_cast<mlir::RankedTensorType>(type))
    type = tensor.getElementType();
  return type.isUnsignedInteger();
}

Status parseURI(llvm::StringRef uri, mlir::store::ObjectURI &parsed) {
  std::string error;
  if (!mlir::store::parseObjectURI(uri, parsed, error))
    return Status::error(error);
  return Status::ok();
}

std::string memoryName(const mlir::store::ObjectURI &parsed) {
  return llvm::join(parsed.components, "/");
}

} // namespace

ObjectStore::ObjectStore(ObjectStoreOptions options)
    : options(std::move(options)) {}

Status ObjectStore::load(llvm::StringRef uri, mlir::Type type, Value &out) {
  mlir::store::ObjectURI parsed;
  if (Status s = parseURI(uri, parsed); !s.isOk())
    return s;
  if (parsed.scheme == mlir::store::Scheme::File) {
    if (Status s = loadFile(uri, parsed.components, type, out); !s.isOk())
      return s;
  } else if (Status s = loadMemory(memoryName(parsed), out); !s.isOk()) {
    return s;
  }
  if (Status s = checkValueType(out, type); !s.isOk())
    return Status::error(uri + " holds " + s.message());
  return Status::ok();
}

Status ObjectStore::openBytes(llvm::StringRef uri, ObjectBytes &out,
                              bool &expired) {
  expired = false;
  mlir::store::ObjectURI parsed;
  if (Status s = parseURI(uri, parsed); !s.isOk())
    return s;
  if (parsed.scheme == mlir::store::Scheme::File) {
    auto file = std::make_shared<UniqueFd>();
    if (Status s =
            openFile(options.dataRoot, uri, parsed.components, *file, out.size);
        !s.isOk())
      return s;
    out.read = [file](uint64_t offset, char *bytes, size_t length) {
      ssize_t n;
      do
        n = pread(file->get(), bytes, length, offset);
      while (n < 0 && errno == EINTR);
      return n > 0 ? size_t(n) : 0;
    };
    return Status::ok();
  }
  Value value;
  if (Status s = loadMemory(memoryName(parsed), value, &expired); !s.isOk())
    return s;
  // The value's own bytes after its header: the tensor is not copied.
  auto message = std::make_shared<Message>(encodeValue(value));
  out.size = message->size();
  out.read = [message](uint64_t offset, char *bytes, size_t length) {
    llvm::StringRef head = message->head, body;
    if (message->body)
      body = llvm::StringRef(
          reinterpret_cast<const char *>(message->body->bytes()),
          message->body->numBytes());
    llvm::StringRef part = offset < head.size()
                               ? head.drop_front(offset)
                               : body.drop_front(offset - head.size());
    part = part.take_front(length);
    std::memcpy(bytes, part.data(), part.size());
    return part.size();
  };
  return Status::ok();
}

Status ObjectStore::save(llvm::StringRef uri, const Value &value,
                         mlir::Type type) {
  mlir::store::ObjectURI parsed;
  if (Status s = parseURI(uri, parsed); !s.isOk())
    return s;
  if (parsed.scheme == mlir::store::Scheme::File)
    return saveFile(uri, parsed.components, value, type);
  return saveMemory(memoryName(parsed), value);
}

Status ObjectStore::loadFile(llvm::StringRef uri,
                             llvm::ArrayRef<llvm::StringRef> path,
                             mlir::Type type, Value &out) {
  UniqueFd file;
  uint64_t size;
  if (Status s = openFile(options.dataRoot, uri, path, file, size); !s.isOk())
    return s;
  std::optional<TensorLayout> layout = getLayout(type);
  if (!layout) {
    // Serialized objects (BFV keys, ciphertexts): only their size is known.
    if (size > kMaxObjectFileBytes)
      return Status::error(uri + ": " + llvm::Twine(size) +
                           " bytes, more than an object file may have (" +
                           llvm::Twine(kMaxObjectFileBytes) + ")");
    std::string bytes(size, '\0');
    Status s = readFileAt(file.get(), 0, size,
                          reinterpret_cast<uint8_t *>(bytes.data()));
    if (s.isOk())
      s = deserializeValue(bytes, out);
    return s.isOk() ? s : Status::error(uri + ": " + s.message());
  }
  // A tensor's header says its type and size: a file of another type is
  // refused before its elements are read.
  Status typeError = Status::ok();
  auto accept = [&](NpyHeader &header) {
    llvm::SmallVector<int64_t, 4> words(layout->shape);
    words.push_back(2);
    if (layout->dtype == DType::GF128 && header.dtype == DType::I64 &&
        llvm::ArrayRef<int64_t>(header.shape) == llvm::ArrayRef(words))
      header = {DType::GF128, layout->shape, header.dataStart};
    typeError = checkTensorType(header.dtype, header.shape, type);
    return typeError;
  };
  Status s = readNpyFile(file.get(), size, accept, out);
  if (!typeError.isOk())
    return Status::error(uri + " holds " + typeError.message());
  return s.isOk() ? s : Status::error(uri + ": " + s.message());
}

Status ObjectStore::saveFile(llvm::StringRef uri,
                             llvm::ArrayRef<llvm::StringRef> path,
                             const Value &value, mlir::Type type) {
  return writeFile(uri, path, [&](int fd) {
    if (!value.isTensor())
      return writeAll(fd, uri, serializeValue(value));
    const Tensor &tensor = value.getTensor();
    if (Status s = writeAll(fd, uri, encodeNpyHeader(tensor, isUnsigned(type)));
        !s.isOk())
      return s;
    return writeAll(fd, uri,
                    llvm::StringRef(reinterpret_cast<const char *>(tensor.bytes()),
                                    tensor.numBytes()));
  });
}

Status ObjectStore::saveFileBytes(llvm::StringRef uri,
                                  llvm::ArrayRef<llvm::StringRef> pieces) {
  mlir::store::ObjectURI parsed;
  if (Status s = parseURI(uri, parsed); !s.isOk())
    return s;
  if (parsed.scheme != mlir::store::Scheme::File)
    return Status::invalidArgument(uri + ": not a file URI");
  return writeFile(uri, parsed.components, [&](int fd) {
    for (llvm::StringRef piece : pieces)
      if (Status s = writeAll(fd, uri, piece); !s.isOk())
        return s;
    return Status::ok();
  });
}

Status ObjectStore::writeFile(llvm::StringRef uri,
                              llvm::ArrayRef<llvm::StringRef> path,
                              llvm::function_ref<Status(int)> write) {
  UniqueFd dir;
  if (Status s = openParent(options.dataRoot, uri, path, true, dir); !s.isOk())
    return s;
  // Written under a temporary name and renamed, so a reader never sees half
  // a file; rename replaces a symbolic link rather than following it. The
  // temporary name keeps only as much of the name as leaves it a valid
  // component too.
  static std::atomic<uint64_t> counter{0};
  std::string name = path.back().str();
  std::string suffix =
      ".tmp" + std::to_string(getpid()) + "." + std::to_string(counter++);
  std::string temp =
      "." +
      name.substr(0, mlir::store::kMaxComponentLength - 1 - suffix.size()) +
      suffix;
  UniqueFd file(openat(dir.get(), temp.c_str(),
                       O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
                       0600));
  if (file.get() < 0)
    return Status::error(uri + ": cannot create: " + std::strerror(errno));
  Status status = write(file.get());
  if (status.isOk() &&
      renameat(dir.get(), temp.c_str(), dir.get(), name.c_str()) != 0)
    status = Status::error(uri + ": " + std::strerror(errno));
  if (!status.isOk())
    unlinkat(dir.get(), temp.c_str(), 0);
  return status;
}

void ObjectStore::dropExpired() {
  auto now = std::chrono::steady_clock::now();
  for (auto it = memory.begin(); it != memory.end();) {
    if (it->second.expires > now) {
      ++it;
      continue;
    }
    memoryBytes -= it->second.bytes;
    it = memory.erase(it);
  }
}

Status ObjectStore::loadMemory(const std::string &name, Value &out,
                               bool *expired) {
  std::lock_guard<std::mutex> lock(mutex);
  auto it = memory.find(name);
  if (it == memory.end())
    return Status::error("mem://" + name +
                         ": no such object in the party's store");
  if (it->second.expires <= std::chrono::steady_clock::now()) {
    dropExpired();
    if (expired)
      *expired = true;
    return Status::error("mem://" + name +
                         ": expired (objects in memory "
                         "are kept " +
                         llvm::Twine(options.memoryTtlSeconds) + " s)");
  }
  out = it->second.value;
  return Status::ok();
}

Status ObjectStore::saveMemory(const std::string &name, const Value &value) {
  // A view keeps its whole buffer alive, which may be far larger than the
  // bytes the bound counts: the store keeps a copy of its own bytes.
  Value kept = value;
  if (value.isTensor() &&
      value.getTensor().bufferBytes() > value.getTensor().numBytes())
    kept = Value::tensor(value.getTensor().copy());
  uint64_t bytes = kept.numBytes();
  std::lock_guard<std::mutex> lock(mutex);
  dropExpired();
  auto it = memory.find(name);
  uint64_t replaced = it == memory.end() ? 0 : it->second.bytes;
  if (memoryBytes - replaced + bytes > options.maxMemoryBytes)
    return Status::error("mem://" + name + ": " + llvm::Twine(bytes) +
                         " bytes would exceed the store's memory limit of " +
                         llvm::Twine(options.maxMemoryBytes) + " bytes, " +
                         llvm::Twine(memoryBytes - replaced) +
                         " of them in use");
  memoryBytes = memoryBytes - replaced + bytes;
  memory[name] = {std::move(kept), bytes,
                  std::chrono::steady_clock::now() +
                      std::chrono::seconds(options.memoryTtlSeconds)};
  return Status::ok();
}

static std::mutex storesMutex;
static std::map<int64_t, std::shared_ptr<ObjectStore>> &stores() {
  static std::map<int64_t, std::shared_ptr<ObjectStore>> map;
  return map;
}

void mplang::rt::setObjectStore(int64_t rank,
                                std::shared_ptr<ObjectStore> store) {
  std::lock_guard<std::mutex> lock(storesMutex);
  stores()[rank] = std::move(store);
}

std::shared_ptr<ObjectStore> mplang::rt::getObjectStore(int64_t rank) {
  std::lock_guard<std::mutex> lock(storesMutex);
  auto it = stores().find(rank);
  return it == stores().end() ? nullptr : it->second;
}

Status mplang::rt::installRankStores(const ObjectStoreOptions &options,
                                     int64_t worldSize) {
  for (int64_t r = 0; r < worldSize; ++r) {
    ObjectStoreOptions rankOptions = options;
    if (!options.dataRoot.empty()) {
      rankOptions.dataRoot = options.dataRoot + "/rank" + std::to_string(r);
      if (mkdir(rankOptions.dataRoot.c_str(), 0700) != 0 && errno != EEXIST)
        return Status::error("cannot create '" + rankOptions.dataRoot +
                             "': " + std::strerror(errno));
    }
    setObjectStore(r, std::make_shared<ObjectStore>(rankOptions));
  }
  return Status::ok();
}

std::string mplang::rt::encodeArgument(const Value &value) {
  if (value.isOpaque() && value.getOpaque()->kind() == kObjectReferenceKind)
    return "@" + value.getOpaque()->serialize();
  return serializeValue(value);
}

Status mplang::rt::decodeArgument(llvm::StringRef bytes, mlir::Type type,
                                  ObjectStore *store, Value &out) {
  if (!bytes.consume_front("@")) {
    if (Status s = deserializeValue(bytes, out); !s.isOk())
      return s;
    return checkValueType(out, type);
  }
  if (!store)
    return Status::error("@" + bytes + ": this party has no object store");
  return store->load(bytes, type, out);
}

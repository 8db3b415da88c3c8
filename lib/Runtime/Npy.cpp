//===- Npy.cpp - NumPy .npy files -------------------------------*- C++ -*-===//

#include "mplang/Runtime/Npy.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace mplang::rt;

static std::string descrOf(DType dtype, bool isUnsigned) {
  switch (dtype) {
  case DType::I1:
    return "|b1";
  case DType::I8:
    return isUnsigned ? "|u1" : "|i1";
  case DType::F32:
    return "<f4";
  case DType::F64:
    return "<f8";
  default:
    return (isUnsigned ? "<u" : "<i") + std::to_string(dtypeSize(dtype));
  }
}

static std::optional<DType> dtypeOf(llvm::StringRef descr) {
  if (descr == "|b1")
    return DType::I1;
  if (descr == "<f4")
    return DType::F32;
  if (descr == "<f8")
    return DType::F64;
  if (descr.size() != 3 || (descr[0] != '<' && descr[0] != '|') ||
      (descr[1] != 'i' && descr[1] != 'u'))
    return std::nullopt;
  switch (descr[2]) {
  case '1':
    return DType::I8;
  case '2':
    return DType::I16;
  case '4':
    return DType::I32;
  case '8':
    return DType::I64;
  default:
    return std::nullopt;
  }
}

/// The text after `'key':` in the header dictionary, up to `end`.
static llvm::StringRef field(llvm::StringRef header, llvm::StringRef key,
                             char end) {
  size_t at = header.find(("'" + key + "'").str());
  if (at == llvm::StringRef::npos)
    return {};
  llvm::StringRef rest = header.drop_front(at + key.size() + 2).ltrim(" :");
  return rest.take_until([&](char c) { return c == end; });
}

Status mplang::rt::parseNpyHeader(llvm::StringRef bytes, uint64_t fileSize,
                                  NpyHeader &out) {
  if (!bytes.starts_with("\x93NUMPY") || bytes.size() < 10)
    return Status::error("not an .npy file (bad magic)");
  uint8_t major = bytes[6];
  size_t lengthBytes = major == 1 ? 2 : 4;
  if (major < 1 || major > 3 || bytes.size() < 8 + lengthBytes)
    return Status::error("unsupported .npy version " + llvm::Twine(major));
  uint32_t headerLength = 0;
  std::memcpy(&headerLength, bytes.data() + 8, lengthBytes);
  if (headerLength > kMaxNpyHeaderBytes)
    return Status::error(".npy header of " + llvm::Twine(headerLength) +
                         " bytes is longer than the limit of " +
                         llvm::Twine(kMaxNpyHeaderBytes));
  size_t dataStart = 8 + lengthBytes + headerLength;
  if (bytes.size() < dataStart)
    return Status::error("truncated .npy header");
  llvm::StringRef header = bytes.slice(8 + lengthBytes, dataStart);

  llvm::StringRef descr = field(header, "descr", ',').trim(" '\"");
  std::optional<DType> dtype = dtypeOf(descr);
  if (!dtype)
    return Status::error("unsupported .npy dtype '" + descr + "'");
  if (field(header, "fortran_order", ',').trim() != "False")
    return Status::error("Fortran-ordered .npy arrays are not supported");
  llvm::StringRef shapeText = field(header, "shape", ')').trim(" (");
  llvm::SmallVector<int64_t, 4> shape;
  llvm::SmallVector<llvm::StringRef, 4> dims;
  shapeText.split(dims, ',', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef dim : dims) {
    int64_t value;
    if (dim.trim().getAsInteger(10, value) || value < 0)
      return Status::error("bad .npy shape '" + shapeText + "'");
    shape.push_back(value);
  }
  // The header's shape is a claim: it must fit the data before anything of
  // its size is allocated or read.
  uint64_t dataBytes = fileSize - dataStart, elements;
  bool counted = countElements(shape, elements);
  if (!counted || elements * dtypeSize(*dtype) != dataBytes) {
    std::string need = counted ? std::to_string(elements * dtypeSize(*dtype))
                               : "more than 2^40 elements";
    return Status::error(".npy data has " + llvm::Twine(dataBytes) +
                         " bytes, its header's shape (" + shapeText +
                         ") needs " + need);
  }
  out = {*dtype, std::move(shape), dataStart};
  return Status::ok();
}

/// The value of a tensor read from a file.
static Status finish(Tensor &&t, Value &out) {
  if (!holdsValidElements(t))
    return Status::error(".npy bool data holds bytes other than 0 and 1");
  out = Value::tensor(std::move(t));
  return Status::ok();
}

Status mplang::rt::parseNpy(llvm::StringRef bytes, Value &out) {
  NpyHeader header;
  if (Status s = parseNpyHeader(bytes, bytes.size(), header); !s.isOk())
    return s;
  Tensor t = Tensor::forOverwrite(header.dtype, header.shape);
  std::memcpy(t.bytes(), bytes.data() + header.dataStart, t.numBytes());
  return finish(std::move(t), out);
}

Status mplang::rt::readFileAt(int fd, uint64_t offset, size_t size,
                              uint8_t *out) {
  while (size) {
    ssize_t n = pread(fd, out, std::min<size_t>(size, 1 << 30), offset);
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0)
      return Status::error(std::strerror(errno));
    if (n == 0)
      return Status::error("the file became shorter while it was read");
    out += n;
    offset += n;
    size -= n;
  }
  return Status::ok();
}

Status mplang::rt::readNpyFile(int fd, uint64_t fileSize,
                               llvm::function_ref<Status(NpyHeader &)> accept,
                               Value &out) {
  // Magic, version and a 4-byte length come before the header itself.
  std::string prefix(std::min<uint64_t>(fileSize, 12 + kMaxNpyHeaderBytes),
                     '\0');
  if (Status s = readFileAt(fd, 0, prefix.size(),
                            reinterpret_cast<uint8_t *>(prefix.data()));
      !s.isOk())
    return s;
  NpyHeader header;
  if (Status s = parseNpyHeader(prefix, fileSize, header); !s.isOk())
    return s;
  if (Status s = accept(header); !s.isOk())
    return s;
  Tensor t = Tensor::forOverwrite(header.dtype, header.shape);
  if (Status s = readFileAt(fd, header.dataStart, t.numBytes(), t.bytes());
      !s.isOk())
    return s;
  return finish(std::move(t), out);
}

Status mplang::rt::readNpy(llvm::StringRef path, Value &out) {
  // O_NONBLOCK: a FIFO fails the check below instead of blocking the open.
  int fd = open(path.str().c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0)
    return Status::error("cannot read '" + path + "': " + std::strerror(errno));
  struct stat st;
  Status s = Status::error("not a regular file");
  if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode))
    s = readNpyFile(
        fd, st.st_size, [](NpyHeader &) { return Status::ok(); }, out);
  close(fd);
  if (!s.isOk())
    return Status::error(path + ": " + s.message());
  return Status::ok();
}

std::string mplang::rt::encodeNpyHeader(const Tensor &tensor, bool isUnsigned) {
  // A gf128 element is written as its [lo, hi] words, like field.to_words.
  bool words = tensor.dtype() == DType::GF128;
  llvm::SmallVector<int64_t, 4> dims(tensor.shape());
  if (words)
    dims.push_back(2);
  // Python tuple syntax: (), (3,), (2, 3).
  std::string shape = llvm::join(
      llvm::map_range(dims, [](int64_t dim) { return std::to_string(dim); }),
      ", ");
  if (dims.size() == 1)
    shape += ",";
  std::string descr = words ? "<u8" : descrOf(tensor.dtype(), isUnsigned);
  std::string header = "{'descr': '" + descr +
                       "', 'fortran_order': False, 'shape': (" + shape + "), }";
  // Magic, version and length take 10 bytes; pad the header with spaces so
  // the data starts 64-byte aligned, and end it with a newline.
  header.append(63 - (10 + header.size()) % 64, ' ');
  header.push_back('\n');
  uint16_t length = header.size();
  std::string out = "\x93NUMPY";
  out.push_back(char(1));
  out.push_back(char(0));
  out.append(reinterpret_cast<const char *>(&length), 2);
  return out + header;
}

Status mplang::rt::writeNpy(llvm::StringRef path, const Tensor &tensor,
                            bool isUnsigned) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_None);
  if (ec)
    return Status::error("cannot write '" + path + "': " + ec.message());
  os << encodeNpyHeader(tensor, isUnsigned);
  os.write(reinterpret_cast<const char *>(tensor.bytes()), tensor.numBytes());
  return Status::ok();
}

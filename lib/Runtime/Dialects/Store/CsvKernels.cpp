//===- CsvKernels.cpp - PSI's front door on CSV files ---------------------===//
//
// store.csv_rows, store.csv_keys and store.csv_select read the CSV file of
// the party running the op, from its own store: nothing of the file leaves
// the party except what the program sends.
//
//===----------------------------------------------------------------------===//

#include "StoreKernel.h"
#include "mplang/Runtime/Dialects/Store/StoreRuntime.h"

#include "mplang/Crypto/Primitives/Hash.h"
#include "mplang/Dialect/Store/IR/StoreOps.h"
#include "mplang/Runtime/Store/Csv.h"

#include "llvm/Support/Endian.h"

#include <cstring>

using namespace mplang::rt;

namespace {

using Factory = mlir::FailureOr<std::unique_ptr<Kernel>>;

/// The bytes of the CSV file `uri`.
Status readCsv(ObjectStore &objects, llvm::StringRef uri, std::string &text) {
  ObjectBytes bytes;
  bool expired;
  if (Status s = objects.openBytes(uri, bytes, expired); !s.isOk())
    return s;
  if (bytes.size > kMaxCsvFileBytes)
    return Status::error(uri + ": " + llvm::Twine(bytes.size) +
                         " bytes, more than a CSV file may have (" +
                         llvm::Twine(kMaxCsvFileBytes) + ")");
  text.resize(bytes.size);
  for (uint64_t done = 0; done < bytes.size;) {
    size_t n = bytes.read(done, text.data() + done, bytes.size - done);
    if (n == 0)
      return Status::error(uri + ": the file became shorter while read");
    done += n;
  }
  return Status::ok();
}

/// The file's SHA-256 as four little-endian words, which tie a selection
/// to the file csv_keys read.
Status fileDigest(llvm::StringRef uri, llvm::StringRef text,
                  uint8_t (&digest)[mplang::crypto::kSha256Bytes]) {
  if (llvm::Error err = mplang::crypto::sha256(
          llvm::ArrayRef<uint8_t>(
              reinterpret_cast<const uint8_t *>(text.data()), text.size()),
          digest))
    return Status::error(uri + ": " + llvm::toString(std::move(err)));
  return Status::ok();
}

/// Calls `onHeader` with the header's fields and raw bytes, then `each` on
/// every data record with its index.
Status forEachRecord(
    llvm::StringRef uri, llvm::StringRef text,
    llvm::function_ref<Status(llvm::ArrayRef<std::string>, llvm::StringRef)>
        onHeader,
    llvm::function_ref<Status(size_t, llvm::ArrayRef<std::string>,
                              llvm::StringRef)>
        each) {
  CsvReader reader(text);
  std::vector<std::string> header, fields;
  llvm::StringRef raw;
  bool found;
  if (Status s = reader.next(header, raw, found); !s.isOk())
    return Status::error(uri + ": " + s.message());
  if (!found)
    return Status::error(uri + ": an empty file, without a header");
  if (Status s = onHeader(header, raw); !s.isOk())
    return s;
  for (size_t i = 0;; ++i) {
    size_t line = reader.line();
    if (Status s = reader.next(fields, raw, found); !s.isOk())
      return Status::error(uri + ": " + s.message());
    if (!found)
      return Status::ok();
    if (fields.size() != header.size())
      return Status::error(uri + ": line " + llvm::Twine(line) + " has " +
                           llvm::Twine(fields.size()) +
                           " fields, the header " +
                           llvm::Twine(header.size()));
    if (Status s = each(i, fields, raw); !s.isOk())
      return s;
  }
}

Status noHeader(llvm::ArrayRef<std::string>, llvm::StringRef) {
  return Status::ok();
}

Status countRows(llvm::StringRef uri, ObjectStore &objects,
                 llvm::MutableArrayRef<Value> results) {
  std::string file;
  if (Status s = readCsv(objects, uri, file); !s.isOk())
    return s;
  int64_t rows = 0;
  if (Status s = forEachRecord(uri, file, noHeader,
                               [&](size_t, auto, auto) {
                                 ++rows;
                                 return Status::ok();
                               });
      !s.isOk())
    return s;
  Tensor out(DType::I64, {});
  std::memcpy(out.bytes(), &rows, sizeof(rows));
  results[0] = Value::tensor(std::move(out));
  return Status::ok();
}

Status hashKeys(llvm::StringRef uri, llvm::ArrayRef<std::string> columns,
                int64_t capacity, ObjectStore &objects,
                llvm::ArrayRef<Value> args,
                llvm::MutableArrayRef<Value> results) {
  const Tensor &key = args[0].getTensor();
  llvm::Expected<mplang::crypto::HmacSha256> mac =
      mplang::crypto::HmacSha256::create(
          llvm::ArrayRef<uint8_t>(key.bytes(), key.numBytes()));
  if (!mac)
    return Status::error(llvm::toString(mac.takeError()));
  std::string file;
  if (Status s = readCsv(objects, uri, file); !s.isOk())
    return s;
  Tensor keys(DType::I64, {capacity, 2}), used(DType::I1, {capacity});
  std::vector<size_t> indices;
  std::string message;
  uint8_t tag[mplang::crypto::kSha256Bytes];
  auto findColumns = [&](llvm::ArrayRef<std::string> header, llvm::StringRef) {
    Status s = findCsvColumns(header, columns, indices);
    return s.isOk() ? s : Status::error(uri + ": " + s.message());
  };
  auto hashRecord = [&](size_t i, llvm::ArrayRef<std::string> fields,
                        llvm::StringRef) -> Status {
    if (int64_t(i) >= capacity)
      return Status::error(uri + " has more than " + llvm::Twine(capacity) +
                           " records, the capacity");
    // Each field after its length, so field boundaries count.
    message.clear();
    for (size_t c : indices) {
      char length[8];
      llvm::support::endian::write64le(length, fields[c].size());
      message.append(length, 8).append(fields[c]);
    }
    if (llvm::Error err =
            mac->mac(llvm::ArrayRef<uint8_t>(
                         reinterpret_cast<const uint8_t *>(message.data()),
                         message.size()),
                     tag))
      return Status::error(llvm::toString(std::move(err)));
    std::memcpy(keys.bytes() + 16 * i, tag, 16);
    used.bytes()[i] = 1;
    return Status::ok();
  };
  if (Status s = forEachRecord(uri, file, findColumns, hashRecord); !s.isOk())
    return s;
  uint8_t digest[mplang::crypto::kSha256Bytes];
  if (Status s = fileDigest(uri, file, digest); !s.isOk())
    return s;
  Tensor digestOut(DType::I64, {4});
  std::memcpy(digestOut.bytes(), digest, sizeof(digest));
  results[0] = Value::tensor(std::move(keys));
  results[1] = Value::tensor(std::move(used));
  results[2] = Value::tensor(std::move(digestOut));
  return Status::ok();
}

Status selectRows(llvm::StringRef uri, llvm::StringRef to,
                  ObjectStore &objects, llvm::ArrayRef<Value> args) {
  const Tensor &mask = args[0].getTensor();
  const Tensor &expected = args[1].getTensor();
  std::string file;
  if (Status s = readCsv(objects, uri, file); !s.isOk())
    return s;
  uint8_t digest[mplang::crypto::kSha256Bytes];
  if (Status s = fileDigest(uri, file, digest); !s.isOk())
    return s;
  if (std::memcmp(expected.bytes(), digest, sizeof(digest)) != 0)
    return Status::error(uri + " changed since store.csv_keys read it");
  std::vector<llvm::StringRef> pieces;
  int64_t size = mask.numElements();
  if (Status s = forEachRecord(
          uri, file,
          [&](auto, llvm::StringRef raw) {
            pieces.push_back(raw);
            return Status::ok();
          },
          [&](size_t i, auto, llvm::StringRef raw) {
            if (int64_t(i) < size && mask.bytes()[i])
              pieces.push_back(raw);
            return Status::ok();
          });
      !s.isOk())
    return s;
  return objects.saveFileBytes(to, pieces);
}

} // namespace

void mplang::rt::registerCsvKernels(KernelRegistry &r) {
  r.add("store.csv_rows", [](mlir::Operation *op, PlanBuilder &) -> Factory {
    std::string uri = mlir::cast<mlir::store::CsvRowsOp>(op).getUri().str();
    return makeStoreKernel([uri](ObjectStore &objects, auto, auto results) {
      return countRows(uri, objects, results);
    });
  });
  r.add("store.csv_keys", [](mlir::Operation *op, PlanBuilder &) -> Factory {
    auto keys = mlir::cast<mlir::store::CsvKeysOp>(op);
    std::vector<std::string> columns;
    for (mlir::Attribute c : keys.getColumns())
      columns.push_back(mlir::cast<mlir::StringAttr>(c).getValue().str());
    int64_t capacity = keys.getUsed().getType().getDimSize(0);
    return makeStoreKernel([uri = keys.getUri().str(), columns,
                      capacity](ObjectStore &objects, auto args, auto results) {
      return hashKeys(uri, columns, capacity, objects, args, results);
    });
  });
  r.add("store.csv_select", [](mlir::Operation *op, PlanBuilder &) -> Factory {
    auto select = mlir::cast<mlir::store::CsvSelectOp>(op);
    return makeStoreKernel([uri = select.getUri().str(), to = select.getTo().str()](
                         ObjectStore &objects, auto args, auto) {
      return selectRows(uri, to, objects, args);
    });
  });
}

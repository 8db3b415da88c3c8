//===- MakeSeeds.cpp - seeds for the binary fuzz targets ------------------===//
//
// Writes the seeds of fuzz-value, fuzz-protocol and fuzz-npy with the
// runtime's own encoders, so they follow the formats:
//   make-fuzz-seeds fuzz/corpus
// Each seed starts with the byte that picks its target's mode.
//
//===----------------------------------------------------------------------===//

#include "mplang/Crypto/BFV/Encryptor.h"
#include "mplang/Runtime/Cluster/Protocol.h"
#include "mplang/Runtime/Dialects/BFV/BFVRuntime.h"
#include "mplang/Runtime/Dialects/BFV/BFVValues.h"
#include "mplang/Runtime/Npy.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace mplang::rt;

static std::string dir;

static void write(llvm::StringRef target, llvm::StringRef name, char mode,
                  llvm::StringRef bytes) {
  std::string sub = dir + "/" + target.str();
  (void)llvm::sys::fs::create_directories(sub);
  std::error_code ec;
  llvm::raw_fd_ostream os(sub + "/" + name.str(), ec);
  if (ec)
    llvm::report_fatal_error(llvm::Twine("cannot write ") + sub + ": " +
                             ec.message());
  if (mode >= 0)
    os << mode;
  os << bytes;
}

static Tensor iota(DType dtype, llvm::ArrayRef<int64_t> shape) {
  Tensor t(dtype, shape);
  for (size_t i = 0; i < t.numBytes(); ++i)
    t.data<uint8_t>()[i] = i * 37 + 1;
  return t;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    llvm::errs() << "usage: make-fuzz-seeds DIR\n";
    return 2;
  }
  dir = argv[1];
  registerBFVValueTypes();

  std::vector<std::pair<std::string, Value>> values = {
      {"absent", Value::absent()},
      {"i64", Value::tensor(iota(DType::I64, {3}))},
      {"f32-2x2", Value::tensor(iota(DType::F32, {2, 2}))},
      {"i1-scalar", Value::tensor(iota(DType::I1, {}))},
      {"gf128", Value::tensor(iota(DType::GF128, {2}))},
  };
  // The smallest parameters the runtime accepts, so seeds stay small.
  mplang::crypto::bfv::ContextPtr ctx;
  if (!getBFVContext(4096, mplang::crypto::bfv::kDefaultPlainModulus, {36, 37},
                     ctx)
           .isOk())
    llvm::report_fatal_error("no BFV context");
  auto gen = llvm::cantFail(mplang::crypto::bfv::KeyGenerator::create(ctx));
  auto pk = llvm::cantFail(gen.createPublicKey());
  auto pt = llvm::cantFail(
      mplang::crypto::bfv::BatchEncoder(ctx).encode({1, 2, 3, 4}));
  auto wrap = [&](auto object) {
    using T = decltype(object);
    return Value::opaque(std::make_shared<const BFVValue<T>>(ctx, object));
  };
  values.push_back({"bfv-public-key", wrap(pk)});
  values.push_back({"bfv-secret-key", wrap(gen.secretKey())});
  values.push_back(
      {"bfv-relin-keys", wrap(llvm::cantFail(gen.createRelinKeys()))});
  values.push_back(
      {"bfv-galois-keys", wrap(llvm::cantFail(gen.createGaloisKeys({1})))});
  values.push_back(
      {"bfv-encoder", wrap(mplang::crypto::bfv::BatchEncoder(ctx))});
  values.push_back({"bfv-plaintext", wrap(pt)});
  values.push_back({"bfv-ciphertext",
                    wrap(llvm::cantFail(
                        mplang::crypto::bfv::Encryptor(ctx, pk).encrypt(pt)))});

  // fuzz-value: mode 0 deserializes, 1 + 3k splits head and body at k
  // bytes, 2 + 3k feeds a MessageReader k + 1 bytes at a time.
  for (auto &[name, value] : values)
    write("value", name, 0, serializeValue(value));
  Message message = encodeValue(values[1].second);
  std::string body(message.body->data<char>(), message.body->numBytes());
  write("value", "i64-split", 1 + 3 * message.head.size(), message.head + body);
  write("value", "i64-reader", 2 + 3 * 4, serializeValue(values[1].second));

  // fuzz-protocol: mode 0 a job, 1 results, 2 + 3m a frame stream (odd m:
  // one part of a large message).
  protocol::JobRequest job;
  job.entry = "main";
  job.trace = true;
  job.module = "module attributes {simp.rank = 0 : i64} {\n"
               "  func.func @main(%a: i64) -> i64 { return %a : i64 }\n}\n";
  job.args = {serializeValue(values[1].second),
              serializeValue(values[0].second)};
  write("protocol", "job", 0, protocol::encodeJob(job));
  write("protocol", "results", 1, protocol::encodeResults(job.args));
  // Modules that crash MLIR's parsers (the seeds of fuzz-ir), as a driver
  // could send them.
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(dir + "/ir", ec), end;
       it != end && !ec; it.increment(ec)) {
    llvm::StringRef file = llvm::sys::path::filename(it->path());
    auto text = llvm::MemoryBuffer::getFile(it->path());
    if (!file.starts_with("parser-crash-") || !text)
      continue;
    protocol::JobRequest crash;
    crash.module = (*text)->getBuffer().str();
    write("protocol", "job-" + llvm::sys::path::stem(file).str(), 0,
          protocol::encodeJob(crash));
  }
  std::string stream;
  for (auto &[tag, value] : {std::pair(int64_t(3), values[1].second),
                             std::pair(int64_t(-1), values[0].second)}) {
    std::string payload = serializeValue(value);
    stream +=
        protocol::encodeFrameHeader("job-1", {tag, "ctx/0"}, payload.size()) +
        payload;
  }
  write("protocol", "stream", 2, stream);
  write("protocol", "stream-part", 2 + 3 * 1, stream);

  // fuzz-npy: files as writeNpy makes them.
  for (auto &[name, value] : values) {
    if (!value.isTensor())
      continue;
    std::string tmp = dir + "/npy/" + name + ".npy";
    (void)llvm::sys::fs::create_directories(dir + "/npy");
    if (!writeNpy(tmp, value.getTensor(), /*isUnsigned=*/name == "i64").isOk())
      llvm::errs() << "no .npy for " << name << "\n";
  }
  return 0;
}

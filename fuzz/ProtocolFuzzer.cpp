//===- ProtocolFuzzer.cpp - the worker's request and frame decoders -------===//
//
// The first byte picks the decoder: a job submission (whose module is then
// parsed as a worker parses it, custom syntax included), a result list, or a
// peer stream cut into frames (whose payloads are decoded as values, as a
// worker does), optionally as one part of a large message.
//
//===----------------------------------------------------------------------===//

#include "mplang/InitAllDialects.h"
#include "mplang/Runtime/Cluster/ModuleCheck.h"
#include "mplang/Runtime/Cluster/Protocol.h"
#include "mplang/Runtime/Dialects/BFV/BFVRuntime.h"
#include "mplang/Runtime/Dialects/BFV/BFVValues.h"

#include "mlir/IR/MLIRContext.h"

using namespace mplang::rt;
using namespace mplang::rt::protocol;

static void decodeStream(llvm::StringRef bytes, uint8_t mode) {
  FrameDecoder::Part part;
  if (mode & 1) {
    part.count = 2 + (mode >> 1) % (kMaxParts - 1);
    part.index = (mode >> 4) % part.count;
    part.place = [](const Frame &, llvm::StringRef, DType dtype,
                    llvm::ArrayRef<int64_t> shape) {
      return std::make_shared<Tensor>(Tensor::forOverwrite(dtype, shape));
    };
  }
  FrameDecoder decoder(1 << 20, std::move(part));
  // Bytes arrive in pieces of varying sizes, as from a socket.
  size_t piece = 1 + mode % 61;
  while (!bytes.empty()) {
    llvm::StringRef chunk = bytes.take_front(piece);
    bytes = bytes.drop_front(chunk.size());
    Status status = decoder.feed(
        chunk,
        [](Frame &&frame) {
          (void)isValidJobId(frame.job);
          (void)isValidContext(frame.key.context);
          Value value;
          (void)decodeValue(std::move(frame.payload), value);
        },
        [&](const Frame &frame, uint64_t) {
          return !(mode & 2) || frame.key.tag % 2;
        });
    if (!status.isOk())
      return;
    piece = piece * 7 % 4093 + 1;
  }
  (void)decoder.atBoundary();
}

/// The worker's parse of a job's module (Worker::Impl::submit).
static void parseModule(const std::string &module) {
  static mlir::DialectRegistry *registry = [] {
    auto *r = new mlir::DialectRegistry;
    mplang::registerAllDialects(*r);
    return r;
  }();
  mlir::MLIRContext ctx(*registry, mlir::MLIRContext::Threading::DISABLED);
  // A fork is cheap, and this process has no thread that holds locks the
  // child needs.
  ModuleCheckLimits limits;
  limits.fork = true;
  limits.seconds = 60;
  Status error = Status::ok();
  (void)parseUntrustedModule(module, "job", ctx, limits, error);
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static bool loaders = (registerBFVValueTypes(), true);
  (void)loaders;
  if (size < 1)
    return 0;
  llvm::StringRef body(reinterpret_cast<const char *>(data) + 1, size - 1);
  switch (data[0] % 3) {
  case 0: {
    JobRequest job;
    if (decodeJob(body, job).isOk()) {
      JobRequest again;
      if (!decodeJob(encodeJob(job), again).isOk())
        __builtin_trap();
      parseModule(job.module);
    }
    break;
  }
  case 1: {
    std::vector<std::string> results;
    (void)decodeResults(body, results);
    break;
  }
  default:
    decodeStream(body, data[0] / 3);
  }
  return 0;
}

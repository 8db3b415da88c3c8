//===- Protocol.h - the worker HTTP protocol, version 1 ---------*- C++ -*-===//
//
// Paths, headers and binary bodies shared by workers and the driver. The
// protocol is specified in docs/protocol.md.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_RUNTIME_CLUSTER_PROTOCOL_H
#define MPLANG_RUNTIME_CLUSTER_PROTOCOL_H

#include "mplang/Runtime/Communicator.h"
#include "mplang/Runtime/Serialize.h"
#include "mplang/Runtime/Status.h"
#include "mplang/Runtime/Trace.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace mplang::rt::protocol {

/// Who sends a request: a rank number, or "driver".
inline constexpr const char *kFromHeader = "X-Mplang-From";
inline constexpr const char *kContextHeader = "X-Mplang-Context";
/// "I/N": the request carries part I of N of one large message.
inline constexpr const char *kPartHeader = "X-Mplang-Part";
/// Parts a message may be split into at most.
inline constexpr unsigned kMaxParts = 8;
inline constexpr const char *kDriver = "driver";
inline constexpr const char *kBinaryType = "application/octet-stream";

/// Job ids and message contexts end up in paths and logs: job ids are
/// 1-64 of [A-Za-z0-9_-], contexts at most 1024 printable ASCII characters.
bool isValidJobId(llvm::StringRef id);
bool isValidContext(llvm::StringRef context);

/// A job submission: the rank's module (MLIR bytecode or text), its entry,
/// the receive time-out, and the serialized entry arguments.
struct JobRequest {
  std::string entry = "main";
  unsigned timeoutSeconds = 60;
  /// Record a Chrome trace of the run (GET /v1/jobs/JOB/trace).
  bool trace = false;
  /// Events the trace holds before it aggregates.
  uint64_t traceMaxEvents = Tracer::kDefaultMaxEvents;
  /// Return the run's statistics with the results.
  bool statistics = false;
  std::string module;
  std::vector<std::string> args;
};

/// Framing: magic "MPJ1", u32 LE length of a JSON header, the header, then
/// the module and each argument as a u64 LE length and the bytes.
std::string encodeJob(const JobRequest &job);
Status decodeJob(llvm::StringRef body, JobRequest &job);

/// Results: magic "MPR1", u32 LE count, then each as u64 LE length + bytes,
/// then, if the job asked for them, the run's statistics as one more
/// length and bytes (JSON).
std::string encodeResults(const std::vector<std::string> &results,
                          llvm::StringRef statistics = "");
Status decodeResults(llvm::StringRef body, std::vector<std::string> &results,
                     std::string *statistics = nullptr);

/// Peer messages travel on a stream: one long PUT /v1/stream per peer
/// connection, chunked, carrying frames back to back. Each frame is
///   u8 job id length, job id, i64 LE tag, u16 LE context length, context,
///   u64 LE payload length, payload.
/// The sender is the stream's authenticated identity, so frames cannot
/// claim another rank.
struct Frame {
  std::string job;
  MessageKey key;
  Message payload;
};

/// Everything of a frame but its payload, which follows it on the wire.
std::string encodeFrameHeader(llvm::StringRef job, const MessageKey &key,
                              uint64_t payloadSize);

/// Cuts a byte stream into frames, whatever the pieces it arrives in.
class FrameDecoder {
public:
  /// For a request carrying part `index` of `count` of a large message
  /// (`kPartHeader`): `place` gives the tensor its parts share (see
  /// MessageReader).
  struct Part {
    unsigned index = 0, count = 1;
    std::function<std::shared_ptr<Tensor>(const Frame &frame,
                                          llvm::StringRef head, DType dtype,
                                          llvm::ArrayRef<int64_t> shape)>
        place;
  };
  explicit FrameDecoder(uint64_t maxPayload) : maxPayload(maxPayload) {}
  FrameDecoder(uint64_t maxPayload, Part part)
      : maxPayload(maxPayload), part(std::move(part)) {}
  /// Decides, from a frame's job, key and payload size, whether its payload
  /// is read; a frame it refuses is skipped.
  using Keep = llvm::function_ref<bool(const Frame &frame, uint64_t size)>;
  /// Consumes `bytes`, calling `onFrame` for each completed frame that
  /// `keep` (if given) accepted; fails on a malformed header or a payload
  /// over the limit.
  Status feed(llvm::StringRef bytes, llvm::function_ref<void(Frame &&)> onFrame,
              Keep keep = nullptr);
  /// True between frames (a stream may end only there).
  bool atBoundary() const { return header.empty() && !payload && !skip; }

private:
  uint64_t maxPayload;
  Part part;
  std::string header;
  /// The payload being read, after its frame's header.
  std::optional<MessageReader> payload;
  /// Bytes left of a refused payload.
  uint64_t skip = 0;
  Frame frame;
};

/// 128 random bits as hex, from the OS.
std::string randomHex(size_t bytes = 16);

} // namespace mplang::rt::protocol

#endif // MPLANG_RUNTIME_CLUSTER_PROTOCOL_H

//===- Protocol.h - the worker HTTP protocol, version 1 ---------*- C++ -*-===//
//
// Paths, headers and binary bodies shared by workers and the driver. The
// protocol is specified in docs/protocol.md.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_RUNTIME_CLUSTER_PROTOCOL_H
#define MPLANG_RUNTIME_CLUSTER_PROTOCOL_H

#include "mplang/Runtime/Status.h"

#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace mplang::rt::protocol {

/// Who sends a request: a rank number, or "driver".
inline constexpr const char *kFromHeader = "X-Mplang-From";
inline constexpr const char *kContextHeader = "X-Mplang-Context";
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
  std::string module;
  std::vector<std::string> args;
};

/// Framing: magic "MPJ1", u32 LE length of a JSON header, the header, then
/// the module and each argument as a u64 LE length and the bytes.
std::string encodeJob(const JobRequest &job);
Status decodeJob(llvm::StringRef body, JobRequest &job);

/// Results: magic "MPR1", u32 LE count, then each as u64 LE length + bytes.
std::string encodeResults(const std::vector<std::string> &results);
Status decodeResults(llvm::StringRef body, std::vector<std::string> &results);

/// 128 random bits as hex, from the OS.
std::string randomHex(size_t bytes = 16);

} // namespace mplang::rt::protocol

#endif // MPLANG_RUNTIME_CLUSTER_PROTOCOL_H

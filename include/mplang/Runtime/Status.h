//===- Status.h - run-time errors -------------------------------*- C++ -*-===//

#ifndef MPLANG_RUNTIME_STATUS_H
#define MPLANG_RUNTIME_STATUS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include <optional>
#include <string>

namespace mplang::rt {

/// What kind of error a Status is, so that callers decide by code (is this
/// a root cause, may it be retried, which HTTP status answers it) and never
/// by the words of a message.
enum class StatusCode {
  Ok,
  /// The operation itself failed (a kernel, a check, a bad message).
  Failed,
  /// Stopped because another rank failed: not a root cause.
  Aborted,
  /// Stopped on request (Ctrl-C, a released job, a stopping worker).
  Cancelled,
  DeadlineExceeded,
  InvalidArgument,
  /// A peer or worker cannot be reached.
  Unavailable,
  PermissionDenied,
  NotFound,
};

/// The code's name as the worker protocol carries it ("deadline_exceeded").
llvm::StringRef statusCodeName(StatusCode code);
std::optional<StatusCode> parseStatusCode(llvm::StringRef name);

/// Success, or an error code and message. The runtime builds without
/// exceptions, so every fallible call returns one of these.
class [[nodiscard]] Status {
public:
  static Status ok() { return Status(); }
  static Status error(StatusCode code, const llvm::Twine &message) {
    Status s;
    s.code_ = code;
    s.message_ = message.str();
    return s;
  }
  static Status error(const llvm::Twine &message) {
    return error(StatusCode::Failed, message);
  }
  static Status aborted(const llvm::Twine &message) {
    return error(StatusCode::Aborted, message);
  }
  static Status cancelled(const llvm::Twine &message) {
    return error(StatusCode::Cancelled, message);
  }
  static Status deadlineExceeded(const llvm::Twine &message) {
    return error(StatusCode::DeadlineExceeded, message);
  }
  static Status invalidArgument(const llvm::Twine &message) {
    return error(StatusCode::InvalidArgument, message);
  }
  static Status unavailable(const llvm::Twine &message) {
    return error(StatusCode::Unavailable, message);
  }
  static Status permissionDenied(const llvm::Twine &message) {
    return error(StatusCode::PermissionDenied, message);
  }
  static Status notFound(const llvm::Twine &message) {
    return error(StatusCode::NotFound, message);
  }

  bool isOk() const { return code_ == StatusCode::Ok; }
  StatusCode code() const { return code_; }
  const std::string &message() const { return message_; }

private:
  StatusCode code_ = StatusCode::Ok;
  std::string message_;
};

} // namespace mplang::rt

#endif // MPLANG_RUNTIME_STATUS_H

//===- Status.h - run-time errors -------------------------------*- C++ -*-===//

#ifndef MPLANG_RUNTIME_STATUS_H
#define MPLANG_RUNTIME_STATUS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include <cassert>
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

/// A value, or the error that prevented it: what a fallible function
/// returns instead of filling an out-parameter.
template <typename T> class [[nodiscard]] StatusOr {
public:
  /// An error; an ok status has no value to go with it.
  StatusOr(Status status) : status_(std::move(status)) {
    assert(!status_.isOk() && "StatusOr needs a value or an error");
  }
  StatusOr(T value) : status_(Status::ok()), value_(std::move(value)) {}

  bool isOk() const { return status_.isOk(); }
  const Status &status() const & { return status_; }
  Status status() && { return std::move(status_); }

  T &operator*() & {
    assert(isOk() && "no value in a failed StatusOr");
    return *value_;
  }
  const T &operator*() const & {
    assert(isOk() && "no value in a failed StatusOr");
    return *value_;
  }
  T &&operator*() && {
    assert(isOk() && "no value in a failed StatusOr");
    return std::move(*value_);
  }
  T *operator->() { return &**this; }
  const T *operator->() const { return &**this; }

private:
  Status status_;
  std::optional<T> value_;
};

/// The status of a Status or StatusOr, for MPLANG_RETURN_IF_ERROR.
inline const Status &statusOf(const Status &status) { return status; }
template <typename T> const Status &statusOf(const StatusOr<T> &result) {
  return result.status();
}

} // namespace mplang::rt

/// Returns the error of `expr` (a Status or a StatusOr) from the enclosing
/// function, which returns a Status or a StatusOr.
#define MPLANG_RETURN_IF_ERROR(expr)                                           \
  do {                                                                         \
    if (auto &&mplangStatus = (expr);                                          \
        !::mplang::rt::statusOf(mplangStatus).isOk())                          \
      return ::mplang::rt::statusOf(mplangStatus);                             \
  } while (false)

#endif // MPLANG_RUNTIME_STATUS_H

//===- Status.h - run-time errors -------------------------------*- C++ -*-===//

#ifndef MPLANG_RUNTIME_STATUS_H
#define MPLANG_RUNTIME_STATUS_H

#include "llvm/ADT/Twine.h"
#include <string>

namespace mplang::rt {

/// Success, or an error message. The runtime builds without exceptions, so
/// every fallible call returns one of these.
class [[nodiscard]] Status {
public:
  static Status ok() { return Status(); }
  static Status error(const llvm::Twine &message) {
    Status s;
    s.failed_ = true;
    s.message_ = message.str();
    return s;
  }
  bool isOk() const { return !failed_; }
  const std::string &message() const { return message_; }

private:
  bool failed_ = false;
  std::string message_;
};

} // namespace mplang::rt

#endif // MPLANG_RUNTIME_STATUS_H

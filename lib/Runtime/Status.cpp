//===- Status.cpp - run-time errors ---------------------------------------===//

#include "mplang/Runtime/Status.h"

using namespace mplang::rt;

llvm::StringRef mplang::rt::statusCodeName(StatusCode code) {
  switch (code) {
  case StatusCode::Ok:
    return "ok";
  case StatusCode::Failed:
    return "failed";
  case StatusCode::Aborted:
    return "aborted";
  case StatusCode::Cancelled:
    return "cancelled";
  case StatusCode::DeadlineExceeded:
    return "deadline_exceeded";
  case StatusCode::InvalidArgument:
    return "invalid_argument";
  case StatusCode::Unavailable:
    return "unavailable";
  case StatusCode::PermissionDenied:
    return "permission_denied";
  case StatusCode::NotFound:
    return "not_found";
  }
  return "failed";
}

std::optional<StatusCode> mplang::rt::parseStatusCode(llvm::StringRef name) {
  for (StatusCode code :
       {StatusCode::Ok, StatusCode::Failed, StatusCode::Aborted,
        StatusCode::Cancelled, StatusCode::DeadlineExceeded,
        StatusCode::InvalidArgument, StatusCode::Unavailable,
        StatusCode::PermissionDenied, StatusCode::NotFound})
    if (statusCodeName(code) == name)
      return code;
  return std::nullopt;
}

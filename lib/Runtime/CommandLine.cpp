//===- CommandLine.cpp - checking and passing on flags --------------------===//

#include "mplang/Runtime/CommandLine.h"

using namespace mplang;
using mplang::rt::Status;

Status flags::checkPositive(
    std::initializer_list<std::pair<const llvm::cl::Option *, uint64_t>>
        values) {
  for (auto [flag, value] : values)
    if (value == 0)
      return Status::invalidArgument("--" + flag->ArgStr +
                                     " must be at least 1");
  return Status::ok();
}

void flags::append(std::vector<std::string> &args, llvm::StringRef name,
                   const llvm::Twine &value) {
  args.push_back(("--" + name + "=" + value).str());
}

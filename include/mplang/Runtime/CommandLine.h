//===- CommandLine.h - checking and passing on flags ------------*- C++ -*-===//
//
// The runtime's libraries check the flags they declare (mplang/Support/
// CommandLine.h) and write them back for a worker they start (appendArgs).
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_RUNTIME_COMMANDLINE_H
#define MPLANG_RUNTIME_COMMANDLINE_H

#include "mplang/Runtime/Status.h"
#include "mplang/Support/CommandLine.h"

#include <initializer_list>
#include <string>
#include <vector>

namespace mplang::flags {

/// `--NAME must be at least 1` for the first flag whose value is 0.
rt::Status checkPositive(
    std::initializer_list<std::pair<const llvm::cl::Option *, uint64_t>>
        values);

/// Appends `--NAME=VALUE` to `args`.
void append(std::vector<std::string> &args, llvm::StringRef name,
            const llvm::Twine &value);

} // namespace mplang::flags

#endif // MPLANG_RUNTIME_COMMANDLINE_H

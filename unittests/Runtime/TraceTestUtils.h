//===- TraceTestUtils.h - reading written traces in tests -------*- C++ -*-===//

#ifndef MPLANG_UNITTESTS_RUNTIME_TRACETESTUTILS_H
#define MPLANG_UNITTESTS_RUNTIME_TRACETESTUTILS_H

#include "mplang/Runtime/Trace.h"

#include "llvm/Support/JSON.h"
#include "gtest/gtest.h"

namespace mplang::rt::testing {

/// The events of `tracer`'s trace as written.
inline llvm::json::Array written(const Tracer &tracer) {
  std::string text;
  llvm::raw_string_ostream os(text);
  Tracer::write({&tracer}, os);
  llvm::Expected<llvm::json::Value> parsed = llvm::json::parse(text);
  EXPECT_TRUE(bool(parsed)) << llvm::toString(parsed.takeError());
  return parsed ? *parsed->getAsObject()->getArray("traceEvents")
                : llvm::json::Array();
}

} // namespace mplang::rt::testing

#endif // MPLANG_UNITTESTS_RUNTIME_TRACETESTUTILS_H

//===- RuntimeTestUtils.h - running small programs in tests -----*- C++ -*-===//

#ifndef MPLANG_UNITTESTS_RUNTIME_RUNTIMETESTUTILS_H
#define MPLANG_UNITTESTS_RUNTIME_RUNTIMETESTUTILS_H

#include "mplang/InitAllDialects.h"
#include "mplang/InitAllKernels.h"
#include "mplang/Runtime/Executor.h"

#include "mlir/Parser/Parser.h"
#include "gtest/gtest.h"

namespace mplang::rt::testing {

/// Parses `text` and compiles its function @main.
class Program {
public:
  explicit Program(llvm::StringRef text) : ctx(makeRegistry()) {
    module = mlir::parseSourceString<mlir::ModuleOp>(text, &ctx);
    EXPECT_TRUE(module) << "program does not parse";
    // @main may sit in a per-rank module.
    module->walk([&](mlir::func::FuncOp fn) {
      if (fn.getName() == "main")
        plan = plans.compileFunction(fn);
    });
    EXPECT_TRUE(plan) << "program does not compile";
  }
  const BlockPlan &main() const { return *plan; }

private:
  static mlir::DialectRegistry makeRegistry() {
    mlir::DialectRegistry registry;
    registerAllDialects(registry);
    return registry;
  }
  mlir::MLIRContext ctx;
  mlir::OwningOpRef<mlir::ModuleOp> module;
  PlanBuilder plans{mplang::getAllKernels()};
  const BlockPlan *plan = nullptr;
};

inline Value scalar(int64_t v) {
  Tensor t(DType::I64, {});
  t.data<int64_t>()[0] = v;
  return Value::tensor(std::move(t));
}

inline int64_t asInt(const Value &v) {
  return v.getTensor().data<int64_t>()[0];
}

} // namespace mplang::rt::testing

#endif // MPLANG_UNITTESTS_RUNTIME_RUNTIMETESTUTILS_H

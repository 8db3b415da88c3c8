//===- SSDialect.h - ss dialect ---------------------------------*- C++ -*-===//

#ifndef MPLANG_DIALECT_SS_IR_SSDIALECT_H
#define MPLANG_DIALECT_SS_IR_SSDIALECT_H

#include "mplang/Dialect/Simp/IR/SimpDialect.h"

#include "mlir/IR/Dialect.h"

#include "mplang/Dialect/SS/IR/SSOpsDialect.h.inc"

#endif // MPLANG_DIALECT_SS_IR_SSDIALECT_H

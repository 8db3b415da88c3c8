//===- SSTypes.h - ss dialect schemes and types -----------------*- C++ -*-===//

#ifndef MPLANG_DIALECT_SS_IR_SSTYPES_H
#define MPLANG_DIALECT_SS_IR_SSTYPES_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Types.h"

#include "mplang/Dialect/SS/IR/SSAttrInterfaces.h.inc"

#define GET_ATTRDEF_CLASSES
#include "mplang/Dialect/SS/IR/SSOpsAttributes.h.inc"

#define GET_TYPEDEF_CLASSES
#include "mplang/Dialect/SS/IR/SSOpsTypes.h.inc"

#endif // MPLANG_DIALECT_SS_IR_SSTYPES_H

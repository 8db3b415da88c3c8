//===- CommandLine.h - a library's own flags --------------------*- C++ -*-===//
//
// Each library declares its own flags next to the options struct they fill,
// with the struct's defaults (registerCLOptions / createFromCLOptions, as
// MLIR's tools do); a tool registers the libraries it uses in its category.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_SUPPORT_COMMANDLINE_H
#define MPLANG_SUPPORT_COMMANDLINE_H

#include "llvm/Support/CommandLine.h"
#include <cassert>

namespace mplang::flags {

/// Where `registerOnce` keeps a library's flags.
template <typename Flags> Flags *&registeredSlot() {
  static Flags *flags = nullptr;
  return flags;
}

/// Declares the flags of `Flags` (a struct of llvm::cl options built from a
/// category) in `category`, once per process.
template <typename Flags>
void registerOnce(llvm::cl::OptionCategory &category) {
  static Flags flags(category);
  registeredSlot<Flags>() = &flags;
}

/// The flags `registerOnce` declared.
template <typename Flags> const Flags &registered() {
  assert(registeredSlot<Flags>() && "registerCLOptions was not called");
  return *registeredSlot<Flags>();
}

} // namespace mplang::flags

#endif // MPLANG_SUPPORT_COMMANDLINE_H

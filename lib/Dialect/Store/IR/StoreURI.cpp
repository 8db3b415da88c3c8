//===- StoreURI.cpp - object URIs of the store dialect
//---------------------===//

#include "mplang/Dialect/Store/IR/StoreURI.h"

#include "llvm/ADT/StringExtras.h"

using namespace mlir::store;

static bool isComponentChar(char c) {
  return llvm::isAlnum(c) || c == '.' || c == '_' || c == '-';
}

bool mlir::store::parseObjectURI(llvm::StringRef uri, ObjectURI &out,
                                 std::string &error) {
  auto fail = [&](const llvm::Twine &why) {
    error = ("'" + uri + "'" + why).str();
    return false;
  };
  llvm::StringRef path = uri;
  if (path.consume_front("fs://"))
    out.scheme = Scheme::File;
  else if (path.consume_front("mem://"))
    out.scheme = Scheme::Memory;
  else
    return fail(" is not an object URI: expected fs://PATH or mem://NAME");
  if (path.starts_with("/"))
    return fail(": absolute paths are not allowed, the path is relative to "
                "the party's store");
  out.components.clear();
  llvm::SmallVector<llvm::StringRef, 4> parts;
  path.split(parts, '/');
  for (llvm::StringRef part : parts) {
    if (part.empty() || part.size() > kMaxComponentLength)
      return fail(": path components must have 1 to " +
                  llvm::Twine(kMaxComponentLength) + " characters");
    if (part == "." || part == "..")
      return fail(": '" + part +
                  "' is not allowed in a path, which must stay inside the "
                  "party's store");
    if (!llvm::all_of(part, isComponentChar))
      return fail(": path components may only hold [A-Za-z0-9._-]");
    out.components.push_back(part);
  }
  return true;
}

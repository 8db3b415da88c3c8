//===- Csv.cpp - reading RFC 4180 CSV records -----------------------------===//

#include "mplang/Runtime/Store/Csv.h"

#include "llvm/ADT/StringExtras.h"

using namespace mplang::rt;

Status CsvReader::next(std::vector<std::string> &fields, llvm::StringRef &raw,
                       bool &found) {
  fields.clear();
  found = pos < text.size();
  if (!found)
    return Status::ok();
  size_t start = pos, startLine = currentLine;
  std::string field;
  bool quoted = false, afterQuote = false;
  while (pos < text.size()) {
    char c = text[pos++];
    if (quoted) {
      if (c == '"' && pos < text.size() && text[pos] == '"') {
        field += '"';
        ++pos;
      } else if (c == '"') {
        quoted = false;
        afterQuote = true;
      } else {
        currentLine += c == '\n';
        field += c;
      }
      continue;
    }
    if (c == ',') {
      fields.push_back(std::move(field));
      field.clear();
      afterQuote = false;
      continue;
    }
    if (c == '\n' || (c == '\r' && pos < text.size() && text[pos] == '\n')) {
      pos += c == '\r';
      ++currentLine;
      break;
    }
    if (afterQuote)
      return Status::invalidArgument(
          "line " + llvm::Twine(currentLine) +
          ": text after a closing quote (a quote inside a quoted field is "
          "written twice)");
    if (c == '"' && field.empty()) {
      quoted = true;
      continue;
    }
    field += c;
  }
  if (quoted)
    return Status::invalidArgument("line " + llvm::Twine(startLine) +
                                   ": a quoted field is not closed");
  fields.push_back(std::move(field));
  raw = text.slice(start, pos);
  return Status::ok();
}

Status mplang::rt::findCsvColumns(llvm::ArrayRef<std::string> header,
                                  llvm::ArrayRef<std::string> names,
                                  std::vector<size_t> &indices) {
  indices.clear();
  for (const std::string &name : names) {
    auto it = llvm::find(header, name);
    if (it == header.end())
      return Status::invalidArgument(
          "no column '" + name + "' (the header has: " +
          llvm::join(header.begin(), header.end(), ", ") + ")");
    indices.push_back(it - header.begin());
  }
  return Status::ok();
}

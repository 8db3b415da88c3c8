//===- Csv.h - reading RFC 4180 CSV records ---------------------*- C++ -*-===//
//
// The CSV files that PSI's front door reads (docs/store.md): comma-separated
// fields, optionally in double quotes (a quote inside doubled), records ended
// by LF or CRLF, the first record a header naming the columns.
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_RUNTIME_STORE_CSV_H
#define MPLANG_RUNTIME_STORE_CSV_H

#include "mplang/Runtime/Status.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace mplang::rt {

/// The most bytes a CSV file the store ops read may have: the file is read
/// whole into memory.
constexpr uint64_t kMaxCsvFileBytes = uint64_t(4) << 30;

/// Reads the records of a CSV text in order. `text` must outlive it.
class CsvReader {
public:
  explicit CsvReader(llvm::StringRef text) : text(text) {}

  /// Reads the next record: its unquoted fields and its raw bytes, line end
  /// included. False at the end of the text; an error names the line of an
  /// unterminated quote or of text after a closing quote.
  Status next(std::vector<std::string> &fields, llvm::StringRef &raw,
              bool &found);

  /// The line the next record starts on (1-based).
  size_t line() const { return currentLine; }

private:
  llvm::StringRef text;
  size_t pos = 0;
  size_t currentLine = 1;
};

/// The indices of `names` in `header`; an error names a missing column.
Status findCsvColumns(llvm::ArrayRef<std::string> header,
                      llvm::ArrayRef<std::string> names,
                      std::vector<size_t> &indices);

} // namespace mplang::rt

#endif // MPLANG_RUNTIME_STORE_CSV_H

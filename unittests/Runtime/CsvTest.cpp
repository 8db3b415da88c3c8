//===- CsvTest.cpp - RFC 4180 records, byte for byte ----------------------===//

#include "mplang/Runtime/Store/Csv.h"

#include <gtest/gtest.h>

using namespace mplang::rt;

namespace {

struct Record {
  std::vector<std::string> fields;
  std::string raw;
};

/// Every record of `text`, or the reader's error message.
std::vector<Record> readAll(llvm::StringRef text, std::string *error = nullptr) {
  CsvReader reader(text);
  std::vector<Record> records;
  for (;;) {
    Record r;
    llvm::StringRef raw;
    bool found;
    Status s = reader.next(r.fields, raw, found);
    if (!s.isOk()) {
      if (error)
        *error = s.message();
      return records;
    }
    if (!found)
      return records;
    r.raw = raw.str();
    records.push_back(std::move(r));
  }
}

TEST(CsvReader, QuotesCommasAndLineEnds) {
  std::string text = "id,name\r\n7,\"Smith, J\"\n8,\"say \"\"hi\"\"\"\n"
                     "9,\"two\nlines\"\n10,";
  std::vector<Record> records = readAll(text);
  ASSERT_EQ(records.size(), 5u);
  EXPECT_EQ(records[0].fields, (std::vector<std::string>{"id", "name"}));
  EXPECT_EQ(records[0].raw, "id,name\r\n");
  EXPECT_EQ(records[1].fields, (std::vector<std::string>{"7", "Smith, J"}));
  EXPECT_EQ(records[2].fields, (std::vector<std::string>{"8", "say \"hi\""}));
  EXPECT_EQ(records[3].fields, (std::vector<std::string>{"9", "two\nlines"}));
  EXPECT_EQ(records[3].raw, "9,\"two\nlines\"\n");
  // The last record has no line end, and its last field is empty.
  EXPECT_EQ(records[4].fields, (std::vector<std::string>{"10", ""}));
  EXPECT_EQ(records[4].raw, "10,");
  // The raw bytes of all records are the text.
  std::string joined;
  for (const Record &r : records)
    joined += r.raw;
  EXPECT_EQ(joined, text);
}

TEST(CsvReader, LoneCarriageReturnIsData) {
  std::vector<Record> records = readAll("a\rb,c\n");
  ASSERT_EQ(records.size(), 1u);
  EXPECT_EQ(records[0].fields, (std::vector<std::string>{"a\rb", "c"}));
}

TEST(CsvReader, UnclosedQuoteNamesItsLine) {
  std::string error;
  std::vector<Record> records = readAll("id\n1\n\"open\nstill\n", &error);
  EXPECT_EQ(records.size(), 2u);
  EXPECT_EQ(error, "line 3: a quoted field is not closed");
}

TEST(CsvReader, TextAfterQuoteIsRefused) {
  std::string error;
  readAll("id\n\"a\"b\n", &error);
  EXPECT_EQ(error, "line 2: text after a closing quote (a quote inside a "
                   "quoted field is written twice)");
}

TEST(CsvColumns, FoundInOrderOrNamed) {
  std::vector<size_t> indices;
  std::vector<std::string> header = {"id", "email", "phone"};
  ASSERT_TRUE(findCsvColumns(header, {"phone", "id"}, indices).isOk());
  EXPECT_EQ(indices, (std::vector<size_t>{2, 0}));
  Status s = findCsvColumns(header, {"mail"}, indices);
  EXPECT_EQ(s.message(),
            "no column 'mail' (the header has: id, email, phone)");
}

} // namespace

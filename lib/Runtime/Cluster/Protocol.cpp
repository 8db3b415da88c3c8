//===- Protocol.cpp - the worker HTTP protocol, version 1 -----------------===//

#include "mplang/Runtime/Cluster/Protocol.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Endian.h"
#include <nlohmann/json.hpp>
#include <sys/random.h>

using namespace mplang::rt;
using namespace mplang::rt::protocol;
using llvm::StringRef;

bool protocol::isValidJobId(StringRef id) {
  return !id.empty() && id.size() <= 64 && llvm::all_of(id, [](char c) {
    return llvm::isAlnum(c) || c == '_' || c == '-';
  });
}

bool protocol::isValidContext(StringRef context) {
  return context.size() <= 1024 &&
         llvm::all_of(context, [](char c) { return c >= 0x20 && c < 0x7f; });
}

template <typename T> static void put(std::string &out, T value) {
  char bytes[sizeof(T)];
  llvm::support::endian::write<T, llvm::endianness::little>(bytes, value);
  out.append(bytes, sizeof(T));
}

/// Reads little-endian integers and length-prefixed blobs from a body,
/// failing (not crashing) on truncation.
namespace {
class Cursor {
public:
  explicit Cursor(StringRef bytes) : rest(bytes) {}
  template <typename T> bool get(T &value) {
    if (rest.size() < sizeof(T))
      return false;
    value =
        llvm::support::endian::read<T, llvm::endianness::little>(rest.data());
    rest = rest.drop_front(sizeof(T));
    return true;
  }
  bool blob(std::string &out) {
    uint64_t size;
    if (!get(size) || size > rest.size())
      return false;
    out = rest.take_front(size).str();
    rest = rest.drop_front(size);
    return true;
  }
  bool take(size_t size, StringRef &out) {
    if (size > rest.size())
      return false;
    out = rest.take_front(size);
    rest = rest.drop_front(size);
    return true;
  }
  bool atEnd() const { return rest.empty(); }

private:
  StringRef rest;
};
} // namespace

static void putBlob(std::string &out, StringRef blob) {
  put<uint64_t>(out, blob.size());
  out.append(blob.data(), blob.size());
}

std::string protocol::encodeJob(const JobRequest &job) {
  nlohmann::json header = {
      {"entry", job.entry},      {"timeout_s", job.timeoutSeconds},
      {"trace", job.trace},      {"trace_max_events", job.traceMaxEvents},
      {"stats", job.statistics}, {"num_args", job.args.size()}};
  std::string text = header.dump();
  std::string out = "MPJ1";
  put<uint32_t>(out, text.size());
  out += text;
  putBlob(out, job.module);
  for (const std::string &arg : job.args)
    putBlob(out, arg);
  return out;
}

/// The whole number `field` of a job header, within [min, max]. JSON's
/// conversions would wrap -1, truncate 1.5 and make 1e300 undefined.
static Status getCount(const nlohmann::json &header, const char *field,
                       uint64_t min, uint64_t max, uint64_t &out) {
  auto it = header.find(field);
  if (it == header.end())
    return Status::error(llvm::Twine("bad job header: no ") + field);
  if (!it->is_number_unsigned() || it->get<uint64_t>() < min ||
      it->get<uint64_t>() > max) {
    std::string value = it->dump();
    if (value.size() > 40)
      value = value.substr(0, 37) + "...";
    return Status::error(llvm::Twine("bad job header: ") + field +
                         " must be a whole number from " + llvm::Twine(min) +
                         " to " + llvm::Twine(max) + ", not " + value);
  }
  out = it->get<uint64_t>();
  return Status::ok();
}

Status protocol::decodeJob(StringRef body, JobRequest &job) {
  if (!body.consume_front("MPJ1"))
    return Status::error("job body does not start with \"MPJ1\"");
  Cursor cursor(body);
  uint32_t headerSize;
  StringRef headerText;
  if (!cursor.get(headerSize) || !cursor.take(headerSize, headerText))
    return Status::error("job body truncated in its header");
  uint64_t numArgs = 0, timeout = 0;
  try {
    auto header = nlohmann::json::parse(headerText);
    job.entry = header.at("entry").get<std::string>();
    job.trace = header.value("trace", false);
    job.statistics = header.value("stats", false);
    if (Status s = getCount(header, "timeout_s", 0, UINT32_MAX, timeout);
        !s.isOk())
      return s;
    job.timeoutSeconds = timeout;
    if (header.contains("trace_max_events"))
      if (Status s = getCount(header, "trace_max_events", 1, UINT64_MAX,
                              job.traceMaxEvents);
          !s.isOk())
        return s;
    if (Status s = getCount(header, "num_args", 0, UINT64_MAX, numArgs);
        !s.isOk())
      return s;
  } catch (const std::exception &e) {
    return Status::error(llvm::Twine("bad job header: ") + e.what());
  }
  if (job.entry.empty() || job.entry.size() > 256)
    return Status::error("bad job header: entry must have 1-256 characters");
  if (!cursor.blob(job.module))
    return Status::error("job body truncated in the module");
  job.args.clear();
  for (uint64_t i = 0; i < numArgs; ++i) {
    std::string arg;
    if (!cursor.blob(arg))
      return Status::error("job body truncated in argument " + llvm::Twine(i));
    job.args.push_back(std::move(arg));
  }
  if (!cursor.atEnd())
    return Status::error("job body has bytes after its last argument");
  return Status::ok();
}

std::string protocol::encodeResults(const std::vector<std::string> &results,
                                    StringRef statistics) {
  std::string out = "MPR1";
  put<uint32_t>(out, results.size());
  for (const std::string &result : results)
    putBlob(out, result);
  if (!statistics.empty())
    putBlob(out, statistics);
  return out;
}

Status protocol::decodeResults(StringRef body,
                               std::vector<std::string> &results,
                               std::string *statistics) {
  if (!body.consume_front("MPR1"))
    return Status::error("results do not start with \"MPR1\"");
  Cursor cursor(body);
  uint32_t count;
  // Each result takes at least its 8-byte length.
  if (!cursor.get(count) || count > body.size() / 8)
    return Status::error("results truncated");
  results.assign(count, {});
  for (std::string &result : results)
    if (!cursor.blob(result))
      return Status::error("results truncated");
  if (statistics && !cursor.atEnd() && !cursor.blob(*statistics))
    return Status::error("results truncated in the statistics");
  if (!cursor.atEnd())
    return Status::error("results have trailing bytes");
  return Status::ok();
}

std::string protocol::encodeFrameHeader(StringRef job, const MessageKey &key,
                                        uint64_t payloadSize) {
  std::string out;
  out.push_back(char(job.size()));
  out += job;
  put<int64_t>(out, key.tag);
  put<uint16_t>(out, key.context.size());
  out += key.context;
  put<uint64_t>(out, payloadSize);
  return out;
}

/// The header length once its variable parts' lengths are known, or 0 while
/// they are not.
static size_t headerLength(StringRef header) {
  if (header.empty())
    return 0;
  size_t contextAt = 1 + uint8_t(header[0]) + 8;
  if (header.size() < contextAt + 2)
    return 0;
  uint16_t contextSize =
      llvm::support::endian::read<uint16_t, llvm::endianness::little>(
          header.data() + contextAt);
  return contextAt + 2 + contextSize + 8;
}

Status FrameDecoder::feed(StringRef bytes,
                          llvm::function_ref<void(Frame &&)> onFrame,
                          Keep keep) {
  while (!bytes.empty()) {
    if (skip) {
      uint64_t n = std::min<uint64_t>(skip, bytes.size());
      skip -= n;
      bytes = bytes.drop_front(n);
    } else if (payload) {
      bytes = bytes.drop_front(payload->feed(bytes));
    } else {
      // Headers are short: gather them a byte range at a time.
      size_t need = headerLength(header);
      size_t want = need ? need - header.size() : 1;
      header.append(bytes.data(), std::min(want, bytes.size()));
      bytes = bytes.drop_front(std::min(want, bytes.size()));
      need = headerLength(header);
      if (!need || header.size() < need)
        continue;
      Cursor cursor(header);
      uint8_t jobSize = 0;
      uint16_t contextSize = 0;
      uint64_t payloadSize = 0;
      StringRef job, context;
      cursor.get(jobSize);
      cursor.take(jobSize, job);
      cursor.get(frame.key.tag);
      cursor.get(contextSize);
      cursor.take(contextSize, context);
      cursor.get(payloadSize);
      if (!isValidJobId(job))
        return Status::error("bad job id in a message");
      if (!isValidContext(context))
        return Status::error("bad message context");
      if (payloadSize > maxPayload)
        return Status::error("message of " + llvm::Twine(payloadSize) +
                             " bytes exceeds the limit of " +
                             llvm::Twine(maxPayload));
      frame.job = job.str();
      frame.key.context = context.str();
      header.clear();
      if (keep && !keep(frame, payloadSize)) {
        skip = payloadSize;
        continue;
      }
      MessageReader::Part share;
      if (part.count > 1)
        share = {
            part.index, part.count,
            [this](StringRef head, DType dtype, llvm::ArrayRef<int64_t> shape) {
              return part.place(frame, head, dtype, shape);
            }};
      payload.emplace(payloadSize, std::move(share));
    }
    if (payload && payload->complete()) {
      frame.payload = payload->take();
      payload.reset();
      onFrame(std::move(frame));
      frame = Frame();
    }
  }
  return Status::ok();
}

std::string protocol::randomHex(size_t bytes) {
  std::vector<uint8_t> buffer(bytes);
  size_t filled = 0;
  while (filled < bytes) {
    ssize_t n = getrandom(buffer.data() + filled, bytes - filled, 0);
    if (n > 0)
      filled += n;
  }
  return llvm::toHex(buffer, /*LowerCase=*/true);
}

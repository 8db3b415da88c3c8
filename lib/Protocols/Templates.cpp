//===- Templates.cpp - sized protocol templates ---------------------------===//
//
// The size rules of the protocol library and the instantiation of its
// templates (docs/protocols.md, "Sizes").
//
//===----------------------------------------------------------------------===//

#include "mplang/Protocols/Templates.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Regex.h"

using namespace mplang::protocols;
using llvm::StringRef;

namespace {

/// The expand-convolute code's expander weight and band (RRT23's
/// ExConv7x24) and the least number of trees, one noise position each
/// (docs/protocols.md, "Silent VOLE").
constexpr int64_t kSilentVoleWeight = 7;
constexpr int64_t kSilentVoleBand = 24;
constexpr int64_t kSilentVoleMinTrees = 546;
/// The random OTs the silent VOLE template calls, one per tree and level.
constexpr int64_t kTreeOts = 16384;
/// Sizes above this are refused before any arithmetic on them.
constexpr int64_t kMaxSize = int64_t(1) << 32;

llvm::Error fail(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

using Placeholders = llvm::StringMap<std::string>;

/// The text between `// <what> BEGIN` and `// <what> END` lines, and what
/// comes before and after them; false when there are no such markers.
bool splitAt(StringRef text, StringRef what, StringRef &head, StringRef &body,
             StringRef &tail) {
  std::string begin = ("// " + what + " BEGIN\n").str();
  std::string end = ("// " + what + " END\n").str();
  size_t b = text.find(begin);
  size_t e = text.find(end);
  if (b == StringRef::npos || e == StringRef::npos || e < b)
    return false;
  head = text.take_front(b);
  body = text.slice(b + begin.size(), e);
  tail = text.drop_front(e + end.size());
  return true;
}

/// `text` with each `@KEY@` (KEY upper case letters and digits) replaced
/// by its value; an unknown key fails when `strict`, else stays.
llvm::Expected<std::string>
substitute(StringRef text, const Placeholders &values, bool strict) {
  std::string out;
  out.reserve(text.size());
  size_t i = 0;
  while (i < text.size()) {
    size_t at = text.find('@', i);
    if (at == StringRef::npos) {
      out += text.drop_front(i);
      break;
    }
    out += text.slice(i, at);
    size_t j = at + 1;
    while (j < text.size() &&
           (llvm::isUpper(text[j]) || (j > at + 1 && llvm::isDigit(text[j]))))
      ++j;
    if (j == at + 1 || j >= text.size() || text[j] != '@') {
      out += '@';
      i = at + 1;
      continue;
    }
    StringRef key = text.slice(at + 1, j);
    auto it = values.find(key);
    if (it != values.end())
      out += it->second;
    else if (strict)
      return fail("unknown placeholder @" + key + "@");
    else
      out += text.slice(at, j + 1);
    i = j + 1;
  }
  return out;
}

std::string numberList(int64_t first, int64_t last) {
  std::string out;
  int64_t step = first <= last ? 1 : -1;
  for (int64_t i = first;; i += step) {
    if (!out.empty())
      out += ", ";
    out += std::to_string(i);
    if (i == last)
      break;
  }
  return out;
}

/// The placeholders `kind` derives from `n`, besides @N@.
llvm::Expected<Placeholders> derive(StringRef kind, int64_t n) {
  auto num = [](int64_t v) { return std::to_string(v); };
  if (kind == "iknp") {
    if (n % 128 != 0)
      return fail("IKNP OT of " + num(n) + ": not a multiple of 128");
    return Placeholders{{"W", num(n / 64)}, {"B", num(n / 128)}};
  }
  if (kind == "vole")
    return Placeholders{{"W", num(2 * n)}, {"M", num(128 * n)}};
  if (kind == "svole") {
    llvm::Expected<SilentVoleShape> shape = getSilentVoleShape(n);
    if (!shape)
      return shape.takeError();
    int64_t t = shape->trees, d = shape->depth, b = int64_t(1) << d;
    return Placeholders{{"T", num(t)},
                        {"T2", num(2 * t)},
                        {"IOTAT", numberList(0, t - 1)},
                        {"B", num(b)},
                        {"D", num(d)},
                        {"NN", num(t * b)},
                        {"TD", num(t * d)},
                        {"SHIFTS", numberList(d - 1, 0)},
                        {"WT", num(kSilentVoleWeight)},
                        {"BAND", num(kSilentVoleBand)}};
  }
  if (kind == "psi")
    return Placeholders{{"M", num(getOkvsSize(n))},
                        {"K", num(getPsiTagWords(n))}};
  if (kind == "ss") {
    int64_t c = getSsChunk(n);
    if (n < 16 || n % c != 0)
      return fail("additive sharing of " + num(n) +
                  ": not a multiple of its chunk " + num(c));
    return Placeholders{{"N2", num(2 * n)},
                        {"C", num(c)},
                        {"HALFC", num(c / 2)},
                        {"K", num(n / c)}};
  }
  if (kind == "ssotmul")
    return Placeholders{{"M", num(64 * n)}};
  if (kind == "rep3") {
    if (n % 2 != 0)
      return fail("replicated sharing of " + num(n) + ": not even");
    return Placeholders{{"N2", num(2 * n)}, {"H", num(n / 2)}};
  }
  if (kind == "upsi") {
    if (n % 2 != 0)
      return fail("unbalanced PSI of " + num(n) + ": not even");
    int64_t c = getUpsiChunk(n);
    return Placeholders{{"C", num(c)},
                        {"HC", num(c / 2)},
                        {"K", num((n + c - 1) / c)},
                        {"LAST", num(n - c)}};
  }
  return fail("unknown template kind '" + kind + "'");
}

/// The PER-LEVEL sections of `text`, each repeated for the levels of a
/// silent VOLE of `n` outputs.
llvm::Expected<std::string> expandLevels(std::string text, StringRef kind,
                                         int64_t n) {
  StringRef head, body, tail;
  while (splitAt(text, "PER-LEVEL", head, body, tail)) {
    if (kind != "svole")
      return fail("PER-LEVEL sections need the kind svole");
    SilentVoleShape shape = cantFail(getSilentVoleShape(n));
    std::string levels;
    for (int64_t l = 0; l < shape.depth; ++l) {
      int64_t p = shape.trees << l;
      Placeholders level{{"L", std::to_string(l)},
                         {"L1", std::to_string(l + 1)},
                         {"Q", std::to_string(int64_t(1) << l)},
                         {"P", std::to_string(p)},
                         {"PC", std::to_string(2 * p)},
                         {"SH", std::to_string(shape.depth - 1 - l)}};
      levels += cantFail(substitute(body, level, /*strict=*/false));
    }
    text = (head + levels + tail).str();
  }
  return text;
}

} // namespace

llvm::Expected<SilentVoleShape>
mplang::protocols::getSilentVoleShape(int64_t n) {
  int64_t d = 1, t = n, next = (n + 1) / 2;
  while (next >= kSilentVoleMinTrees) {
    t = next;
    ++d;
    int64_t leaves2 = int64_t(2) << d;
    next = (2 * n + leaves2 - 1) / leaves2;
  }
  t = std::max(t, kSilentVoleMinTrees);
  if (t * d > kTreeOts)
    return fail("silent VOLE of " + std::to_string(n) + ": " +
                std::to_string(t) + " trees of depth " + std::to_string(d) +
                " need more OTs than the template has");
  return SilentVoleShape{t, d};
}

int64_t mplang::protocols::getOkvsSize(int64_t n) {
  int64_t m;
  if (n <= 200)
    m = n * 25;
  else if (n < 1000)
    m = n * 12;
  else if (n <= 10000)
    m = n * 16 / 10;
  else if (n <= 100000)
    m = n * 14 / 10;
  else
    m = n * 135 / 100;
  return (m + 127) / 128 * 128;
}

int64_t mplang::protocols::getPsiTagWords(int64_t n) {
  int64_t bits = 0;
  for (int64_t p = 1; p < n; p *= 2)
    ++bits;
  return (40 + 2 * bits + 15) / 16;
}

int64_t mplang::protocols::getSsChunk(int64_t n) {
  return n >= 8192 ? 8192 : n >= 1024 ? 1024 : n >= 256 ? 256 : 16;
}

int64_t mplang::protocols::getUpsiChunk(int64_t n) {
  constexpr int64_t kMaxChunk = int64_t(1) << 16;
  int64_t chunks =
      std::max((n + kMaxChunk - 1) / kMaxChunk, std::min<int64_t>(4, n / 2));
  return 2 * ((n + 2 * chunks - 1) / (2 * chunks));
}

StringRef mplang::protocols::getTemplateKind(StringRef text) {
  static constexpr StringRef marker = "// TEMPLATE ";
  size_t at = text.starts_with(marker) ? 0 : text.find(("\n" + marker).str());
  if (at == StringRef::npos)
    return "";
  StringRef rest = text.drop_front(at + (at ? 1 : 0) + marker.size());
  return rest.take_until([](char c) { return c == '\n'; }).trim();
}

std::vector<std::string>
mplang::protocols::getTemplateFunctions(StringRef text) {
  std::vector<std::string> names;
  StringRef head, body, tail;
  if (!splitAt(text, "PER-SIZE", head, body, tail))
    return names;
  llvm::Regex public_("func\\.func @([A-Za-z0-9_.$]+)\\.n@N@\\(");
  llvm::SmallVector<StringRef, 2> match;
  while (public_.match(body, &match)) {
    names.push_back(match[1].str());
    body = body.drop_front(match[0].end() - body.begin());
  }
  return names;
}

llvm::Expected<std::string>
mplang::protocols::instantiateTemplate(StringRef text,
                                       llvm::ArrayRef<int64_t> sizes) {
  StringRef kind = getTemplateKind(text);
  if (kind.empty())
    return fail("no '// TEMPLATE <kind>' line");
  StringRef head, body, tail;
  if (!splitAt(text, "PER-SIZE", head, body, tail))
    return fail("no PER-SIZE markers");
  std::string out = head.str();
  for (int64_t n : sizes) {
    if (n < 1 || n > kMaxSize)
      return fail("size " + std::to_string(n) + " is not in [1, 2^32]");
    llvm::Expected<Placeholders> derived = derive(kind, n);
    if (!derived)
      return derived.takeError();
    (*derived)["N"] = std::to_string(n);
    llvm::Expected<std::string> levels = expandLevels(body.str(), kind, n);
    if (!levels)
      return levels.takeError();
    llvm::Expected<std::string> instance =
        substitute(*levels, *derived, /*strict=*/true);
    if (!instance)
      return instance.takeError();
    out += *instance;
  }
  out += tail;
  return out;
}

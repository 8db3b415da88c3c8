//===- ProgramGenerator.cpp - random well-formed global programs -*- C++
//-*-===//
//
// Programs are built step by step over a pool of i32 values with known
// holders. Inside a uniform_cond or while_loop every op acts only on the
// ranks holding the predicate, which is what the projection requires. Only
// the most recent values are candidates as operands, so generation (and the
// live ranges of the program) stay linear in its size.
//
//===----------------------------------------------------------------------===//

#include "mplang/Dialect/Simp/Testing/ProgramGenerator.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Sequence.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Twine.h"

#include <algorithm>
#include <optional>
#include <random>
#include <utility>

using namespace mlir::simp;
using llvm::ArrayRef;
using llvm::SmallVector;
using llvm::Twine;

namespace {

using Parties = SmallVector<int64_t, 8>;

/// A global i32 value and the (sorted) ranks holding it.
struct Held {
  std::string name;
  Parties parties;
};

/// How many of the most recent values are candidate operands.
constexpr size_t kWindow = 24;

std::string partyList(ArrayRef<int64_t> parties) {
  return "[" +
         llvm::join(llvm::map_range(
                        parties, [](int64_t r) { return std::to_string(r); }),
                    ", ") +
         "]";
}

std::string mpType(ArrayRef<int64_t> parties, llvm::StringRef local = "i32") {
  return ("!simp.mp<" + local + ", " + partyList(parties) + ">").str();
}

Parties intersect(ArrayRef<int64_t> a, ArrayRef<int64_t> b) {
  Parties both;
  std::set_intersection(a.begin(), a.end(), b.begin(), b.end(),
                        std::back_inserter(both));
  return both;
}

bool includes(ArrayRef<int64_t> super, ArrayRef<int64_t> sub) {
  return std::includes(super.begin(), super.end(), sub.begin(), sub.end());
}

class Generator {
public:
  Generator(uint64_t seed, const RandomProgramOptions &options)
      : rng(seed), options(options),
        world(llvm::to_vector<8>(llvm::seq<int64_t>(0, options.worldSize))) {}

  std::string run();

private:
  int64_t uniform(int64_t lo, int64_t hi) {
    return std::uniform_int_distribution<int64_t>(lo, hi)(rng);
  }
  bool chance(double p) { return std::bernoulli_distribution(p)(rng); }
  int64_t pick(ArrayRef<int64_t> ranks) {
    return ranks[uniform(0, ranks.size() - 1)];
  }
  /// A random sorted subset of `from` with at least `minSize` ranks.
  Parties subset(ArrayRef<int64_t> from, size_t minSize = 1);

  /// A recent value satisfying `accept`, searched from a random start.
  std::optional<Held> find(llvm::function_ref<bool(const Held &)> accept);
  std::optional<Held> findHolding(ArrayRef<int64_t> ranks) {
    return find([&](const Held &v) { return includes(v.parties, ranks); });
  }
  std::optional<Held> findIntersecting(ArrayRef<int64_t> ranks) {
    return find(
        [&](const Held &v) { return !intersect(v.parties, ranks).empty(); });
  }

  std::string fresh() { return "%v" + std::to_string(nextId++); }
  void line(const Twine &text) {
    out->append(indent, ' ');
    out->append(text.str());
    out->push_back('\n');
  }
  void op(const Twine &text) {
    line(text);
    ++numOps;
  }

  /// One random construct acting only on `allowed`.
  void step(const Parties &allowed, int64_t depth, bool inEntry);
  /// The block of a uniform_cond branch or a while_loop body: block
  /// argument `arg`, a few steps on `allowed`, and a yield of a fresh value
  /// held by `yielded`. Its values go out of scope afterwards.
  void region(const Parties &allowed, int64_t depth, std::optional<Held> arg,
              const Parties &yielded);

  /// simp.pcall [parties] mixing `args` with a constant; result held by
  /// `parties`.
  std::string compute(const Parties &parties, ArrayRef<Held> args);
  void nestedPCall(const Parties &parties);
  /// A fresh value held by exactly `ranks`, moving data from `allowed` ranks
  /// only.
  std::string materialize(const Parties &ranks, const Parties &allowed);
  void shuffle(const Parties &allowed);
  void converge(const Parties &allowed);
  /// The predicate `ranks` agree on: computed on one of them, broadcast.
  std::string predicate(const Parties &ranks, std::optional<Held> from);
  void uniformCond(const Parties &allowed, int64_t depth);
  void whileLoop(const Parties &allowed, int64_t depth);
  void call();

  std::mt19937_64 rng;
  const RandomProgramOptions &options;
  Parties world;
  std::vector<Held> pool;
  std::string helpers, mainBody;
  /// Where ops are written: the entry's body or a helper's.
  std::string *out = &mainBody;
  int64_t indent = 4, nextId = 0, numOps = 0, numHelpers = 0;
};

} // namespace

Parties Generator::subset(ArrayRef<int64_t> from, size_t minSize) {
  Parties chosen;
  while (chosen.size() < minSize) {
    chosen.clear();
    for (int64_t r : from)
      if (chance(0.5))
        chosen.push_back(r);
  }
  return chosen;
}

std::optional<Held>
Generator::find(llvm::function_ref<bool(const Held &)> accept) {
  size_t n = std::min(pool.size(), kWindow);
  if (n == 0)
    return std::nullopt;
  size_t start = uniform(0, n - 1);
  for (size_t i = 0; i < n; ++i) {
    const Held &v = pool[pool.size() - 1 - (start + i) % n];
    if (accept(v))
      return v;
  }
  return std::nullopt;
}

std::string Generator::compute(const Parties &parties, ArrayRef<Held> args) {
  std::string result = fresh();
  SmallVector<std::string> names, types, blockArgs;
  for (const Held &arg : args) {
    names.push_back(arg.name);
    types.push_back(mpType(arg.parties));
    blockArgs.push_back(fresh());
  }
  op(result + " = simp.pcall " + partyList(parties) + " (" +
     llvm::join(names, ", ") + ") : (" + llvm::join(types, ", ") + ") -> " +
     mpType(parties) + " {");
  indent += 2;
  if (!args.empty())
    line("^bb0(" +
         llvm::join(
             llvm::map_range(blockArgs,
                             [](const std::string &a) { return a + ": i32"; }),
             ", ") +
         "):");
  std::string acc = fresh();
  op(acc + " = arith.constant " + Twine(uniform(1, 100)) + " : i32");
  for (const std::string &arg : blockArgs) {
    std::string next = fresh();
    op(next + (chance(0.5) ? " = arith.addi " : " = arith.muli ") + acc + ", " +
       arg + " : i32");
    acc = next;
  }
  op("simp.yield " + acc + " : i32");
  indent -= 2;
  line("}");
  pool.push_back({result, parties});
  return result;
}

void Generator::nestedPCall(const Parties &parties) {
  Parties inner = subset(parties);
  std::optional<Held> arg = findHolding(parties);
  std::string result = fresh(), outer = fresh(), innerResult = fresh(),
              w = fresh(), square = fresh(), one = fresh(), sum = fresh();
  std::string nestedType =
      "!simp.mp<" + mpType(inner) + ", " + partyList(parties) + ">";
  op(result + ":2 = simp.pcall " + partyList(parties) + " (" +
     (arg ? arg->name : "") + ") : (" + (arg ? mpType(arg->parties) : "") +
     ") -> (" + nestedType + ", " + mpType(parties) + ") {");
  indent += 2;
  if (arg)
    line("^bb0(" + outer + ": i32):");
  else
    op(outer + " = arith.constant 3 : i32");
  op(innerResult + " = simp.pcall " + partyList(inner) + " (" + outer +
     ") : (i32) -> " + mpType(inner) + " {");
  line("^bb0(" + w + ": i32):");
  indent += 2;
  op(square + " = arith.muli " + w + ", " + w + " : i32");
  op("simp.yield " + square + " : i32");
  indent -= 2;
  line("}");
  op(one + " = arith.constant 1 : i32");
  op(sum + " = arith.addi " + outer + ", " + one + " : i32");
  op("simp.yield " + innerResult + ", " + sum + " : " + mpType(inner) +
     ", i32");
  indent -= 2;
  line("}");
  pool.push_back({result + "#1", parties});
}

std::string Generator::materialize(const Parties &ranks,
                                   const Parties &allowed) {
  if (std::optional<Held> v = findHolding(ranks))
    return compute(ranks, {*v});
  std::optional<Held> v = findIntersecting(allowed);
  if (!v)
    return compute(ranks, {});
  Parties sources = intersect(v->parties, allowed);
  SmallVector<std::string> pairs;
  for (int64_t dst : ranks)
    pairs.push_back(std::to_string(dst) + " <- " +
                    std::to_string(pick(sources)));
  std::string moved = fresh();
  op(moved + " = simp.shuffle " + v->name + " [" + llvm::join(pairs, ", ") +
     "] : " + mpType(v->parties) + " -> " + mpType(ranks));
  return compute(ranks, {{moved, ranks}});
}

void Generator::shuffle(const Parties &allowed) {
  std::optional<Held> v = findIntersecting(allowed);
  if (!v) {
    compute(subset(allowed), {});
    return;
  }
  Parties sources = intersect(v->parties, allowed);
  SmallVector<std::pair<int64_t, int64_t>> routing; // (dst, src)
  switch (uniform(0, 2)) {
  case 0: { // broadcast
    int64_t src = pick(sources);
    for (int64_t dst : subset(allowed))
      routing.push_back({dst, src});
    break;
  }
  case 1: { // permutation of the holders
    Parties perm = sources;
    std::shuffle(perm.begin(), perm.end(), rng);
    for (auto [dst, src] : llvm::zip(sources, perm))
      routing.push_back({dst, src});
    break;
  }
  default: // self-copies mixed with moves
    for (int64_t dst : subset(allowed))
      routing.push_back({dst, llvm::is_contained(sources, dst) && chance(0.5)
                                  ? dst
                                  : pick(sources)});
  }
  std::shuffle(routing.begin(), routing.end(), rng);
  Parties targets;
  SmallVector<std::string> pairs;
  for (auto [dst, src] : routing) {
    targets.push_back(dst);
    pairs.push_back(std::to_string(dst) + " <- " + std::to_string(src));
  }
  llvm::sort(targets);
  std::string result = fresh();
  op(result + " = simp.shuffle " + v->name + " [" + llvm::join(pairs, ", ") +
     "] : " + mpType(v->parties) + " -> " + mpType(targets));
  pool.push_back({result, targets});
}

void Generator::converge(const Parties &allowed) {
  Parties ranks = subset(allowed, 2);
  std::shuffle(ranks.begin(), ranks.end(), rng);
  // Cut the shuffled ranks into 2..n disjoint pieces.
  SmallVector<Parties> pieces(uniform(2, ranks.size()));
  for (auto [i, r] : llvm::enumerate(ranks))
    pieces[i < pieces.size() ? i : size_t(uniform(0, pieces.size() - 1))]
        .push_back(r);
  SmallVector<std::string> names, types;
  for (Parties &piece : pieces) {
    llvm::sort(piece);
    std::optional<Held> arg = findHolding(piece);
    names.push_back(compute(piece, arg ? ArrayRef(*arg) : ArrayRef<Held>()));
    types.push_back(mpType(piece));
  }
  llvm::sort(ranks);
  std::string result = fresh();
  op(result + " = simp.converge " + llvm::join(names, ", ") + " : " +
     llvm::join(types, ", ") + " -> " + mpType(ranks));
  pool.push_back({result, ranks});
}

std::string Generator::predicate(const Parties &ranks,
                                 std::optional<Held> from) {
  int64_t src = from ? pick(intersect(from->parties, ranks)) : pick(ranks);
  std::string local = fresh(), x = fresh(), bound = fresh(), cmp = fresh();
  op(local + " = simp.pcall [" + Twine(src) + "] (" + (from ? from->name : "") +
     ") : (" + (from ? mpType(from->parties) : "") + ") -> " +
     mpType({src}, "i1") + " {");
  indent += 2;
  if (from) {
    line("^bb0(" + x + ": i32):");
    op(bound + " = arith.constant " + Twine(uniform(0, 100)) + " : i32");
    op(cmp + " = arith.cmpi slt, " + x + ", " + bound + " : i32");
  } else {
    op(cmp + " = arith.constant " + (chance(0.5) ? "true" : "false"));
  }
  op("simp.yield " + cmp + " : i1");
  indent -= 2;
  line("}");
  std::string shared = fresh();
  SmallVector<std::string> pairs;
  for (int64_t dst : ranks)
    pairs.push_back(std::to_string(dst) + " <- " + std::to_string(src));
  op(shared + " = simp.shuffle " + local + " [" + llvm::join(pairs, ", ") +
     "] : " + mpType({src}, "i1") + " -> " + mpType(ranks, "i1"));
  return shared;
}

void Generator::region(const Parties &allowed, int64_t depth,
                       std::optional<Held> arg, const Parties &yielded) {
  size_t scope = pool.size();
  indent += 2;
  if (arg) {
    line("^bb0(" + arg->name + ": " + mpType(arg->parties) + "):");
    pool.push_back(*arg);
  }
  for (int64_t i = 0, e = uniform(1, 3); i < e; ++i)
    step(allowed, depth, /*inEntry=*/false);
  op("simp.yield " + materialize(yielded, allowed) + " : " + mpType(yielded));
  indent -= 2;
  pool.resize(scope);
}

void Generator::uniformCond(const Parties &allowed, int64_t depth) {
  Parties ranks = subset(allowed);
  std::string pred = predicate(ranks, findIntersecting(ranks));
  Parties resultRanks = subset(ranks);
  std::optional<Held> arg;
  if (chance(0.5))
    arg = find([](const Held &) { return true; });
  std::string result = fresh(), resultType = mpType(resultRanks);
  op(result + " = simp.uniform_cond " + pred + " (" + (arg ? arg->name : "") +
     ")" + (chance(0.2) ? " {verify_uniform = false}" : "") + " : " +
     mpType(ranks, "i1") + ", (" + (arg ? mpType(arg->parties) : "") + ") -> " +
     resultType + " then {");
  for (llvm::StringRef end : {"} else {", "}"}) {
    std::optional<Held> blockArg;
    if (arg)
      blockArg = Held{fresh(), arg->parties};
    region(ranks, depth + 1, blockArg, resultRanks);
    line(end);
  }
  pool.push_back({result, resultRanks});
}

void Generator::whileLoop(const Parties &allowed, int64_t depth) {
  Parties ranks = subset(allowed);
  Parties stateRanks = subset(ranks);
  std::string init = materialize(stateRanks, allowed);
  std::string result = fresh(), stateType = mpType(stateRanks);
  op(result + " = simp.while_loop (" + init + ")" +
     (chance(0.2) ? " {verify_uniform = false}" : "") + " : (" + stateType +
     ") -> " + stateType + " cond {");
  Held state{fresh(), stateRanks};
  indent += 2;
  line("^bb0(" + state.name + ": " + stateType + "):");
  op("simp.yield " + predicate(ranks, state) + " : " + mpType(ranks, "i1"));
  indent -= 2;
  line("} body {");
  region(ranks, depth + 1, Held{fresh(), stateRanks}, stateRanks);
  line("}");
  pool.push_back({result, stateRanks});
}

void Generator::call() {
  Held arg = *find([](const Held &) { return true; });
  Parties resultRanks = subset(world);
  std::string name = "@helper" + std::to_string(numHelpers++);

  // The helper's body goes to its own buffer with its own pool.
  std::string body;
  std::vector<Held> callerPool;
  std::swap(pool, callerPool);
  std::string *callerOut = std::exchange(out, &body);
  Held param{fresh(), arg.parties};
  pool.push_back(param);
  int64_t callerIndent = std::exchange(indent, 4);
  for (int64_t i = 0, e = uniform(1, 3); i < e; ++i)
    step(world, 0, /*inEntry=*/false);
  op("return " + materialize(resultRanks, world) + " : " + mpType(resultRanks));
  out = callerOut;
  indent = callerIndent;
  std::swap(pool, callerPool);
  helpers += "  func.func private " + name + "(" + param.name + ": " +
             mpType(arg.parties) + ") -> " + mpType(resultRanks) + " {\n" +
             body + "  }\n";

  for (int64_t i = 0, e = uniform(1, 2); i < e; ++i) {
    std::string result = fresh();
    op(result + " = func.call " + name + "(" + arg.name + ") : (" +
       mpType(arg.parties) + ") -> " + mpType(resultRanks));
    pool.push_back({result, resultRanks});
  }
}

void Generator::step(const Parties &allowed, int64_t depth, bool inEntry) {
  bool nest = depth < options.maxDepth;
  switch (uniform(0, 9)) {
  case 0:
  case 1:
  case 2: {
    Parties parties = subset(allowed);
    SmallVector<Held> args;
    for (int64_t i = 0, e = uniform(0, 2); i < e; ++i)
      if (std::optional<Held> v = findHolding(parties))
        args.push_back(*v);
    compute(parties, args);
    return;
  }
  case 3:
    nestedPCall(subset(allowed));
    return;
  case 4:
  case 5:
    shuffle(allowed);
    return;
  case 6:
    if (allowed.size() >= 2)
      return converge(allowed);
    break;
  case 7:
    if (nest)
      return uniformCond(allowed, depth);
    break;
  case 8:
    if (nest)
      return whileLoop(allowed, depth);
    break;
  default:
    if (inEntry)
      return call();
  }
  shuffle(allowed);
}

std::string Generator::run() {
  Held all{"%in0", world}, some{"%in1", subset(world)};
  pool = {all, some};
  while (numOps < options.numOps) {
    step(world, 0, /*inEntry=*/true);
    // Only the window is ever read at the top level.
    if (pool.size() > 4 * kWindow)
      pool.erase(pool.begin(), pool.end() - kWindow);
  }
  const Held &last = pool.back();
  op("return " + last.name + " : " + mpType(last.parties));
  return "module attributes {simp.world_size = " +
         std::to_string(options.worldSize) + " : i64} {\n" + helpers +
         "  func.func @main(" + all.name + ": " + mpType(all.parties) + ", " +
         some.name + ": " + mpType(some.parties) + ") -> " +
         mpType(last.parties) + " {\n" + mainBody + "  }\n}\n";
}

std::string
mlir::simp::generateRandomProgram(uint64_t seed,
                                  const RandomProgramOptions &options) {
  return Generator(seed, options).run();
}

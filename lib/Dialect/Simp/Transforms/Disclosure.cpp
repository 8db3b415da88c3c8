//===- Disclosure.cpp - what each rank can learn --------------------------===//
//
// Prints, rank by rank, what a job's per-rank programs let each rank learn:
// the values it receives, the decryptions it makes, what it keeps and
// returns, each with the private inputs it depends on (Provenance).
//
//===----------------------------------------------------------------------===//

#include "InvocationPass.h"
#include "mplang/Dialect/BFV/IR/BFVOps.h"
#include "mplang/Dialect/Crypto/IR/CryptoOps.h"
#include "mplang/Dialect/Simp/Transforms/Passes.h"
#include "mplang/Dialect/Simp/Transforms/ProgramDigest.h"
#include "mplang/Dialect/Simp/Transforms/Provenance.h"
#include "mplang/Dialect/Store/IR/StoreOps.h"

#include <set>

namespace mlir::simp {
#define GEN_PASS_DEF_SIMPDISCLOSURE
#include "mplang/Dialect/Simp/Transforms/Passes.h.inc"
} // namespace mlir::simp

using namespace mlir;
using namespace mlir::simp;

/// `file:line:col` of the first file location in `loc`.
static std::string locationText(Location loc) {
  auto file = loc->findInstanceOf<FileLineColLoc>();
  if (!file)
    return "an unknown location";
  return (file.getFilename().getValue() + ":" + Twine(file.getLine()) + ":" +
          Twine(file.getColumn()))
      .str();
}

static std::string typeText(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  type.print(os);
  return text;
}

namespace {

/// How a rank made a value: its local ops, back to its own sources and the
/// messages it received.
struct MadeBy {
  /// Op name (or `call @f`) -> how many of them.
  std::map<std::string, unsigned> ops;
  /// Leaf sources, ordered by kind, index and URI.
  std::set<std::tuple<Source::Kind, unsigned, std::string>> sources;
  /// Received messages: (tag, `tag T from rank P`).
  std::set<std::pair<int64_t, std::string>> messages;
};

class Reporter {
public:
  Reporter(const Provenance &provenance, StringRef entry,
           const std::map<int64_t, ModuleOp> &programs)
      : provenance(provenance), entry(entry), programs(programs) {}

  void report(const RankJob &job, raw_ostream &os);

private:
  func::FuncOp entryOf(int64_t rank) const {
    ModuleOp program = programs.at(rank);
    return program.lookupSymbol<func::FuncOp>(entry);
  }
  /// `clear`, `randomized`, `encrypted` or `decryptable`, for rank `rank`.
  StringRef label(Value value, int64_t rank) const;
  /// The sources of `value` that belong to ranks other than `rank`.
  SourceSet othersOf(Value value, int64_t rank) const;
  MadeBy madeBy(Value value, int64_t rank) const;
  void printMadeBy(raw_ostream &os, Value value, int64_t rank,
                   StringRef prefix) const;
  void printDependsOn(raw_ostream &os, const SourceSet &set,
                      StringRef prefix) const;
  std::string sourceList(const SourceSet &set) const;
  /// `[ in @fn]` for ops outside the entry, then ` at LOC`.
  std::string where(Operation *op) const;

  const Provenance &provenance;
  StringRef entry;
  const std::map<int64_t, ModuleOp> &programs;
  /// Rank -> the parameters of the secret keys its program holds.
  std::map<int64_t, DenseSet<Attribute>> secretKeys;
};

} // namespace

std::string Reporter::sourceList(const SourceSet &set) const {
  std::string text;
  for (unsigned i : set.set_bits())
    text += (text.empty() ? "" : ", ") + provenance.getSources()[i].name();
  return text;
}

std::string Reporter::where(Operation *op) const {
  auto fn = op->getParentOfType<func::FuncOp>();
  std::string text =
      fn.getName() == entry ? "" : (" in @" + fn.getName()).str();
  return text + " at " + locationText(op->getLoc());
}

StringRef Reporter::label(Value value, int64_t rank) const {
  if (auto ct = dyn_cast<bfv::CiphertextType>(value.getType()))
    return secretKeys.at(rank).contains(ct.getParams()) ? "decryptable"
                                                        : "encrypted";
  for (unsigned i : provenance.getSources(value).set_bits()) {
    const Source &source = provenance.getSources()[i];
    if (source.kind == Source::Kind::Randomness && source.rank != rank)
      return "randomized";
  }
  return "clear";
}

SourceSet Reporter::othersOf(Value value, int64_t rank) const {
  SourceSet others = provenance.getSources(value);
  for (unsigned i : others.set_bits())
    if (provenance.getSources()[i].rank == rank)
      others.reset(i);
  return others;
}

MadeBy Reporter::madeBy(Value value, int64_t rank) const {
  MadeBy made;
  func::FuncOp entryFn = entryOf(rank);
  // Ops are listed in the value's own function only, calls by name: the
  // leaves say where the rest comes from.
  Region *home = value.getParentRegion();
  while (!isa<func::FuncOp>(home->getParentOp()))
    home = home->getParentOp()->getParentRegion();
  auto count = [&](Operation *op, std::string name) {
    if (home->isAncestor(op->getParentRegion()))
      ++made.ops[name];
  };
  SmallVector<Value> work{value};
  DenseSet<Value> seen;
  DenseSet<Operation *> seenOps;
  auto pushYielded = [&](Operation *op) {
    for (Region &region : op->getRegions())
      for (Block &block : region)
        if (!block.empty() && block.back().hasTrait<OpTrait::IsTerminator>())
          llvm::append_range(work, block.back().getOperands());
  };
  while (!work.empty()) {
    Value v = work.pop_back_val();
    if (!seen.insert(v).second)
      continue;
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      Operation *parent = arg.getOwner()->getParentOp();
      auto fn = dyn_cast<func::FuncOp>(parent);
      if (fn && arg.getOwner()->isEntryBlock()) {
        if (fn == entryFn)
          made.sources.insert({Source::Kind::Argument, arg.getArgNumber(), ""});
        for (func::CallOp call : provenance.getCallers(fn))
          work.push_back(call.getOperand(arg.getArgNumber()));
        continue;
      }
      // A region's arguments come from its op's operands and yields.
      llvm::append_range(work, parent->getOperands());
      pushYielded(parent);
      continue;
    }
    Operation *op = v.getDefiningOp();
    bool first = seenOps.insert(op).second;
    // Each result of a call comes from what the callee returns there.
    if (auto call = dyn_cast<func::CallOp>(op)) {
      if (first)
        count(op, ("call @" + call.getCallee()).str());
      func::FuncOp callee = provenance.getCallee(call);
      if (!callee) {
        llvm::append_range(work, call.getOperands());
        continue;
      }
      unsigned index = cast<OpResult>(v).getResultNumber();
      callee.walk(
          [&](func::ReturnOp ret) { work.push_back(ret.getOperand(index)); });
      continue;
    }
    if (!first)
      continue;
    if (auto recv = dyn_cast<RecvOp>(op)) {
      made.messages.insert(
          {recv.getTag(), "tag " + std::to_string(recv.getTag()) +
                              " from rank " + std::to_string(recv.getPeer())});
      continue;
    }
    if (isa<AgreeOp, ExchangeOp>(op)) {
      int64_t tag = getCollectiveTag(op);
      made.messages.insert(
          {tag, (op->getName().getStringRef() + " tag " + Twine(tag)).str()});
      llvm::append_range(work, op->getOperands());
      continue;
    }
    if (auto load = dyn_cast<store::LoadOp>(op)) {
      made.sources.insert({Source::Kind::Object, 0, load.getUri().str()});
      continue;
    }
    if (drawsRandomness(op))
      made.sources.insert({Source::Kind::Randomness, 0, ""});
    count(op, op->getName().getStringRef().str());
    llvm::append_range(work, op->getOperands());
    pushYielded(op);
  }
  return made;
}

void Reporter::printMadeBy(raw_ostream &os, Value value, int64_t rank,
                           StringRef prefix) const {
  MadeBy made = madeBy(value, rank);
  os << prefix << "   made by rank " << rank;
  auto fn = value.getParentRegion()->getParentOfType<func::FuncOp>();
  if (fn.getName() != entry)
    os << " in @" << fn.getName();
  if (!made.ops.empty()) {
    os << " with";
    llvm::interleave(
        made.ops, os,
        [&](const auto &op) {
          os << " " << op.first;
          if (op.second > 1)
            os << " x" << op.second;
        },
        ",");
  }
  if (!made.sources.empty() || !made.messages.empty()) {
    os << " from ";
    SmallVector<std::string> leaves;
    for (auto [kind, index, uri] : made.sources)
      leaves.push_back(Source{kind, rank, index, uri}.name());
    for (const auto &message : made.messages)
      leaves.push_back(message.second);
    llvm::interleave(leaves, os, ", ");
  }
  os << "\n";
}

void Reporter::printDependsOn(raw_ostream &os, const SourceSet &set,
                              StringRef prefix) const {
  os << prefix << "   depends on "
     << (set.none() ? std::string("no private input") : sourceList(set))
     << "\n";
}

void Reporter::report(const RankJob &job, raw_ostream &os) {
  int64_t rank = job.rank;
  ModuleOp program = job.program;
  std::string prefix = "rank " + std::to_string(rank) + ":";
  SmallVector<func::FuncOp> reached;
  for (auto fn : program.getOps<func::FuncOp>())
    if (provenance.isReached(fn))
      reached.push_back(fn);
  DenseSet<Attribute> &keys = secretKeys[rank];
  auto noteKey = [&](Value v) {
    if (auto sk = dyn_cast<bfv::SecretKeyType>(v.getType()))
      keys.insert(sk.getParams());
  };
  for (func::FuncOp fn : reached)
    fn.walk([&](Block *block) {
      llvm::for_each(block->getArguments(), noteKey);
      for (Operation &op : *block)
        llvm::for_each(op.getResults(), noteKey);
    });

  os << prefix << " " << approvalLine(program, job.job) << "\n";
  func::FuncOp entryFn = entryOf(rank);
  for (BlockArgument arg : entryFn.getArguments()) {
    const std::string &uri = job.job.references[arg.getArgNumber()];
    os << prefix << " argument "
       << Source{Source::Kind::Argument, rank, arg.getArgNumber(), ""}.name()
       << ": " << typeText(arg.getType()) << " ("
       << (uri.empty() ? "value" : "@" + uri) << ") at "
       << locationText(arg.getLoc()) << "\n";
  }

  // Other ranks' arguments and objects behind what the rank sees, by label.
  SourceSet none(provenance.getSources().size());
  std::map<StringRef, SourceSet> seen{
      {"clear", none}, {"randomized", none}, {"encrypted", none}};
  auto noteSeen = [&](StringRef kind, Value value) {
    SourceSet others = othersOf(value, rank);
    for (unsigned i : others.set_bits())
      if (provenance.getSources()[i].kind == Source::Kind::Randomness)
        others.reset(i);
    seen[kind == "decryptable" ? StringRef("clear") : kind] |= others;
  };

  for (func::FuncOp fn : reached) {
    fn.walk([&](Operation *op) {
      if (auto recv = dyn_cast<RecvOp>(op)) {
        StringRef kind = label(recv, rank);
        os << prefix << " receives " << kind << " " << typeText(recv.getType())
           << " from rank " << recv.getPeer() << " tag " << recv.getTag()
           << where(op) << "\n";
        if (SendOp send = provenance.getSend(recv))
          printMadeBy(os, send.getValue(), recv.getPeer(), prefix);
        printDependsOn(os, provenance.getSources(recv), prefix);
        noteSeen(kind, recv);
      } else if (isa<AgreeOp, ExchangeOp>(op)) {
        Value result = op->getResult(0);
        StringRef kind = label(result, rank);
        // The other participants, in rank order.
        SmallVector<Operation *> others;
        llvm::copy_if(
            provenance.getCollective(op), std::back_inserter(others),
            [&](Operation *member) { return getProgramRank(member) != rank; });
        os << prefix << " receives " << kind << " "
           << typeText(result.getType()) << " from ranks [";
        llvm::interleaveComma(others, os, [&](Operation *member) {
          os << getProgramRank(member);
        });
        os << "] by " << op->getName() << " tag " << getCollectiveTag(op)
           << where(op) << "\n";
        for (Operation *member : others)
          printMadeBy(os, member->getOperand(0), getProgramRank(member),
                      prefix);
        printDependsOn(os, provenance.getSources(result), prefix);
        noteSeen(kind, result);
      } else if (isa<bfv::DecryptOp, crypto::AesGcmDecryptOp>(op)) {
        Value result = op->getResult(0);
        if (othersOf(result, rank).none())
          return;
        StringRef kind = label(result, rank);
        os << prefix << " decrypts " << kind << " "
           << typeText(result.getType()) << where(op) << "\n";
        printDependsOn(os, provenance.getSources(result), prefix);
        noteSeen(kind, result);
      } else if (auto save = dyn_cast<store::SaveOp>(op)) {
        os << prefix << " saves " << typeText(save.getValue().getType())
           << " as " << save.getUri() << where(op) << "\n";
        printDependsOn(os, provenance.getSources(save.getValue()), prefix);
      }
    });
  }

  for (auto [i, type] : llvm::enumerate(entryFn.getResultTypes())) {
    os << prefix << " returns result " << i << ": " << typeText(type) << "\n";
    printDependsOn(os, provenance.getReturned(entryFn, i), prefix);
  }
  for (StringRef kind : {"clear", "randomized", "encrypted"}) {
    const SourceSet &set = seen[kind];
    os << prefix << " " << kind << " from others: "
       << (set.none() ? std::string("none") : sourceList(set)) << "\n";
  }
}

namespace {

struct SimpDisclosure
    : public InvocationPass<SimpDisclosure, simp::impl::SimpDisclosureBase> {
  using InvocationPass::InvocationPass;

  void print(ArrayRef<RankJob> jobs) {
    std::map<int64_t, ModuleOp> programs;
    for (const RankJob &job : jobs)
      programs[job.rank] = job.program;
    Provenance provenance(programs, entry);
    Reporter reporter(provenance, entry, programs);
    for (const RankJob &job : jobs)
      reporter.report(job, llvm::outs());
  }
};

} // namespace

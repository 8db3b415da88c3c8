//===- RoleMapping.cpp - library ranks as roles ---------------------------===//

#include "RoleMapping.h"

#include "mplang/Dialect/Simp/IR/SimpOps.h"
#include "mplang/Dialect/Simp/IR/SimpTypes.h"

#include "mlir/IR/AttrTypeSubElements.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::simp;

namespace {

/// Binds roles from pairs of party sets, singletons first.
class RoleBinder {
public:
  RoleBinder(int64_t roles, StringRef name, Location loc)
      : map(roles, -1), name(name), loc(loc) {}

  LogicalResult match(Type library, Type program, StringRef what,
                      unsigned index) {
    auto lib = dyn_cast<MPType>(library);
    auto prog = dyn_cast<MPType>(program);
    bool same = lib && prog
                    ? lib.getValueType() == prog.getValueType() &&
                          lib.getParties().size() == prog.getParties().size()
                    : library == program;
    if (!same)
      return emitError(loc)
             << "cannot link @" << name << ": " << what << " " << index
             << " is " << program << " where the library has " << library;
    if (lib && lib.isStatic())
      sets.push_back({lib.getParties(), prog.getParties()});
    return success();
  }

  FailureOr<RoleMap> bind() {
    for (auto [lib, prog] : sets)
      if (lib.size() == 1 && failed(bindOne(lib[0], prog[0])))
        return failure();
    for (auto [lib, prog] : sets)
      if (lib.size() > 1 && failed(bindSet(lib, prog)))
        return failure();
    for (auto [role, party] : llvm::enumerate(map))
      for (int64_t other = 0; other < int64_t(role); ++other)
        if (party >= 0 && map[other] == party)
          return emitError(loc)
                 << "cannot link @" << name << ": ranks " << other << " and "
                 << role << " of the library both bind to rank " << party;
    return map;
  }

private:
  LogicalResult checkRole(int64_t role) {
    if (role < int64_t(map.size()))
      return success();
    return emitError(loc) << "cannot link @" << name << ": rank " << role
                          << " is outside the library's world";
  }

  LogicalResult bindOne(int64_t role, int64_t party) {
    if (failed(checkRole(role)))
      return failure();
    if (map[role] < 0)
      map[role] = party;
    if (map[role] != party)
      return emitError(loc) << "cannot link @" << name << ": rank " << role
                            << " of the library binds to both rank "
                            << map[role] << " and rank " << party;
    return success();
  }

  LogicalResult bindSet(ArrayRef<int64_t> lib, ArrayRef<int64_t> prog) {
    SmallVector<int64_t> unbound;
    SmallVector<int64_t> claimed;
    for (int64_t role : lib) {
      if (failed(checkRole(role)))
        return failure();
      if (map[role] < 0)
        unbound.push_back(role);
      else
        claimed.push_back(map[role]);
    }
    SmallVector<int64_t> free;
    for (int64_t party : prog)
      if (!llvm::is_contained(claimed, party))
        free.push_back(party);
    if (free.size() != unbound.size())
      return emitError(loc)
             << "cannot link @" << name << ": the ranks [" << lib
             << "] of the library cannot become [" << prog << "]";
    for (auto [role, party] : llvm::zip(unbound, free))
      map[role] = party;
    return success();
  }

  RoleMap map;
  SmallVector<std::pair<ArrayRef<int64_t>, ArrayRef<int64_t>>> sets;
  StringRef name;
  Location loc;
};

} // namespace

FailureOr<RoleMap> simp::bindRoles(FunctionType library, FunctionType program,
                                   int64_t roles, StringRef name,
                                   Location loc) {
  if (library.getNumInputs() != program.getNumInputs() ||
      library.getNumResults() != program.getNumResults())
    return emitError(loc) << "cannot link @" << name << ": declared as "
                          << program << " but the library has " << library;
  RoleBinder binder(roles, name, loc);
  for (auto [i, types] :
       llvm::enumerate(llvm::zip(library.getInputs(), program.getInputs())))
    if (failed(binder.match(std::get<0>(types), std::get<1>(types), "argument",
                            i)))
      return failure();
  for (auto [i, types] :
       llvm::enumerate(llvm::zip(library.getResults(), program.getResults())))
    if (failed(
            binder.match(std::get<0>(types), std::get<1>(types), "result", i)))
      return failure();
  return binder.bind();
}

LogicalResult simp::remapRoles(func::FuncOp func, ArrayRef<int64_t> roles) {
  std::optional<int64_t> unbound;
  auto map = [&](ArrayRef<int64_t> parties) {
    SmallVector<int64_t> mapped;
    for (int64_t party : parties) {
      if (party >= int64_t(roles.size()) || roles[party] < 0) {
        unbound = party;
        mapped.push_back(party);
        continue;
      }
      mapped.push_back(roles[party]);
    }
    return mapped;
  };
  bool identity = llvm::all_of(llvm::enumerate(roles), [](auto role) {
    return role.value() < 0 || role.value() == int64_t(role.index());
  });

  WalkResult walked = func.walk([&](Operation *op) -> WalkResult {
    if (isa<SendOp, RecvOp, AgreeOp, ExchangeOp>(op))
      return op->emitError("a library function is a global program; '")
             << op->getName() << "' belongs to per-rank programs";
    if (isa<ShuffleDynamicOp>(op) && !identity)
      return op->emitError("cannot link to other ranks: the ranks of "
                           "'simp.shuffle_dynamic' are run-time values");
    if (auto pcall = dyn_cast<PCallOp>(op)) {
      SmallVector<int64_t> parties = map(pcall.getParties());
      llvm::sort(parties);
      pcall.setParties(parties);
    } else if (auto shuffle = dyn_cast<ShuffleOp>(op)) {
      shuffle.setTargets(map(shuffle.getTargets()));
      shuffle.setSources(map(shuffle.getSources()));
    }
    if (unbound)
      return op->emitError("rank ")
             << *unbound << " is not bound by the signature of @"
             << func.getSymName();
    return WalkResult::advance();
  });
  if (walked.wasInterrupted())
    return failure();

  AttrTypeReplacer replacer;
  replacer.addReplacement([&](MPType type) -> std::optional<Type> {
    if (type.isDynamic())
      return type;
    SmallVector<int64_t> parties = map(type.getParties());
    llvm::sort(parties);
    return MPType::get(type.getValueType(), parties);
  });
  replacer.recursivelyReplaceElementsIn(func, /*replaceAttrs=*/true,
                                        /*replaceLocs=*/false,
                                        /*replaceTypes=*/true);
  if (unbound)
    return func.emitError("rank ")
           << *unbound << " is not bound by the signature of @"
           << func.getSymName();
  return success();
}

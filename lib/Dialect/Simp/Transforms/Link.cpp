//===- Link.cpp - link library functions into a program -------------------===//
//
// A library is an ordinary global program. Linking copies the definitions a
// program declares (and what they call) into it, with the library's ranks
// bound to the program's, so projection and verification see one program.
// A template (`*.mlir.in`) defines its functions for every size: the
// linker instantiates it for the size a declaration names.
//
//===----------------------------------------------------------------------===//

#include "mplang/Dialect/Simp/Transforms/Link.h"

#include "RoleMapping.h"

#include "mplang/Dialect/Simp/IR/Parties.h"
#include "mplang/Dialect/Simp/IR/SimpDialect.h"
#include "mplang/Dialect/Simp/Transforms/Passes.h"
#include "mplang/Protocols/Templates.h"

#include "mlir/IR/SymbolTable.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"

#include <cerrno>
#include <cstring>
#include <deque>
#include <fcntl.h>
#include <map>
#include <sys/stat.h>
#include <unistd.h>

namespace mlir::simp {
#define GEN_PASS_DEF_SIMPLINK
#include "mplang/Dialect/Simp/Transforms/Passes.h.inc"
} // namespace mlir::simp

using namespace mlir;
using namespace mlir::simp;

namespace {

/// A library function and the roles it is linked with.
using Instance = std::pair<Operation *, std::vector<int64_t>>;

/// A template's path and text.
struct TemplateFile {
  std::string path;
  std::string text;
};

class Linker {
public:
  Linker(ModuleOp program, ArrayRef<std::string> searchPaths)
      : program(program), symbols(program), searchPaths(searchPaths) {}

  /// Reads and parses the library at `path` (or reads the template, a
  /// `*.mlir.in`); one in a search directory (`isExplicit` false) that is
  /// not a regular file is skipped with a warning.
  LogicalResult load(StringRef path, bool isExplicit);
  LogicalResult checkClashes();
  /// Links `declaration`, or leaves it alone when no library defines it and
  /// nothing asks for it (no call, no `simp.link_name`): MLIR files declare
  /// external functions for other reasons too.
  LogicalResult link(func::FuncOp declaration);

private:
  LogicalResult loadDirectory(StringRef dir);
  /// Parses `buffer` and records its public functions, only those named
  /// `<function>.n<size>` if `size` is set.
  LogicalResult addModule(std::unique_ptr<llvm::MemoryBuffer> buffer,
                          bool isExplicit,
                          std::optional<int64_t> size = std::nullopt);
  /// Records the functions the template in `buffer` defines: those of one
  /// size, and those outside its PER-SIZE part.
  LogicalResult addTemplate(StringRef path,
                            std::unique_ptr<llvm::MemoryBuffer> buffer);
  /// The template defining `name` (`<function>.n<N>`) and N, if any.
  std::optional<std::pair<const TemplateFile *, int64_t>>
  findTemplate(StringRef name) const;
  /// Reads the search path, once, when a name is not defined yet, and
  /// instantiates the template that defines it for its size.
  LogicalResult search(StringRef name, Location loc);

  struct Definition {
    func::FuncOp func;
    StringRef file;
  };

  /// Binds `declaration`'s roles against the definition it names, composes
  /// them with `outer` (the roles of the library code that declares it, or
  /// the identity for the program) and returns the definition.
  FailureOr<std::pair<func::FuncOp, RoleMap>> resolve(func::FuncOp declaration,
                                                      ArrayRef<int64_t> outer);
  /// The program's name for `def` linked with `roles`, copying it (and,
  /// through the worklist, what it calls) on first use.
  FailureOr<StringAttr> instantiate(func::FuncOp def, const RoleMap &roles);
  /// Remembers that `linked` is `def` with `roles` and queues its calls.
  void record(func::FuncOp linked, func::FuncOp def, const RoleMap &roles);
  LogicalResult linkCalls(func::FuncOp linked, func::FuncOp def,
                          ArrayRef<int64_t> roles);

  ModuleOp program;
  SymbolTable symbols;
  ArrayRef<std::string> searchPaths;
  bool searched = false;
  /// Deques: definitions and templates refer to their elements.
  std::deque<std::pair<std::string, OwningOpRef<ModuleOp>>> files;
  std::deque<TemplateFile> templateFiles;
  llvm::StringMap<const TemplateFile *> templates;
  llvm::StringMap<Definition> definitions;
  llvm::StringMap<bool> explicitNames;
  std::map<Instance, StringAttr> instances;
  SmallVector<std::tuple<func::FuncOp, func::FuncOp, RoleMap>> worklist;
};

StringRef linkName(func::FuncOp declaration) {
  if (auto name = declaration->getAttrOfType<StringAttr>(
          SimpDialect::getLinkNameAttrName()))
    return name.getValue();
  return declaration.getSymName();
}

/// Libraries are small (the largest protocol is a few hundred KiB); the
/// bound keeps a huge file from filling memory.
constexpr uint64_t kMaxLibraryBytes = 64 << 20;

/// The bytes of `path` if it is a regular file of at most kMaxLibraryBytes,
/// else null with `why` set (and `irregular` if it is no regular file).
/// O_NONBLOCK: opening a FIFO must not wait for a writer; a link is followed
/// but its target checked, so one to /dev/zero, which never ends, is refused.
std::unique_ptr<llvm::MemoryBuffer>
readLibrary(StringRef path, std::string &why, bool &irregular) {
  irregular = false;
  int fd = open(path.str().c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    why = std::strerror(errno);
    return nullptr;
  }
  std::unique_ptr<llvm::MemoryBuffer> buffer;
  struct stat st;
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    irregular = true;
    why = "not a regular file";
  } else if (uint64_t(st.st_size) > kMaxLibraryBytes) {
    why = "larger than " + std::to_string(kMaxLibraryBytes >> 20) + " MiB";
  } else {
    auto read = llvm::MemoryBuffer::getOpenFile(fd, path, st.st_size);
    if (read)
      buffer = std::move(*read);
    else
      why = read.getError().message();
  }
  close(fd);
  return buffer;
}

} // namespace

LogicalResult Linker::load(StringRef path, bool isExplicit) {
  for (auto &[loaded, module] : files)
    if (llvm::sys::fs::equivalent(loaded, path))
      return success();
  for (const TemplateFile &loaded : templateFiles)
    if (llvm::sys::fs::equivalent(loaded.path, path))
      return success();
  std::string why;
  bool irregular;
  std::unique_ptr<llvm::MemoryBuffer> buffer =
      readLibrary(path, why, irregular);
  if (!buffer && irregular && !isExplicit) {
    emitWarning(program.getLoc(), "skipping '")
        << path << "' in the library search path: " << why;
    return success();
  }
  if (!buffer)
    return emitError(program.getLoc(), "cannot read library '")
           << path << "': " << why;
  if (path.ends_with(".mlir.in"))
    return addTemplate(path, std::move(buffer));
  return addModule(std::move(buffer), isExplicit);
}

LogicalResult Linker::addModule(std::unique_ptr<llvm::MemoryBuffer> buffer,
                                bool isExplicit, std::optional<int64_t> size) {
  std::string path = buffer->getBufferIdentifier().str();
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(buffer), llvm::SMLoc());
  ParserConfig config(program.getContext());
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, config);
  if (!module)
    return emitError(program.getLoc(), "cannot parse library '") << path << "'";
  files.emplace_back(path, std::move(module));
  StringRef file = files.back().first;
  for (auto func : files.back().second->getOps<func::FuncOp>()) {
    if (func.isPrivate() || func.isExternal() ||
        (size && !func.getSymName().ends_with(".n" + std::to_string(*size))))
      continue;
    auto [it, inserted] =
        definitions.try_emplace(func.getSymName(), Definition{func, file});
    if (!inserted)
      return func.emitError("@")
             << func.getSymName() << " is also defined by library '"
             << it->second.file << "'";
    if (isExplicit)
      explicitNames[func.getSymName()] = true;
  }
  return success();
}

LogicalResult Linker::addTemplate(StringRef path,
                                  std::unique_ptr<llvm::MemoryBuffer> buffer) {
  const TemplateFile &file = templateFiles.emplace_back(
      TemplateFile{path.str(), buffer->getBuffer().str()});
  for (const std::string &name :
       mplang::protocols::getTemplateFunctions(file.text)) {
    auto [it, inserted] = templates.try_emplace(name, &file);
    if (!inserted)
      return emitError(program.getLoc(), "@")
             << name << ".n<N> is defined by the templates '"
             << it->second->path << "' and '" << path << "'";
  }
  // Instances define only their sized functions; the rest is defined once.
  llvm::Expected<std::string> sizeFree =
      mplang::protocols::instantiateTemplate(file.text, {});
  if (!sizeFree)
    return emitError(program.getLoc(), "library template '")
           << path << "': " << llvm::toString(sizeFree.takeError());
  return addModule(llvm::MemoryBuffer::getMemBufferCopy(*sizeFree, path),
                   /*isExplicit=*/false);
}

std::optional<std::pair<const TemplateFile *, int64_t>>
Linker::findTemplate(StringRef name) const {
  auto [function, size] = name.rsplit(".n");
  int64_t n;
  if (size.empty() || size.starts_with("0") ||
      !llvm::all_of(size, [](char c) { return llvm::isDigit(c); }) ||
      size.getAsInteger(10, n))
    return std::nullopt;
  auto it = templates.find(function);
  if (it == templates.end())
    return std::nullopt;
  return std::make_pair(it->second, n);
}

LogicalResult Linker::loadDirectory(StringRef dir) {
  std::vector<std::string> paths;
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(dir, ec), end; it != end && !ec;
       it.increment(ec))
    if (StringRef(it->path()).ends_with(".mlir") ||
        StringRef(it->path()).ends_with(".mlir.in"))
      paths.push_back(it->path());
  llvm::sort(paths);
  for (const std::string &path : paths)
    if (failed(load(path, /*isExplicit=*/false)))
      return failure();
  return success();
}

LogicalResult Linker::search(StringRef name, Location loc) {
  if (definitions.contains(name))
    return success();
  if (!searched && !findTemplate(name)) {
    searched = true;
    for (const std::string &dir : searchPaths)
      if (failed(loadDirectory(dir)))
        return failure();
  }
  auto found = findTemplate(name);
  if (!found || definitions.contains(name))
    return success();
  auto [file, n] = *found;
  llvm::Expected<std::string> text =
      mplang::protocols::instantiateTemplate(file->text, {n});
  if (!text)
    return emitError(loc, "cannot instantiate @")
           << name << " from '" << file->path
           << "': " << llvm::toString(text.takeError());
  // Named apart from the template: its lines are the instance's.
  return addModule(llvm::MemoryBuffer::getMemBufferCopy(
                       *text, file->path + " (N=" + std::to_string(n) + ")"),
                   /*isExplicit=*/false, n);
}

LogicalResult Linker::checkClashes() {
  for (auto func : program.getOps<func::FuncOp>())
    if (!func.isExternal() && explicitNames.contains(func.getSymName()))
      return func.emitError("@")
             << func.getSymName() << " is also defined by library '"
             << definitions.lookup(func.getSymName()).file << "'";
  return success();
}

FailureOr<std::pair<func::FuncOp, RoleMap>>
Linker::resolve(func::FuncOp declaration, ArrayRef<int64_t> outer) {
  StringRef name = linkName(declaration);
  if (failed(search(name, declaration.getLoc())))
    return failure();
  auto it = definitions.find(name);
  if (it == definitions.end())
    return declaration.emitError("no library defines @")
           << name << " (--library FILE, or a search path directory)";
  func::FuncOp def = it->second.func;
  int64_t roles = getWorldSize(def->getParentOfType<ModuleOp>()).value_or(0);
  FailureOr<RoleMap> bound =
      bindRoles(def.getFunctionType(), declaration.getFunctionType(), roles,
                name, declaration.getLoc());
  if (failed(bound))
    return failure();
  for (int64_t &party : *bound)
    if (party >= 0 && !outer.empty())
      party = party < int64_t(outer.size()) ? outer[party] : -1;
  return std::make_pair(def, std::move(*bound));
}

/// A copy of `def` with its ranks bound by `roles`, in no module yet.
static FailureOr<func::FuncOp> specialize(func::FuncOp def,
                                          ArrayRef<int64_t> roles) {
  auto copy = cast<func::FuncOp>(def->clone());
  if (succeeded(remapRoles(copy, roles)))
    return copy;
  copy.erase();
  return failure();
}

void Linker::record(func::FuncOp linked, func::FuncOp def,
                    const RoleMap &roles) {
  instances.try_emplace({def, {roles.begin(), roles.end()}},
                        linked.getSymNameAttr());
  worklist.emplace_back(linked, def, roles);
}

FailureOr<StringAttr> Linker::instantiate(func::FuncOp def,
                                          const RoleMap &roles) {
  if (auto it = instances.find({def, {roles.begin(), roles.end()}});
      it != instances.end())
    return it->second;
  FailureOr<func::FuncOp> copy = specialize(def, roles);
  if (failed(copy))
    return failure();
  copy->setPrivate();
  symbols.insert(*copy);
  record(*copy, def, roles);
  return copy->getSymNameAttr();
}

LogicalResult Linker::linkCalls(func::FuncOp linked, func::FuncOp def,
                                ArrayRef<int64_t> roles) {
  auto library = def->getParentOfType<ModuleOp>();
  WalkResult walked = linked.walk([&](func::CallOp call) -> WalkResult {
    auto callee = library.lookupSymbol<func::FuncOp>(call.getCallee());
    if (!callee)
      return call.emitError("no function @")
             << call.getCallee() << " in the library";
    RoleMap calleeRoles(roles.begin(), roles.end());
    if (callee.isExternal()) {
      auto resolved = resolve(callee, roles);
      if (failed(resolved))
        return failure();
      std::tie(callee, calleeRoles) = *resolved;
    }
    FailureOr<StringAttr> name = instantiate(callee, calleeRoles);
    if (failed(name))
      return failure();
    call.setCallee(name->getValue());
    return WalkResult::advance();
  });
  return failure(walked.wasInterrupted());
}

LogicalResult Linker::link(func::FuncOp declaration) {
  StringRef name = linkName(declaration);
  if (failed(search(name, declaration.getLoc())))
    return failure();
  if (!definitions.contains(name) &&
      !declaration->hasAttr(SimpDialect::getLinkNameAttrName()) &&
      SymbolTable::symbolKnownUseEmpty(declaration, program))
    return success();
  auto resolved = resolve(declaration, {});
  if (failed(resolved))
    return failure();
  auto [def, roles] = *resolved;
  FailureOr<func::FuncOp> copy = specialize(def, roles);
  if (failed(copy))
    return failure();
  declaration.getBody().takeBody(copy->getBody());
  copy->erase();
  declaration->removeAttr(SimpDialect::getLinkNameAttrName());
  record(declaration, def, roles);
  while (!worklist.empty()) {
    auto [linked, from, bound] = worklist.pop_back_val();
    if (failed(linkCalls(linked, from, bound)))
      return failure();
  }
  return success();
}

LogicalResult simp::linkLibraries(ModuleOp program,
                                  const LinkOptions &options) {
  Linker linker(program, options.searchPaths);
  for (const std::string &path : options.libraries)
    if (failed(linker.load(path, /*isExplicit=*/true)))
      return failure();
  if (failed(linker.checkClashes()))
    return failure();

  SmallVector<func::FuncOp> declarations;
  for (auto func : program.getOps<func::FuncOp>())
    if (func.isExternal())
      declarations.push_back(func);
  for (func::FuncOp declaration : declarations)
    if (failed(linker.link(declaration)))
      return failure();
  return success();
}

namespace {

struct SimpLink : public simp::impl::SimpLinkBase<SimpLink> {
  using SimpLinkBase::SimpLinkBase;
  void runOnOperation() override {
    LinkOptions options{{libraries.begin(), libraries.end()},
                        {searchPaths.begin(), searchPaths.end()}};
    if (failed(linkLibraries(getOperation(), options)))
      signalPassFailure();
  }
};

} // namespace

//===- ModuleCheck.cpp - parse untrusted modules in a child process -------===//
//
// The parent hands the module to the child as a memfd on its stdin and
// reads the child's diagnostics from a pipe, at most kMaxOutput bytes, until
// the child exits or its time is up. Exit 0: the module parsed and verified;
// kMalformed: the diagnostics say why not; a signal or any other exit: the
// parser crashed.
//
//===----------------------------------------------------------------------===//

#include "mplang/Runtime/Cluster/ModuleCheck.h"
#include "mplang/InitAllDialects.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/thread.h"
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <spawn.h>
#include <string>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

using namespace mplang::rt;

namespace {
constexpr const char *kFlag = "--mplang-internal-check-module";
constexpr const char *kChildEnv = "MPLANG_MODULE_CHECK_CHILD";
constexpr int kMalformed = 3;
/// Diagnostics beyond this are cut: the driver needs the first errors only.
constexpr size_t kMaxOutput = 16 << 10;

/// Writes all of `bytes` to `fd`, retrying short writes.
bool writeAll(int fd, llvm::StringRef bytes) {
  while (!bytes.empty()) {
    ssize_t n = ::write(fd, bytes.data(), bytes.size());
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return false;
    bytes = bytes.drop_front(n);
  }
  return true;
}

bool sanitizedAddresses() {
#if defined(__SANITIZE_ADDRESS__)
  return true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
  return true;
#endif
#endif
  return false;
}

/// The child's own limits, set before it reads anything.
void limitThisProcess(unsigned seconds, uint64_t addressSpace) {
  rlimit none = {0, 0};
  setrlimit(RLIMIT_CORE, &none);
  rlimit cpu = {seconds, seconds + 1};
  setrlimit(RLIMIT_CPU, &cpu);
  // AddressSanitizer reserves terabytes of shadow memory up front.
  if (!sanitizedAddresses()) {
    rlimit as = {addressSpace, addressSpace};
    setrlimit(RLIMIT_AS, &as);
  }
}

/// Parses and verifies `text` in `context`, the diagnostics (the first
/// kMaxOutput bytes) to `diagnostics`.
mlir::OwningOpRef<mlir::ModuleOp> parse(const std::string &text,
                                        llvm::StringRef name,
                                        mlir::MLIRContext &context,
                                        std::string &diagnostics) {
  mlir::ScopedDiagnosticHandler handler(&context, [&](mlir::Diagnostic &diag) {
    if (diagnostics.size() < kMaxOutput) {
      llvm::raw_string_ostream os(diagnostics);
      os << diag.getLocation() << ": " << diag << "\n";
    }
    return mlir::success();
  });
  return mlir::parseSourceString<mlir::ModuleOp>(
      text, mlir::ParserConfig(&context), name);
}

/// Parses and verifies `text` (each piece between `splitMarker`s on its own)
/// on a thread with half the stack of the process's other threads, so that
/// a module nested deep enough to exhaust a worker thread's stack crashes
/// here first. Writes the diagnostics to fd 1; returns the exit code.
int parseAndReport(const std::string &text, const std::string &name,
                   llvm::StringRef splitMarker) {
  size_t stack = 8 << 20;
  pthread_attr_t attr;
  if (pthread_getattr_default_np(&attr) == 0) {
    pthread_attr_getstacksize(&attr, &stack);
    pthread_attr_destroy(&attr);
  }
  int code = 0;
  std::string diagnostics;
  llvm::thread parser(std::optional<unsigned>(stack / 2), [&] {
    mlir::DialectRegistry registry;
    mplang::registerAllDialects(registry);
    llvm::SmallVector<llvm::StringRef> pieces;
    if (splitMarker.empty())
      pieces.push_back(text);
    else
      llvm::StringRef(text).split(pieces, splitMarker);
    for (llvm::StringRef piece : pieces) {
      mlir::MLIRContext context(registry,
                                mlir::MLIRContext::Threading::DISABLED);
      // Destroyed here too: destruction recurses into regions as parsing
      // does.
      if (!parse(piece.str(), name, context, diagnostics))
        code = kMalformed;
    }
  });
  parser.join();
  writeAll(1, llvm::StringRef(diagnostics).take_front(kMaxOutput));
  return code;
}

/// The child: the module is stdin.
[[noreturn]] void runChild(const std::string &name, unsigned seconds,
                           uint64_t addressSpace, llvm::StringRef splitMarker) {
  // A crash ends the child by its signal, whatever handlers a sanitizer or
  // a fuzzer (whose handler would save the input as a crash) installed.
  for (int sig : {SIGSEGV, SIGBUS, SIGABRT, SIGILL, SIGFPE, SIGTRAP})
    std::signal(sig, SIG_DFL);
  // Nobody waits for a child whose parent is gone (else its limits end it).
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  limitThisProcess(seconds, addressSpace);
  std::string text;
  char buffer[1 << 16];
  for (;;) {
    ssize_t n = ::read(0, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      break;
    text.append(buffer, n);
  }
  // No exit handlers or leak checks: the process did only this.
  _exit(parseAndReport(text, name, splitMarker));
}

/// A file descriptor closed on destruction.
struct Fd {
  int fd = -1;
  Fd() = default;
  explicit Fd(int fd) : fd(fd) {}
  Fd(const Fd &) = delete;
  Fd &operator=(const Fd &) = delete;
  ~Fd() { reset(); }
  void reset() {
    if (fd >= 0)
      ::close(fd);
    fd = -1;
  }
};

/// `fd` moved above the standard descriptors (a daemon may have closed
/// them), so that the child's dup2 onto them always happens.
int aboveStdio(int fd) {
  if (fd < 0 || fd > 2)
    return fd;
  int moved = fcntl(fd, F_DUPFD_CLOEXEC, 3);
  ::close(fd);
  return moved;
}

Status cannotRun(const char *what) {
  return Status::unavailable(llvm::Twine("cannot check the module in a "
                                         "child process: ") +
                             what + ": " + std::strerror(errno));
}

/// Starts the child with `input` as stdin and `output` as stdout and stderr.
Status startChild(int input, int output, llvm::StringRef name,
                  const ModuleCheckLimits &limits, uint64_t addressSpace,
                  pid_t &pid) {
  if (limits.fork) {
    pid = ::fork();
    if (pid < 0)
      return cannotRun("fork");
    if (pid == 0) {
      dup2(input, 0);
      dup2(output, 1);
      dup2(output, 2);
      runChild(name.str(), limits.seconds, addressSpace, limits.splitMarker);
    }
    return Status::ok();
  }
  // An executable that does not call runModuleCheckIfAsked runs its own
  // main instead; marked, it cannot start a child again in turn.
  if (getenv(kChildEnv))
    return Status::unavailable("this executable does not check modules "
                               "(runModuleCheckIfAsked)");
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, input, 0);
  posix_spawn_file_actions_adddup2(&actions, output, 1);
  posix_spawn_file_actions_adddup2(&actions, output, 2);
  // Nothing else of the parent's: no sockets, no files.
  posix_spawn_file_actions_addclosefrom_np(&actions, 3);
  std::string nameArg = name.str(), secondsArg = std::to_string(limits.seconds),
              spaceArg = std::to_string(addressSpace),
              markerArg = limits.splitMarker;
  char *argv[] = {const_cast<char *>("mplang-module-check"),
                  const_cast<char *>(kFlag),
                  nameArg.data(),
                  secondsArg.data(),
                  spaceArg.data(),
                  markerArg.data(),
                  nullptr};
  std::vector<char *> env;
  for (char **e = environ; *e; ++e)
    env.push_back(*e);
  std::string mark = std::string(kChildEnv) + "=1";
  env.push_back(mark.data());
  env.push_back(nullptr);
  int error =
      posix_spawn(&pid, "/proc/self/exe", &actions, nullptr, argv, env.data());
  posix_spawn_file_actions_destroy(&actions);
  if (error) {
    errno = error;
    return cannotRun("posix_spawn /proc/self/exe");
  }
  return Status::ok();
}

/// Reads the child's output until it closes it or `deadline`; false on the
/// deadline.
bool readOutput(int fd, std::chrono::steady_clock::time_point deadline,
                std::string &output) {
  char buffer[4096];
  for (;;) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0)
      return false;
    pollfd p = {fd, POLLIN, 0};
    int ready = ::poll(&p, 1, int(std::min<int64_t>(left.count(), 1000)));
    if (ready < 0 && errno != EINTR)
      return true;
    if (ready <= 0)
      continue;
    ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return true;
    if (output.size() < kMaxOutput)
      output.append(buffer, std::min<size_t>(n, kMaxOutput - output.size()));
  }
}
} // namespace

Status mplang::rt::checkModuleInChild(llvm::StringRef bytes,
                                      llvm::StringRef name,
                                      const ModuleCheckLimits &limits) {
  ModuleCheckLimits bounded = limits;
  bounded.seconds = std::max(1u, limits.seconds);
  uint64_t addressSpace = limits.baseAddressSpace + 16 * uint64_t(bytes.size());
  Fd input(aboveStdio(memfd_create("mplang-module", MFD_CLOEXEC)));
  if (input.fd < 0)
    return cannotRun("memfd_create");
  if (!writeAll(input.fd, bytes) || lseek(input.fd, 0, SEEK_SET) != 0)
    return cannotRun("writing the module to a memfd");
  int pipeFds[2];
  if (pipe2(pipeFds, O_CLOEXEC) != 0)
    return cannotRun("pipe2");
  Fd output(aboveStdio(pipeFds[0])), childOutput(aboveStdio(pipeFds[1]));
  if (output.fd < 0 || childOutput.fd < 0)
    return cannotRun("fcntl");

  auto deadline =
      std::chrono::steady_clock::now() + std::chrono::seconds(bounded.seconds);
  pid_t pid;
  if (Status s = startChild(input.fd, childOutput.fd, name, bounded,
                            addressSpace, pid);
      !s.isOk())
    return s;
  // The child holds the only other copies: its exit ends the output.
  input.reset();
  childOutput.reset();

  std::string diagnostics;
  bool inTime = readOutput(output.fd, deadline, diagnostics);
  if (!inTime)
    ::kill(pid, SIGKILL);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
    ;
  if (!inTime || (WIFSIGNALED(status) && WTERMSIG(status) == SIGXCPU))
    return Status::error("parsing the module took over " +
                         llvm::Twine(bounded.seconds) + " s");
  if (WIFSIGNALED(status))
    return Status::error("the module crashed the parser (signal " +
                         llvm::Twine(WTERMSIG(status)) + ": " +
                         strsignal(WTERMSIG(status)) + ")");
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
    return Status::ok();
  if (WIFEXITED(status) && WEXITSTATUS(status) == kMalformed)
    return Status::invalidArgument("malformed module:\n" + diagnostics);
  return Status::error("the module crashed the parser (exit status " +
                       llvm::Twine(WEXITSTATUS(status)) + ")");
}

mlir::OwningOpRef<mlir::ModuleOp> mplang::rt::parseUntrustedModule(
    const std::string &bytes, llvm::StringRef name, mlir::MLIRContext &context,
    const ModuleCheckLimits &limits, Status &error) {
  error = checkModuleInChild(bytes, name, limits);
  if (!error.isOk())
    return nullptr;
  std::string diagnostics;
  mlir::OwningOpRef<mlir::ModuleOp> module =
      parse(bytes, name, context, diagnostics);
  if (!module)
    error = Status::invalidArgument("malformed module:\n" + diagnostics);
  return module;
}

Status mplang::rt::checkParserSurvives(llvm::StringRef bytes,
                                       llvm::StringRef name,
                                       llvm::StringRef splitMarker) {
  ModuleCheckLimits limits;
  limits.seconds = 3600;
  limits.splitMarker = splitMarker.str();
  // The tools check before they start any thread: a fork is safe, and it
  // costs about a millisecond where a fresh process costs 70-90 ms.
  limits.fork = true;
  Status status = checkModuleInChild(bytes, name, limits);
  return status.code() == StatusCode::Failed ? status : Status::ok();
}

void mplang::rt::runModuleCheckIfAsked(int argc, char **argv) {
  if (argc < 2 || llvm::StringRef(argv[1]) != kFlag)
    return;
  unsigned seconds = 0;
  uint64_t addressSpace = 0;
  if (argc != 6 || llvm::StringRef(argv[3]).getAsInteger(10, seconds) ||
      llvm::StringRef(argv[4]).getAsInteger(10, addressSpace))
    _exit(2);
  runChild(argv[2], seconds, addressSpace, argv[5]);
}

//===- Mains.h - the mains of mplang-worker and mplang-fetch ----*- C++ -*-===//
//
// As mplang-run's (Driver/RunMain.h), the tools' work is in the library: each
// registers its flags, parses the command line and returns the exit code
// (docs/cli.md).
//
//===----------------------------------------------------------------------===//

#ifndef MPLANG_RUNTIME_CLUSTER_MAINS_H
#define MPLANG_RUNTIME_CLUSTER_MAINS_H

namespace mplang::rt {

/// Serves one node of a cluster file until SIGINT or SIGTERM.
int workerMain(int argc, char **argv);

/// Fetches an object a party kept and prints it or writes it to a file.
int fetchMain(int argc, char **argv);

} // namespace mplang::rt

#endif // MPLANG_RUNTIME_CLUSTER_MAINS_H

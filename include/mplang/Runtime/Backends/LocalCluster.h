//===- LocalCluster.h - worker processes on 127.0.0.1 -----------*- C++ -*-===//

#ifndef MPLANG_RUNTIME_BACKENDS_LOCALCLUSTER_H
#define MPLANG_RUNTIME_BACKENDS_LOCALCLUSTER_H

#include "mplang/Runtime/Backends/PartyOptions.h"
#include "mplang/Runtime/Cluster/ClusterConfig.h"

#include <sys/types.h>

namespace mplang::rt {

/// N mplang-worker processes on free loopback ports with fresh random
/// credentials, described by a private cluster file. They are stopped, and
/// the file removed, on destruction (or with this process, if it dies).
/// `mplang-run --local` starts one per run; the Python driver keeps one for
/// many runs (RunMode::workers), so that their `mem://` objects persist.
class LocalCluster {
public:
  ~LocalCluster();
  /// Starts the workers, each running its party as `party` says (worker
  /// R's files in `party.store.dataRoot`/rankR, as the simulator's rank R),
  /// and waits until each answers its health check.
  Status start(unsigned workers, const std::string &workerPath,
               const PartyOptions &party);
  const ClusterConfig &config() const { return cluster; }

private:
  Status startOnce(unsigned workers, const std::string &workerPath,
                   const PartyOptions &party, bool &retry);
  void stop();

  std::string dir;
  std::vector<pid_t> pids;
  ClusterConfig cluster;
};

} // namespace mplang::rt

#endif // MPLANG_RUNTIME_BACKENDS_LOCALCLUSTER_H

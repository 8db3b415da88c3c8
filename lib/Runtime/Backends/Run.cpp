//===- Run.cpp - what a run of a program is asked and gives back ----------===//

#include "mplang/Runtime/Backends/Run.h"

using namespace mplang::rt;

std::string RunMode::flag() const {
  switch (kind) {
  case Kind::Sim:
    return "--sim " + std::to_string(parties);
  case Kind::Local:
    return "--local " + std::to_string(parties);
  case Kind::Cluster:
    return "--cluster " + clusterFile;
  }
  return "";
}

Status RunMode::checkWorldSize(int64_t worldSize) const {
  if (kind == Kind::Cluster || parties == worldSize)
    return Status::ok();
  return Status::invalidArgument(
      flag() + " does not match simp.world_size = " + llvm::Twine(worldSize));
}

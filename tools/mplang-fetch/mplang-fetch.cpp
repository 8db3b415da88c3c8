//===- mplang-fetch.cpp - fetch an object a party kept ----------*- C++ -*-===//
//
// Fetches an object from one worker's store (GET /v1/objects, see
// docs/protocol.md), as the driver or with a node's own credential, and
// prints it or writes it to a file.
//
//===----------------------------------------------------------------------===//

#include "mplang/Dialect/Field/IR/FieldDialect.h"
#include "mplang/Dialect/Field/IR/FieldTypes.h"
#include "mplang/Runtime/Cluster/ObjectFetch.h"
#include "mplang/Runtime/Driver/Driver.h"
#include "mplang/Runtime/Npy.h"
#include "mplang/Runtime/Serialize.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"

namespace cl = llvm::cl;
using namespace mplang::rt;

static cl::OptionCategory category("mplang-fetch options");

static cl::opt<std::string> uri(cl::Positional, cl::desc("<URI>"), cl::Required,
                                cl::cat(category));
static cl::opt<std::string> clusterFile("cluster",
                                        cl::desc("Cluster file (YAML or JSON)"),
                                        cl::Required, cl::cat(category));
static cl::opt<int64_t> rank("rank", cl::desc("The rank that keeps it"),
                             cl::Required, cl::cat(category));
static cl::opt<std::string>
    asNode("as",
           cl::desc("Fetch with this node's own credential instead of "
                    "the driver's"),
           cl::cat(category));
static cl::opt<std::string>
    output("o",
           cl::desc("Write the object to FILE (.npy for a tensor, the "
                    "stored bytes otherwise) instead of printing it"),
           cl::cat(category));
static cl::opt<bool>
    printFull("print-full",
              cl::desc("Print every element of a large tensor (by default "
                       "those of over 1000 elements are summarized)"),
              cl::cat(category));

static int fail(const llvm::Twine &message) {
  llvm::errs() << "mplang-fetch: error: " << message << "\n";
  return 1;
}

/// The MLIR type to print a tensor of `dtype` and `shape` with.
static mlir::Type tensorType(mlir::MLIRContext &ctx, const Tensor &tensor) {
  mlir::Type element;
  switch (tensor.dtype()) {
  case DType::F32:
    element = mlir::Float32Type::get(&ctx);
    break;
  case DType::F64:
    element = mlir::Float64Type::get(&ctx);
    break;
  case DType::GF128:
    ctx.getOrLoadDialect<mlir::field::FieldDialect>();
    element = mlir::field::GF128Type::get(&ctx);
    break;
  default:
    element = mlir::IntegerType::get(
        &ctx, tensor.dtype() == DType::I1 ? 1 : 8 * dtypeSize(tensor.dtype()));
  }
  return mlir::RankedTensorType::get(tensor.shape(), element);
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(
      argc, argv,
      "fetch an object a party kept\n\n"
      "  mplang-fetch mem://run-1/result0 --cluster cluster.yaml --rank 0 "
      "-o result.npy\n");
  ClusterConfig config;
  if (Status s = loadClusterConfig(clusterFile, config); !s.isOk())
    return fail(s.message());
  if (rank < 0 || rank >= int64_t(config.nodes.size()))
    return fail("--rank " + llvm::Twine(rank) + " is not a node of " +
                clusterFile);
  std::string bytes;
  if (Status s = fetchObject(config, rank, asNode, uri, bytes); !s.isOk())
    return fail(s.message());
  // A file is stored as it was written (.npy, or a serialized object); a
  // memory object comes as a serialized value.
  Value value;
  Status parsed = llvm::StringRef(bytes).starts_with("\x93NUMPY")
                      ? parseNpy(bytes, value)
                      : deserializeValue(bytes, value);
  if (!parsed.isOk())
    return fail(uri + ": " + parsed.message());
  if (!output.empty()) {
    if (value.isTensor())
      if (Status s = writeNpy(output, value.getTensor(), false); !s.isOk())
        return fail(s.message());
    if (value.isTensor())
      return 0;
    std::error_code ec;
    llvm::raw_fd_ostream os(output, ec);
    if (ec)
      return fail("cannot write '" + output + "': " + ec.message());
    os << bytes;
    return 0;
  }
  // As mplang-run prints results.
  mlir::MLIRContext ctx;
  mlir::Type type =
      value.isTensor() ? tensorType(ctx, value.getTensor()) : mlir::Type();
  llvm::outs() << formatValue(value, type, printFull) << "\n";
  return 0;
}

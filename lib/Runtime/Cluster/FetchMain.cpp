//===- FetchMain.cpp - mplang-fetch's main, in the library ----------------===//
//
// Fetches an object from one worker's store (GET /v1/objects, see
// docs/protocol.md), as the driver or with a node's own credential, and
// prints it or writes it to a file.
//
//===----------------------------------------------------------------------===//

#include "mplang/Dialect/Field/IR/FieldDialect.h"
#include "mplang/Dialect/Field/IR/FieldTypes.h"
#include "mplang/InitAllKernels.h"
#include "mplang/Runtime/Cluster/Mains.h"
#include "mplang/Runtime/Cluster/ObjectFetch.h"
#include "mplang/Runtime/FormatValue.h"
#include "mplang/Runtime/Npy.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

using namespace mplang::rt;
namespace cl = llvm::cl;

static int fail(const llvm::Twine &message) {
  llvm::errs() << "mplang-fetch: error: " << message << "\n";
  return 1;
}

namespace {
struct FetchFlags {
  explicit FetchFlags(cl::OptionCategory &category)
      : uri(cl::Positional, cl::desc("<URI>"), cl::Required, cl::cat(category)),
        clusterFile("cluster", cl::desc("Cluster file (YAML or JSON)"),
                    cl::Required, cl::cat(category)),
        rank("rank", cl::desc("The rank that keeps it"), cl::Required,
             cl::cat(category)),
        asNode("as",
               cl::desc("Fetch with this node's own credential instead of "
                        "the driver's"),
               cl::cat(category)),
        output("o",
               cl::desc("Write the object to FILE (.npy for a tensor, the "
                        "stored bytes otherwise) instead of printing it"),
               cl::cat(category)),
        printFull("print-full",
                  cl::desc("Print every element of a large tensor (by "
                           "default those of over 1000 elements are "
                           "summarized)"),
                  cl::cat(category)) {}

  cl::opt<std::string> uri, clusterFile;
  cl::opt<int64_t> rank;
  cl::opt<std::string> asNode, output;
  cl::opt<bool> printFull;
};
} // namespace

/// The MLIR type to print `tensor` with.
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

/// Writes a tensor as .npy, anything else as its stored bytes.
static Status writeObject(const std::string &path, const Value &value,
                          const std::string &bytes) {
  if (value.isTensor())
    return writeNpy(path, value.getTensor(), false);
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec);
  if (ec)
    return Status::error("cannot write '" + path + "': " + ec.message());
  os << bytes;
  return Status::ok();
}

/// As mplang-run prints results.
static void printObject(const Value &value, bool full) {
  mlir::MLIRContext ctx;
  mlir::Type type =
      value.isTensor() ? tensorType(ctx, value.getTensor()) : mlir::Type();
  llvm::outs() << formatValue(value, type, full) << "\n";
}

int mplang::rt::fetchMain(int argc, char **argv) {
  static cl::OptionCategory category("mplang-fetch options");
  static FetchFlags flags(category);
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(
      argc, argv,
      "fetch an object a party kept\n\n"
      "  mplang-fetch mem://run-1/result0 --cluster cluster.yaml --rank 0 "
      "-o result.npy\n");
  ClusterConfig config;
  if (Status s = loadClusterConfig(flags.clusterFile, config); !s.isOk())
    return fail(s.message());
  if (flags.rank < 0 || flags.rank >= int64_t(config.nodes.size()))
    return fail("--rank " + llvm::Twine(flags.rank) + " is not a node of " +
                flags.clusterFile);
  StatusOr<std::string> bytes =
      fetchObject(config, flags.rank, flags.asNode, flags.uri);
  if (!bytes.isOk())
    return fail(bytes.status().message());
  Value value;
  if (Status parsed = parseObject(*bytes, value); !parsed.isOk())
    return fail(flags.uri + ": " + parsed.message());
  if (flags.output.empty()) {
    printObject(value, flags.printFull);
    return 0;
  }
  if (Status s = writeObject(flags.output, value, *bytes); !s.isOk())
    return fail(s.message());
  return 0;
}

//===- Module.cpp - the mplang_mlir._native Python module -----------------===//
//
// A thin pybind11 layer over Core.h: numpy arrays in and out (or `Kept`
// pieces that stay on workers), failures as
// `Error(message, diagnostics, rank, location)`. Results are numpy views
// of the runtime's tensors (read-only, kept alive by the array), so
// nothing is copied on the way out, nor when a later run takes them back;
// other arrays are copied in.
//
//===----------------------------------------------------------------------===//

#include "Core.h"

#include <algorithm>
#include <chrono>
#include <future>
#include <cstring>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

namespace py = pybind11;
using namespace mplang;
using python::Failure;

static PyObject *errorType = nullptr;

[[noreturn]] static void raise(const Failure &failure) {
  py::tuple args = py::make_tuple(failure.message, failure.diagnostics,
                                  failure.rank, failure.location);
  PyErr_SetObject(errorType, args.ptr());
  throw py::error_already_set();
}

static const char *numpyName(rt::DType dtype) {
  switch (dtype) {
  case rt::DType::I1:
    return "bool";
  case rt::DType::I8:
    return "int8";
  case rt::DType::I16:
    return "int16";
  case rt::DType::I32:
    return "int32";
  case rt::DType::I64:
    return "int64";
  case rt::DType::F32:
    return "float32";
  case rt::DType::F64:
    return "float64";
  case rt::DType::GF128:
    return "uint64"; // each element as its [lo, hi] words
  }
  return nullptr;
}

/// The name of the capsules that keep results' tensors alive under numpy.
static const char *const kTensorCapsule = "mplang_mlir.tensor";

/// The runtime tensor that `array` views whole, when it is (a view of) a
/// result of an earlier run: a later run takes it back without a copy.
static std::shared_ptr<const rt::Tensor> tensorBehind(const py::array &array,
                                                      rt::DType dtype) {
  py::handle base = array.base();
  while (base && py::isinstance<py::array>(base))
    base = py::reinterpret_borrow<py::array>(base).base();
  if (!base || !PyCapsule_IsValid(base.ptr(), kTensorCapsule))
    return nullptr;
  const auto &tensor = *static_cast<std::shared_ptr<const rt::Tensor> *>(
      PyCapsule_GetPointer(base.ptr(), kTensorCapsule));
  if (tensor->dtype() != dtype ||
      array.data() != static_cast<const void *>(tensor->bytes()) ||
      size_t(array.nbytes()) != tensor->numBytes() ||
      size_t(array.ndim()) != tensor->shape().size() ||
      !std::equal(tensor->shape().begin(), tensor->shape().end(),
                  array.shape()))
    return nullptr;
  return tensor;
}

namespace {
/// A runtime object (a BFV key, a ciphertext) held by Python between runs;
/// only a later run looks inside.
struct RuntimeObject {
  rt::Value value;
};
} // namespace

static py::object toNumpy(const rt::Value &value) {
  if (value.isAbsent())
    return py::none();
  if (!value.isTensor())
    return py::cast(RuntimeObject{value});
  const rt::Tensor &t = value.getTensor();
  auto *owner = new std::shared_ptr<const rt::Tensor>(value.getTensorHandle());
  py::capsule keep(owner, kTensorCapsule, [](PyObject *capsule) {
    delete static_cast<std::shared_ptr<const rt::Tensor> *>(
        PyCapsule_GetPointer(capsule, kTensorCapsule));
  });
  std::vector<py::ssize_t> shape(t.shape().begin(), t.shape().end());
  // A gf128 tensor is its [lo, hi] words, as in .npy files.
  if (t.dtype() == rt::DType::GF128)
    shape.push_back(2);
  py::array array(py::dtype(numpyName(t.dtype())), shape, {}, t.bytes(), keep);
  array.attr("setflags")(py::arg("write") = false);
  return std::move(array);
}

static rt::Value fromNumpy(const py::handle &object) {
  if (object.is_none())
    return rt::Value::absent();
  if (py::isinstance<python::Kept>(object))
    return python::referenceTo(object.cast<const python::Kept &>().uri);
  if (py::isinstance<RuntimeObject>(object))
    return object.cast<const RuntimeObject &>().value;
  auto array = py::array::ensure(object, py::array::c_style);
  if (!array)
    throw py::type_error("an argument is not a numpy array");
  rt::DType dtype;
  if (!python::dtypeFromNumpy(array.dtype().kind(), array.itemsize(), dtype))
    throw py::type_error("numpy dtype " +
                         py::str(array.dtype()).cast<std::string>() +
                         " has no runtime type");
  if (std::shared_ptr<const rt::Tensor> tensor = tensorBehind(array, dtype))
    return rt::Value::tensor(std::move(tensor));
  std::vector<int64_t> shape(array.shape(), array.shape() + array.ndim());
  rt::Tensor tensor(dtype, shape);
  std::memcpy(tensor.bytes(), array.data(), tensor.numBytes());
  return rt::Value::tensor(std::move(tensor));
}

PYBIND11_MODULE(_native, m) {
  m.doc() = "mplang-mlir's compiler and simulator (use mplang_mlir)";
  errorType = PyErr_NewException("mplang_mlir._native.Error", nullptr, nullptr);
  m.attr("Error") = py::handle(errorType);

  py::class_<RuntimeObject>(m, "RuntimeObject")
      .def_property_readonly("kind",
                             [](const RuntimeObject &o) {
                               return o.value.getOpaque()->kind().str();
                             })
      .def("__repr__", [](const RuntimeObject &o) {
        return "<" + o.value.getOpaque()->kind().str() + ">";
      });

  py::class_<python::Program>(m, "Program")
      .def(py::init([](const std::string &text) {
        Failure failure;
        std::unique_ptr<python::Program> program =
            python::Program::compile(text, failure);
        if (!program)
          raise(failure);
        return program;
      }))
      .def_property_readonly("world_size", &python::Program::worldSize)
      .def("ranks", &python::Program::ranks)
      .def("digests", &python::Program::digests);

  // A result piece a worker keeps: later runs pass it by reference.
  py::class_<python::Kept>(m, "Kept")
      .def_readonly("rank", &python::Kept::rank)
      .def_readonly("uri", &python::Kept::uri)
      .def("__repr__", [](const python::Kept &k) {
        return "<kept on rank " + std::to_string(k.rank) + ": " + k.uri + ">";
      });

  py::class_<python::Runner>(m, "Runner")
      .def(py::init([](int64_t worldSize, const std::string &jit,
                       unsigned timeout, unsigned poolThreads,
                       unsigned localWorkers, const std::string &clusterFile,
                       const std::string &workerPath,
                       const std::string &dataRoot) {
             auto runner = std::make_unique<python::Runner>();
             Failure failure;
             bool ok;
             {
               py::gil_scoped_release release;
               ok = runner->init({worldSize, jit, timeout, poolThreads,
                                  localWorkers, clusterFile, workerPath,
                                  dataRoot},
                                 failure);
             }
             if (!ok)
               raise(failure);
             return runner;
           }),
           py::arg("world_size"), py::arg("jit") = "", py::arg("timeout") = 60,
           py::arg("pool_threads") = 2, py::arg("local_workers") = 0,
           py::arg("cluster_file") = "", py::arg("worker_path") = "",
           py::arg("data_root") = "")
      .def_property_readonly("distributed", &python::Runner::distributed)
      .def("close",
           [](python::Runner &runner) {
             py::gil_scoped_release release;
             runner.close();
           })
      .def("fetch",
           [](python::Runner &runner, const python::Kept &kept) {
             rt::Value value;
             Failure failure;
             bool ok;
             {
               py::gil_scoped_release release;
               ok = runner.fetch(kept, value, failure);
             }
             if (!ok)
               raise(failure);
             return toNumpy(value);
           })
      .def("run", [](python::Runner &runner, python::Program &program,
                     const py::list &perRank) {
        std::vector<std::vector<rt::Value>> args;
        for (py::handle rank : perRank) {
          args.emplace_back();
          for (py::handle value : rank)
            args.back().push_back(fromNumpy(value));
        }
        std::vector<std::vector<python::Piece>> results;
        Failure failure;
        // The run goes on another thread so that this one can take
        // Ctrl-C (Python runs signal handlers on the main thread only).
        std::atomic<bool> interrupt{false};
        bool ok;
        {
          py::gil_scoped_release release;
          std::future<bool> done = std::async(std::launch::async, [&] {
            return runner.run(program, args, results, failure, &interrupt);
          });
          while (done.wait_for(std::chrono::milliseconds(50)) !=
                 std::future_status::ready) {
            py::gil_scoped_acquire acquire;
            if (PyErr_CheckSignals() != 0) {
              interrupt = true;
              break;
            }
          }
          ok = done.get();
        }
        if (interrupt)
          throw py::error_already_set();
        if (!ok)
          raise(failure);
        py::list out;
        for (const std::vector<python::Piece> &rank : results) {
          py::list values;
          for (const python::Piece &piece : rank)
            values.append(piece.kept ? py::cast(*piece.kept)
                                     : toNumpy(piece.value));
          out.append(values);
        }
        return out;
      });
}

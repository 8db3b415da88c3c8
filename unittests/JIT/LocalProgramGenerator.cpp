//===- LocalProgramGenerator.cpp - random party-local programs ------------===//
//
// Programs are built op by op over pools of values by type. Divisors and
// shift amounts are made safe (`ori 1`, `andi width-1`) most of the time and
// left raw otherwise, indices are reduced modulo the size most of the time:
// so most programs run and some fail, at varying ops.
//
//===----------------------------------------------------------------------===//

#include "LocalProgramGenerator.h"

#include <random>
#include <vector>

using namespace mplang::rt::testing;

namespace {

enum Kind { I64, I32, F64, TI, TF, M, NumKinds };

const char *typeOf(Kind k) {
  static const char *names[] = {
      "i64", "i32", "f64", "tensor<8xi64>", "tensor<8xf64>", "tensor<4x4xi64>"};
  return names[k];
}

bool isFloat(Kind k) { return k == F64 || k == TF; }
bool isTensor(Kind k) { return k == TI || k == TF || k == M; }
const char *elementOf(Kind k) {
  return k == I32 ? "i32" : isFloat(k) ? "f64" : "i64";
}

class Generator {
public:
  explicit Generator(uint64_t seed) : rng(seed) {}

  std::string run(int numOps) {
    const Kind args[] = {I64, I64, I32, F64, TI, TI, TF, M};
    std::string signature;
    for (auto [i, k] : llvm_enumerate(args)) {
      std::string name = "%arg" + std::to_string(i);
      signature += (i ? ", " : "") + name + ": " + typeOf(k);
      pools[k].push_back(name);
    }
    for (int i = 0; i < numOps; ++i)
      step();
    std::string names, types;
    for (auto [name, k] : produced) {
      names += (names.empty() ? "" : ", ") + name;
      types += (types.empty() ? "" : ", ") + std::string(typeOf(k));
    }
    return "func.func @main(" + signature + ") -> (" + types + ") {\n" + body +
           "  return " + names + " : " + types + "\n}\n";
  }

private:
  // Index-free enumerate, to keep this file free of LLVM headers.
  template <typename T, size_t N>
  static std::vector<std::pair<size_t, T>> llvm_enumerate(const T (&a)[N]) {
    std::vector<std::pair<size_t, T>> out;
    for (size_t i = 0; i < N; ++i)
      out.push_back({i, a[i]});
    return out;
  }

  int64_t uniform(int64_t lo, int64_t hi) {
    return std::uniform_int_distribution<int64_t>(lo, hi)(rng);
  }
  bool chance(double p) { return std::bernoulli_distribution(p)(rng); }
  template <typename T> const T &pick(const std::vector<T> &v) {
    return v[uniform(0, v.size() - 1)];
  }
  std::string fresh() { return "%v" + std::to_string(next++); }

  std::string emit(const std::string &rhs, const std::string &indent = "  ") {
    std::string name = fresh();
    body += indent + name + " = " + rhs + "\n";
    return name;
  }
  void define(const std::string &name, Kind k) {
    pools[k].push_back(name);
    produced.push_back({name, k});
  }
  /// A recent value of kind `k`.
  std::string operand(Kind k) {
    const std::vector<std::string> &pool = pools[k];
    size_t lo = pool.size() > 6 ? pool.size() - 6 : 0;
    return pool[uniform(lo, pool.size() - 1)];
  }

  std::string constant(Kind k, int64_t v, const std::string &indent) {
    std::string value =
        isFloat(k) ? std::to_string(v) + ".0" : std::to_string(v);
    if (isTensor(k))
      return emit("arith.constant dense<" + value + "> : " + typeOf(k), indent);
    return emit("arith.constant " + value + " : " + std::string(typeOf(k)),
                indent);
  }

  /// An integer binary op on `a` and `b` of kind `k`; mostly safe divisors
  /// and shift amounts.
  std::string intBinary(Kind k, const std::string &a, const std::string &b,
                        const std::string &indent) {
    static const std::vector<std::string> ops = {
        "addi",  "subi",  "muli",  "divsi", "divui", "remsi",
        "remui", "andi",  "ori",   "xori",  "shli",  "shrsi",
        "shrui", "maxsi", "minsi", "maxui", "minui"};
    const std::string &op = pick(ops);
    std::string rhs = b;
    bool division = op.rfind("div", 0) == 0 || op.rfind("rem", 0) == 0;
    bool shift = op.rfind("sh", 0) == 0;
    std::string type = typeOf(k);
    if (division && chance(0.9))
      rhs =
          emit("arith.ori " + b + ", " + constant(k, 1, indent) + " : " + type,
               indent);
    if (shift && chance(0.9))
      rhs = emit("arith.andi " + b + ", " +
                     constant(k, k == I32 ? 31 : 63, indent) + " : " + type,
                 indent);
    return emit("arith." + op + " " + a + ", " + rhs + " : " + type, indent);
  }

  std::string floatBinary(Kind k, const std::string &a, const std::string &b,
                          const std::string &indent) {
    static const std::vector<std::string> ops = {"addf", "subf", "mulf", "divf",
                                                 "remf"};
    if (chance(0.15))
      return emit("arith.negf " + a + " : " + typeOf(k), indent);
    return emit("arith." + pick(ops) + " " + a + ", " + b + " : " + typeOf(k),
                indent);
  }

  /// A few scalar i64 ops over `candidates`, in `indent`; the last value.
  std::string scalarChain(std::vector<std::string> candidates,
                          const std::string &indent) {
    std::string last;
    for (int i = 0, n = uniform(1, 3); i < n; ++i) {
      last = intBinary(I64, pick(candidates), pick(candidates), indent);
      candidates.push_back(last);
    }
    return last;
  }

  /// An index in [0, size) most of the time, any i64 otherwise.
  std::string index(int64_t size) {
    std::string v = operand(I64);
    if (chance(0.9))
      v = emit("arith.remui " + v + ", " + constant(I64, size, "  ") +
               " : i64");
    return emit("arith.index_cast " + v + " : i64 to index");
  }

  void step() {
    switch (uniform(0, 15)) {
    case 0:
    case 1: {
      Kind k = pick(std::vector<Kind>{I64, I32, TI, M});
      define(intBinary(k, operand(k), operand(k), "  "), k);
      return;
    }
    case 2: {
      Kind k = chance(0.5) ? F64 : TF;
      define(floatBinary(k, operand(k), operand(k), "  "), k);
      return;
    }
    case 3: {
      Kind k = pick(std::vector<Kind>{I64, I32, TI, F64, TF});
      std::string a = operand(k), b = operand(k);
      std::string cond =
          isFloat(k) ? emit("arith.cmpf " +
                            pick(std::vector<std::string>{"olt", "oeq", "une",
                                                          "oge"}) +
                            ", " + a + ", " + b + " : " + typeOf(k))
                     : emit("arith.cmpi " +
                            pick(std::vector<std::string>{"slt", "ult", "eq",
                                                          "ne", "sge"}) +
                            ", " + a + ", " + b + " : " + typeOf(k));
      std::string condType = isTensor(k) ? "tensor<8xi1>, " : "";
      define(emit("arith.select " + cond + ", " + a + ", " + b + " : " +
                  condType + typeOf(k)),
             k);
      return;
    }
    case 4:
      return cast();
    case 5:
      return map();
    case 6:
      return reduce();
    case 7:
      if (chance(0.5))
        define(emit("tensor.extract " + operand(TI) + "[" + index(8) +
                    "] : tensor<8xi64>"),
               I64);
      else
        define(emit("tensor.extract " + operand(M) + "[" + index(4) + ", " +
                    index(4) + "] : tensor<4x4xi64>"),
               I64);
      return;
    case 8:
      define(emit("tensor.insert " + operand(I64) + " into " + operand(TI) +
                  "[" + index(8) + "] : tensor<8xi64>"),
             TI);
      return;
    case 9: {
      bool strided = chance(0.3);
      int64_t offset = strided ? uniform(0, 1) : uniform(0, 4);
      std::string slice =
          emit("tensor.extract_slice " + operand(TI) + "[" +
               std::to_string(offset) + "] [4] [" + (strided ? "2" : "1") +
               "] : tensor<8xi64> to tensor<4xi64>");
      define(emit("tensor.insert_slice " + slice + " into " + operand(TI) +
                  "[" + std::to_string(uniform(0, 4)) +
                  "] [4] [1] : tensor<4xi64> into tensor<8xi64>"),
             TI);
      return;
    }
    case 10: {
      std::string init =
          chance(0.5) ? emit("tensor.empty() : tensor<4x4xi64>") : operand(M);
      define(emit("linalg.matmul ins(" + operand(M) + ", " + operand(M) +
                  " : tensor<4x4xi64>, tensor<4x4xi64>) outs(" + init +
                  " : tensor<4x4xi64>) -> tensor<4x4xi64>"),
             M);
      return;
    }
    case 11: {
      std::string init = emit("tensor.empty() : tensor<4x4xi64>");
      define(emit("linalg.transpose ins(" + operand(M) +
                  " : tensor<4x4xi64>) outs(" + init +
                  " : tensor<4x4xi64>) permutation = [1, 0]"),
             M);
      return;
    }
    case 12:
      return forLoop();
    case 13:
      return ifElse();
    case 14:
      return whileLoop();
    default:
      define(emit("tensor.splat " + operand(I64) + " : tensor<8xi64>"), TI);
      return;
    }
  }

  void cast() {
    switch (uniform(0, 4)) {
    case 0:
      return define(emit("arith.trunci " + operand(I64) + " : i64 to i32"),
                    I32);
    case 1:
      return define(emit("arith.extsi " + operand(I32) + " : i32 to i64"), I64);
    case 2:
      return define(emit("arith.extui " + operand(I32) + " : i32 to i64"), I64);
    case 3:
      return define(emit("arith.sitofp " + operand(I64) + " : i64 to f64"),
                    F64);
    default:
      return define(emit("arith.sitofp " + operand(TI) +
                         " : tensor<8xi64> to tensor<8xf64>"),
                    TF);
    }
  }

  void map() {
    std::string a = operand(TI), b = operand(TI), captured = operand(I64);
    std::string init = emit("tensor.empty() : tensor<8xi64>");
    std::string x = fresh(), y = fresh();
    std::string head = "linalg.map ins(" + a + ", " + b +
                       " : tensor<8xi64>, tensor<8xi64>) outs(" + init +
                       " : tensor<8xi64>)\n    (" + x + ": i64, " + y +
                       ": i64) {\n";
    std::string saved = std::move(body);
    body.clear();
    std::string last = scalarChain({x, y, captured}, "      ");
    std::string inner = std::move(body);
    body = std::move(saved);
    define(emit(head + inner + "      linalg.yield " + last + " : i64\n    }"),
           TI);
  }

  void reduce() {
    bool floats = chance(0.3);
    Kind k = floats ? TF : TI;
    const char *e = elementOf(k);
    std::string zero = constant(floats ? F64 : I64, 0, "  ");
    std::string empty = emit(std::string("tensor.empty() : tensor<") + e + ">");
    std::string init =
        emit("linalg.fill ins(" + zero + " : " + e + ") outs(" + empty +
             " : tensor<" + e + ">) -> tensor<" + e + ">");
    std::string x = fresh(), acc = fresh(), s = fresh();
    std::string op =
        floats ? "addf"
               : pick(std::vector<std::string>{"addi", "xori", "maxsi"});
    std::string reduced =
        emit("linalg.reduce ins(" + operand(k) + " : " + typeOf(k) + ") outs(" +
             init + " : tensor<" + e + ">) dimensions = [0]\n    (" + x + ": " +
             e + ", " + acc + ": " + e + ") {\n      " + s + " = arith." + op +
             " " + x + ", " + acc + " : " + e + "\n      linalg.yield " + s +
             " : " + e + "\n    }");
    define(emit("tensor.extract " + reduced + "[] : tensor<" + e + ">"),
           floats ? F64 : I64);
  }

  void forLoop() {
    std::string lb = emit("arith.constant 0 : index");
    std::string ub;
    if (chance(0.5))
      ub = emit("arith.constant " + std::to_string(uniform(0, 6)) + " : index");
    else
      ub = emit("arith.index_cast " +
                emit("arith.remui " + operand(I64) + ", " +
                     constant(I64, 7, "  ") + " : i64") +
                " : i64 to index");
    std::string stepValue = emit("arith.constant 1 : index");
    std::string iv = fresh(), acc = fresh(), t = fresh();
    bool tensorCarry = chance(0.3);
    std::string saved = std::move(body);
    body.clear();
    std::string ivInt =
        emit("arith.index_cast " + iv + " : index to i64", "    ");
    std::string last = scalarChain({acc, ivInt, operand(I64)}, "    ");
    std::string yield = "    scf.yield " + last + " : i64\n";
    std::string carried = acc + " = " + operand(I64);
    std::string types = "i64";
    if (tensorCarry) {
      std::string updated = emit("tensor.insert " + last + " into " + t + "[" +
                                     emitIndexMod(iv) + "] : tensor<8xi64>",
                                 "    ");
      yield =
          "    scf.yield " + last + ", " + updated + " : i64, tensor<8xi64>\n";
      carried += ", " + t + " = " + operand(TI);
      types += ", tensor<8xi64>";
    }
    std::string inner = std::move(body);
    body = std::move(saved);
    std::string result = fresh();
    body += "  " + result + (tensorCarry ? ":2" : "") + " = scf.for " + iv +
            " = " + lb + " to " + ub + " step " + stepValue + " iter_args(" +
            carried + ") -> (" + types + ") {\n" + inner + yield + "  }\n";
    define(tensorCarry ? result + "#0" : result, I64);
    if (tensorCarry)
      define(result + "#1", TI);
  }

  /// `iv` modulo 8, inside a loop body.
  std::string emitIndexMod(const std::string &iv) {
    std::string eight = emit("arith.constant 8 : index", "    ");
    return emit("arith.remui " + iv + ", " + eight + " : index", "    ");
  }

  void ifElse() {
    std::string a = operand(I64), b = operand(I64);
    std::string cond = emit("arith.cmpi slt, " + a + ", " + b + " : i64");
    std::string saved = std::move(body);
    body.clear();
    std::string thenValue = scalarChain({a, b}, "    ");
    std::string thenBody = std::move(body);
    body.clear();
    std::string elseValue = scalarChain({b, operand(I64)}, "    ");
    std::string elseBody = std::move(body);
    body = std::move(saved);
    std::string result = fresh();
    body += "  " + result + " = scf.if " + cond + " -> (i64) {\n" + thenBody +
            "    scf.yield " + thenValue + " : i64\n  } else {\n" + elseBody +
            "    scf.yield " + elseValue + " : i64\n  }\n";
    define(result, I64);
  }

  void whileLoop() {
    std::string start = operand(I64);
    std::string zero = constant(I64, 0, "  ");
    std::string a = fresh(), n = fresh(), a2 = fresh(), n2 = fresh();
    std::string saved = std::move(body);
    body.clear();
    std::string limit = constant(I64, uniform(0, 5), "    ");
    std::string go =
        emit("arith.cmpi slt, " + n + ", " + limit + " : i64", "    ");
    std::string before = std::move(body);
    body.clear();
    std::string last = scalarChain({a2, n2}, "    ");
    std::string one = constant(I64, 1, "    ");
    std::string count =
        emit("arith.addi " + n2 + ", " + one + " : i64", "    ");
    std::string after = std::move(body);
    body = std::move(saved);
    std::string result = fresh();
    body += "  " + result + ":2 = scf.while (" + a + " = " + start + ", " + n +
            " = " + zero + ") : (i64, i64) -> (i64, i64) {\n" + before +
            "    scf.condition(" + go + ") " + a + ", " + n +
            " : i64, i64\n  } do {\n  ^bb0(" + a2 + ": i64, " + n2 +
            ": i64):\n" + after + "    scf.yield " + last + ", " + count +
            " : i64, i64\n  }\n";
    define(result + "#0", I64);
  }

  std::mt19937_64 rng;
  std::vector<std::string> pools[NumKinds];
  std::vector<std::pair<std::string, Kind>> produced;
  std::string body;
  int next = 0;
};

} // namespace

std::string mplang::rt::testing::generateLocalProgram(uint64_t seed,
                                                      int numOps) {
  return Generator(seed).run(numOps);
}

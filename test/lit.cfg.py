# -*- Python -*-
import os

import lit.formats
from lit.llvm import llvm_config

config.name = "MPLANG"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.mplang_obj_root, "test")
config.excludes = ["CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py", "Inputs"]

config.substitutions.append(("%examples", os.path.join(config.mplang_src_root, "examples")))

# Peak-memory bounds do not hold under AddressSanitizer (shadow memory, and
# freed blocks kept in quarantine): such tests say `UNSUPPORTED: asan`.
_run = os.path.join(config.mplang_tools_dir, "mplang-run")
if os.path.exists(_run):
    with open(_run, "rb") as f:
        if b"__asan_init" in f.read():
            config.available_features.add("asan")

# Every command runs with MPLANG_JIT=off (the interpreter, the reference)
# unless `--param jit=on` or `jit=auto` says otherwise; MPLANG_JIT is the
# default of mplang-run's and mplang-worker's --jit (docs/jit.md), so tests
# of the tools' own default unset it. With local code compiled, the tests
# of per-op traces and statistics, which describe the interpreter's steps,
# are left out.
jit = lit_config.params.get("jit", "off")
config.environment["MPLANG_JIT"] = jit
if jit != "off":
    config.excludes += ["trace.mlir", "trace-scale.mlir", "trace-lanes.mlir",
                        "stats.mlir", "cluster-trace.mlir"]

llvm_config.use_default_substitutions()
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.add_tool_substitutions(["mplang-opt", "mplang-run", "mplang-worker", "mplang-fetch"], [config.mplang_tools_dir])

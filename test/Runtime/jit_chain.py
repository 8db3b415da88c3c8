#!/usr/bin/env python3
"""Prints a program whose local loop body is a chain of N ops.

Usage: jit_chain.py N KIND [TRIPS]

KIND is `scalar` (an i64 carried through addi, muli and xori with
constants) or `tensor` (the same on a tensor<4xi64>). The loop runs TRIPS
times (default 64) inside `simp.pcall [0]`, so --jit=auto compiles it, and
returns the carried value. Not a test itself: tests run its output.
"""
import sys

n = int(sys.argv[1])
kind = sys.argv[2]
trips = int(sys.argv[3]) if len(sys.argv) > 3 else 64
ty = "i64" if kind == "scalar" else "tensor<4xi64>"


def const(name, value):
    if kind == "scalar":
        return f"      %{name} = arith.constant {value} : i64"
    return (f"      %{name} = arith.constant dense<[{value}, {value + 1}, "
            f"{value + 2}, {value + 3}]> : tensor<4xi64>")


lines = [
    "module attributes {simp.world_size = 1 : i64} {",
    f"  func.func @main() -> !simp.mp<{ty}, [0]> {{",
    f"    %r = simp.pcall [0] () : () -> !simp.mp<{ty}, [0]> {{",
    "      %c0 = arith.constant 0 : index",
    "      %c1 = arith.constant 1 : index",
    f"      %n = arith.constant {trips} : index",
    const("init", 7),
    const("a", 6364136223846793005),
    const("b", 1442695040888963407),
    const("x", 33),
    f"      %v = scf.for %i = %c0 to %n step %c1 iter_args(%v0 = %init) -> ({ty}) {{",
]
ops = ["addi %{} , %b", "muli %{} , %a", "xori %{} , %x"]
for i in range(n):
    op = ops[i % 3].format(f"v{i}").replace(" ,", ",")
    lines.append(f"        %v{i + 1} = arith.{op} : {ty}")
lines += [
    f"        scf.yield %v{n} : {ty}",
    "      }",
    f"      simp.yield %v : {ty}",
    "    }",
    f"    return %r : !simp.mp<{ty}, [0]>",
    "  }",
    "}",
]
print("\n".join(lines))

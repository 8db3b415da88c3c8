#!/usr/bin/env python3
"""Prints a program whose local loop body is a chain of N ops.

Usage: jit_chain.py N KIND [TRIPS]

KIND is `scalar` (an i64 carried through addi, muli and xori, each with a
constant of its own, so that no two parts of the body are alike) or
`tensor` (the same on a tensor<4xi64>). The loop runs TRIPS times (default
64) inside `simp.pcall [0]` and returns the carried value. Not a test
itself: tests run its output.
"""
import sys

n = int(sys.argv[1])
kind = sys.argv[2]
trips = int(sys.argv[3]) if len(sys.argv) > 3 else 64
ty = "i64" if kind == "scalar" else "tensor<4xi64>"


def const(value):
    if kind == "scalar":
        return f"arith.constant {value} : i64"
    return f"arith.constant dense<{value}> : tensor<4xi64>"


init = ("arith.constant 7 : i64" if kind == "scalar" else
        "arith.constant dense<[7, 8, 9, 10]> : tensor<4xi64>")
lines = [
    "module attributes {simp.world_size = 1 : i64} {",
    f"  func.func @main() -> !simp.mp<{ty}, [0]> {{",
    f"    %r = simp.pcall [0] () : () -> !simp.mp<{ty}, [0]> {{",
    "      %c0 = arith.constant 0 : index",
    "      %c1 = arith.constant 1 : index",
    f"      %n = arith.constant {trips} : index",
    f"      %init = {init}",
    f"      %v = scf.for %i = %c0 to %n step %c1 iter_args(%v0 = %init)"
    f" -> ({ty}) {{",
]
for i in range(n):
    op = ("addi", "muli", "xori")[i % 3]
    lines.append(f"        %k{i} = {const(i * 7918 + 1)}")
    lines.append(f"        %v{i + 1} = arith.{op} %v{i}, %k{i} : {ty}")
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

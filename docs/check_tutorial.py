#!/usr/bin/env python3
"""Checks that every snippet of a tutorial (docs/tutorial.md) is what the
repository has and what the tools print, so the tutorial cannot rot.

- A ```mlir or ```python block must be preceded by `<!-- from PATH -->` and
  be a run of consecutive lines of PATH (relative to the repository root).
- A ```console block holds commands (`$ ` lines; a line ending in `\\`
  continues on the next) each followed by its expected output (stdout and
  stderr). Each command runs in bash, in a scratch directory where
  `examples` and `python` are the repository's examples/ and python/
  (docs/python.md runs its examples), with the tools directory first
  on PATH. The output must be identical, except after `<!-- numbers vary -->`
  (timings): there every number is masked, spaces are collapsed and the
  lines are compared as a sorted list, since their order follows the timings
  too.
- Any other fenced block is an error: every snippet is checked.

Usage: check_tutorial.py TUTORIAL.md --root REPO --tools DIR
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

FENCE = re.compile(r"^```(\w*)\s*$")
MARKER = re.compile(r"^<!--\s*(.*?)\s*-->\s*$")
NUMBER = re.compile(r"\d+(\.\d+)?")


def blocks(path):
    """Yields (line number, language, marker, lines) of each fenced block."""
    marker = None
    lines = open(path, encoding="utf-8").read().split("\n")
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            mm = MARKER.match(lines[i])
            if mm:
                marker = mm.group(1)
            elif lines[i].strip():
                marker = None
            i += 1
            continue
        start = i
        i += 1
        body = []
        while i < len(lines) and not FENCE.match(lines[i]):
            body.append(lines[i])
            i += 1
        yield start + 1, m.group(1), marker, body
        marker = None
        i += 1


def check_excerpt(root, marker, body):
    if not marker or not marker.startswith("from "):
        return "an excerpt needs `<!-- from PATH -->` before it"
    path = os.path.join(root, marker[len("from "):])
    text = open(path, encoding="utf-8").read().split("\n")
    n = len(body)
    if not any(text[k:k + n] == body for k in range(len(text) - n + 1)):
        return f"not a run of lines of {marker[len('from '):]}"
    return None


def commands(body):
    """Splits a console block into (command, expected output lines)."""
    result = []
    i = 0
    while i < len(body):
        if not body[i].startswith("$ "):
            raise ValueError(f"expected a `$ ` command, got: {body[i]}")
        cmd = body[i][2:]
        while cmd.endswith("\\"):
            i += 1
            cmd = cmd[:-1] + "\n" + body[i]
        i += 1
        expected = []
        while i < len(body) and not body[i].startswith("$ "):
            expected.append(body[i])
            i += 1
        result.append((cmd, expected))
    return result


def normalize(lines, vary):
    lines = [l.rstrip() for l in lines]
    while lines and not lines[-1]:
        lines.pop()
    if vary:
        # Column padding follows the widths of the numbers.
        lines = sorted(" ".join(NUMBER.sub("N", l).split()) for l in lines)
    return lines


def check_console(root, tools, workdir, marker, body):
    env = dict(os.environ, PATH=tools + os.pathsep + os.environ["PATH"])
    for cmd, expected in commands(body):
        run = subprocess.run(["bash", "-c", cmd], cwd=workdir, env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                             text=True, timeout=300)
        got = run.stdout.split("\n")
        vary = marker == "numbers vary"
        if normalize(got, vary) != normalize(expected, vary):
            return (f"`{cmd}` printed (exit code {run.returncode}):\n"
                    + run.stdout + "--- but the tutorial shows:\n"
                    + "\n".join(expected))
    return None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("tutorial")
    parser.add_argument("--root", required=True)
    parser.add_argument("--tools", required=True)
    args = parser.parse_args()
    root = os.path.abspath(args.root)
    tools = os.path.abspath(args.tools)
    failures = 0
    with tempfile.TemporaryDirectory() as workdir:
        for tree in ("examples", "python"):
            os.symlink(os.path.join(root, tree), os.path.join(workdir, tree))
        for line, lang, marker, body in blocks(args.tutorial):
            if lang in ("mlir", "python"):
                error = check_excerpt(root, marker, body)
            elif lang == "console":
                error = check_console(root, tools, workdir, marker, body)
            else:
                error = (f"unchecked block language `{lang}` (mlir, python "
                         "or console)")
            if error:
                failures += 1
                print(f"{args.tutorial}:{line}: {error}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

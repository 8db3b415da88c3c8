"""Exceptions of the front end."""


class TraceError(Exception):
    """A program that cannot be traced: the message names the user's line."""


class CompileError(Exception):
    """The C++ verifier, linker or projection rejected the traced module.

    `diagnostics` holds each MLIR diagnostic as `file:line:col: error: ...`.
    """

    def __init__(self, message, diagnostics=()):
        super().__init__("\n".join([message, *diagnostics]))
        self.message = message
        self.diagnostics = list(diagnostics)


class RunError(Exception):
    """A rank failed while running: `rank`, the op's `location`
    (`file:line:col` of the Python line that traced it) and `message`."""

    def __init__(self, rank, location, message):
        where = f"{location}: " if location else ""
        super().__init__(f"{where}rank {rank} failed: {message}")
        self.rank = rank
        self.location = location
        self.message = message

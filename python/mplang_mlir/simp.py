"""The simp dialect as Python calls, with upstream's names and shapes.

Each call emits one simp op into the traced global function. Outside a
trace, under a simulator (`with mp.make_simulator(n):`), each call runs at
once as a one-op program (upstream's eager mode).
"""

import functools

import numpy as np

from ._errors import TraceError
from ._local import LocalValue, as_value
from ._trace import (
    MPObject,
    Scope,
    check_visible,
    current_scope,
    flatten,
    location_text,
    require_global_scope,
    unflatten,
    user_location,
)
from ._types import MPType, TensorType

__all__ = ["pcall_static", "pcall_dynamic", "shuffle_static",
           "shuffle_dynamic", "converge",
           "uniform_cond", "while_loop", "constant"]


def _fail(message):
    raise TraceError(f"{location_text(user_location())}: {message}")


def eager(op):
    """Runs `op` as a program of its own when no trace is active."""
    @functools.wraps(op)
    def wrapper(*args, **kwargs):
        if current_scope() is not None:
            return op(*args, **kwargs)
        from ._runtime import current_context
        return current_context().run_eager(op, args, kwargs)
    return wrapper


def _parties(parties):
    if isinstance(parties, int):
        parties = (parties,)
    out = tuple(sorted(set(int(p) for p in parties)))
    if not out:
        _fail("a party set must not be empty")
    return out


def _global_operand(x, scope, what):
    if not isinstance(x, MPObject):
        _fail(f"{what} takes a multi-party value, not {type(x).__name__}")
    check_visible(x, scope)
    return x


def _party_call(scope, parties, fn, args, kwargs, loc):
    """Traces `fn` as a party's function; returns its op text pieces."""
    local = Scope(scope.trace, "local", scope, isolated=True,
                  depth=scope.depth + 1)
    local.parties = parties
    leaves, tree = flatten((args, kwargs))
    inner = []
    from ._local import LocalObject, capture
    for leaf in leaves:
        if isinstance(leaf, MPObject):
            check_visible(leaf, scope)
            with local:
                inner.append(capture(leaf, local))
        elif isinstance(leaf, (LocalValue, LocalObject)):
            if scope.kind != "local":
                _fail("a party's value cannot leave its function: return it")
            with local:
                inner.append(capture(leaf, local))
        else:
            inner.append(leaf)
    a, kw = unflatten(tree, inner)
    with local:
        out = fn(*a, **kw)
        out_leaves, out_tree = flatten(out)
        # A nested call's result leaves as it is: a multi-party value.
        results = [v if isinstance(v, MPObject) and id(v.scope) in
                   local.visible else as_value(v, local) for v in out_leaves]
    names = ", ".join(v.name for v in results)
    types = ", ".join(v.type.mlir for v in results)
    yield_text = f"simp.yield {names} : {types}" if results else "simp.yield"
    region = local.block_text(yield_text)
    operands = local.operands
    return region, operands, results, out_tree


def _emit_call(scope, head, parties, region, operands, results, loc):
    rtypes = [MPType.of(v.type, parties) for v in results]
    arg_names = ", ".join(o.name for o in operands)
    arg_types = ", ".join(o.type.mlir for o in operands)
    res_types = ", ".join(t.mlir for t in rtypes)
    text = (f"{head}({arg_names}) : ({arg_types}) -> ({res_types}) "
            f"{region}")
    names = scope.emit_results(len(rtypes), text, loc)
    return [MPObject(n, t, scope) for n, t in zip(names, rtypes)]


@eager
def pcall_static(parties, fn, *args, **kwargs):
    """Runs `fn` on each party of `parties` on its own pieces of `args`.

    Multi-party arguments enter `fn` as numpy-like local values; other
    arguments (numbers, numpy arrays, Python objects) enter unchanged.
    Returns what `fn` returns, each local value held by `parties`.
    """
    scope = current_scope()
    if scope is None or scope.kind == "global":
        scope = require_global_scope("simp.pcall_static")
    loc = user_location()
    parties = _parties(parties)
    if scope.kind == "local":
        _check_nested(scope, parties)
    region, operands, results, tree = _party_call(
        scope, parties, fn, args, kwargs, loc)
    head = f"simp.pcall [{', '.join(str(p) for p in parties)}] "
    out = _emit_call(scope, head, parties, region, operands, results, loc)
    return unflatten(tree, out)


def _check_nested(scope, parties):
    """A nested call runs on some of the parties of the function it is
    traced in (the simp dialect's nested `!simp.mp` results)."""
    outer = scope.owner.parties
    if outer is None:
        _fail("simp.pcall_static inside simp.pcall_dynamic's function is "
              "not supported: its parties are known only at run time")
    if not set(parties) <= set(outer):
        _fail(f"a nested simp.pcall_static on parties {list(parties)} must "
              f"run on some of the enclosing call's parties {list(outer)}")


@eager
def pcall_dynamic(fn, *args, **kwargs):
    """Runs `fn` on every party that holds all multi-party `args`."""
    scope = require_global_scope("simp.pcall_dynamic")
    loc = user_location()
    region, operands, results, tree = _party_call(
        scope, None, fn, args, kwargs, loc)
    out = _emit_call(scope, "simp.pcall_dynamic ", None, region, operands,
                     results, loc)
    return unflatten(tree, out)


@eager
def constant(parties, data):
    """`data` (a number or numpy array) as a value held by `parties`."""
    return pcall_static(parties, lambda: np.asarray(data))


@eager
def shuffle_static(x, routing):
    """Moves pieces of `x`: party `dst` receives the piece of party `src`
    for each `dst: src` of `routing`, in its order."""
    scope = require_global_scope("simp.shuffle_static")
    loc = user_location()
    _global_operand(x, scope, "simp.shuffle_static")
    if not isinstance(routing, dict) or not routing:
        _fail("simp.shuffle_static takes a non-empty {dst: src} dict")
    key = (x.type, tuple(routing.items()))
    hit = _shuffles.get(key)
    if hit is None:
        hit = _shuffles[key] = _shuffle_type(x.type, routing)
    out, text = hit
    (name,) = scope.emit_results(1, f"simp.shuffle {x.name} {text}", loc)
    return MPObject(name, out, scope)


_shuffles = {}


def _shuffle_type(xtype, routing):
    """The result type of a shuffle and its text after the operand, made
    once per input type and routing."""
    pairs = [(int(d), int(s)) for d, s in routing.items()]
    if xtype.parties is not None:
        missing = sorted({s for _, s in pairs} - set(xtype.parties))
        if missing:
            _fail(f"simp.shuffle_static: source party {missing[0]} does not "
                  f"hold the value (held by {list(xtype.parties)})")
    out = MPType.of(xtype.local, [d for d, _ in pairs])
    routing_text = ", ".join(f"{d} <- {s}" for d, s in pairs)
    return out, f"[{routing_text}] : {xtype.mlir} -> {out.mlir}"


@eager
def shuffle_dynamic(x, index):
    """Each party reads its own scalar integer `index` i and receives the
    piece of `x` that party i holds; the result's parties are decided at
    run time."""
    scope = require_global_scope("simp.shuffle_dynamic")
    loc = user_location()
    _global_operand(x, scope, "simp.shuffle_dynamic")
    _global_operand(index, scope, "simp.shuffle_dynamic")
    i = index.type.local
    if not (isinstance(i, TensorType) and i.shape == () and
            i.dtype.kind in "iu"):
        _fail("simp.shuffle_dynamic: the index is an integer scalar")
    out = MPType.of(x.type.local, None)
    (name,) = scope.emit_results(
        1, f"simp.shuffle_dynamic {x.name}, {index.name} : {x.type.mlir}, "
        f"{index.type.mlir} -> {out.mlir}", loc)
    return MPObject(name, out, scope)


@eager
def converge(*xs):
    """Merges pieces of one logical value held by disjoint party sets."""
    scope = require_global_scope("simp.converge")
    loc = user_location()
    if not xs:
        _fail("simp.converge takes at least one value")
    for x in xs:
        _global_operand(x, scope, "simp.converge")
    local = xs[0].type.local
    if any(x.type.local != local for x in xs):
        _fail("simp.converge takes pieces of one local type")
    if any(x.parties is None for x in xs):
        parties = None
    else:
        seen = set()
        for x in xs:
            if seen & set(x.parties):
                _fail("simp.converge takes pieces of disjoint party sets")
            seen |= set(x.parties)
        parties = seen
    out = MPType(local, parties)
    (name,) = scope.emit_results(
        1, f"simp.converge {', '.join(x.name for x in xs)} : "
        f"{', '.join(x.type.mlir for x in xs)} -> {out.mlir}", loc)
    return MPObject(name, out, scope)


def _region(scope, fn, args):
    """Traces `fn` on fresh block arguments of the types of `args`."""
    inner = Scope(scope.trace, "global", scope, depth=scope.depth + 1)
    params = []
    for a in args:
        p = MPObject(scope.trace.fresh(), a.type, inner)
        inner.block_args.append((p.name, p.type))
        params.append(p)
    with inner:
        out = fn(*params)
    leaves, tree = flatten(out)
    for v in leaves:
        if not isinstance(v, MPObject):
            _fail("a branch or loop region must return multi-party values")
        check_visible(v, inner)
    return inner, leaves, tree


def _yield(leaves):
    if not leaves:
        return "simp.yield"
    return (f"simp.yield {', '.join(v.name for v in leaves)} : "
            f"{', '.join(v.type.mlir for v in leaves)}")


def _two_regions(scope, head, types, tree, loc, first, second):
    """Emits `head -> (types)` and its two keyword-led regions."""
    regions = " ".join(f"{word} {region.block_text(_yield(out))}"
                       for word, region, out in (first, second))
    text = (f"{head} -> ({', '.join(t.mlir for t in types)})\n"
            f"{scope.indent}{regions}")
    names = scope.emit_results(len(types), text, loc)
    return unflatten(tree, [MPObject(n, t, scope)
                            for n, t in zip(names, types)])


def _pred(p, scope, what):
    _global_operand(p, scope, what)
    local = p.type.local
    if not (isinstance(local, TensorType) and local.dtype == np.bool_ and
            local.shape == ()):
        _fail(f"{what}: the predicate must be a boolean scalar, not "
              f"{local.mlir}")


@eager
def uniform_cond(pred, then_fn, else_fn, *args):
    """Runs `then_fn(*args)` or `else_fn(*args)` on every party, by the
    predicate all of them hold and agree on."""
    scope = require_global_scope("simp.uniform_cond")
    loc = user_location()
    _pred(pred, scope, "simp.uniform_cond")
    for a in args:
        _global_operand(a, scope, "simp.uniform_cond")
    then_scope, then_out, tree = _region(scope, then_fn, args)
    else_scope, else_out, _ = _region(scope, else_fn, args)
    then_types = [v.type for v in then_out]
    if then_types != [v.type for v in else_out]:
        _fail("simp.uniform_cond: the branches return different types: "
              f"{[t.mlir for t in then_types]} and "
              f"{[v.type.mlir for v in else_out]}")
    head = (f"simp.uniform_cond {pred.name} "
            f"({', '.join(a.name for a in args)}) : {pred.type.mlir}, "
            f"({', '.join(a.type.mlir for a in args)})")
    return _two_regions(scope, head, then_types, tree, loc,
                        ("then", then_scope, then_out),
                        ("else", else_scope, else_out))


@eager
def while_loop(cond_fn, body_fn, init):
    """Runs `body_fn` on the state while `cond_fn(state)` holds; every
    party that runs the loop must agree on the predicate."""
    scope = require_global_scope("simp.while_loop")
    loc = user_location()
    state, tree = flatten(init)
    if not state:
        _fail("simp.while_loop needs at least one state value")
    for s in state:
        _global_operand(s, scope, "simp.while_loop")

    def cond(*xs):
        return cond_fn(unflatten(tree, xs))

    def body(*xs):
        return body_fn(unflatten(tree, xs))

    cond_scope, cond_out, _ = _region(scope, cond, state)
    if len(cond_out) != 1:
        _fail("simp.while_loop: the condition returns one predicate")
    _pred(cond_out[0], cond_scope, "simp.while_loop")
    body_scope, body_out, _ = _region(scope, body, state)
    types = [s.type for s in state]
    if [v.type for v in body_out] != types:
        _fail("simp.while_loop: the body returns "
              f"{[v.type.mlir for v in body_out]}, not the state types "
              f"{[t.mlir for t in types]}")
    head = (f"simp.while_loop ({', '.join(s.name for s in state)}) : "
            f"({', '.join(t.mlir for t in types)})")
    return _two_regions(scope, head, types, tree, loc,
                        ("cond", cond_scope, cond_out),
                        ("body", body_scope, body_out))

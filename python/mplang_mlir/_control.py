"""Party-local loops and branches (`scf.for`, `scf.if`), with JAX's call
shapes: `fori_loop(lower, upper, body, init)` and
`cond(pred, true_fn, false_fn, *operands)`. Their regions see the values
of the enclosing party's function."""

import numpy as np

from ._local import (
    LocalValue,
    _emit,
    _fail,
    _index_constant,
    _scope,
    as_index,
    as_value,
    astype,
)
from ._trace import Scope, flatten, unflatten, user_location
from ._types import TensorType

_I64 = TensorType(np.int64, ())


def _results(values, types, scope, what):
    """`values` as LocalValues of `types` (dtypes converted, shapes equal)."""
    if len(values) != len(types):
        _fail(f"{what} returns {len(values)} values, not {len(types)}")
    out = []
    with scope:
        for v, t in zip(values, types):
            v = as_value(v, scope)
            if v.shape != t.shape:
                _fail(f"{what} returns shape {v.shape}, not {t.shape}")
            out.append(astype(v, t.dtype))
    return out


def _yield(values):
    if not values:
        return "scf.yield"
    return (f"scf.yield {', '.join(v.name for v in values)} : "
            f"{', '.join(v.type.mlir for v in values)}")


def fori_loop(lower, upper, body_fn, init):
    """`body_fn(i, state)` for i in [lower, upper) (int64), starting from
    `init`; the body's results are converted to the state's dtypes."""
    scope = _scope()
    loc = user_location()
    leaves, tree = flatten(init)
    state = [as_value(v, scope) for v in leaves]
    types = [v.type for v in state]
    lb, ub = as_index(lower, scope), as_index(upper, scope)
    step = _index_constant(scope, 1)
    body = Scope(scope.trace, "local", scope, depth=scope.depth + 1)
    iv = scope.trace.fresh()
    params = [LocalValue(scope.trace.fresh(), t, body) for t in types]
    with body:
        i = _emit(body, _I64, f"arith.index_cast {iv} : index to i64")
        out = body_fn(i, unflatten(tree, params))
    results = _results(flatten(out)[0], types, body, "the fori_loop body")
    iter_args = ", ".join(f"{p.name} = {v.name}"
                          for p, v in zip(params, state))
    head = f"scf.for {iv} = {lb} to {ub} step {step}"
    if state:
        head += (f" iter_args({iter_args}) -> "
                 f"({', '.join(t.mlir for t in types)})")
    names = scope.emit_results(
        len(types), f"{head} {body.block_text(_yield(results), False)}", loc)
    return unflatten(tree, [LocalValue(n, t, scope)
                            for n, t in zip(names, types)])


def cond(pred, true_fn, false_fn, *operands):
    """`true_fn(*operands)` if `pred` else `false_fn(*operands)`; only the
    branch taken runs. The false branch's results are converted to the
    true branch's dtypes."""
    scope = _scope()
    loc = user_location()
    c = astype(as_value(pred, scope), np.dtype(np.bool_))
    if c.shape:
        _fail("cond takes a scalar predicate")
    then = Scope(scope.trace, "local", scope, depth=scope.depth + 1)
    with then:
        out = true_fn(*operands)
    leaves, tree = flatten(out)
    with then:
        then_out = [as_value(v, then) for v in leaves]
    types = [v.type for v in then_out]
    other = Scope(scope.trace, "local", scope, depth=scope.depth + 1)
    with other:
        else_leaves = flatten(false_fn(*operands))[0]
    else_out = _results(else_leaves, types, other, "the false branch")
    result = f" -> ({', '.join(t.mlir for t in types)})" if types else ""
    text = (f"scf.if {c.name}{result} "
            f"{then.block_text(_yield(then_out), False)} else "
            f"{other.block_text(_yield(else_out), False)}")
    names = scope.emit_results(len(types), text, loc)
    return unflatten(tree, [LocalValue(n, t, scope)
                            for n, t in zip(names, types)])

"""Mutants of one Python module: small deliberate bugs the tests should catch.

Operators (one mutant per site and replacement):

* ``compare``: a comparison negated (``<`` to ``>=``, ``==`` to ``!=``, ``in`` to ``not in``)
  or moved across its boundary (``<`` to ``<=``, ``>=`` to ``>``);
* ``arith``: ``+`` and ``-`` swapped (also in ``+=`` and ``-=``);
* ``constant``: an integer constant plus or minus one;
* ``boolop``: ``and`` and ``or`` swapped;
* ``not``: a ``not`` removed;
* ``bool``: ``True`` and ``False`` swapped;
* ``loop``: ``break`` and ``continue`` swapped;
* ``delete``: a statement of an ``if`` body replaced by ``pass``.

Left alone: docstrings, annotations, f-strings, ``__repr__`` and ``if TYPE_CHECKING:`` blocks,
which cannot change how a game is played.

>>> source = "def f(x):\\n    if x < 2:\\n        return True\\n    return False\\n"
>>> [m.key for m in mutants_of(source)][:3]
['f: x < 2 => x >= 2', 'f: x < 2 => x <= 2', 'f: x < 2 => x < 3']
>>> namespace: dict[str, object] = {}
>>> exec(compile_mutant(source, "f.py", 0), namespace)
>>> namespace["f"](5)  # type: ignore[operator]
True
"""

from __future__ import annotations

import ast
import copy
from collections.abc import Callable, Iterator
from dataclasses import dataclass

Replace = Callable[[ast.AST], ast.AST]

_NEGATED: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.Lt: ast.GtE, ast.GtE: ast.Lt, ast.Gt: ast.LtE,
    ast.LtE: ast.Gt, ast.In: ast.NotIn, ast.NotIn: ast.In, ast.Is: ast.IsNot, ast.IsNot: ast.Is,
}
_BOUNDARY: dict[type[ast.cmpop], type[ast.cmpop]] = {ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt}
_ARITH: dict[type[ast.operator], type[ast.operator]] = {ast.Add: ast.Sub, ast.Sub: ast.Add}
_BOOLOP: dict[type[ast.boolop], type[ast.boolop]] = {ast.And: ast.Or, ast.Or: ast.And}
_SKIPPED_FUNCTIONS = frozenset({"__repr__"})
_TEXT_LIMIT = 90


@dataclass(frozen=True)
class Site:
    """Where a mutant changes the tree: ``getattr(parent, field)[index]`` (or the field itself)."""

    parent: ast.AST
    field: str
    index: int | None
    operator: str
    replace: Replace
    contexts: tuple[ast.AST, ...]  # enclosing expressions, outermost first: one describes the mutant
    scope: str

    def node(self) -> ast.AST:
        value = getattr(self.parent, self.field)
        return value[self.index] if self.index is not None else value  # type: ignore[no-any-return]

    def put(self, node: ast.AST) -> None:
        if self.index is None:
            setattr(self.parent, self.field, node)
        else:
            getattr(self.parent, self.field)[self.index] = node


@dataclass(frozen=True)
class Mutant:
    """One mutant: ``key`` names it across edits elsewhere in the file (no line number in it)."""

    index: int
    operator: str
    line: int
    key: str
    path: str = ""  # the file it mutates, relative to the project (set once sampled from an engine)

    def place(self) -> str:
        """Where the mutant is: ``rules/kouba/events.py:120``, or ``line 120`` before it has a file."""
        return f"{self.path}:{self.line}" if self.path else f"line {self.line}"


def mutants_of(source: str) -> list[Mutant]:
    """Every mutant of ``source``, in a stable order (the same source gives the same list)."""
    seen: dict[str, int] = {}
    found: list[Mutant] = []
    for index, site in enumerate(_sites(ast.parse(source))):
        key = _describe(site)
        seen[key] = seen.get(key, 0) + 1
        if seen[key] > 1:
            key = f"{key} #{seen[key]}"
        found.append(Mutant(index, site.operator, getattr(site.node(), "lineno", 0), key))
    return found


def compile_mutant(source: str, filename: str, index: int) -> object:
    """The code object of ``source`` with mutant ``index`` applied; line numbers stay those of the file."""
    tree = ast.parse(source)
    site = list(_sites(tree))[index]
    site.put(site.replace(site.node()))
    return compile(ast.fix_missing_locations(tree), filename, "exec")


def _describe(site: Site) -> str:
    """``scope: before => after``, shown on the widest enclosing expression that fits on a line."""
    original = site.node()
    replacement = site.replace(copy.deepcopy(original))
    fitting = [c for c in site.contexts if len(ast.unparse(c)) <= _TEXT_LIMIT]
    context = fitting[0] if fitting else site.contexts[-1]
    if context is original:
        return f"{site.scope}: {_text(original)} => {_text(replacement)}"
    before = _text(context)
    site.put(replacement)
    after = _text(context)
    site.put(original)
    return f"{site.scope}: {before} => {after}"


def _text(node: ast.AST) -> str:
    text = " ".join(ast.unparse(node).split())
    return text if len(text) <= _TEXT_LIMIT else text[: _TEXT_LIMIT - 1] + "…"


def _sites(tree: ast.Module) -> Iterator[Site]:
    yield from _walk(tree, "<module>", ())


def _walk(node: ast.AST, scope: str, contexts: tuple[ast.AST, ...]) -> Iterator[Site]:
    """Sites inside ``node`` (children first in source order, then the node's own sites)."""
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        if node.name in _SKIPPED_FUNCTIONS:
            return
        scope = node.name if scope == "<module>" else f"{scope}.{node.name}"
    contexts = _contexts(node, contexts)
    for field, value in ast.iter_fields(node):
        if _skipped_field(node, field):
            continue
        children = value if isinstance(value, list) else [value]
        for position, child in enumerate(children):
            if not isinstance(child, ast.AST):
                continue
            index = position if isinstance(value, list) else None
            yield from _child_sites(node, field, index, child, scope, _contexts(child, contexts))
            yield from _walk(child, scope, contexts)


def _contexts(node: ast.AST, outer: tuple[ast.AST, ...]) -> tuple[ast.AST, ...]:
    """Enclosing nodes that can describe a change: a compound statement starts afresh."""
    if isinstance(node, ast.stmt):
        return () if hasattr(node, "body") else (node,)
    if isinstance(node, ast.expr) and not isinstance(node, ast.Constant | ast.Name):
        return (*outer, node)
    return outer

def _skipped_field(node: ast.AST, field: str) -> bool:
    if field in ("annotation", "returns", "decorator_list", "type_comment"):
        return True
    if isinstance(node, ast.If) and _is_type_checking(node.test):
        return True
    return isinstance(node, ast.JoinedStr) or (isinstance(node, ast.Expr) and _is_docstring(node))


def _is_type_checking(test: ast.expr) -> bool:
    return isinstance(test, ast.Name) and test.id == "TYPE_CHECKING"


def _is_docstring(node: ast.Expr) -> bool:
    return isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)


def _child_sites(
    parent: ast.AST, field: str, index: int | None, child: ast.AST, scope: str, contexts: tuple[ast.AST, ...]
) -> Iterator[Site]:
    def site(operator: str, replace: Replace) -> Site:
        return Site(parent, field, index, operator, replace, contexts or (child,), scope)

    if isinstance(child, ast.Compare):
        for position, op in enumerate(child.ops):
            for table in (_NEGATED, _BOUNDARY):
                if type(op) in table:
                    yield site("compare", _with_cmpop(position, table[type(op)]))
    elif isinstance(child, ast.BinOp | ast.AugAssign) and type(child.op) in _ARITH:
        yield site("arith", _with_op(_ARITH[type(child.op)]))
    elif isinstance(child, ast.BoolOp):
        yield site("boolop", _with_op(_BOOLOP[type(child.op)]))
    elif isinstance(child, ast.UnaryOp) and isinstance(child.op, ast.Not):
        yield site("not", lambda node: node.operand)  # type: ignore[attr-defined]
    elif isinstance(child, ast.Constant):
        yield from _constant_sites(child, site)
    elif isinstance(child, ast.Break | ast.Continue):
        yield site("loop", _swap_loop_jump)
    if isinstance(parent, ast.If) and field == "body" and not isinstance(child, ast.Pass):
        yield site("delete", _to_pass)


def _constant_sites(child: ast.Constant, site: Callable[[str, Replace], Site]) -> Iterator[Site]:
    value = child.value
    if isinstance(value, bool):
        yield site("bool", lambda node: ast.Constant(not value))
    elif isinstance(value, int):
        yield site("constant", lambda node: ast.Constant(value + 1))
        yield site("constant", lambda node: ast.Constant(value - 1))


def _with_cmpop(position: int, op: type[ast.cmpop]) -> Replace:
    def replace(node: ast.AST) -> ast.AST:
        assert isinstance(node, ast.Compare)
        ops = list(node.ops)
        ops[position] = op()
        return ast.Compare(node.left, ops, node.comparators)

    return replace


def _with_op(op: type[ast.operator] | type[ast.boolop]) -> Replace:
    def replace(node: ast.AST) -> ast.AST:
        new = copy.copy(node)
        new.op = op()  # type: ignore[attr-defined]
        return new

    return replace


def _swap_loop_jump(node: ast.AST) -> ast.AST:
    return ast.Continue() if isinstance(node, ast.Break) else ast.Break()


def _to_pass(node: ast.AST) -> ast.AST:
    return ast.Pass()

"""The house's layers: imports among trainer/ and puzzles/ flow one way, and no module imports itself back.

Every import is read from the source (``ast``): at module level and inside
functions alike (an import moved into a function to dodge a cycle is still
one), but not under ``if TYPE_CHECKING:``, which only the type checker reads.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("trainer", "puzzles")

# Lowest first: a module may import from its own rank or below. trainer.explain and trainer.review share a
# rank, but only the review may read the explanations.
RANKS: tuple[tuple[str, ...], ...] = (
    ("trainer", "trainer.files"),
    ("trainer.game", "trainer.clock"),
    ("trainer.engine",),
    ("trainer.explain", "trainer.review"),
    ("trainer.play",),
    ("puzzles",),
    ("trainer.render",),
    ("trainer.web",),
    ("trainer.cli",),
    ("trainer.start", "trainer.quick", "trainer.__main__"),
)
FORBIDDEN = {("trainer.explain", "trainer.review")}  # (importer's layer, imported layer) within one rank

# Layers a layer may not import although they are below it (importer's layer, imported layer): the web is a thin
# door, it asks the play, puzzles, review and render layers, never the engine or the explainer directly.
SKIPPED = {("trainer.web", "trainer.engine"), ("trainer.web", "trainer.explain")}

# The web is a thin door (issue 38: "about 3,000 lines or fewer", from 4,225): its modules, trainer/web/*.py, hold
# at most this many lines. What is not routes, sessions and limits lives in play/, puzzles/, review/ and render/.
WEB_LINES_LIMIT = 3_000  # (issue 53: 3,535 before the hall moved into play/; never raised again)

# Imports allowed to break the layers, each with its reason. Each entry: (importing module, imported module).
KNOWN: set[tuple[str, str]] = set()


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            found[_module_name(path)] = path
    return found


def _type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(module: str, path: Path, known: dict[str, Path]) -> list[tuple[str, int]]:
    """The modules of ``known`` that ``module`` imports, with the line of each import."""
    is_package = path.name == "__init__.py"
    found: list[tuple[str, int]] = []

    def resolve(name: str, line: int) -> None:
        if name in known:
            found.append((name, line))

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _type_checking(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            for alias in node.names:
                resolve(alias.name, node.lineno)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = module.split(".") if is_package else module.split(".")[:-1]
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, *([base] if base else [])])
            for alias in node.names:
                submodule = f"{base}.{alias.name}"
                resolve(submodule if submodule in known else base, node.lineno)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8"), str(path)))
    return found


def _graph() -> dict[str, list[tuple[str, int]]]:
    known = _modules()
    return {module: _imports(module, path, known) for module, path in known.items()}


def _layer(module: str) -> tuple[int, str]:
    """The rank and the name of the layer ``module`` belongs to (its longest listed prefix)."""
    best: tuple[int, str] | None = None
    for rank, layers in enumerate(RANKS):
        for layer in layers:
            if (module == layer or module.startswith(layer + ".")) and (best is None or len(layer) > len(best[1])):
                best = (rank, layer)
    assert best is not None, f"{module} is in no layer: add it to RANKS"
    return best


def _where(module: str, line: int) -> str:
    path = _modules()[module]
    return f"{path.relative_to(ROOT)}:{line}"


def test_every_module_is_in_a_layer() -> None:
    assert len(_modules()) > 50  # the walk found the house
    for module in _modules():
        _layer(module)


def test_imports_flow_downward() -> None:
    wrong: list[str] = []
    for module, imports in _graph().items():
        rank, layer = _layer(module)
        for target, line in imports:
            target_rank, target_layer = _layer(target)
            against = target_rank > rank or (layer, target_layer) in FORBIDDEN | SKIPPED
            if against and (module, target) not in KNOWN:
                wrong.append(f"{_where(module, line)}: {module} ({layer}) imports {target} ({target_layer})")
    assert not wrong, "imports against the layers:\n" + "\n".join(sorted(wrong))


def test_known_exceptions_are_still_needed() -> None:
    """An entry of :data:`KNOWN` whose import is gone must go too."""
    edges = {(module, target) for module, imports in _graph().items() for target, _ in imports}
    assert not KNOWN - edges, f"no longer imported, remove from KNOWN: {sorted(KNOWN - edges)}"


def test_the_web_is_a_thin_door() -> None:
    """Routes only: what is not HTTP lives in the layers below, so trainer/web stays within its lines."""
    sizes = {path.name: len(path.read_text(encoding="utf-8").splitlines())
             for path in sorted((ROOT / "trainer" / "web").glob("*.py"))}
    assert len(sizes) > 5  # the walk found the web
    largest = ", ".join(f"{name} {n}" for name, n in sorted(sizes.items(), key=lambda item: -item[1])[:5])
    assert sum(sizes.values()) <= WEB_LINES_LIMIT, f"trainer/web has {sum(sizes.values())} lines ({largest}, ...)"


def test_one_name_per_idea() -> None:
    """No class name is defined twice in trainer/ and puzzles/ (three Tables in one call chain were one too many:
    a reader, a search and a traceback each had to ask which)."""
    where: dict[str, list[str]] = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            for node in ast.parse(path.read_text(encoding="utf-8")).body:
                if isinstance(node, ast.ClassDef):
                    where.setdefault(node.name, []).append(str(path.relative_to(ROOT)))
    twice = {name: places for name, places in where.items() if len(places) > 1}
    assert len(where) > 100 and not twice, twice


def _state(value: ast.expr | None) -> bool:
    """Whether a module-level value is state a server would change: an empty container, or an object made by
    calling a class (a registry, a cache, a lock)."""
    if isinstance(value, ast.Dict | ast.List | ast.Set) and not getattr(value, "keys", getattr(value, "elts", None)):
        return True
    if isinstance(value, ast.Call):
        func = value.func
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
        return name[:1].isupper() or name in ("dict", "list", "set", "defaultdict", "deque")
    return False


def test_the_web_keeps_no_server_state_in_its_modules() -> None:
    """What a server holds (tables, games, reviews, sets, rate limits, keys) lives in the hall or the app's state,
    never in a web module's globals, nor behind a cache decorator."""
    found = []
    for path in sorted((ROOT / "trainer" / "web").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.Assign | ast.AnnAssign) and _state(node.value):
                found.append(f"{path.name}:{node.lineno}")
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                for decorator in node.decorator_list:
                    named = ast.unparse(decorator)
                    if "cache" in named:
                        found.append(f"{path.name}:{node.lineno} @{named}")
    assert not found, found


def _cycles(graph: dict[str, list[tuple[str, int]]]) -> list[list[str]]:
    """The strongly connected components of more than one module, or of one importing itself (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target, _ in graph[node]:
            if target not in index:
                connect(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component: list[str] = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1 or any(t == node for t, _ in graph[node]):
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            connect(node)
    return found


def test_no_import_cycles() -> None:
    graph = _graph()
    cycles = _cycles({m: [(t, line) for t, line in imports if (m, t) not in KNOWN] for m, imports in graph.items()})
    described = []
    for component in cycles:
        members = set(component)
        edges = [
            f"  {_where(m, line)}: {m} imports {t}" for m in component for t, line in graph[m] if t in members
        ]
        described.append(" <-> ".join(component) + "\n" + "\n".join(edges))
    assert not cycles, "import cycles:\n" + "\n".join(described)


def test_the_checks_see_an_import_in_a_function_and_skip_type_checking(tmp_path: Path) -> None:
    source = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from trainer.cli import app\n"
        "def f():\n    from trainer.engine import solve\n"
    )
    path = ROOT / "trainer" / "game" / "cards.py"  # any module: only its name and place are read
    known = {"trainer.cli.app": path, "trainer.engine.solve": path, "trainer.engine": path}
    module = tmp_path / "m.py"
    module.write_text(source, encoding="utf-8")
    assert _imports("trainer.game.cards", module, known) == [("trainer.engine.solve", 5)]
    assert _cycles({"a": [("b", 1)], "b": [("a", 2)], "c": [("a", 3)]}) == [["a", "b"]]

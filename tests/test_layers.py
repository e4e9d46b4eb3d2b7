"""The core's modules import in one direction: no module reaches, through others or a deferred import, back to
itself. Two circles were found and cut (cases → desk → json_api → cases, through the JSON depth check; deadlines
→ describing → guidance → deadlines, through the wording of a duty, which now lives with the answers that word
the guidance)."""

import ast
from pathlib import Path

CORE = Path(__file__).resolve().parent.parent / "core"


def imports() -> dict[str, set[str]]:
    """Each core module and the core modules it imports, deferred imports inside functions included."""
    found = {}
    for path in CORE.rglob("*.py"):
        parts = path.relative_to(CORE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        deps = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level:
                base = package.split(".")[:len(package.split(".")) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
                deps.add(target)
                deps.update(f"{target}.{alias.name}" for alias in node.names if node.module is None)
        found[name] = deps
    return {m: {d for d in deps if d in found and d != m} for m, deps in found.items()}


def test_no_module_of_the_core_imports_itself_through_others():
    graph, circles = imports(), []

    def visit(start, node, path):
        for nxt in graph[node]:
            if nxt == start:
                circles.append(" → ".join(path + [start]))
            elif nxt not in path:
                visit(start, nxt, path + [nxt])

    for module in graph:
        visit(module, module, [module])
    assert circles == []


def test_the_check_sees_the_circles_it_guards_against():
    graph = imports()
    assert "core.guidance" in graph["core.answers"] and "core.deadlines" in graph["core.guidance"]
    assert "core.guidance" not in graph["core.describing"] and "core.json_api" not in graph["core.desk"]

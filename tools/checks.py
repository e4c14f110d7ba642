"""Register the answer of a self-checking exercise (``check("51-ex5", answer)`` in a lesson).

    python3 tools/checks.py add 51-ex5 "455/216" --probability --hint "..." --mistake "91/216" "Did you ...?"
    python3 tools/checks.py add 11-ex3 7491 --tolerance 150 --hint "..."
    python3 tools/checks.py list

VALUE is a number (``455/216``, ``0.73``, ``1 - (40/45)**4``), a word in quotes (``"'trio'"``), or a tuple or set
of them (``"(5/18, 1/6)"``). Only its salted hashes are written to ratgames_lab/lessons/data/checks.json, with the
hints; the answer itself is not stored anywhere (the lesson's answer cell and the test suite state it).
"""
from __future__ import annotations

import argparse
import ast
import json
import operator
import secrets
import sys
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from ratgames_lab.lessons.check import REGISTRY, canonical, hashes_for  # noqa: E402

OPERATORS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv,
             ast.Pow: operator.pow}


def parse_value(text: str):
    """The value written in ``text``: exact arithmetic on numbers (as Fractions), words, tuples and sets."""
    def value(node):
        if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) and not isinstance(node.value, bool):
            return Fraction(str(node.value))
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return node.value
        if isinstance(node, ast.BinOp) and type(node.op) in OPERATORS:
            return OPERATORS[type(node.op)](value(node.left), value(node.right))
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            return -value(node.operand)
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Fraction" and not node.keywords:
            return Fraction(*[value(a) for a in node.args])
        if isinstance(node, (ast.Tuple, ast.List)):
            return tuple(value(e) for e in node.elts)
        if isinstance(node, ast.Set):
            return frozenset(value(e) for e in node.elts)
        raise SystemExit(f"checks.py: error: cannot read {ast.unparse(node)!r} as an answer")
    try:
        return value(ast.parse(text, mode="eval").body)
    except SyntaxError:
        return text  # a plain word


def load(path: Path = REGISTRY) -> dict:
    """The answers file's content (an empty registry if it does not exist yet)."""
    if not path.exists():
        return {"format": "ratgames_lab.checks/1", "checks": {}}
    return json.loads(path.read_text(encoding="utf-8"))


def add(exercise: str, answer, *, tolerance: str | None = None, probability: bool = False, hint: str = "",
        right: str = "", mistakes: list[tuple[object, str]] = (), path: Path = REGISTRY) -> dict:
    """Register (or replace) the check of ``exercise``; returns its entry."""
    data = load(path)
    salt = secrets.token_hex(8)
    entry = {"salt": salt, "answer": hashes_for(exercise, salt, answer, tolerance)}
    if tolerance is not None:
        entry["tolerance"] = str(Fraction(tolerance))
    if probability:
        entry["probability"] = True
    if hint:
        entry["hint"] = hint
    if right:
        entry["right"] = right
    if mistakes:
        entry["mistakes"] = [{"answer": hashes_for(exercise, salt, wrong, tolerance), "hint": why}
                             for wrong, why in mistakes]
    data["checks"][exercise] = entry
    data["checks"] = dict(sorted(data["checks"].items(), key=lambda kv: _order(kv[0])))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return entry


def _order(exercise: str) -> tuple:
    lesson, _, number = exercise.partition("-ex")
    return (lesson, int(number) if number.isdigit() else 0, exercise)


def main(argv: list[str] | None = None) -> int:
    """Add a check, or list the registered ones."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    new = sub.add_parser("add", help="register the answer of an exercise")
    new.add_argument("exercise", help='the id the lesson\'s check cell uses, e.g. "51-ex5"')
    new.add_argument("value", help="the true answer")
    new.add_argument("--tolerance", help="check within this distance (simulated or rounded values)")
    new.add_argument("--probability", action="store_true", help="hint when the answer is outside [0, 1]")
    new.add_argument("--hint", default="", help="the hint shown after a wrong answer")
    new.add_argument("--right", default="", help="a sentence shown after a right answer")
    new.add_argument("--mistake", nargs=2, action="append", default=[], metavar=("VALUE", "HINT"),
                     help="a typical wrong answer and the hint it gets")
    sub.add_parser("list", help="list the registered exercises")
    args = parser.parse_args(argv)
    if args.command == "list":
        for exercise, entry in load()["checks"].items():
            kind = f"within {entry['tolerance']}" if "tolerance" in entry else "exact"
            print(f"{exercise:10} {kind:14} {len(entry.get('mistakes', []))} known mistakes")
        return 0
    value = parse_value(args.value)
    mistakes = [(parse_value(v), why) for v, why in args.mistake]
    add(args.exercise, value, tolerance=args.tolerance, probability=args.probability, hint=args.hint,
        right=args.right, mistakes=mistakes)
    print(f"registered {args.exercise}: {canonical(value) if args.tolerance is None else 'a number'}"
          f"{'' if args.tolerance is None else f' within {args.tolerance}'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

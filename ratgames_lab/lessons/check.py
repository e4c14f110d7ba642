"""Exercises that check themselves: ``check("31-ex5", answer)`` says right, or wrong with a hint.

The answers live in ``data/checks.json`` as salted hashes only (iterated SHA-256 of a canonical form), so a student
copy of a lesson, or this package, never shows them. An exact answer (a Fraction, an integer, a tuple of them, a
word) is hashed as its canonical text (``str(Fraction)``, lower-case words). A simulated or rounded answer is
checked within a stated tolerance: the number line is cut into steps of a tenth of the tolerance, and the hashes
of the steps around the true value are stored, shuffled (sorted), so they teach nothing. An answer is accepted
when it is within the tolerance of the true value, and refused when it is more than 1.3 tolerances away.

Pure Python (``fractions``, ``hashlib``, ``json``): it runs offline and in the browser (Pyodide). nbgrader and
otter-grader need a grading server or plain-text tests that show the answers, and jupyterquiz's answers are in the
notebook in clear: none of them checks a Python value without revealing it, offline, in JupyterLite.
"""
from __future__ import annotations

import hashlib
import json
import numbers
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Any

REGISTRY = Path(__file__).resolve().parent / "data" / "checks.json"
ITERATIONS = 20_000  # hash rounds: instant for one check, slow for guessing many answers
STEPS_PER_TOLERANCE = 10
STEPS_STORED = 11  # steps on each side of the true value's step
PROBABILITY_HINT = "A probability is between 0 and 1."
DECIMAL_HINT = "Give the exact value, as a Fraction such as Fraction(5, 18), not a rounded decimal."
NOT_WRITTEN = "Write your answer in place of the ... first, then run the cell again."


class CheckError(ValueError):
    """An unknown exercise id, or a registry entry that cannot be read."""


@dataclass(frozen=True)
class Verdict:
    """The result of a check: ``ok`` and the sentence shown to the student."""

    ok: bool
    message: str

    def __bool__(self) -> bool:
        return self.ok

    def __repr__(self) -> str:
        return self.message


def digest(exercise: str, salt: str, text: str) -> str:
    """The stored hash of ``text`` (an answer's canonical form) for one exercise: SHA-256, salted and iterated
    (plain ``hashlib.sha256``, which every Python has; ``pbkdf2_hmac`` needs OpenSSL, which Pyodide may lack)."""
    key = f"{salt}:{exercise}".encode()
    raw = hashlib.sha256(key + text.encode()).digest()
    for _ in range(ITERATIONS):
        raw = hashlib.sha256(raw + key).digest()
    return raw[:12].hex()


def _number(value: Any) -> Fraction | None:
    """``value`` as an exact Fraction (ints, Fractions, numpy integers, floats exactly), or None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, numbers.Rational):
        return Fraction(int(value.numerator), int(value.denominator))
    if isinstance(value, numbers.Real):
        try:
            return Fraction(float(value))
        except (OverflowError, ValueError):
            return None
    if isinstance(value, str):
        try:
            return Fraction(value.strip().replace(" ", ""))
        except (ValueError, ZeroDivisionError):
            return None
    return None


def canonical(value: Any) -> str:
    """The text an exact answer is hashed as: a reduced fraction, a tuple of them, or lower-case words."""
    if isinstance(value, (tuple, list)):
        return "(" + ", ".join(canonical(v) for v in value) + ")"
    if isinstance(value, (set, frozenset)):
        return "{" + ", ".join(sorted(canonical(v) for v in value)) + "}"
    number = _number(value)
    if number is not None:
        if isinstance(value, float) or isinstance(value, numbers.Real) and not isinstance(value, numbers.Rational):
            number = number.limit_denominator(10**6)  # 0.4 typed for 2/5
        return str(number)
    if isinstance(value, str):
        return " ".join(value.casefold().split())
    return repr(value)


def _has_decimal(value: Any) -> bool:
    if isinstance(value, (tuple, list, set, frozenset)):
        return any(_has_decimal(v) for v in value)
    return isinstance(value, numbers.Real) and not isinstance(value, (numbers.Rational, bool))


def _numbers_in(value: Any) -> list[Fraction]:
    if isinstance(value, (tuple, list, set, frozenset)):
        return [n for v in value for n in _numbers_in(v)]
    number = _number(value)
    return [] if number is None else [number]


def step_of(tolerance: str) -> Fraction:
    """The width of one hashed step for an answer checked within ``tolerance``."""
    return Fraction(tolerance) / STEPS_PER_TOLERANCE


def step_index(value: Fraction, step: Fraction) -> int:
    """The step a number falls in (the nearest multiple of ``step``)."""
    return round(value / step)


def hashes_for(exercise: str, salt: str, value: Any, tolerance: str | None = None) -> list[str]:
    """The hashes stored for ``value``: one for an exact answer, the steps around it (sorted) for a tolerance."""
    if tolerance is None:
        return [digest(exercise, salt, canonical(value))]
    number = _number(value)
    if number is None:
        raise CheckError(f"{exercise}: an answer checked within a tolerance must be a number, not {value!r}")
    middle = step_index(number, step_of(tolerance))
    return sorted(digest(exercise, salt, str(k)) for k in range(middle - STEPS_STORED, middle + STEPS_STORED + 1))


def _matches(exercise: str, entry: dict, stored: list[str], answer: Any) -> bool:
    tolerance = entry.get("tolerance")
    if tolerance is None:
        return digest(exercise, entry["salt"], canonical(answer)) in stored
    number = _number(answer)
    if number is None:
        return False
    return digest(exercise, entry["salt"], str(step_index(number, step_of(tolerance)))) in stored


@lru_cache(maxsize=4)
def _load(path: str, mtime: float) -> dict:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise CheckError(f"cannot read the answers file {Path(path).name}: {exc}") from None
    return data.get("checks", {}) if isinstance(data, dict) else {}


def registry(path: Path = REGISTRY) -> dict:
    """Every registered check, by exercise id (``"51-ex5"``)."""
    return _load(str(path), path.stat().st_mtime if path.exists() else 0.0)


def check(exercise: str, answer: Any, path: Path = REGISTRY) -> Verdict:
    """Right, or wrong with a hint: the student's ``answer`` to ``exercise`` (e.g. ``"31-ex5"``)."""
    entry = registry(path).get(exercise)
    if entry is None:
        raise CheckError(f"no check is registered for exercise {exercise!r}")
    if answer is Ellipsis:
        return Verdict(False, NOT_WRITTEN)
    if _matches(exercise, entry, entry["answer"], answer):
        return Verdict(True, f"Right! {entry.get('right', '')}".strip())
    if entry.get("probability") and any(not 0 <= n <= 1 for n in _numbers_in(answer)):
        return Verdict(False, f"Not yet. {PROBABILITY_HINT}")
    for mistake in entry.get("mistakes", []):
        if _matches(exercise, entry, mistake["answer"], answer):
            return Verdict(False, f"Not yet. {mistake['hint']}")
    if entry.get("tolerance") is None and _has_decimal(answer) and _numbers_in(answer):
        return Verdict(False, f"Not yet. {DECIMAL_HINT}")
    return Verdict(False, f"Not yet. {entry.get('hint', 'Check your working and try again.')}".strip())

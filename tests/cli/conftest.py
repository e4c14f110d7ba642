"""Helpers for the command-line tests: run ``ratgames`` in-process with captured output."""
from __future__ import annotations

import io
from dataclasses import dataclass

import pytest

from ratgames_lab.cli import main


@dataclass
class Run:
    """Exit code and output of one in-process ``ratgames`` run."""

    code: int
    out: str
    err: str


@pytest.fixture
def run(capsys):
    """``run("play", "master_of_rules", stdin="1\\n")`` -> Run(code, out, err)."""

    def _run(*argv: str, stdin: str = "") -> Run:
        capsys.readouterr()
        out = io.StringIO()
        code = main(list(argv), stdin=io.StringIO(stdin), stdout=out)
        captured = capsys.readouterr()
        return Run(code, out.getvalue() + captured.out, captured.err)

    return _run

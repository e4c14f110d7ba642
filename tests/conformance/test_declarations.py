"""The suite follows each game's declared information structure: two perfect-information toy games (Pig, with
chance; Nim, without) pass every conformance check with no per-game code (they live in ``toys/``)."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from .toys import ENV

HERE = Path(__file__).parent


@pytest.mark.slow
def test_perfect_information_games_pass_the_whole_suite_with_no_per_game_code():
    env = {**os.environ, ENV: "all"}
    out = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-v", str(HERE),
                          "-k", "toy_ and not declarations"], env=env, capture_output=True, text=True, timeout=1800)
    assert out.returncode == 0, out.stdout[-4000:]
    counts = dict((kind, int(n)) for n, kind in re.findall(r"(\d+) (passed|failed|error)", out.stdout))
    assert counts.get("passed", 0) >= 40 and not counts.get("failed") and not counts.get("error"), out.stdout[-2000:]
    for toy in ("toy_pig-2p", "toy_pig-4p", "toy_nim-2p", "toy_nim-3p"):
        for test in ("test_random_games_keep_the_contract", "test_bot_choices_ignore_hidden_information",
                     "test_fuzzed_positions_are_rejected_by_name_or_playable"):
            assert f"{test}[{toy}] PASSED" in out.stdout, f"{test}[{toy}] did not run"

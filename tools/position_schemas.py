"""Write the JSON Schema of each game's position files to docs/schemas/<game>.schema.json (from the games' declared
state fields), so that an editor can check a hand-written position: `python tools/position_schemas.py`."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import ratgames_lab as rl
from ratgames_lab.core.position import position_file_schema

SCHEMAS = Path(__file__).resolve().parent.parent / "docs" / "schemas"


def schema_text(name: str) -> str:
    """The file text of one game's schema."""
    return json.dumps(position_file_schema(name), indent=1, ensure_ascii=False) + "\n"


def main(argv: list[str]) -> int:
    """Write the schema of the games named (default: every registered game)."""
    SCHEMAS.mkdir(parents=True, exist_ok=True)
    for name in argv or sorted(rl.GAMES):
        path = SCHEMAS / f"{name}.schema.json"
        path.write_text(schema_text(name), encoding="utf-8")
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

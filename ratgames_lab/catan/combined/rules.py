"""Every rule module of the combined variant, imported once so that each registers its actions, phases and steps
(see ``table``); and the variant's action codec."""
from __future__ import annotations

from ...core.protocol import ActionCodec
from . import table
from . import roll, seven, setup, build, barbarians, improvements, progress, trade, turn  # noqa: F401
from . import knights, progress_knights  # noqa: F401
from . import money, rivers, fish  # noqa: F401
from . import ships  # noqa: F401
from . import progress_politics  # noqa: F401
from . import trade_players, stages, text  # noqa: F401
from . import progress_science, progress_trade  # noqa: F401
from . import markets, wagons  # noqa: F401

CODEC = ActionCodec(tuple(table.ACTION_CLASSES))

"""What the Catan browser tests share: the app served by Voila in a 1280x720 page, its pure-Python twin, a saved
game uploaded to both, and real mouse clicks on the hex board (where a board mark is on the page: its layer counted
from the end of the figure, its index in the layer), the same click in the twin, and the wait for the page to catch
up with the twin."""
from __future__ import annotations

import json
import random
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator

from .voila_app import ROOT, browser_page, voila

NOTEBOOK = ROOT / "notebooks" / "apps" / "catan.ipynb"
SEATS = ["human", "heuristic", "heuristic", "heuristic"]  # as in the app notebook (players=4, seed=7)


@contextmanager
def catan_app(log_name: str) -> Iterator:
    """A 1280x720 chromium page showing the Catan app once the human has a decision (Voila's log in ``log_name``)."""
    with voila(NOTEBOOK, log_name) as url:
        with browser_page(url, 1280, 720, (".rg-banner-you", ".ct-board svg g.object_grp")) as page:
            yield page


def catan_twin():
    """The app's dashboard in this process: same seed and seats, bots answering at once."""
    from ratgames_lab.widgets.catan import CatanDashboard

    return CatanDashboard(players=4, seed=7, seats=SEATS, bot_delay=0, animate=False)


def combined_at_main(seed: int, min_turn: int, edit: Callable) -> dict:
    """The position document of a 4-player combined game played at random until Player 1's action phase at turn
    ``min_turn`` or later, after ``edit(state)`` has set it up (then checked like a loaded file)."""
    import ratgames_lab as rl
    from ratgames_lab.core.position import position_document

    game = rl.load_game("catan", players=4, seed=seed, variant="combined")
    s = game.new_state()
    rng = random.Random(seed)
    while not (s.phase == "main" and s.active == 0 and s.turn >= min_turn and not s.pending):
        s.apply(s.sample_chance(rng) if s.current_player < 0 else rng.choice(s.legal_actions()))
    edit(s)
    s.after_load()
    s.validate_position()
    return position_document(game, s)


def upload_position(page, doc: dict, path: Path):
    """Load ``doc`` in the page by the "Save / load" tab's upload button, and in a new twin (returned)."""
    path.write_text(json.dumps(doc))
    twin = catan_twin()
    twin.load_position(doc)
    page.locator(".lm-TabBar-tab").filter(has_text="Save / load").click()
    with page.expect_file_chooser() as chooser:  # the upload button opens the browser's file chooser
        page.click(".widget-upload")
    chooser.value.set_files(str(path))
    return twin

LAYER = {"node": "node_hits", "edge": "edge_hits", "tile": "tokens"}
CENTRE = """([fromEnd, index]) => {
  const marks = [...document.querySelector('.ct-board svg g.object_grp').parentNode.parentNode.children]
    .filter(m => !m.classList.contains('g_legend'));
  const box = marks[marks.length + fromEnd].children[index].getBoundingClientRect();
  return [box.left + box.width / 2, box.top + box.height / 2];
}"""


def mark_centre(page, twin, layer: str, index: int) -> tuple[float, float]:
    """The page coordinates of the centre of one mark of a board layer (named as in the twin's board view)."""
    layers = list(twin.board.view.layers)
    from_end = layers.index(layer) - len(layers)
    position = twin.board.view.keys[layer].index(index)
    page.mouse.move(0, 0)  # no tooltip of an earlier hover in the way
    return page.evaluate(CENTRE, [from_end, position])


def click_board(page, twin, kind: str, index: int, played: bool = True, timeout: float = 60,
                choices: bool = True) -> None:
    """Click an intersection, edge or tile of the page's board (a real mouse click), and the same in the twin."""
    x, y = mark_centre(page, twin, LAYER[kind], index)
    page.mouse.click(x, y)
    assert twin.click_board(kind, index) == played, twin.message
    if played:
        wait_for_you(page, twin, timeout, choices)


def wait_for_you(page, twin, timeout: float = 60, choices: bool = True) -> None:
    """Wait until the page shows the twin's latest event and it is the human's decision again (with its choice
    buttons drawn, unless ``choices`` is False)."""
    text = twin.event_text(twin.state.events[-1])  # as the log shows it: places named as the table says them
    page.wait_for_function("t => [...document.querySelectorAll('.rg-log li')].some(li => li.innerText.includes(t))",
                           arg=text, timeout=timeout * 1000)
    page.wait_for_selector(".rg-banner-you", timeout=timeout * 1000)
    if choices:
        page.wait_for_selector(".rg-decision button.rg-choice", state="attached", timeout=timeout * 1000)
    page.wait_for_timeout(300 if choices else 500)  # the other widgets of the same redraw

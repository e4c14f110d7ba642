"""Real mouse clicks on the Catan app's hex board, shared by the Catan browser tests: where a board mark is on the
page (its layer counted from the end of the figure, its index in the layer), a click there and the same click in
the pure-Python twin of the dashboard, and the wait for the page to catch up with the twin."""
from __future__ import annotations

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
    text = twin.state.events[-1].text()
    page.wait_for_function("t => [...document.querySelectorAll('.rg-log li')].some(li => li.innerText.includes(t))",
                           arg=text, timeout=timeout * 1000)
    page.wait_for_selector(".rg-banner-you", timeout=timeout * 1000)
    if choices:
        page.wait_for_selector(".rg-decision button.rg-choice", state="attached", timeout=timeout * 1000)
    page.wait_for_timeout(300 if choices else 500)  # the other widgets of the same redraw

"""The what-if verdicts in French: whole sentences, French numbers and plurals; English unchanged."""
from __future__ import annotations

from ratgames_lab.core.i18n import use_language
from ratgames_lab.core.racing import Verdict, and_list, points

BEST = Verdict("best", "Play Limit 23", (), 0.034, 0.95, 400, "separated")
CLOSE = Verdict("close", "A", ("A", "B", "C"), 0.012, 0.95, 1000, "budget", needed=12000)


def test_verdicts_are_whole_french_sentences():
    with use_language("fr"):
        assert BEST.text() == ("Play Limit 23 est la meilleure : d'au moins 3,4 points de taux de victoire, "
                               "confiance 95\u00a0% (400 parties simulées par option).")
        assert CLOSE.text().startswith("Trop serré pour trancher entre A, B et C : elles diffèrent de moins de "
                                       "±1,2 points de taux de victoire")
        assert CLOSE.text().endswith("Environ 12\u202f000 parties simulées par option le départageraient.")
        assert and_list(list("ABCDEF")) == "A, B, C et 3 autres"
    assert BEST.text() == "Play Limit 23 is best: by at least 3.4 points of win rate, confidence 95% (400 playouts " \
                          "per option)."
    assert points(0.01) == "1 point" and CLOSE.text().endswith("About 12,000 playouts per option would resolve it.")

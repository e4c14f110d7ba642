"""L'Horlogerie des Rats in French: a seeded game's menu entries, event lines and a refusal use the rulebook's names
(marais, TROUVAILLE, Boussole, pioche EXPLORATION...), no English word of the table is left, and the language never
changes the game."""
from __future__ import annotations

import re

from ratgames_lab.horlogerie import Game
from ratgames_lab.horlogerie.actions import Heal

from .french_games import play_in

ENGLISH = re.compile(r"\b(?:the|and|of|to|for|with|card|cards|deck|player|Player|Swamp|River|Compass|Amulet|"
                     r"Spyglass|Scout|Porter|Guard|Warden|Draw|Stop|Recruit|Rest|Discard|Buy|Tap|find|wound|wounds|"
                     r"team|hand|load|VP|Turn|turn)\b")


def _play(lang: str) -> tuple[list[str], str, str]:
    return play_in(lang, lambda: Game(players=3, seed=2).new_state(), steps=300, seed=2, refused=lambda s: Heal(0),
                   position=lambda s: s.describe() + "\n" + s.hand_text(0))


def test_a_french_game_speaks_the_rulebook_names_and_plays_the_same_game():
    french, refusal, french_json = _play("fr")
    english, english_refusal, english_json = _play("en")
    assert french_json == english_json
    text = "\n".join(french)
    for word in ("Piocher une carte", "valeur d'exploration", "pioche EXPLORATION", "carré des MISSION", "PV",
                 "Joueur 1", "marais"):
        assert word in text, word
    leftover = [line for text in french for line in text.split("\n")
                if ENGLISH.search(re.sub(r"étape \w+", "", line))]
    assert not leftover, leftover[:3]
    assert english_refusal and english_refusal != refusal
    assert not ENGLISH.search(refusal.split(" [rule:")[0]), refusal

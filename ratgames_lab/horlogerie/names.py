"""Cards, missions and finds named as the table says them: 'S3' is 'Swamp 3', 'SR5' is 'Swamp/River 5', a mission
by what it asks ('Swamp 4 + River 3'), a find by its power and mission ('Compass (Swamp 3)'). The faces and ids stay
in the actions' fields and in JSON; only texts use these names."""
from __future__ import annotations

import re

from .cards import TERRAIN_NAMES, load_deck

FACE = re.compile(r"\b([SRJ]{1,3})(\d+)\b")


def face_name(face: str) -> str:
    """'S3' -> 'Swamp 3', 'SR5' -> 'Swamp/River 5' (an unknown face is returned as it is)."""
    m = FACE.fullmatch(face)
    if m is None:
        return face
    return "/".join(TERRAIN_NAMES[t] for t in m.group(1)) + " " + m.group(2)


def faces_text(faces) -> str:
    """'Swamp 3, River 1' or 'no card'."""
    return ", ".join(face_name(f) for f in faces) or "no card"


def ask_words(title: str) -> str:
    """A mission's requirements in words: 'S4+R3' -> 'Swamp 4 + River 3'; 'Collector' stays."""
    return " + ".join(face_name(part) for part in title.split("+"))


def mission_name(missions, m: int) -> str:
    """'the Swamp 4 + River 3 mission' (``missions`` a MissionDeck, ``m`` its index)."""
    return f"the {ask_words(missions.titles[m])} mission"


def mission_label(missions, m: int) -> str:
    """'Swamp 4 + River 3 (3 VP, Compass)': what a mission asks, its reward and its find's power."""
    return f"{ask_words(missions.titles[m])} ({missions.vp[m]} VP, {missions.power[m].capitalize()})"


def find_name(missions, m: int) -> str:
    """'Compass (Swamp 4 + River 3)': the find's power, and the mission it came from."""
    return f"{missions.power[m].capitalize()} ({ask_words(missions.titles[m])})"


def shipped_mission(mission_id: str) -> str:
    """A mission id of the shipped data in words ('M17' -> 'the Swamp 4 + River 3 mission')."""
    ms = load_deck("missions")
    return mission_name(ms, ms.index[mission_id]) if mission_id in ms.index else f"mission {mission_id}"


def shipped_find(mission_id: str) -> str:
    """A find of the shipped data in words ('M4' -> 'Compass (Swamp 4)')."""
    ms = load_deck("missions")
    return find_name(ms, ms.index[mission_id]) if mission_id in ms.index else f"find {mission_id}"

"""The command line's language: ``--lang CODE`` anywhere on the line, else the environment's locale.

The chosen language is current while the command runs; an explicit ``--lang`` is also handed to the dashboards
(``ratgames app``, classroom games) through the ``RATGAMES_LANG`` environment variable. argparse's own messages
("usage:", "the following arguments are required") are translated through the ``ratgames`` catalog.
"""
from __future__ import annotations

import argparse
import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from .core.i18n import N_, _, available_languages, language_from_environment, ngettext, use_language

ENVIRONMENT = "RATGAMES_LANG"  # the language a dashboard's kernel starts in (set by `ratgames app --lang`)
OPTION = "--lang"

# argparse's messages that a user of `ratgames` meets (argparse looks them up through its module's `_`)
ARGPARSE_MESSAGES = [
    N_("usage: "), N_("positional arguments"), N_("options"), N_("show this help message and exit"),
    N_("the following arguments are required: %s"), N_("unrecognized arguments: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"), N_("invalid %(type)s value: %(value)r"),
    N_("expected one argument"), N_("argument %(argument_name)s: %(message)s"),
    N_("expected at least one argument"), N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("not allowed with argument %s"), N_("one of the arguments %s is required"),
]


def split_language(argv: Sequence[str]) -> tuple[str | None, list[str]]:
    """(the --lang value or None, the other arguments): ``--lang fr`` and ``--lang=fr`` anywhere on the line."""
    wanted, rest, words = None, [], list(argv)
    while words:
        word = words.pop(0)
        if word == OPTION and words:
            wanted = words.pop(0)
        elif word.startswith(OPTION + "="):
            wanted = word.split("=", 1)[1]
        else:
            rest.append(word)
    return wanted, rest


def check_language(wanted: str) -> str:
    """The language code for ``--lang`` (``fr``, ``fr_FR``...); an unknown one raises ValueError naming the known."""
    code = wanted.replace("-", "_").split("_")[0].split(".")[0].lower()
    known = available_languages()
    if code not in known:
        with use_language(language_from_environment()):  # the error in the language the user otherwise gets
            raise ValueError(_("unknown language {wanted!r} (available: {known})").format(
                wanted=wanted, known=", ".join(known)))
    return code


def add_language_option(parser: argparse.ArgumentParser) -> None:
    """Show the global --lang option in the help (its value is read before parsing, see split_language)."""
    parser.add_argument(OPTION, metavar="CODE", help=_("language of the output: {languages} (default: the "
                                                       "environment's locale)").format(
        languages=", ".join(available_languages())))


@contextmanager
def command_language(wanted: str | None) -> Iterator[str]:
    """While the command runs: its language current, argparse speaking it, and RATGAMES_LANG set if explicit."""
    lang = check_language(wanted) if wanted else language_from_environment()
    saved = os.environ.get(ENVIRONMENT)
    saved_argparse = argparse._, argparse.ngettext  # type: ignore[attr-defined]
    if wanted:
        os.environ[ENVIRONMENT] = lang
    argparse._, argparse.ngettext = _, ngettext  # type: ignore[attr-defined]
    try:
        with use_language(lang):
            yield lang
    finally:
        argparse._, argparse.ngettext = saved_argparse  # type: ignore[attr-defined]
        if wanted and saved is None:
            os.environ.pop(ENVIRONMENT, None)
        elif wanted:
            os.environ[ENVIRONMENT] = saved

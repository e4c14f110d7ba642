"""The translation catalogs: extract the messages of each domain, update and compile its catalogs, check them.

    python tools/translations.py extract [DOMAIN...]   # write build/translations/<domain>.pot
    python tools/translations.py update  [DOMAIN...]   # merge the messages into every language's .po (keeps translations)
    python tools/translations.py compile [DOMAIN...]   # .po -> .mo beside it (setup.py does this at build time)
    python tools/translations.py check   [DOMAIN...]   # every message translated, none fuzzy, no unused entry

Domains (one gettext catalog family each, see docs/translating.md):
- ``ratgames``: every module of ``ratgames_lab/`` outside the game packages (core, CLI, classroom, lessons...);
- one per registered game (found through the registry, so a new game needs no edit here): its package, plus the
  user-visible strings of its data files that its ``about.py`` declares in ``GameInfo.translated_data`` as
  (file relative to the package, JSON path) pairs, e.g. ``("data/cards.json", "rules.*.name")``; those strings are
  extracted with the game's name as context (the game translates them with ``pgettext("<game>", name)``);
- ``ratgames_widgets``: the dashboards (``widgets/``).
The languages are those with a catalog of the ``ratgames`` domain; ``update`` creates a game's missing catalog.
"""
from __future__ import annotations

import argparse
import dataclasses
import importlib.util
import io
import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ratgames_lab.core.registry import discover  # noqa: E402

ENGINE = ROOT / "ratgames_lab"
WIDGETS = ROOT / "widgets"
OUTPUT = ROOT / "build" / "translations"
COMMENT_TAGS = ("Translators:",)
HEADER = ("# {language} translations of ratgames_lab: the {domain} domain.\n"
          "# Names follow the French rulebooks; each game's glossary is in docs/<game>.md.\n")
PLURAL_FORMS = {"fr": "nplurals=2; plural=(n > 1);"}
PLACEHOLDER = re.compile(r"(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*)[^{}]*\}")


@dataclasses.dataclass(frozen=True)
class Domain:
    """One catalog family: the sources it is extracted from, its locale folder, its declared data strings."""

    name: str
    source: Path  # a folder whose python files are extracted
    skip: tuple[Path, ...] = ()  # sub-folders of source that belong to other domains
    data: tuple[tuple[str, str], ...] = ()  # (file relative to source, JSON path) of user-visible data strings

    @property
    def locale_dir(self) -> Path:
        """The folder holding <lang>/LC_MESSAGES/<name>.po."""
        return self.source / "locale"

    def po_path(self, lang: str) -> Path:
        """The catalog of this domain in ``lang``."""
        return self.locale_dir / lang / "LC_MESSAGES" / f"{self.name}.po"


def domains() -> dict[str, Domain]:
    """Every domain by name: the engine, each registered game (from the registry), the dashboards."""
    games = {}
    for info in discover().values():
        games[info.name] = Domain(info.name, _package_dir(info.module), data=tuple(tuple(d) for d in info.translated_data))
    engine = Domain("ratgames", ENGINE, skip=tuple(d.source for d in games.values()))
    return {"ratgames": engine, **games, "ratgames_widgets": Domain("ratgames_widgets", WIDGETS)}


def _package_dir(module: str) -> Path:
    spec = importlib.util.find_spec(module)
    return Path(spec.origin).resolve().parent


def languages() -> list[str]:
    """The languages that have catalogs (those of the ``ratgames`` domain)."""
    return sorted(p.parent.parent.name for p in (ENGINE / "locale").glob("*/LC_MESSAGES/ratgames.po"))


def json_strings(document, path: str) -> Iterator[str]:
    """The strings at a JSON path: keys separated by dots, ``*`` for every item of a list or value of a dict."""
    if not path:
        if isinstance(document, str):
            yield document
        elif isinstance(document, list):  # a list of names
            yield from (item for item in document if isinstance(item, str))
        return
    key, _, rest = path.partition(".")
    if key == "*":
        items = document if isinstance(document, list) else list(document.values()) if isinstance(document, dict) else []
        for item in items:
            yield from json_strings(item, rest)
    elif isinstance(document, dict) and key in document:
        yield from json_strings(document[key], rest)
    elif isinstance(document, list) and key.isdigit() and int(key) < len(document):
        yield from json_strings(document[int(key)], rest)
    else:
        raise KeyError(f"no {key!r} in the JSON path {path!r}")


def template(domain: Domain) -> Catalog:
    """The messages of a domain: its python sources (Babel's default keywords) and its declared data strings."""
    catalog = Catalog(domain=domain.name, project="ratgames_lab", charset="utf-8")
    skip = {p.resolve() for p in domain.skip} | {domain.locale_dir.resolve()}

    def wanted(dirname: str) -> bool:
        path = Path(dirname).resolve()
        return path not in skip and path.name not in ("__pycache__", "locale", "data", "positions")

    for filename, lineno, message, comments, context in extract_from_dir(
            domain.source, method_map=[("**.py", "python")], keywords=DEFAULT_KEYWORDS,
            comment_tags=COMMENT_TAGS, strip_comment_tags=True, directory_filter=wanted):
        catalog.add(message, None, [(_relative(domain.source / filename), lineno)], auto_comments=comments,
                    context=context)
    for relative, path in domain.data:
        document = json.loads((domain.source / relative).read_text(encoding="utf-8"))
        for text in json_strings(document, path):
            if text:
                catalog.add(text, None, [(_relative(domain.source / relative), 0)], context=domain.name)
    return catalog


def _relative(path: Path) -> str:
    return path.resolve().relative_to(ROOT).as_posix()


def read_catalog(path: Path) -> Catalog:
    """A .po file."""
    with path.open("rb") as handle:
        return read_po(handle)


def write_catalog(path: Path, catalog: Catalog, lang: str) -> None:
    """Write a .po file with a fixed header: messages sorted, file names without line numbers (stable diffs)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=120, sort_output=True, ignore_obsolete=True, include_lineno=False,
             omit_header=True)
    header = HEADER.format(language=Locale.parse(lang).english_name, domain=catalog.domain or path.stem)
    header += 'msgid ""\nmsgstr ""\n' + "".join(f'"{line}\\n"\n' for line in [
        "Project-Id-Version: ratgames_lab", f"Language: {lang}", "MIME-Version: 1.0",
        "Content-Type: text/plain; charset=UTF-8", "Content-Transfer-Encoding: 8bit",
        f"Plural-Forms: {PLURAL_FORMS.get(lang) or Catalog(locale=lang).plural_forms}"])
    path.write_text(header + "\n" + buffer.getvalue().decode("utf-8").lstrip("\n"), encoding="utf-8")


def new_catalog(domain: Domain, lang: str) -> Catalog:
    """An empty catalog of ``domain`` in ``lang`` with the language's plural rule."""
    return Catalog(locale=lang, domain=domain.name, project="ratgames_lab", charset="utf-8", fuzzy=False)


def update(domain: Domain, lang: str, messages: Catalog | None = None) -> Path:
    """Merge the domain's messages into its ``lang`` catalog (created if missing); translations are kept."""
    messages = messages or template(domain)
    path = domain.po_path(lang)
    catalog = read_catalog(path) if path.is_file() else new_catalog(domain, lang)
    catalog.domain = domain.name
    if lang in PLURAL_FORMS:  # the rule gettext's own catalogs use (Babel's CLDR rule differs for French)
        count, expression = re.match(r"nplurals=(\d+); plural=(.*);", PLURAL_FORMS[lang]).groups()
        catalog._num_plurals, catalog._plural_expr = int(count), expression
    catalog.update(messages, no_fuzzy_matching=True, update_creation_date=False)
    catalog.fuzzy = False
    write_catalog(path, catalog, lang)
    return path


def compile_catalog(domain: Domain, lang: str) -> Path:
    """Compile the ``lang`` catalog of ``domain`` to its .mo file."""
    path = domain.po_path(lang)
    with path.with_suffix(".mo").open("wb") as handle:
        write_mo(handle, read_catalog(path))
    return path.with_suffix(".mo")


def problems(domain: Domain, lang: str, messages: Catalog | None = None) -> list[str]:
    """What is wrong with a catalog: missing, untranslated, fuzzy, obsolete entries, unknown placeholders."""
    messages = messages or template(domain)
    path = domain.po_path(lang)
    if not path.is_file():
        return [f"{_relative(path)}: missing (run: python tools/translations.py update {domain.name})"]
    catalog = read_catalog(path)
    found = []
    for message in messages:
        if not message.id:
            continue
        entry = catalog.get(message.id, message.context)
        label = _label(message)
        if entry is None:
            found.append(f"{domain.name}/{lang}: not in the catalog: {label}")
        elif entry.fuzzy:
            found.append(f"{domain.name}/{lang}: fuzzy: {label}")
        elif not _translated(entry.string):
            found.append(f"{domain.name}/{lang}: untranslated: {label}")
        else:
            unknown = _placeholders(entry.string) - _placeholders(message.id)
            if unknown:
                found.append(f"{domain.name}/{lang}: unknown placeholder {sorted(unknown)} in {label}")
    for entry in catalog:
        if entry.id and messages.get(entry.id, entry.context) is None:
            found.append(f"{domain.name}/{lang}: obsolete (no longer in the source): {_label(entry)}")
    found += [f"{domain.name}/{lang}: obsolete (no longer in the source): {_label(e)}" for e in catalog.obsolete.values()]
    return found


def _label(message) -> str:
    ident = message.id[0] if isinstance(message.id, tuple) else message.id
    return repr(ident) + (f" (context {message.context!r})" if message.context else "")


def _translated(string) -> bool:
    return all(string) if isinstance(string, tuple) else bool(string)


def _placeholders(text) -> set[str]:
    texts = text if isinstance(text, tuple) else (text,)
    return {name for t in texts for name in PLACEHOLDER.findall(t or "")}


def main(argv: list[str] | None = None) -> int:
    """The command line: extract, update, compile or check some domains (default: all)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=["extract", "update", "compile", "check"])
    parser.add_argument("domains", nargs="*", help="domains (default: every domain)")
    args = parser.parse_args(argv)
    known = domains()
    unknown = [name for name in args.domains if name not in known]
    if unknown:
        parser.error(f"unknown domain {', '.join(unknown)} (known: {', '.join(known)})")
    chosen = [known[name] for name in args.domains or known]
    failures = []
    for domain in chosen:
        messages = template(domain)
        if args.command == "extract":
            OUTPUT.mkdir(parents=True, exist_ok=True)
            with (OUTPUT / f"{domain.name}.pot").open("wb") as handle:
                write_po(handle, messages, width=120, sort_output=True)
            print(f"{domain.name}: {len(messages)} messages -> {_relative(OUTPUT / (domain.name + '.pot'))}")
            continue
        for lang in languages():
            if args.command == "update":
                print(f"updated {_relative(update(domain, lang, messages))}")
            elif args.command == "compile":
                print(f"compiled {_relative(compile_catalog(domain, lang))}")
            else:
                failures += problems(domain, lang, messages)
    for line in failures:
        print(line)
    if args.command == "check":
        print(f"{len(failures)} problem(s) in {len(chosen)} domain(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

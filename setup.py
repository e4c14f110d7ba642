"""Package discovery: every package under ratgames_lab/ plus the dashboards (widgets/ installed as ratgames_lab.widgets).

Everything else is in pyproject.toml; a new game package needs no edit here. Building or installing compiles the
translation catalogs (``*/locale/<lang>/LC_MESSAGES/<domain>.po``) to ``.mo`` files with Babel.
"""
from pathlib import Path

from setuptools import find_packages, setup
from setuptools.command.build_py import build_py

PACKAGES = find_packages(include=["ratgames_lab", "ratgames_lab.*"])
PACKAGES += ["ratgames_lab." + name for name in find_packages(include=["widgets", "widgets.*"])]
ROOT = Path(__file__).resolve().parent


def catalogs() -> list[Path]:
    """The .po catalogs of the source tree (engine and dashboards)."""
    return sorted(ROOT.glob("ratgames_lab/**/LC_MESSAGES/*.po")) + sorted(ROOT.glob("widgets/**/LC_MESSAGES/*.po"))


def compile_catalog(po: Path, mo: Path) -> None:
    """Compile one .po catalog to a .mo file."""
    from babel.messages.mofile import write_mo  # Babel is a build requirement (pyproject.toml), not needed to read this
    from babel.messages.pofile import read_po

    mo.parent.mkdir(parents=True, exist_ok=True)
    with po.open("rb") as source, mo.open("wb") as out:
        write_mo(out, read_po(source))


class BuildWithCatalogs(build_py):
    """build_py that also compiles the translation catalogs (beside the .po files for an editable install)."""

    def run(self) -> None:
        super().run()
        for po in catalogs():
            relative = po.relative_to(ROOT)
            if getattr(self, "editable_mode", False):
                compile_catalog(po, po.with_suffix(".mo"))
                continue
            if relative.parts[0] == "widgets":
                relative = Path("ratgames_lab", *relative.parts)
            compile_catalog(po, Path(self.build_lib) / relative.with_suffix(".mo"))


setup(packages=PACKAGES, package_dir={"ratgames_lab.widgets": "widgets"}, cmdclass={"build_py": BuildWithCatalogs})

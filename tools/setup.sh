#!/bin/sh
# Set up ratgames_lab in a virtual environment, then open the lessons or run the whole test suite.
#   sh tools/setup.sh lessons    installs the package with JupyterLab and Voila, opens notebooks/00_start_here
#   sh tools/setup.sh test       installs the test extras (and Debian's chromium if missing), runs every test
# VENV=DIR chooses the virtual environment (default .venv; CI uses .venv-ci). Extra arguments go to pytest or
# JupyterLab. On a fresh Debian, apt-get runs only when python3, python3-venv or chromium is missing (with sudo
# unless you are root). The exit status is that of the step that failed, or that of pytest / JupyterLab.
set -eu
cd "$(dirname "$0")/.."
what="${1:-}"
[ $# -gt 0 ] && shift
case "$what" in
  lessons|test) ;;
  *) echo "usage: sh tools/setup.sh lessons|test [arguments for JupyterLab or pytest]" >&2; exit 2 ;;
esac
venv="${VENV:-.venv}"
as_root=""
[ "$(id -u)" = 0 ] || as_root=sudo
apt_install() {
  $as_root apt-get update && $as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y "$@"
}
command -v python3 >/dev/null 2>&1 || apt_install python3
python3 -m venv "$venv" || { apt_install python3-venv && python3 -m venv --clear "$venv"; }
if [ "$what" = lessons ]; then
  "$venv/bin/python" -m pip install -e ".[lab]"
  [ -n "$as_root" ] || set -- --allow-root "$@"
  exec "$venv/bin/jupyter" lab notebooks/00_start_here.ipynb "$@"
fi
"$venv/bin/python" -m pip install -e ".[test,lab]"
[ -x /usr/bin/chromium ] || apt_install chromium
exec "$venv/bin/python" -m pytest -p no:cacheprovider -n 2 --dist=loadfile "$@"

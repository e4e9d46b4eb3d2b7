#!/usr/bin/env bash
# Everything this project needs on a fresh Debian machine: a Python virtual
# environment with the pinned packages, and the npm packages (the Pyodide
# runtime). Sourced by serve.sh and test.sh. Safe to run any number of times:
# each step is skipped when what it installs is already there and up to date.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
PYTHON="${PYTHON:-python3}"

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"
  elif command -v sudo >/dev/null; then sudo "$@"
  else echo "setup: need root to run: $*" >&2; exit 1
  fi
}

apt_install() {
  echo "setup: installing Debian packages: $*"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$@" >/dev/null 2>&1 || {
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q >/dev/null
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$@" >/dev/null
  }
}

stamp_matches() { [ -f "$1" ] && [ "$(cat "$1")" = "$2" ]; }

missing=()
command -v "$PYTHON" >/dev/null || missing+=(python3)
command -v node >/dev/null || missing+=(nodejs)
command -v npm >/dev/null || missing+=(npm)
[ ${#missing[@]} -eq 0 ] || apt_install "${missing[@]}"
"$PYTHON" -c 'import venv, ensurepip' 2>/dev/null || apt_install python3-venv
"$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))' || {
  echo "setup: Python 3.11 or newer is needed (found $("$PYTHON" --version)); set PYTHON=..." >&2; exit 1; }

# The Python virtual environment, with exactly the pinned packages.
[ -x .venv/bin/python ] || { echo "setup: creating .venv"; "$PYTHON" -m venv .venv; }
want="$(cat requirements-dev.txt | sha256sum | cut -d' ' -f1)"
if ! stamp_matches .venv/.installed "$want"; then
  echo "setup: installing Python packages"
  .venv/bin/python -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
  echo "$want" > .venv/.installed
fi

# The npm packages: the Pyodide runtime the site serves, at the locked version.
want="$(cat package-lock.json | sha256sum | cut -d' ' -f1)"
if ! stamp_matches node_modules/.installed "$want"; then
  echo "setup: installing npm packages"
  npm ci --no-audit --no-fund --loglevel=error
  echo "$want" > node_modules/.installed
fi

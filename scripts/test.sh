#!/usr/bin/env bash
# Set up (including Debian's Chromium for the browser tests) and run every test:
# the rule core, the command line, Pyodide parity, and the site in Chromium.
# Extra arguments go to pytest, e.g.: scripts/test.sh tests   (no browser tests)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
if [ -z "${CHROMIUM:-}" ] && ! command -v chromium >/dev/null; then
  apt_install chromium
fi
exec .venv/bin/python -m pytest -p no:cacheprovider "$@"

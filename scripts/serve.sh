#!/usr/bin/env bash
# Set up, build the site with both shipped procedures, and serve it locally on
# http://127.0.0.1:8000 (or the next free port, which it prints). Ctrl-C stops it.
# Extra arguments go to build.py, e.g.: --jurisdiction fort-collins --prefix /clerk/
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
# A first build prepares the browser's Python and compresses every file (kept for later builds): it says how far
# it is as it goes, on standard error.
echo "serve: building the site into dist/" >&2
exec .venv/bin/python build.py --serve --port "${PORT:-8000}" "$@"

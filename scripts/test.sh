#!/usr/bin/env bash
# Set up (including Debian's Chromium, nginx and Caddy for the browser and hosting tests) and
# run every test: the rule core, the command line, Pyodide parity, the site in Chromium, and
# the site behind real web servers. Runs on every core; prints the slowest tests at the end.
# Extra arguments go to pytest, e.g.: scripts/test.sh tests   (no browser tests)
# The browser tests run on a sample of the procedures with every feature (e2e/sampling.py);
# COMPLAINT_CHECKER_FULL_BROWSER=1 runs them on every procedure.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
needed=()
[ -n "${CHROMIUM:-}" ] || command -v chromium >/dev/null || needed+=(chromium)
[ -x /usr/sbin/nginx ] || needed+=(nginx-light)
[ -f /usr/lib/nginx/modules/ngx_http_brotli_static_module.so ] || needed+=(libnginx-mod-http-brotli-static)
command -v caddy >/dev/null || needed+=(caddy)
[ ${#needed[@]} -eq 0 ] || apt_install "${needed[@]}"

fuzzing=()
if [ -n "${CI:-}" ]; then
  # Each commit fuzzes with its own seed, printed here so that a failure can be replayed.
  commit="$(git rev-parse HEAD 2>/dev/null || echo 0)"
  seed=$((16#${commit:0:8}))
  export COMPLAINT_CHECKER_SEED="$seed"
  fuzzing=(--hypothesis-seed="$seed")
  echo "test: fuzzing with seed $seed, from commit ${commit:0:12}" \
       "(replay: COMPLAINT_CHECKER_SEED=$seed CI=true bash scripts/test.sh --hypothesis-seed=$seed)"
fi
exec .venv/bin/python -m pytest -p no:cacheprovider -n "${TEST_WORKERS:-auto}" --durations=15 "${fuzzing[@]}" "$@"

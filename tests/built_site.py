"""A built site, once per test run: the tests that read a whole build (its pages, its Python) share one; and the
pages alone, rendered as the build renders them, for the tests that read only pages.

With several workers (pytest -n), the first to ask builds it into the run's own folder while the others wait on
a lock, and all read the same files; a test never writes into it (one that changes a site copies it first)."""

import fcntl
import hashlib
import os
from pathlib import Path

import build
from core import seed_ids


def built_once(tmp_path_factory, names: list[str] | None = None) -> Path:
    """The site of these procedures (every shipped one by default), built once per test run."""
    names = list(names or seed_ids())
    root = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent  # the run's folder, shared by its workers (and by no other run)
    key = hashlib.sha256("\n".join(names).encode()).hexdigest()[:12]
    out = root / f"site-{key}" / "dist"
    with open(root / f"site-{key}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (out.parent / "built").exists():
            build.build(names, out)
            (out.parent / "built").write_text("\n".join(names) + "\n", encoding="utf-8")
    return out


def rendered(paths) -> dict[str, str]:
    """The pages of a site of these procedures (files, or ids), as build.py renders them, without the runtime, which
    no sentence comes from."""
    site = build.read_site([str(p) for p in paths])
    assets = build.Assets({p.relative_to(build.SITE / "static").as_posix(): p.read_bytes()
                           for p in sorted((build.SITE / "static").rglob("*")) if p.is_file()})
    common = {"build_date": site.build_date, "version": "0", "site_build": "0", "assets": assets, "loader": {},
              "asset_sizes": {name: {} for name in assets.sri}, "service_worker": {}}
    pages = build.render_pages(site, common, build.procedure_files(site, {}))
    return {path: page.decode() for path, page in pages.items()}

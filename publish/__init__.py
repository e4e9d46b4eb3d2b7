"""Tools that publish the site, apart from those that only measure or test it (scripts/).

- `browser_python`: the Python the browser runs, prepared at build time inside Pyodide under Node
  (`run_in_pyodide.mjs` runs `prepare_python.py` there);
- `static_server`: serves a built site as a well-configured static host would (`build.py --serve`).
"""

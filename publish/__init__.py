"""Tools that publish the site, apart from those that only measure or test it (scripts/).

- `browser_python`: the Python the browser runs, prepared at build time inside Pyodide under Node
  (`run_in_pyodide.mjs` runs `browser_path.py` there to find what the page imports, and `prepare_python.py`
  to compile it), and each procedure of a site run in it (`browser_path.py` again), each result kept by content;
- `progress`: what a long step of the build is doing, and how far it is;
- `static_server`: serves a built site as a well-configured static host would (`build.py --serve`).
"""

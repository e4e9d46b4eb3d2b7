"""Tools that set up, measure and test the project: setup.sh, serve.sh and test.sh (the README's
commands), the benchmark, the report snapshot, and the worked cases run in Pyodide. What publishes
the site lives in publish/."""

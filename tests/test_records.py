"""Every record of the core says what it means, in a docstring of its own. That is also what keeps defining it
cheap on the page's start: for a record without one, dataclasses (Python 3.14, as in Pyodide) works out its
signature with `inspect` to write one. Measured in Pyodide under Node, importing the core took a median of
37 ms once the 24 records that had none said what they mean, against 44 ms before (8 runs each)."""

import dataclasses
import importlib
import inspect
import pkgutil

import core


def test_every_record_of_the_core_has_a_docstring_of_its_own():
    modules = [importlib.import_module(f"core.{m.name}") for m in pkgutil.iter_modules(core.__path__) if m.name != "__main__"]
    records = [value for module in modules for value in vars(module).values()
               if inspect.isclass(value) and dataclasses.is_dataclass(value) and value.__module__ == module.__name__]
    assert len(records) > 50
    unsaid = [f"{record.__module__}.{record.__qualname__}" for record in records if "__doc__" not in vars(record)
              or not vars(record)["__doc__"] or vars(record)["__doc__"].startswith(record.__name__ + "(")]
    assert unsaid == []

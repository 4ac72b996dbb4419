"""The factored pass's compiled loops, built ahead of time where they can be: no numba at run time.

:mod:`trainer.engine.kernels` is the loops' source, compiled by numba at run time: its import and the
load of its cached machine code take 0.5 to 0.6 s of CPU, once a process, which a one-off command pays
in full. :func:`build` (run by ``make`` when it installs) compiles the same
functions ahead of time (``numba.pycc``) into an extension module of this package, named after a hash of
the source (:func:`module_name`), which imports in about a millisecond without numba. :func:`load` takes
that module when it matches today's source, and the run-time compiled one otherwise (a changed source is
never run from a stale build).

    >>> module_name().startswith("_loops_")
    True
    >>> sorted(EXPORTED)[:3]
    ['back', 'class_sums', 'combinations']
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import os
import sys
import tempfile
from functools import cache
from pathlib import Path
from types import ModuleType

SOURCE = Path(__file__).with_name("kernels.py")
EXPORTED = ("back", "class_sums", "combinations", "combine", "contract", "dot", "gather", "pairs", "products",
            "pull", "shifts")
"""The compiled functions the passes call (each with its one signature in :mod:`~trainer.engine.kernels`)."""


@cache
def module_name() -> str:
    """The ahead-of-time module's name for today's source: ``_loops_`` and a hash of ``kernels.py`` and of the
    Python version (an extension module is built for one)."""
    digest = hashlib.sha256(SOURCE.read_bytes() + sys.version.encode()).hexdigest()[:16]
    return f"_loops_{digest}"


@cache
def built() -> bool:
    """Whether the ahead-of-time module of today's source is there (and not set aside by the environment's
    ``LITERATURE_LOOPS=numba``, as ``benchmarks/startup.py`` does to time the other way)."""
    if os.environ.get("LITERATURE_LOOPS") == "numba":
        return False
    return importlib.util.find_spec(f"{__package__}.{module_name()}") is not None


def load() -> ModuleType:
    """The compiled loops: the ahead-of-time module if built for today's source, else numba's."""
    if built():
        return importlib.import_module(f"{__package__}.{module_name()}")
    return importlib.import_module(f"{__package__}.kernels")


def build() -> Path:
    """Compile the loops ahead of time into this package (for this machine's processor), replacing any
    older build; the path of the module."""
    from numba.pycc import CC  # type: ignore[attr-defined]

    from trainer.engine import kernels

    folder = SOURCE.parent
    name = module_name()
    with tempfile.TemporaryDirectory(dir=folder) as work:
        cc = CC(name)  # type: ignore[no-untyped-call]
        cc.output_dir = work
        cc.target_cpu = "host"
        cc.verbose = False
        for function in EXPORTED:
            dispatcher = getattr(kernels, function)
            cc.export(function, dispatcher.nopython_signatures[0])(dispatcher.py_func)  # type: ignore[no-untyped-call]
        cc.compile()
        (made,) = Path(work).glob(f"{name}*")
        for old in folder.glob("_loops_*"):
            if not old.name.startswith(name):
                old.unlink()
        target = folder / made.name
        os.replace(made, target)
    built.cache_clear()
    return target

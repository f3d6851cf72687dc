"""A package whose names are each imported from their module at first use (PEP 562), so that
importing one of its modules, or the package, imports no other: the browser tab's first
screen then loads only what it draws."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from typing import Any


def exports(package: str, modules: dict[str, str]) -> Callable[[str], Any]:
    """The package's `__getattr__`: `modules` maps each name to the module holding it.

    >>> getattr_ = exports("canasta_score.core", {"PRESETS": "rules"})
    >>> getattr_("PRESETS")["classic"].name
    'Classic'
    >>> getattr_("nothing")
    Traceback (most recent call last):
    AttributeError: module 'canasta_score.core' has no attribute 'nothing'
    """

    def __getattr__(name: str) -> Any:
        module = modules.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{module}"), name)
        setattr(sys.modules[package], name, value)  # found directly from now on
        return value

    return __getattr__

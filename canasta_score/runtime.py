"""Where the app runs: a Python process of its own, or a browser tab (Pyodide) without threads.

The web app that runs wholly in a phone's browser has no threads (`threading.Thread.start`
raises there), so what runs on a thread elsewhere runs on the event loop or at the moment it is
needed there; everything asks this module, never `sys.platform` itself.
"""

from __future__ import annotations

import sys

#: True in the web app that runs in the browser (Pyodide, Emscripten).
IN_BROWSER = sys.platform == "emscripten"


def threads_available() -> bool:
    """Whether this process may start threads (never in the browser).

    >>> threads_available() == (not IN_BROWSER)
    True
    """
    return not IN_BROWSER

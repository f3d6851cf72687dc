"""Build the web app that runs wholly in the browser: `build/web/` (`make web-app`).

Python runs in the page (Pyodide, in a web worker) and draws with Flet's own web client, both
taken from the `flet-web` package this environment already has (pinned with flet, and carrying
Pyodide 314.0.7 for Python 3.14). The app's Python packages come from PyPI (pinned in
`tools/web_app_requirements.txt`) and ride in the app's archive, so nothing is fetched from
GitHub or a CDN, at build time or in the browser. Why not plain `flet publish`:
docs/PACKAGING.md ("The web app in the browser").

    python tools/build_web_app.py [--out build/web] [--cache build/web-app-cache]
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from collections.abc import Callable, Iterable, Iterator
from functools import partial
from pathlib import Path
from typing import Any

# The app's own font manifest rule, the one its server applies to the client it serves.
from canasta_score.web_client import FontsMissing, fonts_used

ROOT = Path(__file__).resolve().parent.parent
REQUIREMENTS = ROOT / "tools" / "web_app_requirements.txt"
TEMPLATES = ROOT / "tools" / "web_app"
#: Pyodide's wheels for the Python in flet-web's Pyodide 314.0.7.
PYODIDE_WHEELS = [
    "--platform",
    "pyemscripten_2026_0_wasm32",
    "--python-version",
    "3.14",
    "--implementation",
    "cp",
    "--abi",
    "cp314",
]
#: The name of Pyodide's compiled modules: `NAME.cpython-314.pyc`.
PYODIDE_CACHE_TAG = "cpython-314"
#: Where Pyodide's standard library is, in the tab (its modules' names in tracebacks).
PYODIDE_STDLIB = "/lib/python314.zip"
#: The standard library's modules a tab imports on its way to the first screen and as the
#: games file opens behind it (Pyodide's own start, Flet's, the app's), measured in the tab
#: (tests/browser/test_web_app_shipped.py finds any it imports as source). Compiled at build
#: time like the app's own: Pyodide ships the standard library as source, which the tab
#: compiled at every start, about a second of it on the 2-core machine.
STDLIB_FIRST = TEMPLATES / "stdlib_first.txt"
#: Modules of Pyodide's standard library that a tab never runs, left out to make room for the
#: compiled ones: debuggers, test runners, the help system and the interactive console;
#: servers and mail protocols, processes (a tab has none); and every charset's codec but the
#: Unicode ones, Latin-1, Windows-1252 and the zip file names' CP437 (STDLIB_ENCODINGS): the
#: app reads and writes UTF-8. No module the tab imports imports any of them as it loads.
STDLIB_LEFT_OUT = frozenset(
    {
        "_pyrepl",
        "bdb",
        "cProfile",
        "doctest",
        "ftplib",
        "http.server",
        "imaplib",
        "mailbox",
        "modulefinder",
        "multiprocessing",
        "pdb",
        "pickletools",
        "poplib",
        "profile",
        "pstats",
        "pyclbr",
        "pydoc",
        "pydoc_data",
        "smtplib",
        "tabnanny",
        "trace",
        "unittest",
        "wsgiref",
        "xmlrpc",
        "zipapp",
    }
)
STDLIB_ENCODINGS = frozenset(
    {
        "__init__",
        "aliases",
        "ascii",
        "base64_codec",
        "bz2_codec",
        "charmap",
        "cp1252",
        "cp437",
        "hex_codec",
        "idna",
        "iso8859_1",
        "iso8859_15",
        "latin_1",
        "punycode",
        "quopri_codec",
        "raw_unicode_escape",
        "rot_13",
        "undefined",
        "unicode_escape",
        "utf_16",
        "utf_16_be",
        "utf_16_le",
        "utf_32",
        "utf_32_be",
        "utf_32_le",
        "utf_7",
        "utf_8",
        "utf_8_sig",
        "uu_codec",
        "zlib_codec",
    }
)
#: Packages with no Pyodide wheel on PyPI whose source runs as pure Python.
FROM_SOURCE = {"markupsafe"}
#: The languages the app speaks (Babel's locale data for the rest is left out: 30 MB).
LANGUAGES = ("en", "nl", "de", "fi", "da", "nb", "no")
#: Pinned packages the app in the page never imports, left out of the archive: httpx and
#: oauthlib serve Flet's sign-in alone (imported inside its functions), and bring httpcore,
#: h11, anyio, idna and certifi; anyio is also the table server's (web_client.py); segno
#: draws the invitation's QR code and platformdirs finds a computer's folders, both only where
#: a server runs. They stay pinned (tools/web_app_requirements.txt): the server runs them.
NEVER_IMPORTED = frozenset(
    {"httpx", "httpcore", "h11", "anyio", "idna", "certifi", "oauthlib", "segno", "platformdirs"}
)
#: The packages the first screen never imports (the home screen is drawn from a first look at
#: the games file, `storage.home_file`): they go in a second archive, which the page unpacks
#: at the first import of any of them (`canasta_score.in_browser`), made once that screen is
#: drawn. SQLAlchemy, SQLModel, pydantic and its core, Alembic with Mako and MarkupSafe,
#: flet-charts (the chart's alone) and Babel (numbers and dates are written without it).
LATER_PACKAGES = frozenset(
    {
        "babel",
        "sqlalchemy",
        "sqlmodel",
        "pydantic",
        "pydantic_core",
        "annotated_types",
        "typing_inspection",
        "alembic",
        "mako",
        "markupsafe",
        "flet_charts",
    }
)
#: The app's own modules the first screen imports (in_browser's way to the home screen, a
#: game in play and a history; packages' `__init__` always go): they ride in `app.tar.gz`, and
#: the app's other modules (round entry, the sheet, statistics, settings, storage's database)
#: wait in the second archive, which the first import of any of them unpacks. A module missing
#: here costs time, never a screen (tests/test_web_app_build.py holds the list to what drawing
#: home imports).
FIRST_SCREEN_MODULES = frozenset(
    f"canasta_score.{name}"
    for name in [
        "in_browser",
        "dataclass_code",
        "runtime",
        "core.lazy",
        "core.cards",
        "core.melds",
        "core.players",
        "core.problems",
        "core.rules",
        "i18n.made_up_names",
        "i18n.sides",
        "statistics.names",
        "storage.browser_disk",
        "storage.errors",
        "storage.file_check",
        "storage.home_file",
        "storage.notices",
        "storage.paths",
        "storage.records",
        "storage.revision",
        "ui.actions",
        "ui.connection",
        "ui.device",
        "ui.drafts",
        "ui.frame",
        "ui.host",
        "ui.late_answers",
        "ui.layout",
        "ui.messages",
        "ui.navigation",
        "ui.news",
        "ui.routes",
        "ui.screen",
        "ui.shell",
        "ui.store",
        "ui.theme",
        "ui.components.basics",
        "ui.components.history",
        "ui.components.letter_widths",
        "ui.components.names",
        "ui.state.history",
        "ui.state.labels",
        "ui.state.names",
        "ui.state.points",
        "ui.state.save_note",
        "ui.state.typing_note",
        "ui.views.home",
    ]
)
#: The second archive, beside `app.tar.gz`, and the list of its packages in the first.
LATER_ARCHIVE = "packages-later.tar.gz"
LATER_LIST = "packages-later.txt"
#: Folders of the packages kept that the page never imports: SQLAlchemy's and Alembic's test
#: suites, and SQLAlchemy's dialects but SQLite's and PostgreSQL's (Alembic imports that one
#: with its own operations, `alembic.ddl.postgresql`, whatever the database).
NEVER_IMPORTED_FOLDERS = (
    "sqlalchemy/testing/",
    "sqlalchemy/dialects/mssql/",
    "sqlalchemy/dialects/mysql/",
    "sqlalchemy/dialects/oracle/",
    "alembic/testing/",
    # flet-charts' Dart sources: the page's Dart is built into main.dart.js.
    "flutter/",
)
#: The app's own modules that never run in a browser, where main.py goes straight to
#: `in_browser`: the command line, the server and its web client, the desktop window.
SERVER_ONLY = frozenset({"__main__.py", "app.py", "cli", "desktop_client.py", "web_client.py"})
#: The built files a host may send compressed, each beside a gzip (`.gz`) and a Brotli (`.br`)
#: copy of it made at build time (`precompress`), for hosts that serve those (nginx's
#: gzip_static and brotli_static): the rest are images, fonts in WOFF2 and the gzipped archive.
PRECOMPRESSED = (".html", ".js", ".wasm", ".json", ".zip", ".otf", ".frag", ".bin")
#: Smaller files go as they are (a host's own compression, if any, is as good for them).
PRECOMPRESS_FROM = 1024

#: What the page loads from flet-web's client: the dart2js build drawn by CanvasKit (the full
#: one, and Chromium's smaller one where the browser has its own text breaking and image
#: codecs). Left out: the WebAssembly build and its skwasm renderers, debug symbols, source
#: maps, Flutter's service worker (it unregisters itself), Pyodide's executables, typings,
#: and the micropip / packaging wheels (the packages come in the app's archive).
CLIENT_FILES = (
    "index.html",
    "flutter_bootstrap.js",
    "main.dart.js",
    "python.js",
    "python-worker.js",
    "canvaskit/canvaskit.js",
    "canvaskit/canvaskit.wasm",
    "canvaskit/chromium/canvaskit.js",
    "canvaskit/chromium/canvaskit.wasm",
    "assets/AssetManifest.bin",
    "assets/AssetManifest.bin.json",
    "assets/FontManifest.json",
    "assets/fonts/MaterialIcons-Regular.otf",
    "assets/shaders/ink_sparkle.frag",
    "assets/shaders/stretch_effect.frag",
    # What "Keep the screen on" asks the browser with (Flutter's wakelock_plus loads it).
    "assets/packages/wakelock_plus/assets/no_sleep.js",
    "pyodide/pyodide.mjs",
    "pyodide/pyodide.asm.mjs",
    "pyodide/pyodide.asm.wasm",
    "pyodide/pyodide-lock.json",
    "pyodide/python_stdlib.zip",
)
#: flet-web 1.0.5's python.js, which the app's own (tools/web_app/python.js: Python started as
#: the page loads) is made from and ships in place of: its SHA-256.
FLET_PYTHON_JS = "067edcca8116732076fb2962067d3b5e739658ccf103cef7932f62904d32fbd5"
#: Roboto, the font Flutter falls back to for text, where Flutter asks for it (Google Fonts'
#: path under `flet.fontFallbackBaseUrl`): Latin, Greek and Cyrillic.
ROBOTO = ("assets/fonts/roboto.woff2", "assets/fonts/roboto/v32/KFOmCnqEu92Fr1Me4GZLCzYlKw.woff2")
#: Where Flet's client fetches the Rive animation runtime (which the app never shows) from: a
#: CDN. Pointed at a folder of the app's that is not shipped, so the page asks no other host.
RIVE_CDN = "https://cdn.jsdelivr.net/npm/@rive-app/flutter-native-wasm@44.0.0/"
RIVE_LOCAL = "./rive-not-shipped/"
#: The words Flet's client shows under its spinner while Python starts: English, whatever the
#: phone's language. The spinner alone says it.
STARTUP_WORDS = '[30,"Working..."]'

#: The app's own icons and manifest, over Flet's (as the table server serves them).
APP_ASSETS = (
    "favicon.png",
    "manifest.json",
    "icons/apple-touch-icon-192.png",
    "icons/icon-192.png",
    "icons/icon-512.png",
    "icons/icon-maskable-192.png",
    "icons/icon-maskable-512.png",
    "icons/loading-animation.png",
)
#: What of this repository goes into the app's archive (with the packages beside it).
APP_SOURCES = (ROOT / "main.py", ROOT / "canasta_score")


#: The colour of the browser's bar around the app (the manifest's `theme_color`).
THEME_COLOR = "#2E7D32"
#: Pyodide's ES modules under the names every host sends as JavaScript (`.mjs` is sent as
#: `application/octet-stream` by some, e.g. Debian 12's nginx as it comes, and a browser runs
#: no module sent so).
PYODIDE_MODULES = {
    "pyodide/pyodide.mjs": "pyodide/pyodide.js",
    "pyodide/pyodide.asm.mjs": "pyodide/pyodide.asm.js",
}


class BuildError(Exception):
    """The build cannot go on; the message says why."""


def requirements(text: str) -> list[str]:
    """The pinned requirements of a requirements file, comments and blank lines left out.

    >>> requirements("# a comment\\nflet==1.0.5\\n\\nsix==1.17.0  # why\\n")
    ['flet==1.0.5', 'six==1.17.0']
    """
    found = []
    for line in text.splitlines():
        requirement = line.split("#", 1)[0].strip()
        if requirement:
            if "==" not in requirement:
                raise BuildError(f"{requirement!r} is not pinned (name==version)")
            found.append(requirement)
    return found


def package_name(requirement: str) -> str:
    """A requirement's name as a package index compares it.

    >>> package_name("Typing_Extensions==4.16.0")
    'typing-extensions'
    """
    return re.sub(r"[-_.]+", "-", requirement.split("==")[0]).lower()


def download(pins: list[str], cache: Path) -> list[Path]:
    """The wheels (and the source archives of FROM_SOURCE) of `pins`, from the package index;
    kept in `cache`, so a second build asks for nothing."""
    cache.mkdir(parents=True, exist_ok=True)
    wheels, sources = [], []
    for pin in pins:
        (sources if package_name(pin) in FROM_SOURCE else wheels).append(pin)
    pip = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "-d", str(cache)]
    stamp = cache / ("pins-" + hashlib.sha256("\n".join(pins).encode()).hexdigest()[:16])
    if not stamp.exists():
        if wheels:
            subprocess.run([*pip, "--only-binary", ":all:", *PYODIDE_WHEELS, *wheels], check=True)
        if sources:
            subprocess.run([*pip, "--no-binary", ":all:", *sources], check=True)
        stamp.touch()
    files = []
    for pin in pins:
        name, version = package_name(pin), pin.split("==")[1]
        matches = [
            path
            for path in cache.iterdir()
            if path.name.endswith((".whl", ".tar.gz"))
            and package_name(path.name.split("-")[0]) == name
            and path.name.split("-")[1].removesuffix(".tar.gz") == version
        ]
        if not matches:
            raise BuildError(f"no download of {pin} in {cache}")
        files.append(sorted(matches)[0])
    return files


def unpack_wheel(wheel: Path, into: Path) -> None:
    """A wheel's files into `into` (a site-packages folder), less what never runs in a page:
    compiled caches, type stubs' tests, and Babel's data for the languages the app lacks."""
    with zipfile.ZipFile(wheel) as archive:
        for member in archive.namelist():
            if keep_member(member):
                archive.extract(member, into)


def keep_member(member: str) -> bool:
    """Whether a file of a package goes into the app (a language's data only for its own):
    no wheel metadata (nothing in the page asks for it), type stubs or NEVER_IMPORTED_FOLDERS.

    >>> keep_member("babel/locale-data/nl.dat"), keep_member("babel/locale-data/ja.dat")
    (True, False)
    >>> keep_member("babel/locale-data/nl_BE.dat"), keep_member("flet/__pycache__/a.pyc")
    (False, False)
    >>> keep_member("flet-1.0.5.dist-info/METADATA"), keep_member("flet/controls/page.pyi")
    (False, False)
    >>> keep_member("sqlalchemy/dialects/mysql/base.py")
    False
    >>> keep_member("sqlalchemy/dialects/sqlite/base.py")
    True
    """
    if "__pycache__/" in member or member.endswith((".pyc", ".pyi")):
        return False
    if member.split("/", 1)[0].endswith(".dist-info"):
        return False
    if member.startswith(NEVER_IMPORTED_FOLDERS):
        return False
    if member.startswith("babel/locale-data/"):
        stem = member.rsplit("/", 1)[1].removesuffix(".dat")
        return stem == "root" or stem in LANGUAGES
    return True


def browser_side(package: Path) -> Callable[[str, list[str]], set[str]]:
    """What copying `package` into the app leaves out: compiled and translation sources, and
    at its top, what never runs in a browser (SERVER_ONLY)."""
    stale = shutil.ignore_patterns("__pycache__", "*.pyc", "*.po", "*.pot")

    def ignored(folder: str, names: list[str]) -> set[str]:
        left = set(stale(folder, names))
        return left | (SERVER_ONLY & set(names)) if Path(folder) == package else left

    return ignored


def unpack_pure_source(source: Path, into: Path) -> None:
    """A package's pure-Python modules from its source archive (`src/<name>/*.py`, and
    `py.typed`): MarkupSafe falls back to them when its C speed-ups are missing."""
    with tarfile.open(source) as archive:
        for member in archive.getmembers():
            parts = Path(member.name).parts
            pure = parts[-1].endswith((".py", ".typed"))
            if len(parts) >= 4 and parts[1] == "src" and member.isfile() and pure:
                target = into.joinpath(*parts[2:])
                target.parent.mkdir(parents=True, exist_ok=True)
                extracted = archive.extractfile(member)
                assert extracted is not None
                target.write_bytes(extracted.read())
    if not into.is_dir() or not any(into.iterdir()):
        raise BuildError(f"no Python modules under src/ in {source.name}")


def relative_pyodide(index: str) -> str:
    """The page's Pyodide address made relative to the page: the worker imports it as a
    module, and `pyodide/pyodide.mjs` alone reads as a bare module name, which it refuses.

    >>> relative_pyodide('flet.pyodideUrl="pyodide/pyodide.mjs";')
    'flet.pyodideUrl="./pyodide/pyodide.mjs";'
    """
    patched, count = re.subn(
        r'flet\.pyodideUrl\s*=\s*"pyodide/pyodide\.mjs"',
        'flet.pyodideUrl="./pyodide/pyodide.mjs"',
        index,
    )
    if count != 1:
        raise BuildError("index.html names no local pyodide/pyodide.mjs to make relative")
    return patched


def without_flutter_service_worker(bootstrap: str) -> str:
    """flutter_bootstrap.js without Flutter's own service worker, which would replace the
    app's (Flutter's unregisters itself, so nothing would open offline).

    >>> without_flutter_service_worker('load({\\n    config: c,\\n    serviceWorkerSettings: {\\n'
    ...     '        serviceWorkerVersion: "1" /* x */,\\n    },\\n    onEntrypointLoaded: f'
    ...     '})')
    'load({\\n    config: c,\\n    onEntrypointLoaded: f})'
    """
    patched, count = re.subn(r"\n\s*serviceWorkerSettings:\s*\{[^{}]*\},", "", bootstrap)
    if count != 1:
        raise BuildError("flutter_bootstrap.js has no serviceWorkerSettings to take out")
    return patched


def with_logo_until_first_screen(bootstrap: str) -> str:
    """flutter_bootstrap.js leaving the page's logo in place at Flutter's first frame, which
    is Flet's loading screen: the page takes it away once the app has sent its first screen,
    in the frame that draws it (tools/web_app/page.js).

    >>> with_logo_until_first_screen("a\\nwindow.addEventListener('flutter-first-frame', () => {"
    ...     "\\n    document.getElementById('loading')?.remove();\\n}, { once: true });\\nb")
    'a\\nb'
    """
    patched, count = re.subn(
        r"window\.addEventListener\('flutter-first-frame', \(\) => \{\s*"
        r"document\.getElementById\('loading'\)\?\.remove\(\);\s*\}, \{ once: true \}\);\n",
        "",
        bootstrap,
    )
    if count != 1:
        raise BuildError("flutter_bootstrap.js does not take the logo away once, at first frame")
    return patched


def without_rive_cdn(client: str) -> str:
    """main.dart.js asking the page's own folder, not a CDN, for the Rive runtime.

    >>> without_rive_cdn('a="https://cdn.jsdelivr.net/npm/@rive-app/flutter-native-wasm@44.0.0/"')
    'a="./rive-not-shipped/"'
    """
    if client.count(RIVE_CDN) != 1:
        raise BuildError("main.dart.js does not name the Rive runtime's CDN once")
    return client.replace(RIVE_CDN, RIVE_LOCAL)


def without_startup_words(client: str) -> str:
    """main.dart.js showing its start-up spinner without Flet's English "Working...".

    >>> without_startup_words('B.ehE=new A.a3(B.ep9,[30,"Working..."],t.yf)')
    'B.ehE=new A.a3(B.ep9,[30,""],t.yf)'
    """
    if client.count(STARTUP_WORDS) != 1:
        raise BuildError("main.dart.js does not name its start-up words once")
    return client.replace(STARTUP_WORDS, '[30,""]')


def python_bridge(flets: bytes) -> str:
    """The app's python.js (Python's worker started as the page loads), in place of Flet's
    `flets`, which it is made from: a Flet whose bridge changed stops the build, for the
    change to be carried over (FLET_PYTHON_JS)."""
    if hashlib.sha256(flets).hexdigest() != FLET_PYTHON_JS:
        raise BuildError(
            "flet-web's python.js is not the one tools/web_app/python.js is made from: "
            "carry its changes over, then set FLET_PYTHON_JS to its SHA-256"
        )
    return (TEMPLATES / "python.js").read_text(encoding="utf-8")


def with_page_script(index: str, script: str) -> str:
    """index.html with the app's own script (its service worker, persistent storage) added
    before its first script runs Flutter."""
    marker = '<script src="flutter_bootstrap.js" async></script>'
    if marker not in index:
        raise BuildError("index.html does not load flutter_bootstrap.js as expected")
    return index.replace(marker, f"<script>\n{script}\n</script>\n  {marker}")


def with_loading_named(index: str) -> str:
    """index.html whose logo, shown while the app loads, a screen reader hears by the app's
    name, in any language, not as Flet's English "Loading".

    >>> with_loading_named('<div id="loading" role="status" aria-label="Loading">')
    '<div id="loading" role="status" aria-label="Canasta Score">'
    """
    loading = 'role="status" aria-label="Loading"'
    if index.count(loading) != 1:
        raise BuildError("index.html does not name its loading logo once")
    return index.replace(loading, 'role="status" aria-label="Canasta Score"')


#: The surface of the app's theme, light and dark (Material's from the green seed, as home is
#: drawn on it): the page and its logo stand on it, and the logo turns into home with no change
#: of colour around it.
SURFACE_LIGHT, SURFACE_DARK = "#F7FBF1", "#10140F"


def with_logo_over_flutter(index: str) -> str:
    """index.html whose logo stands above Flutter's view (added after it, which would cover
    it at Flutter's first frame), under the page's notices (page.js), on the page's surface
    (`with_page_on_the_app_surface`): opaque, as it covers Flet's own boot screen.

    >>> with_logo_over_flutter("#loading {\\n  position: fixed;\\n  background: #ffffff;\\n}"
    ...     "\\n#loading {\\n  background: #222222;\\n}")
    '#loading {\\n  position: fixed;\\n  z-index: 2147483645;\\n  background: var(--surface);\\n}\\n#loading {\\n  background: var(--surface);\\n}'
    """
    patched, fixed = re.subn(
        r"(#loading \{\s*position: fixed;\n)(\s*)", r"\1\2z-index: 2147483645;\n\2", index
    )
    # Only the logo's own rules: `#loading {` up to its closing brace.
    patched, light = re.subn(
        r"(#loading \{[^}]*?)background: #ffffff;", r"\1background: var(--surface);", patched
    )
    patched, dark = re.subn(
        r"(#loading \{[^}]*?)background: #222222;", r"\1background: var(--surface);", patched
    )
    if (fixed, light, dark) != (1, 1, 1):
        raise BuildError("index.html does not style its loading logo as expected")
    return patched


def with_page_on_the_app_surface(index: str) -> str:
    """index.html whose page is on the app's surface from its first paint, in the theme chosen
    in the app (python.js marks it on the page as it loads) else the system's; the logo takes
    the same surface (`--surface`). The browser paints a page without a background of its own
    white, dark mode or not, and on a busy phone such a frame could come before the logo's.

    >>> print(with_page_on_the_app_surface('<head>\\n  <meta charset="UTF-8">\\n'))
    <head>
      <meta charset="UTF-8">
      <style>
        html { --surface: #F7FBF1; background: var(--surface); }
        @media (prefers-color-scheme: dark) { html { --surface: #10140F; } }
        html[data-theme="light"] { --surface: #F7FBF1; }
        html[data-theme="dark"] { --surface: #10140F; }
      </style>
    <BLANKLINE>
    """
    charset = '  <meta charset="UTF-8">\n'
    if index.count(charset) != 1:
        raise BuildError("index.html does not name its character set once")
    style = (
        "  <style>\n"
        f"    html {{ --surface: {SURFACE_LIGHT}; background: var(--surface); }}\n"
        f"    @media (prefers-color-scheme: dark) {{ html {{ --surface: {SURFACE_DARK}; }} }}\n"
        f'    html[data-theme="light"] {{ --surface: {SURFACE_LIGHT}; }}\n'
        f'    html[data-theme="dark"] {{ --surface: {SURFACE_DARK}; }}\n'
        "  </style>\n"
    )
    return index.replace(charset, charset + style)


def with_home_screen_tags(index: str) -> str:
    """index.html that a phone's home screen opens as an app of its own (iPhones read Apple's
    tag), under the app's green (the page's own colour, which Flutter would otherwise set
    transparent: page.js keeps it).

    >>> print(with_home_screen_tags('<meta name="mobile-web-app-capable" content="yes">'))
    <meta name="mobile-web-app-capable" content="yes">
      <meta name="apple-mobile-web-app-capable" content="yes">
      <meta name="theme-color" content="#2E7D32">
    """
    marker = '<meta name="mobile-web-app-capable" content="yes">'
    if marker not in index:
        raise BuildError("index.html has no mobile-web-app-capable tag to add beside")
    added = (
        '\n  <meta name="apple-mobile-web-app-capable" content="yes">'
        f'\n  <meta name="theme-color" content="{THEME_COLOR}">'
    )
    return index.replace(marker, marker + added)


def page_script(template: str) -> str:
    """page.js with the page's words in each of the app's languages."""
    from canasta_score.ui.web_page import page_words

    return template.replace("@WORDS@", json.dumps(page_words(), ensure_ascii=False)).replace(
        "@THEME_COLOR@", THEME_COLOR
    )


def scripts_named_js(out: Path) -> None:
    """Pyodide's modules renamed `.js` (PYODIDE_MODULES), and the names that load them."""
    for old, new in PYODIDE_MODULES.items():
        (out / old).rename(out / new)
    loader = out / PYODIDE_MODULES["pyodide/pyodide.mjs"]
    text = loader.read_text(encoding="utf-8")
    if text.count("pyodide.asm.mjs") != 1:
        raise BuildError("pyodide.mjs does not name pyodide.asm.mjs once")
    loader.write_text(text.replace("pyodide.asm.mjs", "pyodide.asm.js"), encoding="utf-8")
    index = (out / "index.html").read_text(encoding="utf-8")
    if index.count('flet.pyodideUrl="./pyodide/pyodide.mjs"') != 1:
        raise BuildError("index.html does not load ./pyodide/pyodide.mjs once")
    index = index.replace(
        'flet.pyodideUrl="./pyodide/pyodide.mjs"', 'flet.pyodideUrl="./pyodide/pyodide.js"'
    )
    (out / "index.html").write_text(index, encoding="utf-8")


def service_worker(template: str, digests: dict[str, str], version: str) -> str:
    """The app's service worker with the files it keeps for offline use, their SHA-256
    digests (by which it knows a whole copy of this version) and the version.

    >>> print(service_worker("V=@VERSION@; F=@FILES@; D=@DIGESTS@;", {"a.js": "1", "b/c": "2"}, "9"))
    V=9; F=["./", "a.js", "b/c"]; D={"a.js": "1", "b/c": "2"};

    CanvasKit's two builds are listed with their digests but not kept at first: the page
    names the one the browser loads (page.js).
    """
    kept = [
        name
        for name in sorted(digests)
        if name != "./" and not name.rpartition("/")[2].startswith("canvaskit.")
    ]
    return (
        template.replace("@VERSION@", version)
        .replace("@FILES@", json.dumps(["./", *kept]))
        .replace("@DIGESTS@", json.dumps(dict(sorted(digests.items()))))
    )


def is_compressed_copy(path: Path) -> bool:
    """Whether `path` is a `.gz` or `.br` copy of a file beside it (`precompress`), which the
    browser never asks for by name (`app.tar.gz` is no copy: there is no `app.tar`)."""
    return path.suffix in (".gz", ".br") and path.with_suffix("").is_file()


def precompress(out: Path) -> list[Path]:
    """A gzip (`.gz`, level 9) and a Brotli (`.br`, quality 11) copy beside each file of `out`
    that a host may send compressed (PRECOMPRESSED, from PRECOMPRESS_FROM bytes), where it is
    smaller; a copy already there that holds the same bytes is kept (a folder sealed again
    compresses only what changed). Returns the copies."""
    try:
        import brotli
    except ImportError as error:  # installed with the server (pyproject.toml)
        raise BuildError("the brotli package is missing: run `make web-app`") from error
    copies = []
    for path in sorted(p for p in out.rglob("*") if p.is_file()):
        if path.suffix not in PRECOMPRESSED or path.stat().st_size < PRECOMPRESS_FROM:
            continue
        data = path.read_bytes()
        for suffix, compress, decompress in (
            (".gz", lambda d: gzip.compress(d, 9, mtime=0), gzip.decompress),
            (".br", brotli.compress, brotli.decompress),
        ):
            copy = path.with_name(path.name + suffix)
            if copy.exists() and decompress(copy.read_bytes()) == data:
                copies.append(copy)
                continue
            copy.unlink(missing_ok=True)
            packed = compress(data)
            if len(packed) < len(data):
                copy.write_bytes(packed)
                copies.append(copy)
    return copies


def seal(out: Path) -> str:
    """Writes the service worker of the built folder `out` (its files, their digests and the
    version, a digest of them all) and the compressed copies (`precompress`), and returns the
    version. A folder changed after its build (tests/browser/test_web_app_update.py's second
    build) is sealed again so."""
    digests = {}
    version = hashlib.sha256()
    for path in sorted(p for p in out.rglob("*") if p.is_file()):
        name = path.relative_to(out).as_posix()
        if name == "service-worker.js" or is_compressed_copy(path):
            continue
        data = path.read_bytes()
        digests[name] = hashlib.sha256(data).hexdigest()
        version.update(name.encode() + data)
    digests["./"] = digests["index.html"]
    template = (TEMPLATES / "service-worker.js").read_text(encoding="utf-8")
    (out / "service-worker.js").write_text(
        service_worker(template, digests, version.hexdigest()[:16]), encoding="utf-8"
    )
    precompress(out)
    return version.hexdigest()[:16]


def app_archive(
    packages: Path,
    out: Path,
    sources: Iterable[Path] = APP_SOURCES,
    later: frozenset[str] = frozenset(),
    first_screen: frozenset[str] = FIRST_SCREEN_MODULES,
) -> None:
    """app.tar.gz: main.py, the app's package (with its compiled catalogs) and its packages
    in `__pypackages__/`, which Flet's worker puts on sys.path (so micropip is never asked).

    The packages named in `later` go in a second archive beside it (`LATER_ARCHIVE`), which
    the page unpacks at the first import of any of them, and so do the app's compiled modules
    that are not among `first_screen` (`later_module`); the first names them (`LATER_LIST`).
    """
    shipped_later = sorted(
        name for name in later if (packages / name).is_dir() or (packages / f"{name}.pyc").exists()
    )
    modules_later: set[str] = set()

    def first(info: tarfile.TarInfo) -> tarfile.TarInfo | None:
        module = later_module(info.name, first_screen)
        if module is not None:
            if reproducible(info) is not None:  # shipped at all (not the PostgreSQL server's)
                modules_later.add(module)
            return None
        return None if package_of(info.name) in shipped_later else reproducible(info)

    def second(info: tarfile.TarInfo) -> tarfile.TarInfo | None:
        if info.name != "__pypackages__" and package_of(info.name) not in shipped_later:
            return None
        return reproducible(info)

    def second_of_the_app(info: tarfile.TarInfo) -> tarfile.TarInfo | None:
        if info.isdir() or later_module(info.name, first_screen) is not None:
            return reproducible(info)  # folders: the modules' way down to them
        return None

    with written_archive(out) as archive:
        for source in sources:
            archive.add(source, arcname=source.name, filter=first)
        archive.add(packages, arcname="__pypackages__", filter=first)
        listed_later = [*shipped_later, *sorted(modules_later)]
        if listed_later:
            listed = "".join(f"{name}\n" for name in listed_later).encode()
            info = reproducible(tarfile.TarInfo(LATER_LIST))
            info.size = len(listed)
            archive.addfile(info, io.BytesIO(listed))
    if listed_later:
        with written_archive(out.with_name(LATER_ARCHIVE)) as archive:
            for source in sources:
                if modules_later and source.is_dir():
                    archive.add(source, arcname=source.name, filter=second_of_the_app)
            if shipped_later:
                archive.add(packages, arcname="__pypackages__", filter=second)


def later_module(member: str, first_screen: frozenset[str]) -> str | None:
    """The app's compiled module a member of the archive is, where the first screen does not
    import it (None: the first screen's, a package's `__init__`, a source, a data file).

    >>> first = frozenset({"canasta_score.ui.views.home"})
    >>> later_module("canasta_score/ui/views/sheet.pyc", first)
    'canasta_score.ui.views.sheet'
    >>> [later_module(m, first) for m in ("canasta_score/ui/views/home.pyc",
    ...     "canasta_score/ui/views/__init__.pyc", "canasta_score/storage/migrations/env.py",
    ...     "canasta_score/i18n/locale/de/LC_MESSAGES/canasta_score.mo", "__pypackages__/six.pyc")]
    [None, None, None, None, None]
    """
    parts = member.split("/")
    if parts[0] != "canasta_score" or not member.endswith(".pyc") or parts[-1] == "__init__.pyc":
        return None
    module = ".".join(parts).removesuffix(".pyc")
    return None if module in first_screen else module


def package_of(member: str) -> str | None:
    """The package a member of `__pypackages__/` belongs to (None for any other member).

    >>> package_of("__pypackages__/sqlalchemy/orm/base.pyc"), package_of("__pypackages__/six.pyc")
    ('sqlalchemy', 'six')
    >>> package_of("canasta_score/app.py") is None
    True
    """
    parts = member.split("/")
    if parts[0] != "__pypackages__" or len(parts) < 2:
        return None
    return parts[1].removesuffix(".pyc").removesuffix(".py")


def reproducible(info: tarfile.TarInfo) -> tarfile.TarInfo | None:
    """A member as every build writes it, or None for what never ships: the building
    machine's caches (the modules compiled for Pyodide by `compile_python` stand in place of
    their sources, outside any __pycache__), catalog sources, the PostgreSQL server's code."""
    name = info.name
    if "__pycache__" in name or name.endswith((".po", ".pot")) or "/storage/postgres" in name:
        return None
    info.uid = info.gid = 0
    info.uname = info.gname = ""
    info.mtime = 0
    return info


@contextlib.contextmanager
def written_archive(out: Path) -> Iterator[tarfile.TarFile]:
    """A gzipped tar archive written to `out`, with no time in its gzip header either: the
    same sources make the same archive, so a build that changed nothing is the same version
    and no phone downloads the app again."""
    with (
        out.open("wb") as file,
        gzip.GzipFile("", "wb", 9, file, mtime=0) as zipped,
        tarfile.open(fileobj=zipped, mode="w") as archive,
    ):
        yield archive


def run_in_pyodide(
    pyodide: Path, folder: Path, script: str, *calls: str, **env: str
) -> list[Any] | None:
    """Each of `calls` on `tools/web_app/<script>.py`, made in a fresh copy of the page's own
    Pyodide run by Node.js with `folder` at /app (`tools/web_app/in_pyodide.mjs`); `env`: the
    Python's own variables (PYTHONNODEBUGRANGES). Returns each call's result; None where
    Node.js is missing (the caller says what the app goes without)."""
    node = shutil.which("node")
    if node is None:
        return None
    ran = subprocess.run(
        [node, str(TEMPLATES / "in_pyodide.mjs"), str(pyodide), str(folder), script, *calls],
        check=False,
        capture_output=True,
        text=True,
        env={**os.environ, **env},
    )
    results = [line[3:] for line in ran.stdout.splitlines() if line.startswith("=> ")]
    if ran.returncode != 0 or len(results) != len(calls):
        raise BuildError(f"{script} failed in Pyodide: {(ran.stdout + ran.stderr)[-2000:]}")
    return [json.loads(result) for result in results]


NO_NODE = "build_web_app: Node.js not found (Debian: apt install nodejs): "


def compile_python(folder: Path, pyodide: Path, shown_as: str | None = None) -> bool:
    """Compiles every module under `folder` with the page's own Pyodide
    (`tools/web_app/compile_python.py`): the page then imports bytecode instead of
    compiling each module's source at every start, which was about half of the app's start.
    `shown_as`: the folder's name in tracebacks, where it is not the app's.

    False, and a note, where Node.js is missing: the app then goes as source, and works.
    """
    ran = run_in_pyodide(pyodide, folder, "compile_python", f"compile_app({shown_as!r})")
    if ran is None:
        print(NO_NODE + "the app's Python goes as source and starts slower", file=sys.stderr)
        return False
    print(f"compiled {shown_as or folder.name} for Pyodide; {ran[0]} module(s) left as source")
    return True


def keep_dataclass_code(folder: Path, pyodide: Path) -> dict[str, int] | None:
    """The code of the dataclasses the app's first screen makes, compiled by the page's own
    Pyodide and kept beside `canasta_score/dataclass_code.py` (that module says why), then
    checked: imported anew from it, the first screen compiles none. Kept without columns (as
    `python -X no_debug_ranges` compiles): a generated method's source is in no file a
    traceback could point into, and the file is half as large. Returns what was kept, taken
    and compiled; None, and a note, where Node.js is missing (the tab compiles them).
    """
    ran = run_in_pyodide(
        pyodide, folder, "keep_dataclass_code", "record()", "check()", PYTHONNODEBUGRANGES="1"
    )
    if ran is None:
        print(NO_NODE + "no dataclass code kept", file=sys.stderr)
        return None
    kept, [taken, compiled] = ran
    counts = {"kept": kept, "taken": taken, "compiled": compiled}
    if compiled != 0 or taken == 0:
        raise BuildError(f"the kept dataclass code does not hold the first screen's: {counts}")
    print(f"dataclass code kept for {kept} sources")
    return counts


def compiled_modules(folder: Path) -> list[tuple[Path, Path]]:
    """Each module `compile_python` compiled under `folder`: its source, and its bytecode in
    the `__pycache__` beside it."""
    suffix = f".{PYODIDE_CACHE_TAG}.pyc"
    return [
        (compiled.parent.parent / (compiled.name.removesuffix(suffix) + ".py"), compiled)
        for compiled in sorted(folder.rglob(f"__pycache__/*{suffix}"))
    ]


#: Compiles the modules of a folder into its `__pycache__` folders; False where it cannot.
Compiler = Callable[[Path], bool]


def first_stdlib_modules() -> frozenset[str]:
    """STDLIB_FIRST's modules (a name a line; `#` starts a comment)."""
    lines = STDLIB_FIRST.read_text(encoding="utf-8").splitlines()
    return frozenset(name for line in lines if (name := line.partition("#")[0].strip()))


def stdlib_module(member: str) -> str | None:
    """The module a member of the standard library's zip is, None for any other file.

    >>> stdlib_module("json/decoder.py"), stdlib_module("json/__init__.py"), stdlib_module("a/")
    ('json.decoder', 'json', None)
    """
    if not member.endswith(".py"):
        return None
    return member.removesuffix(".py").removesuffix("/__init__").replace("/", ".")


def left_out_of_stdlib(module: str) -> bool:
    """Whether the tab goes without `module` of the standard library (STDLIB_LEFT_OUT).

    >>> [left_out_of_stdlib(m) for m in ("unittest.mock", "encodings.cp1250", "encodings.utf_8")]
    [True, True, False]
    >>> left_out_of_stdlib("http.server"), left_out_of_stdlib("http.client")
    (True, False)
    """
    if module.startswith("encodings."):
        return module.split(".")[1] not in STDLIB_ENCODINGS
    return any(module == out or module.startswith(out + ".") for out in STDLIB_LEFT_OUT)


def standard_library(zipped: Path, first: frozenset[str], compile_folder: Compiler) -> int:
    """Rewrites Pyodide's standard library (`python_stdlib.zip`) for the tab: the modules in
    `first` compiled, by `compile_folder` (`compile_python`'s way, into `__pycache__`), in
    place of their sources (zipimport takes `m.pyc` as it is), and the modules the tab goes
    without left out (`left_out_of_stdlib`). Returns how many were compiled: none where the
    compiler is missing (the sources stay, and work)."""
    with zipfile.ZipFile(zipped) as original:
        members = [
            (info, original.read(info))
            for info in original.infolist()
            # A package's folder goes with it (zipimport would take a folder left for a
            # namespace package, and fail on its modules less clearly).
            if not left_out_of_stdlib(
                stdlib_module(info.filename) or info.filename.rstrip("/").replace("/", ".")
            )
        ]
    compiled: dict[str, bytes] = {}
    with tempfile.TemporaryDirectory() as scratch:
        sources = Path(scratch)
        for info, data in members:
            if stdlib_module(info.filename) in first:
                (sources / info.filename).parent.mkdir(parents=True, exist_ok=True)
                (sources / info.filename).write_bytes(data)
        if compile_folder(sources):
            for source, pyc in compiled_modules(sources):
                compiled[source.relative_to(sources).as_posix()] = pyc.read_bytes()
    with zipfile.ZipFile(zipped, "w") as rewritten:
        for info, data in members:
            if info.filename in compiled:
                # Dated as its source, so the same sources make the same zip.
                rewritten.writestr(
                    zipfile.ZipInfo(info.filename.removesuffix(".py") + ".pyc", info.date_time),
                    compiled[info.filename],
                    compress_type=zipfile.ZIP_DEFLATED,
                    compresslevel=9,
                )
            else:
                rewritten.writestr(info, data, compress_type=info.compress_type, compresslevel=9)
    return len(compiled)


#: Kept as source in the archive: Alembic finds the schema's migrations by their file names.
MIGRATIONS = Path("canasta_score/storage/migrations")


def sourceless(folder: Path) -> int:
    """Each compiled module of `folder` in place of its source (`m.pyc` for `m.py`, which
    Python imports as it is): an archive with both would be twice the size. Returns how many.

    Kept as source: the files at the top (`main.py`, which Flet's worker runs by name) and
    the schema's migrations.
    """
    replaced = 0
    for source, compiled in compiled_modules(folder):
        place = source.relative_to(folder)
        keep_source = len(place.parts) == 1 or place.is_relative_to(MIGRATIONS)
        if source.exists() and not keep_source:
            source.unlink()
            compiled.rename(source.with_suffix(".pyc"))
            replaced += 1
    for cache in sorted(folder.rglob("__pycache__"), reverse=True):
        shutil.rmtree(cache)
    return replaced


def flet_web_client() -> Path:
    import flet_web

    return Path(flet_web.__file__).parent / "web"


def check_catalogs() -> None:
    missing = [
        code
        for code in ("nl", "de", "fi", "da", "nb")
        if not (ROOT / "canasta_score/i18n/locale" / code / "LC_MESSAGES/canasta_score.mo").exists()
    ]
    if missing:
        raise BuildError(f"catalogs not compiled for {missing}: run `make compile-messages`")


def build(
    final: Path, cache: Path, sources: Iterable[Path] = APP_SOURCES, pins: list[str] | None = None
) -> None:
    """Builds into a folder beside `final` and puts it in place whole once it is complete,
    so a failed build never leaves a `final` that looks built. `sources` and `pins`: another
    app built the same way (benchmarks/web_app_bench.py's counter)."""
    out = final.with_name(final.name + ".building")
    if pins is None:
        pins = requirements(REQUIREMENTS.read_text(encoding="utf-8"))
    _build(out, cache, list(sources), pins)
    if final.exists():
        shutil.rmtree(final)
    out.rename(final)


def _build(out: Path, cache: Path, sources: list[Path], pins: list[str]) -> None:
    check_catalogs()
    client = flet_web_client()
    downloads = download(pins, cache / "downloads")

    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    for name in CLIENT_FILES:
        source = client / name
        if not source.exists():
            raise BuildError(f"flet-web has no {name}: is flet-web 1.0.5 installed?")
        (out / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, out / name)
    (out / ROBOTO[1]).parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(client / ROBOTO[0], out / ROBOTO[1])
    fonts = out / "assets/FontManifest.json"
    try:
        fonts.write_text(fonts_used(fonts.read_text(encoding="utf-8")), encoding="utf-8")
    except FontsMissing as error:
        raise BuildError(str(error)) from error
    bridge = out / "python.js"
    bridge.write_text(python_bridge(bridge.read_bytes()), encoding="utf-8")
    dart = out / "main.dart.js"
    dart.write_text(
        without_startup_words(without_rive_cdn(dart.read_text(encoding="utf-8"))), encoding="utf-8"
    )
    for name in APP_ASSETS:
        (out / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ROOT / "assets" / name, out / name)

    from flet.controls.types import RouteUrlStrategy, WebRenderer
    from flet_web.patch_index import patch_index_html

    patch_index_html(
        str(out / "index.html"),
        base_href="/",
        app_name="Canasta Score",
        app_description="Scores for real Canasta games",
        pyodide=True,
        pyodide_script_path="main.py",
        pyodide_version="314.0.7",
        app_package_url="app.tar.gz",
        web_renderer=WebRenderer.CANVAS_KIT,
        route_url_strategy=RouteUrlStrategy.HASH,
        no_cdn=True,
    )
    index = (out / "index.html").read_text(encoding="utf-8")
    # A static host may serve the app from any folder: everything relative to the page.
    index = re.sub(r'<base href="/">', '<base href="./">', index)
    index = index.replace('"/canvaskit/"', '"./canvaskit/"')
    index = index.replace('flet.entrypointBaseUrl="/"', 'flet.entrypointBaseUrl="./"')
    index = index.replace('flet.assetBase="/"', 'flet.assetBase="./"')
    index = relative_pyodide(index)
    index = with_page_script(
        index, page_script((TEMPLATES / "page.js").read_text(encoding="utf-8"))
    )
    index = with_logo_over_flutter(with_loading_named(with_home_screen_tags(index)))
    index = with_page_on_the_app_surface(index)
    (out / "index.html").write_text(index, encoding="utf-8")
    bootstrap = (out / "flutter_bootstrap.js").read_text(encoding="utf-8")
    (out / "flutter_bootstrap.js").write_text(
        with_logo_until_first_screen(without_flutter_service_worker(bootstrap)),
        encoding="utf-8",
    )

    staged = cache / "app"
    if staged.exists():
        shutil.rmtree(staged)
    packages = staged / "__pypackages__"
    packages.mkdir(parents=True)
    for path in downloads:
        if package_name(path.name.split("-")[0]) in NEVER_IMPORTED:
            continue
        if path.name.endswith(".whl"):
            unpack_wheel(path, packages)
        else:
            unpack_pure_source(path, packages)
    staged_sources = []
    for source in sources:
        staged_sources.append(staged / source.name)
        if source.is_dir():
            shutil.copytree(source, staged / source.name, ignore=browser_side(source))
        else:
            shutil.copyfile(source, staged / source.name)
    if compile_python(staged, out / "pyodide") and sourceless(staged) == 0:
        # Another Pyodide names its bytecode otherwise: the archive would go as source unseen.
        raise BuildError(f"no module was compiled as {PYODIDE_CACHE_TAG}: is Pyodide 314?")
    standard_library(
        out / "pyodide/python_stdlib.zip",
        first_stdlib_modules(),
        partial(compile_python, pyodide=out / "pyodide", shown_as=PYODIDE_STDLIB),
    )
    if (staged / "canasta_score").is_dir():
        keep_dataclass_code(staged, out / "pyodide")
    app_archive(packages, out / "app.tar.gz", staged_sources, LATER_PACKAGES)
    scripts_named_js(out)

    seal(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "web")
    parser.add_argument("--cache", type=Path, default=ROOT / "build" / "web-app-cache")
    args = parser.parse_args(argv)
    try:
        build(args.out, args.cache)
    except (BuildError, subprocess.CalledProcessError) as error:
        print(f"build_web_app: {error}", file=sys.stderr)
        return 1
    total = sum(path.stat().st_size for path in args.out.rglob("*") if path.is_file())
    print(f"built {args.out} ({total / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

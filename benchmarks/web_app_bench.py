"""Benchmark of the web app that runs in the browser (`make web-app`), beside Flet's counter
app built the same way (tools/build_web_app.py with benchmarks/counter_app/main.py).

    .venv/bin/python benchmarks/web_app_bench.py [--built] [--later N] [--phones K]

`--built` times `build/web` and `build/web-counter` as the last run left them (the two
builds take minutes), for timing the same builds again. `--later N`: later visits of each app
(5), taken in turns; the median is the figure, and beside it the turns compared one by one
(`later_per_turn`: the median of each turn's ratio to the counter, with a 90% interval, since
the machine's spells move both apps of a turn alike but vary from go to go). `--also
FOLDER`: another build of the app (an earlier version's `build/web`) measured in the same
turns, as a baseline of the same go. `--phones K` (1): K phones (browser profiles) of each app,
each with its own first visit, the later visits taking them in rotation: what V8 keeps of
its compiled WebAssembly in a profile's code cache is what it had optimised when it wrote it,
in that profile's first two visits, and it differs from profile to profile.

For each app, a phone-sized headless Chromium on a fresh profile folder, its own start done
(`settled`: a phone's browser is running before the app is opened), opens the page served
by a static server of this script's own on 127.0.0.1 (every other host unreachable), which
counts what it sends: the bytes over the wire as a static host that serves the build's
compressed copies sends them (nginx's `brotli_static` and `gzip_static`: a file's `.br` copy
where the browser accepts Brotli, else its `.gz` copy, else gzip made on the fly for every
file but PNG, WOFF2 and the gzipped app archive), the same with gzip alone (a host without
Brotli), and the same files uncompressed. The first visit runs until the first usable screen
(a control of it in the accessibility tree, switched on as Flutter offers it, as a screen
reader does; timed in the page from its navigation to that control's arrival, which an
observer of the page notes: Playwright's wait polls every half second) and the service
worker holding its copy of every file; the browser is then closed, opened again on the same
profile (a later visit) and timed the same way. Page memory: the proportional set size of
every Chromium process of the profile with the app open (the page, its Python worker, the GPU
and browser processes), from /proc. Goals (issue 34): a first visit under 17 MB as a host
sends it, a later visit downloading nothing and usable within 1.0x the counter app's.
"""

from __future__ import annotations

import email.utils
import gzip
import json
import mimetypes
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "browser"))
sys.path.insert(0, str(ROOT / "tools"))

import build_web_app  # noqa: E402
from headless import CHROMIUM, CHROMIUM_ARGS, PHONE, node  # noqa: E402

ONLY_LOOPBACK = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"
COUNTER = ROOT / "benchmarks" / "counter_app" / "main.py"
#: What the counter needs of the pins: Flet and what Flet asks for.
COUNTER_PACKAGES = {
    "flet",
    "msgpack",
    "httpx",
    "httpcore",
    "h11",
    "anyio",
    "idna",
    "certifi",
    "oauthlib",
    "repath",
    "six",
    "typing-extensions",
}
START_S = 600.0
NOT_COMPRESSED = (".png", ".woff2", ".gz")


class Counted:
    """What the static server sent since the last reset."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.reset()

    def reset(self) -> None:
        with self.lock:
            self.wire = 0
            self.gzip = 0
            self.plain = 0
            self.requests = 0
            self.paths: list[str] = []
            self.encodings: dict[str, int] = {}

    def add(
        self, path: str, wire: int, plain: int, gzipped: int | None = None, encoding: str = ""
    ) -> None:
        with self.lock:
            self.wire += wire
            self.gzip += wire if gzipped is None else gzipped
            self.plain += plain
            self.requests += 1
            self.paths.append(path)
            self.encodings[encoding] = self.encodings.get(encoding, 0) + 1


def static_server(folder: Path, counted: Counted) -> ThreadingHTTPServer:
    """A static host: files with Last-Modified (304 to a matching If-Modified-Since), their
    Brotli or gzip copy where there is one and the browser accepts it, else gzip made on the
    fly where the browser accepts it; no Cache-Control (as `python -m http.server`)."""
    compressed: dict[Path, bytes] = {}

    def gzipped_size(file: Path, body: bytes) -> int:
        copy = file.with_name(file.name + ".gz")
        if copy.is_file():
            return copy.stat().st_size
        if file.name.endswith(NOT_COMPRESSED):
            return len(body)
        if file not in compressed:
            compressed[file] = gzip.compress(body, 6)
        return len(compressed[file])

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *_: Any) -> None:
            pass

        def do_GET(self) -> None:
            path = self.path.split("?")[0].split("#")[0]
            file = folder / (path.lstrip("/") or "index.html")
            if file.is_dir():
                file = file / "index.html"
            if not file.is_file():
                self.send_response(404)
                self.send_header("Content-Length", "0")
                self.end_headers()
                counted.add(path, 0, 0)
                return
            modified = email.utils.formatdate(int(file.stat().st_mtime), usegmt=True)
            if self.headers.get("If-Modified-Since") == modified:
                self.send_response(304)
                self.end_headers()
                counted.add(path, 0, 0)
                return
            body = file.read_bytes()
            plain = len(body)
            as_gzip = gzipped_size(file, body)
            accepted = {
                word.split(";")[0].strip()
                for word in self.headers.get("Accept-Encoding", "").split(",")
            }
            encoding = ""
            brotli_copy = file.with_name(file.name + ".br")
            if "br" in accepted and brotli_copy.is_file():
                encoding, body = "br", brotli_copy.read_bytes()
            elif "gzip" in accepted and as_gzip < plain:
                copy = file.with_name(file.name + ".gz")
                encoding = "gzip"
                body = copy.read_bytes() if copy.is_file() else compressed[file]
            self.send_response(200)
            kind = mimetypes.guess_type(file.name)[0] or "application/octet-stream"
            if file.suffix in (".mjs", ".js"):
                kind = "text/javascript"
            elif file.suffix == ".wasm":
                kind = "application/wasm"
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Last-Modified", modified)
            if encoding:
                self.send_header("Content-Encoding", encoding)
                self.send_header("Vary", "Accept-Encoding")
            self.end_headers()
            self.wfile.write(body)
            counted.add(path, len(body), plain, as_gzip if "gzip" in accepted else None, encoding)

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def profile_processes(profile: Path) -> set[str]:
    """The ids of every Chromium process of `profile`: the browser's, and the renderer, GPU
    and utility children of it."""
    parents = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                command = (entry / "cmdline").read_bytes().decode(errors="replace")
            except OSError:
                continue
            if f"--user-data-dir={profile}" in command:
                parents.add(entry.name)
    pids = set(parents)
    changed = True
    while changed:
        changed = False
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit() and entry.name not in pids:
                try:
                    stat = (entry / "stat").read_text()
                except OSError:
                    continue
                if stat.rsplit(")", 1)[1].split()[1] in pids:
                    pids.add(entry.name)
                    changed = True
    return pids


def profile_memory(profile: Path) -> int:
    """Proportional set size of every Chromium process of `profile`, in bytes."""
    total = 0
    for pid in profile_processes(profile):
        try:
            for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    total += int(line.split()[1]) * 1024
        except OSError:
            continue
    return total


def profile_cpu_ticks(profile: Path) -> int:
    """The processor time the Chromium processes of `profile` have used, in clock ticks."""
    total = 0
    for pid in profile_processes(profile):
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total


def settled(profile: Path) -> None:
    """Waits for a browser just started on `profile` to finish its own start (its toolbar's
    pages, about 0.7 s of processor time over the next second, which fell on the app's start
    at random), as a phone's browser is running before a player opens the app: until its
    processes use less than 2% of a processor for half a second, at most 20 s."""
    start = time.monotonic()
    before = profile_cpu_ticks(profile)
    while time.monotonic() - start < 20:
        time.sleep(0.5)
        now = profile_cpu_ticks(profile)
        if now - before < 1:  # 1 tick: 0.01 s in 0.5 s
            break
        before = now


def kept_for_offline(page: Any) -> None:
    page.wait_for_function(
        """async () => {
            const registration = await navigator.serviceWorker.getRegistration();
            if (!registration || !registration.active) return false;
            const names = (await caches.keys()).filter((n) => n.startsWith('canasta-score-'));
            if (names.length !== 1) return false;
            const kept = (await (await caches.open(names[0])).keys()).map((r) => r.url);
            return kept.some((u) => u.endsWith('/app.tar.gz'))
                && kept.some((u) => u.endsWith('canvaskit.wasm'));
        }""",
        timeout=START_S * 1000,
    )


#: Notes the moment the control `ready` enters the accessibility tree, in the page's own clock
#: (milliseconds from the start of its loading): Playwright's wait, which polls every half
#: second once it has waited a while, says only that it has.
SEEN_AT = """ready => {
    const wanted = `[flt-semantics-identifier="${ready}"]`;
    const look = () => {
        if (!window.readyAt && document.querySelector(wanted)) window.readyAt = performance.now();
    };
    new MutationObserver(look).observe(document, { subtree: true, childList: true,
        attributes: true, attributeFilter: ["flt-semantics-identifier"] });
}"""


#: Switches Flutter's accessibility tree on the moment Flutter offers it (its placeholder, which
#: a screen reader's first touch presses), before the first screen: that screen's controls then
#: enter the tree in the frame that draws them. Pressed from outside the page instead
#: (`headless.enable_semantics`), the press came when Playwright's polling, every half second
#: by then, found the placeholder, and the tree a frame after it: up to half a second that was
#: neither app's (docs/FIGURES.md, "the benchmark's two corrections").
SEMANTICS_ON_ARRIVAL = """() => {
    const press = () => {
        const placeholder = document.querySelector("flt-semantics-placeholder");
        if (placeholder && !window.semanticsOnAt) {
            window.semanticsOnAt = performance.now();
            placeholder.dispatchEvent(new MouseEvent("click", { bubbles: true }));
        }
    };
    new MutationObserver(press).observe(document, { subtree: true, childList: true });
}"""


def visit(playwright: Any, profile: Path, url: str, ready: str, first: bool) -> dict[str, Any]:
    context = playwright.chromium.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, ONLY_LOOPBACK], viewport=PHONE
    )
    try:
        page = context.pages[0] if context.pages else context.new_page()
        page.add_init_script(f"({SEEN_AT})({json.dumps(ready)})")
        page.add_init_script(f"({SEMANTICS_ON_ARRIVAL})()")
        settled(profile)
        page.goto(url)
        node(page, ready).wait_for(state="attached", timeout=START_S * 1000)
        # From the page's first request (its navigation) to the control there.
        usable = page.evaluate("window.readyAt") / 1000
        # Whether a service worker served this page (a later visit's files came from it, not
        # from the browser's HTTP cache).
        served_by_worker = bool(page.evaluate("!!navigator.serviceWorker.controller"))
        if first:
            kept_for_offline(page)
            # Controlled by it (the worker took the page over once active): the later visit
            # starts from the service worker's copy, not the browser's HTTP cache.
            page.wait_for_function(
                "() => !!navigator.serviceWorker.controller", timeout=START_S * 1000
            )
        memory = profile_memory(profile)
    finally:
        context.close()
    return {
        "usable_s": round(usable, 2),
        "memory_mb": round(memory / 1e6),
        "served_by_service_worker": served_by_worker,
    }


class Site:
    """One built app on a static server of its own, and the phone profile that visits it."""

    def __init__(self, folder: Path, ready: str, scratch: Path, phones: int = 1) -> None:
        self.counted = Counted()
        self.server = static_server(folder, self.counted)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"
        self.ready = ready
        scratch.mkdir(parents=True, exist_ok=True)
        #: The phones' profiles: each its own first visit, and so its own code cache.
        self.profiles = [scratch / f"{folder.name}-{phone}" for phone in range(phones)]
        self.later: list[dict[str, Any]] = []

    def first_visit(self, playwright: Any) -> dict[str, Any]:
        """Each phone's first visit; the figures of the first, its time the median of all."""
        firsts = []
        for profile in self.profiles:
            self.counted.reset()
            first = visit(playwright, profile, self.url, self.ready, first=True)
            firsts.append(
                first
                | {
                    "wire_mb": round(self.counted.wire / 1e6, 1),
                    "gzip_only_mb": round(self.counted.gzip / 1e6, 1),
                    "plain_mb": round(self.counted.plain / 1e6, 1),
                    "requests": self.counted.requests,
                    "encodings": dict(self.counted.encodings),
                }
            )
        times = [first["usable_s"] for first in firsts]
        return firsts[0] | {"usable_s": statistics.median(times), "each_s": times}

    def later_visit(self, playwright: Any, turn: int) -> None:
        """A later visit on the phone whose turn it is (the phones in rotation)."""
        self.counted.reset()
        profile = self.profiles[turn % len(self.profiles)]
        later = visit(playwright, profile, self.url, self.ready, first=False)
        self.later.append(later | {"bytes": self.counted.wire, "requests": self.counted.paths})

    def later_figures(self) -> dict[str, Any]:
        times = [later["usable_s"] for later in self.later]
        return {
            "usable_s": statistics.median(times),
            "each_s": times,
            "bytes": max(later["bytes"] for later in self.later),
            "served_by_service_worker": all(
                later["served_by_service_worker"] for later in self.later
            ),
            "memory_mb": self.later[-1]["memory_mb"],
            "requests": self.later[0]["requests"],
        }


def per_turn(app: list[float], counter: list[float]) -> dict[str, Any]:
    """The later visits compared turn by turn (a turn's two visits share the machine's spell):
    the median of the per-turn ratios, a 90% interval of that median (bootstrap: the turns
    drawn again with replacement, 2,000 times, seeded), and the turns as quick or quicker.

    >>> per_turn([2.0, 2.2, 1.8], [2.0, 2.0, 2.0])["median"]
    1.0
    """
    ratios = [a / c for a, c in zip(app, counter, strict=True)]
    draw = random.Random(34)
    draws = 2000
    medians = sorted(statistics.median(draw.choices(ratios, k=len(ratios))) for _ in range(draws))
    low, high = medians[draws // 20], medians[draws - draws // 20 - 1]  # 5% cut off each side
    return {
        "median": round(statistics.median(ratios), 3),
        "interval_90": [round(low, 3), round(high, 3)],
        "as_quick": sum(ratio <= 1 for ratio in ratios),
        "turns": len(ratios),
    }


def main() -> int:
    from playwright.sync_api import sync_playwright

    build = ROOT / "build"
    if "--built" not in sys.argv[1:]:
        build_web_app.build(build / "web", build / "web-app-cache")
        pins = build_web_app.requirements(build_web_app.REQUIREMENTS.read_text(encoding="utf-8"))
        counter_pins = [pin for pin in pins if build_web_app.package_name(pin) in COUNTER_PACKAGES]
        build_web_app.build(
            build / "web-counter", build / "web-app-cache", sources=[COUNTER], pins=counter_pins
        )
    shipped = {
        name: round(
            sum(
                p.stat().st_size
                for p in (build / name).rglob("*")
                if p.is_file() and not build_web_app.is_compressed_copy(p)
            )
            / 1e6,
            1,
        )
        for name in ("web", "web-counter")
    }
    later_visits = int(sys.argv[sys.argv.index("--later") + 1]) if "--later" in sys.argv else 5
    phones = int(sys.argv[sys.argv.index("--phones") + 1]) if "--phones" in sys.argv else 1
    figures: dict[str, Any] = {}
    with sync_playwright() as playwright, tempfile.TemporaryDirectory() as scratch:
        sites = {
            "canasta_score": Site(build / "web", "new-game", Path(scratch), phones),
            "counter": Site(build / "web-counter", "counter", Path(scratch), phones),
        }
        if "--also" in sys.argv:
            also = Path(sys.argv[sys.argv.index("--also") + 1])
            sites["also"] = Site(also, "new-game", Path(scratch) / "also", phones)
        try:
            for name, site in sites.items():
                figures[name] = {"first_visit": site.first_visit(playwright)}
            # Later visits taken in turns, each app first every other time: a slow spell of the
            # machine (or of Pyodide's start, which varies by a second) falls on both alike.
            for turn in range(later_visits):
                for site in list(sites.values())[:: 1 if turn % 2 == 0 else -1]:
                    site.later_visit(playwright, turn)
        finally:
            for site in sites.values():
                site.server.shutdown()
        for name, site in sites.items():
            figures[name]["later_visit"] = site.later_figures()
            print(name, json.dumps(figures[name]), flush=True)
    figures["shipped_mb"] = shipped
    app = figures["canasta_score"]["first_visit"]["usable_s"]
    counter = figures["counter"]["first_visit"]["usable_s"]
    figures["first_usable_ratio"] = round(app / counter, 2)
    later_app = figures["canasta_score"]["later_visit"]["usable_s"]
    later_counter = figures["counter"]["later_visit"]["usable_s"]
    figures["later_usable_ratio"] = round(later_app / later_counter, 2)
    counter_turns = figures["counter"]["later_visit"]["each_s"]
    figures["later_per_turn"] = per_turn(
        figures["canasta_score"]["later_visit"]["each_s"], counter_turns
    )
    if "also" in figures:
        also = figures["also"]
        figures["also_first_usable_ratio"] = round(also["first_visit"]["usable_s"] / counter, 2)
        figures["also_later_usable_ratio"] = round(
            also["later_visit"]["usable_s"] / later_counter, 2
        )
        figures["also_later_per_turn"] = per_turn(also["later_visit"]["each_s"], counter_turns)
    figures["load_average"] = os.getloadavg()[0]
    print(json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())

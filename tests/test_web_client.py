"""The web client goes out compressed and cacheable, and still only behind the token."""

from __future__ import annotations

import asyncio
import re
import threading
from pathlib import Path
from typing import Any

import httpx
import pytest
from flet_web import get_package_web_dir

from canasta_score.app import ASSETS_DIR, web_app
from canasta_score.web_client import client_tag

WEB = Path(get_package_web_dir())
CHROME = "gzip, deflate, br, zstd"  # what Chromium sends
#: The files a cold load of the client fetches that are worth compressing.
CLIENT_FILES = ["main.dart.wasm", "main.dart.mjs", "canvaskit/skwasm.wasm", "canvaskit/skwasm.js"]


def request(
    app: Any, path: str, headers: dict[str, str] | None = None, method: str = "GET"
) -> httpx.Response:
    """One request to the ASGI app, on a loop of its own (Playwright may hold this thread's)."""

    async def go() -> httpx.Response:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as client:
            response = await client.request(method, path, headers=headers)
            await response.aread()
            return response

    answer: list[httpx.Response] = []
    thread = threading.Thread(target=lambda: answer.append(asyncio.run(go())))
    thread.start()
    thread.join(60)
    assert answer, f"no answer for {path}"
    return answer[0]


@pytest.fixture
def cache(tmp_path: Path) -> Path:
    return tmp_path / "cache"


@pytest.fixture
def app(cache: Path) -> Any:
    return web_app(None, None, 1, cache_dir=cache)


def client_prefix(app: Any) -> str:
    page = request(app, "/", {"Accept-Encoding": CHROME}).text
    match = re.search(r'flet\.entrypointBaseUrl="(/client-[0-9a-f]+/)"', page)
    assert match, page
    return match.group(1)


def test_the_page_points_the_loader_at_the_versioned_client(app: Any) -> None:
    page = request(app, "/").text
    prefix = client_prefix(app)
    assert f'flet.assetBase="{prefix}"' in page
    assert f'flet.canvasKitBaseUrl="{prefix}canvaskit/"' in page
    assert prefix == f"/client-{client_tag([WEB, ASSETS_DIR])}/"


@pytest.mark.parametrize("name", CLIENT_FILES)
def test_client_files_go_out_brotli_compressed_and_arrive_whole(app: Any, name: str) -> None:
    response = request(app, client_prefix(app) + name, {"Accept-Encoding": CHROME})
    assert response.status_code == 200
    assert response.headers["content-encoding"] == "br"
    assert response.headers["vary"] == "Accept-Encoding"
    original = (WEB / name).read_bytes()
    assert response.content == original  # decoded by httpx
    assert int(response.headers["content-length"]) < len(original) * 0.6


def test_the_biggest_files_shrink_to_what_the_goal_needs(app: Any) -> None:
    prefix = client_prefix(app)
    sizes = [
        int(request(app, prefix + name, {"Accept-Encoding": CHROME}).headers["content-length"])
        for name in ("main.dart.wasm", "canvaskit/skwasm.wasm")
    ]
    assert sum(sizes) < 4_200_000, sizes  # 12.1 MB as they are


def test_gzip_for_a_browser_without_brotli_and_nothing_for_one_without_either(app: Any) -> None:
    path = client_prefix(app) + "main.dart.mjs"
    gzipped = request(app, path, {"Accept-Encoding": "gzip"})
    assert gzipped.headers["content-encoding"] == "gzip"
    assert gzipped.content == (WEB / "main.dart.mjs").read_bytes()
    plain = request(app, path, {"Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers
    assert plain.headers["vary"] == "Accept-Encoding"
    assert plain.content == (WEB / "main.dart.mjs").read_bytes()
    refused = request(app, path, {"Accept-Encoding": "br;q=0, gzip;q=0"})
    assert "content-encoding" not in refused.headers


def test_each_coding_has_its_own_etag_and_revalidates_with_a_304(app: Any) -> None:
    path = client_prefix(app) + "main.dart.wasm"
    etags = {
        coding: request(app, path, {"Accept-Encoding": coding}).headers["etag"]
        for coding in ("br", "gzip", "identity")
    }
    assert etags["br"].endswith('-br"') and etags["gzip"].endswith('-gzip"')
    assert len(set(etags.values())) == 3
    for coding, etag in etags.items():
        again = request(app, path, {"Accept-Encoding": coding, "If-None-Match": etag})
        assert again.status_code == 304, coding
        assert again.content == b""
        assert again.headers["etag"] == etag
        assert again.headers["cache-control"] == "public, max-age=31536000, immutable"


@pytest.mark.parametrize("path", ["/", "/game/3", "/manifest.json", "/flutter_bootstrap.js"])
def test_the_page_manifest_and_bootstrap_are_checked_each_time(app: Any, path: str) -> None:
    first = request(app, path, {"Accept-Encoding": CHROME})
    assert first.status_code == 200
    assert first.headers["cache-control"] == "no-cache"
    again = request(app, path, {"Accept-Encoding": CHROME, "If-None-Match": first.headers["etag"]})
    assert again.status_code == 304
    assert again.headers["cache-control"] == "no-cache"


def test_versioned_client_files_are_kept_for_a_year(app: Any) -> None:
    response = request(
        app, client_prefix(app) + "canvaskit/skwasm.wasm", {"Accept-Encoding": CHROME}
    )
    assert response.headers["cache-control"] == "public, max-age=31536000, immutable"
    unversioned = request(app, "/canvaskit/skwasm.wasm", {"Accept-Encoding": CHROME})
    assert unversioned.headers["cache-control"] == "no-cache"


def test_a_file_is_compressed_once_and_the_copy_reused_by_the_next_start(cache: Path) -> None:
    first = web_app(None, None, 1, cache_dir=cache)
    path = client_prefix(first) + "main.dart.mjs"
    request(first, path, {"Accept-Encoding": "br"})
    [kept] = [p for p in cache.iterdir() if p.suffix == ".br"]
    # Mark the kept copy: the next start must send it as it is, not compress again.
    import brotli

    kept.write_bytes(brotli.compress(b"the kept copy"))
    second = web_app(None, None, 1, cache_dir=cache)
    assert request(second, path, {"Accept-Encoding": "br"}).content == b"the kept copy"


def test_a_head_request_gets_the_headers_alone(app: Any) -> None:
    response = request(
        app, client_prefix(app) + "main.dart.wasm", {"Accept-Encoding": CHROME}, "HEAD"
    )
    assert response.status_code == 200 and response.content == b""


def test_the_client_loads_the_fonts_the_app_draws_with_alone(app: Any) -> None:
    """Flutter fetches and registers every font its manifest lists before the app starts; no
    screen draws with the maths fonts or the Cupertino icons (0.19 s of a cold start here)."""
    import json

    from canasta_score.web_client import client_files

    path = client_prefix(app) + "assets/FontManifest.json"
    served = request(app, path, {"Accept-Encoding": CHROME})
    assert served.headers["cache-control"] == "public, max-age=31536000, immutable"
    flets = request(app, "/assets/FontManifest.json", {"Accept-Encoding": "identity"}).json()
    kept = [family for family in flets if family["family"] in ("MaterialIcons", "Roboto")]
    assert [family["family"] for family in kept] == ["MaterialIcons", "Roboto"]
    assert len(flets) > len(kept), "Flet's own manifest lists more"
    assert served.json() == kept
    head = request(app, path, {"Accept-Encoding": CHROME}, "HEAD")
    assert head.status_code == 200 and head.content == b""
    # The fonts left out are not compressed at start either; the icons are.
    on_disk = json.loads((WEB / "assets/FontManifest.json").read_text(encoding="utf-8"))
    left_out = {
        f"assets/{font['asset']}"
        for family in on_disk
        if family["family"] not in ("MaterialIcons", "Roboto")
        for font in family["fonts"]
    }
    names = client_files(WEB)
    assert left_out and not left_out & set(names)
    assert "assets/fonts/MaterialIcons-Regular.otf" in names


@pytest.mark.parametrize(
    "name", ["", "main.dart.wasm", "canvaskit/skwasm.wasm", "assets/FontManifest.json"]
)
def test_the_token_gate_still_refuses_the_versioned_client(name: str, cache: Path) -> None:
    gated = web_app(None, "secret-token", 8550, cache_dir=cache)
    prefix = f"/client-{client_tag([WEB, ASSETS_DIR])}/"
    refused = request(gated, prefix + name, {"Accept-Encoding": CHROME})
    assert refused.status_code == 403
    assert "access token" in refused.text
    assert "content-encoding" not in refused.headers
    cookie = {"Cookie": "canasta_score_token_8550=secret-token", "Accept-Encoding": CHROME}
    assert request(gated, prefix + name, cookie).status_code == 200


def test_the_tag_changes_with_any_file_of_the_client_or_the_assets(tmp_path: Path) -> None:
    (tmp_path / "icons").mkdir()
    (tmp_path / "icons" / "a.png").write_bytes(b"one")
    before = client_tag([tmp_path, None])
    assert client_tag([tmp_path]) == before
    (tmp_path / "icons" / "a.png").write_bytes(b"three")
    assert client_tag([tmp_path]) != before


def test_the_client_files_are_compressed_when_the_server_starts(cache: Path) -> None:
    from canasta_score.web_client import client_files

    names = client_files(WEB)
    assert names[:2] == ["main.dart.wasm", "canvaskit/skwasm.wasm"]  # the heaviest first
    assert "main.dart.mjs" in names and "canvaskit/canvaskit.wasm" in names
    assert not [n for n in names if n.startswith("pyodide/") or n.endswith((".symbols", ".map"))]
    app = web_app(None, "a-token", 1, cache_dir=cache)  # behind the gate: a start is no request

    async def start_wait_stop() -> int:
        events: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        await events.put({"type": "lifespan.startup"})
        sent: list[str] = []

        async def send(message: dict[str, Any]) -> None:
            sent.append(message["type"])

        server = asyncio.create_task(
            app({"type": "lifespan", "asgi": {"version": "3.0"}}, events.get, send)
        )
        kept = 0
        for _ in range(600):  # the two biggest files: well within a minute on a busy machine
            await asyncio.sleep(0.1)
            kept = len(list(cache.glob("*.br"))) if cache.exists() else 0
            if kept >= 2:
                break
        await events.put({"type": "lifespan.shutdown"})
        await asyncio.wait_for(server, 30)
        assert sent[0] == "lifespan.startup.complete"
        return kept

    kept: list[int] = []
    thread = threading.Thread(target=lambda: kept.append(asyncio.run(start_wait_stop())))
    thread.start()
    thread.join(120)
    assert kept and kept[0] >= 2
    wasm = request(web_app(None, None, 1, cache_dir=cache), "/", {"Accept-Encoding": "br"})
    assert wasm.status_code == 200


def test_a_kept_copy_that_cannot_be_read_is_made_again(app: Any, cache: Path) -> None:
    path = client_prefix(app) + "main.dart.mjs"
    request(app, path, {"Accept-Encoding": "br"})
    [kept] = [p for p in cache.iterdir() if p.suffix == ".br"]
    kept.unlink()
    kept.mkdir()  # there, but no file to read
    response = request(app, path, {"Accept-Encoding": "br"})
    assert response.status_code == 200
    assert response.headers["content-encoding"] == "br"
    assert response.content == (WEB / "main.dart.mjs").read_bytes()


def test_a_kept_copy_gone_just_before_it_is_read_is_made_again(
    app: Any, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = client_prefix(app) + "main.dart.mjs"
    request(app, path, {"Accept-Encoding": "br"})
    read_bytes = Path.read_bytes
    failed: list[Path] = []

    def vanishing(self: Path) -> bytes:
        if self.suffix == ".br" and not failed:
            failed.append(self)
            raise FileNotFoundError(self)
        return read_bytes(self)

    monkeypatch.setattr(Path, "read_bytes", vanishing)
    response = request(app, path, {"Accept-Encoding": "br"})
    assert failed
    assert response.headers["content-encoding"] == "br"
    assert response.content == (WEB / "main.dart.mjs").read_bytes()


def test_kept_copies_of_an_old_client_are_removed_after_a_month(tmp_path: Path) -> None:
    import os
    import time

    from canasta_score.web_client import LightClient

    light = LightClient(app=None, cache_dir=tmp_path, tag="t")  # type: ignore[arg-type]
    month_ago = time.time() - 31 * 24 * 3600
    stale, in_use, recent = (tmp_path / f"{name}.br" for name in ("stale", "in-use", "recent"))
    for kept in (stale, in_use, recent):
        kept.write_bytes(b"x")
    for kept in (stale, in_use):
        os.utime(kept, (month_ago, month_ago))
    light.used.add(in_use)
    assert light.prune() == [stale]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in-use.br", "recent.br"]


def light_client(cache: Path) -> Any:
    """The compression layer of a fresh web app, the layers around it unwrapped."""
    from canasta_score.web_client import LightClient

    light = web_app(None, None, 1, cache_dir=cache)
    while not isinstance(light, LightClient):
        light = light.app
    return light


@pytest.mark.parametrize("name", CLIENT_FILES)
def test_a_kept_copy_goes_out_without_flet_reading_the_file_again(cache: Path, name: str) -> None:
    light = light_client(cache)
    path = client_prefix(light) + name
    request(light, path, {"Accept-Encoding": "br"})  # compressed now, and kept
    flet = light.app
    read: list[int] = []

    async def counting_flet(scope: Any, receive: Any, send: Any) -> None:
        async def counted(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.body":
                read.append(len(message.get("body", b"")))
            await send(message)

        await flet(scope, receive, counted)

    light.app = counting_flet
    answer = request(light, path, {"Accept-Encoding": "br"})
    assert answer.headers["content-encoding"] == "br"
    assert answer.headers["etag"].endswith('-br"')
    assert answer.content == (WEB / name).read_bytes()
    assert sum(read) == 0, "Flet's headers alone: the kept copy is the answer"
    # A browser without brotli still gets the file through Flet, compressed with gzip.
    plain = request(light, path, {"Accept-Encoding": "gzip"})
    assert plain.headers["content-encoding"] == "gzip"
    assert sum(read) == (WEB / name).stat().st_size


def test_a_start_that_finds_the_copies_kept_reads_none_of_them(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    names = ["main.dart.mjs", "canvaskit/skwasm.js"]
    threading_run(light_client(cache).warm(names))
    kept = sorted(cache.glob("*.br"))
    assert len(kept) == 2
    read: list[Path] = []
    original = Path.read_bytes

    def reading(path: Path) -> bytes:
        read.append(path)
        return original(path)

    monkeypatch.setattr(Path, "read_bytes", reading)
    again = light_client(cache)
    threading_run(again.warm(names))
    assert [path for path in read if path.parent == cache] == [], "a look at the headers only"
    assert again.used >= set(kept), "and kept from pruning"
    monkeypatch.setattr(Path, "read_bytes", original)
    for name in names:  # still sent as kept
        answer = request(
            web_app(None, None, 1, cache_dir=cache), "/" + name, {"Accept-Encoding": "br"}
        )
        assert answer.headers["content-encoding"] == "br"


def test_a_start_after_the_copies_are_listed_asks_flet_nothing(cache: Path) -> None:
    names = ["main.dart.mjs", "canvaskit/skwasm.js"]
    threading_run(light_client(cache).warm(names))
    again = light_client(cache)
    asked: list[str] = []
    flet = again.app

    async def counting_flet(scope: Any, receive: Any, send: Any) -> None:
        asked.append(scope["path"])
        await flet(scope, receive, send)

    again.app = counting_flet
    threading_run(again.warm(names))
    assert asked == [], "the ledger lists every copy: no look at Flet's headers"
    assert again.used >= set(cache.glob("*.br")), "and they are kept from pruning"


def test_a_ledger_whose_copy_went_is_not_trusted(cache: Path) -> None:
    names = ["main.dart.mjs", "canvaskit/skwasm.js"]
    threading_run(light_client(cache).warm(names))
    gone = sorted(cache.glob("*.br"))[0]
    gone.unlink()
    threading_run(light_client(cache).warm(names))
    assert gone.is_file(), "made again"
    assert len(list(cache.glob("*.br"))) == 2


def threading_run(work: Any) -> None:
    thread = threading.Thread(target=lambda: asyncio.run(work))
    thread.start()
    thread.join(120)

"""The first start on a laptop with a display and no internet: the desktop window's client
cannot be downloaded, so the app says so in one line and opens in the browser instead."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any
from urllib.parse import urlsplit

import pytest
from conftest import ROOT, AppServer, Screen
from examples import game_file
from headless import URL_LINE

pytestmark = pytest.mark.browser

START_TIMEOUT = 60  # the failed download, then the server's start, on a loaded machine


def closed_port() -> int:
    """A local port nothing listens on: a download from it is refused at once."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


class OfflineFirstStart(AppServer):
    """`main.py` as `make run` starts it, on a machine with a display (a fake one), an empty
    client cache (a fresh home) and Flet's client download pointed at a closed port."""

    def __init__(self, db_path: Path, home: Path, *args: str) -> None:
        super().__init__(db_path, *args)
        self.home = home
        self.opened = home / "opened-in-browser.txt"
        self.lines: list[str] = []

    def environment(self) -> dict[str, str]:
        kept = {
            k: v
            for k, v in os.environ.items()
            if k not in ("WAYLAND_DISPLAY", "FLET_VIEW_PATH", "FLET_PLATFORM", "BROWSER")
            and not k.startswith(("LC_", "XDG_"))
        }
        # The "default browser" only notes the link it is asked to open.
        browser = self.home / "browser"
        browser.write_text(f'#!/bin/sh\necho "$1" >> "{self.opened}"\n')
        browser.chmod(0o755)
        return kept | {
            "DISPLAY": ":99",
            "HOME": str(self.home),
            "FLET_CLIENT_URL": f"http://127.0.0.1:{closed_port()}/flet-linux.tar.gz",
            "BROWSER": str(browser),
            "LANG": "C.UTF-8",
            "LANGUAGE": "",
        }

    def start(self) -> OfflineFirstStart:
        self.home.mkdir(exist_ok=True)
        self.process = subprocess.Popen(
            [sys.executable, str(ROOT / "main.py"), "--port", "0", "--db", str(self.db_path)],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env=self.environment(),
            cwd=self.home,  # no `flet build` client of the project's next to it
        )
        # Every line it prints, as it prints them (standard error too, in their order).
        self.reader = threading.Thread(target=self.read, args=(self.process.stdout,), daemon=True)
        self.reader.start()
        link = self.wait_for_line(URL_LINE)
        if link is None:
            self.stop()
            raise AssertionError(f"the app did not start; it printed: {self.lines}")
        self.printed_url = link.group(1)
        self.url = f"http://127.0.0.1:{urlsplit(self.printed_url).port}"
        self.wait_for_line(re.compile("Ctrl\\+C"))  # the last of its first lines
        return self

    def read(self, stdout: IO[str]) -> None:
        for line in stdout:
            self.lines.append(line.rstrip("\n"))

    def wait_for_line(self, pattern: re.Pattern[str]) -> re.Match[str] | None:
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            for line in list(self.lines):
                if found := pattern.search(line):
                    return found
            if not self.reader.is_alive():
                return None
            time.sleep(0.1)
        return None

    def stop_with_ctrl_c(self) -> int:
        assert self.process is not None
        self.process.send_signal(signal.SIGINT)
        try:
            code = self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            raise AssertionError("the app did not stop within 30 s of Ctrl+C") from None
        self.reader.join(timeout=10)
        self.process = None
        return code

    def errors(self) -> str:
        return "\n".join(self.lines)


@pytest.fixture
def offline_app(tmp_path: Path) -> Iterator[OfflineFirstStart]:
    server = OfflineFirstStart(tmp_path / "games.db", tmp_path / "home")
    yield server
    server.stop()


def wait_for_file(path: Path, timeout: float = 30) -> str:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if path.exists() and path.read_text():
            return path.read_text()
        time.sleep(0.1)
    return ""


def test_without_internet_the_first_start_says_so_in_one_line_and_opens_in_the_browser(
    offline_app: OfflineFirstStart, open_screen: Any
) -> None:
    offline_app.import_games(game_file())
    offline_app.start()
    said = "\n".join(offline_app.lines)
    assert "Traceback" not in said, said

    failed = [line for line in offline_app.lines if "one-time download" in line]
    assert len(failed) == 1, said
    assert "Connection refused" in failed[0], failed  # what failed
    assert "opens in the browser instead" in failed[0], failed

    # The same app, served on this machine only, the link printed and the browser opened on it.
    assert urlsplit(offline_app.printed_url).hostname == "127.0.0.1", said
    assert "?token=" not in offline_app.printed_url
    assert any("--web --host 0.0.0.0" in line for line in offline_app.lines), said
    assert any("Ctrl+C" in line for line in offline_app.lines), said
    assert wait_for_file(offline_app.opened).strip() == offline_app.printed_url

    # A browser page then opens the sheet, and the app answers there.
    phone: Screen = open_screen(offline_app)
    phone.open("/game/1", ready="add-round")
    phone.shot("offline-first-start-sheet")
    phone.tap("add-round")
    phone.wait_for("save-round")

    assert offline_app.process is not None and offline_app.process.poll() is None
    assert offline_app.stop_with_ctrl_c() == 0
    assert "Traceback" not in offline_app.errors(), offline_app.errors()


def test_desktop_forced_without_its_client_fails_in_one_line(tmp_path: Path) -> None:
    start = OfflineFirstStart(tmp_path / "games.db", tmp_path / "home")
    start.home.mkdir()
    done = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--desktop", "--db", str(start.db_path)],
        capture_output=True,
        text=True,
        env=start.environment(),
        cwd=start.home,
        timeout=START_TIMEOUT,
    )
    assert done.returncode == 2, done
    assert done.stderr.count("\n") == 1, done.stderr
    assert "one-time download failed" in done.stderr
    assert "Connection refused" in done.stderr
    assert "Canasta Score: http" not in done.stdout  # nothing was served

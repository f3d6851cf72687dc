"""The server's CPU for one phone's download of the web client's biggest file.

    .venv/bin/python benchmarks/client_serving.py [CHECKOUT ...] [--requests N]

Starts each checkout's server (this one by default) on a scratch database, waits for its
compressed copies to be made and for it to fall idle, then fetches `main.dart.wasm` brotli-compressed N times, as a
phone with an empty cache does, and prints the server process's CPU and the wall time per
request. Run two checkouts in one go to compare them under the same load.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
import time
from pathlib import Path

import httpx
from ui_bench import ROOT, free_port, server


def process_cpu_s(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().split(")")[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def settle(pid: int, deadline_s: float = 60) -> None:
    """Waits until the process used under 10 ms of CPU in half a second."""
    deadline = time.monotonic() + deadline_s
    while time.monotonic() < deadline:
        before = process_cpu_s(pid)
        time.sleep(0.5)
        if process_cpu_s(pid) - before < 0.01:
            return


def measure(checkout: Path, requests: int, db: Path) -> dict[str, float]:
    port = free_port()
    command = [sys.executable, str(checkout / "main.py"), "--web", "--port", str(port)]
    with server([*command, "--db", str(db)], port, checkout) as process:
        base = f"http://127.0.0.1:{port}"
        with httpx.Client(base_url=base, headers={"accept-encoding": "br"}, timeout=60) as phone:
            match = re.search(r"/client-[0-9a-f]+/", phone.get("/").text)
            name = (match.group(0) if match else "/") + "main.dart.wasm"
            deadline = time.monotonic() + 120
            while phone.get(name).headers.get("content-encoding") != "br":  # copies made
                if time.monotonic() > deadline:
                    raise RuntimeError("the client is not sent compressed")
            settle(process.pid)  # the screens and the database loaded at start
            cpu, started = process_cpu_s(process.pid), time.perf_counter()
            for _ in range(requests):
                phone.get(name).raise_for_status()
            return {
                "server_cpu_ms": round((process_cpu_s(process.pid) - cpu) / requests * 1000, 1),
                "wall_ms": round((time.perf_counter() - started) / requests * 1000, 1),
            }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("checkouts", nargs="*", type=Path, default=[ROOT])
    parser.add_argument("--requests", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        for number, checkout in enumerate(args.checkouts):
            figures = measure(checkout.resolve(), args.requests, Path(scratch) / f"{number}.db")
            print(f"{checkout}: {figures}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

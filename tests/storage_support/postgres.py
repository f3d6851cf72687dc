"""A throwaway PostgreSQL 15 server for the tests and benchmarks: `initdb` into a temporary
folder (as the `postgres` user when run as root: initdb refuses root), a free port on
127.0.0.1 only, `pg_ctl stop` at the end."""

from __future__ import annotations

import contextlib
import itertools
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

BIN = Path(os.environ.get("CANASTA_SCORE_PG_BIN", "/usr/lib/postgresql/15/bin"))
#: Run as root: the server's programs run as this user.
SERVER_USER = "postgres"
_names = itertools.count(1)


def missing() -> str | None:
    """Why no server can be started here (None when one can)."""
    if not (BIN / "initdb").exists():
        return (
            f"PostgreSQL 15 is not installed ({BIN} is missing): run `make postgresql` "
            "(or `apt-get install -y postgresql`); `make test` does this for you"
        )
    return None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Server:
    """A running throwaway server; `new_database()` gives a fresh, empty database's URL."""

    def __init__(self, folder: Path, port: int, as_root: bool) -> None:
        self.folder = folder
        self.port = port
        self.as_root = as_root

    def run(self, *command: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        prefix = ["runuser", "-u", SERVER_USER, "--"] if self.as_root else []
        return subprocess.run(
            [*prefix, *command], capture_output=True, text=True, check=check, timeout=120
        )

    def url(self, name: str) -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{name}"

    def sql(self, statement: str, database: str = "postgres") -> str:
        done = self.run(
            str(BIN / "psql"), "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres",
            "-d", database, "-At", "-c", statement,
        )  # fmt: skip
        return done.stdout.strip()

    def new_database(self, prefix: str = "games") -> str:
        name = f"{prefix}_{os.getpid()}_{next(_names)}"
        self.sql(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def drop_database(self, url: str) -> None:
        name = url.rsplit("/", 1)[1]
        self.sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    def restart(self) -> None:
        """Stop the server (every connection lost) and start it again on the same port."""
        self.stop()
        self.start()

    def stop(self, mode: str = "fast") -> None:
        """Stop the server: `fast` ends every connection and keeps what was committed."""
        self.run(str(BIN / "pg_ctl"), "-D", str(self.folder / "data"), "-m", mode, "stop")

    def start(self) -> None:
        """Start the server (nothing happens when it runs already)."""
        if (
            self.run(
                str(BIN / "pg_ctl"), "-D", str(self.folder / "data"), "status", check=False
            ).returncode
            == 0
        ):
            return
        options = (
            f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c max_connections=300"
        )
        self.run(
            str(BIN / "pg_ctl"), "-D", str(self.folder / "data"), "-o", options,
            "-l", str(self.folder / "server.log"), "-w", "start",
        )  # fmt: skip


@contextlib.contextmanager
def throwaway_server(*, durable: bool = False) -> Iterator[Server]:
    """Start a server for the duration of the block; `durable` keeps PostgreSQL's own
    flushing to disk (a benchmark), else it is off (tests need no crash safety of the disk)."""
    reason = missing()
    if reason:
        raise RuntimeError(reason)
    as_root = os.geteuid() == 0
    folder = Path(tempfile.mkdtemp(prefix="canasta-pg-"))
    if as_root:
        shutil.chown(folder, SERVER_USER, SERVER_USER)
    server = Server(folder, _free_port(), as_root)
    try:
        server.run(
            str(BIN / "initdb"), "-D", str(folder / "data"), "-A", "trust", "-U", "postgres",
            "--no-sync", "-E", "UTF8", "--locale", "C.UTF-8",
        )  # fmt: skip
        if not durable:
            with (folder / "data" / "postgresql.conf").open("a") as conf:
                conf.write("fsync = off\nsynchronous_commit = off\nfull_page_writes = off\n")
        server.start()
        yield server
    finally:
        with contextlib.suppress(Exception):
            server.stop("immediate")  # thrown away: nothing to keep
        shutil.rmtree(folder, ignore_errors=True)

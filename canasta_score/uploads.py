"""Files a phone sends the table's server to import: over plain HTTP, one file a request,
measured as they come; never inside the page's socket.

A file picked in a browser would otherwise travel inside one message of the page's socket,
and a message over the server's limit (16 MiB, uvicorn's) closes that socket: the phone was
told nothing. Now the page learns each file's size first, refuses one too large to be a
backup or a game file, and asks the phone to send the rest to an address made for that one
file (`Tickets`); `FileReceiver` takes the file in and hands it to the page waiting for it.
A phone stays on one server process (SERVER.md), so the page and the file meet in it.
"""

from __future__ import annotations

import asyncio
import secrets
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from canasta_score.web_client import ASGIApp, Message, Receive, Scope, Send

#: The largest file a phone may import (16 MB): well above any backup the app writes (a game
#: of the most rounds a game file takes is about 0.2 MB), well below the server's memory.
LARGEST_IMPORT = 16_000_000

#: Where the files go, below the page's address: `import-file/<ticket>`.
UPLOAD_PATH = "import-file"


class FileRefused(Exception):
    """The file did not arrive: too large, or the phone could not send it."""


class Tickets:
    """The files the pages of this process wait for, each by a ticket of its own that is
    good for one file: a ticket nobody was given finds nothing."""

    def __init__(self) -> None:
        self._waiting: dict[str, asyncio.Future[bytes]] = {}

    def expect(self) -> tuple[str, asyncio.Future[bytes]]:
        """A new ticket, and what will hold its file (on the running loop)."""
        ticket = secrets.token_urlsafe(18)
        arrival: asyncio.Future[bytes] = asyncio.get_running_loop().create_future()
        self._waiting[ticket] = arrival
        arrival.add_done_callback(lambda _: self._waiting.pop(ticket, None))
        return ticket, arrival

    def take(self, ticket: str) -> asyncio.Future[bytes] | None:
        """The wait a file sent with `ticket` ends, if anyone still waits for it."""
        arrival = self._waiting.pop(ticket, None)
        return None if arrival is None or arrival.done() else arrival


#: The one set of tickets of this process (the page that waits and the request that brings
#: the file meet in it).
TICKETS = Tickets()


class FileReceiver:
    """Takes in a file sent to `import-file/<ticket>` (PUT or POST, the file as the body) for
    the page that holds the ticket; every other request passes on."""

    def __init__(self, app: ASGIApp, tickets: Tickets = TICKETS) -> None:
        self.app = app
        self.tickets = tickets

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        prefix = f"/{UPLOAD_PATH}/"
        if scope["type"] != "http" or not scope["path"].startswith(prefix):
            await self.app(scope, receive, send)
            return
        if scope["method"] not in ("PUT", "POST"):
            await answer(send, 405, b"a file to import is sent with PUT or POST")
            return
        arrival = self.tickets.take(scope["path"].removeprefix(prefix))
        if arrival is None:
            await answer(send, 404, b"no page waits for a file at this address")
            return
        declared = dict(scope.get("headers") or ()).get(b"content-length", b"0")
        if declared.isdigit() and int(declared) > LARGEST_IMPORT:
            arrival.set_exception(FileRefused("too large"))
            await answer(send, 413, b"too large to be a backup or a game file")
            return
        parts: list[bytes] = []
        size = 0
        while True:
            message: Message = await receive()
            if message["type"] == "http.disconnect":
                arrival.set_exception(FileRefused("the phone stopped sending"))
                return
            part = message.get("body", b"")
            size += len(part)
            if size > LARGEST_IMPORT:
                arrival.set_exception(FileRefused("too large"))
                await answer(send, 413, b"too large to be a backup or a game file")
                return
            parts.append(part)
            if not message.get("more_body", False):
                break
        arrival.set_result(b"".join(parts))
        await answer(send, 200, b"received")


async def answer(send: Send, status: int, words: bytes) -> None:
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"text/plain; charset=utf-8"),
                (b"content-length", str(len(words)).encode()),
                (b"cache-control", b"no-store"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": words})

"""Files a phone sends the table's server to import: to the page that holds the ticket, whole,
and never more than the largest import."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from canasta_score.uploads import (
    LARGEST_IMPORT,
    UPLOAD_PATH,
    FileReceiver,
    FileRefused,
    Tickets,
)


async def the_app(scope: Any, receive: Any, send: Any) -> None:
    await send({"type": "http.response.start", "status": 299, "headers": []})
    await send({"type": "http.response.body", "body": b"the app"})


async def sent(
    receiver: FileReceiver,
    path: str,
    parts: list[bytes],
    method: str = "PUT",
    headers: list[tuple[bytes, bytes]] | None = None,
    *,
    cut_short: bool = False,
) -> int:
    """Sends `parts` as one request's body, the phone gone after them (`cut_short`: the last
    part said more would come); the status answered, 0 for none."""
    messages = [
        {"type": "http.request", "body": part, "more_body": cut_short or index < len(parts) - 1}
        for index, part in enumerate(parts)
    ]
    answered: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return messages.pop(0) if messages else {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        answered.append(message)

    scope = {"type": "http", "method": method, "path": path, "headers": headers or []}
    await receiver(scope, receive, send)
    return int(answered[0]["status"]) if answered else 0


def test_a_file_sent_with_its_ticket_reaches_the_page_that_waits_whole() -> None:
    async def go() -> None:
        tickets = Tickets()
        receiver = FileReceiver(the_app, tickets)
        ticket, arrival = tickets.expect()
        assert await sent(receiver, f"/{UPLOAD_PATH}/{ticket}", [b'{"format"', b": 1}"]) == 200
        assert await arrival == b'{"format": 1}'
        # Good for one file: the same ticket again finds nobody waiting.
        assert await sent(receiver, f"/{UPLOAD_PATH}/{ticket}", [b"again"]) == 404

    asyncio.run(go())


def test_a_ticket_nobody_was_given_or_a_wrong_method_finds_nothing_and_other_paths_pass() -> None:
    async def go() -> None:
        tickets = Tickets()
        receiver = FileReceiver(the_app, tickets)
        ticket, arrival = tickets.expect()
        assert await sent(receiver, f"/{UPLOAD_PATH}/made-up", [b"x"]) == 404
        assert await sent(receiver, f"/{UPLOAD_PATH}/{ticket}", [b""], method="GET") == 405
        assert not arrival.done()
        assert await sent(receiver, "/settings", [b""], method="GET") == 299

    asyncio.run(go())


def test_a_file_larger_than_the_largest_import_is_refused_as_it_comes_or_as_declared() -> None:
    async def go() -> None:
        tickets = Tickets()
        receiver = FileReceiver(the_app, tickets)
        ticket, arrival = tickets.expect()
        chunk = b"\0" * (1024 * 1024)
        parts = [chunk] * (LARGEST_IMPORT // len(chunk) + 2)
        assert await sent(receiver, f"/{UPLOAD_PATH}/{ticket}", parts) == 413
        with pytest.raises(FileRefused):
            await arrival
        ticket, arrival = tickets.expect()
        declared = [(b"content-length", str(LARGEST_IMPORT + 1).encode())]
        assert await sent(receiver, f"/{UPLOAD_PATH}/{ticket}", [b"x"], headers=declared) == 413
        with pytest.raises(FileRefused):
            await arrival

    asyncio.run(go())


def test_a_phone_that_stops_sending_ends_the_wait_with_a_refusal() -> None:
    async def go() -> None:
        tickets = Tickets()
        receiver = FileReceiver(the_app, tickets)
        ticket, arrival = tickets.expect()
        assert await sent(receiver, f"/{UPLOAD_PATH}/{ticket}", [b"half"], cut_short=True) == 0
        with pytest.raises(FileRefused):
            await arrival

    asyncio.run(go())


def test_a_wait_given_up_leaves_no_ticket_behind() -> None:
    async def go() -> None:
        tickets = Tickets()
        ticket, arrival = tickets.expect()
        arrival.cancel()
        await asyncio.sleep(0)  # the done callbacks run
        assert tickets.take(ticket) is None

    asyncio.run(go())

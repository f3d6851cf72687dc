"""A phone's answer to a call on a control gone from its screen (`ui.late_answers`)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import flet as ft
import pytest
from flet.messaging.connection import Connection
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub

from canasta_score.ui.late_answers import answered, take_late_answers


class SocketStandIn(Connection):
    """What a session sends its phone, kept."""

    def __init__(self) -> None:
        super().__init__()
        self.pubsubhub = PubSubHub()
        self.sent: list[Any] = []

    def send_message(self, message: Any) -> None:
        self.sent.append(message)


async def a_call_answered_after_its_control_went(session: Session, socket: SocketStandIn) -> Any:
    """A column is asked to scroll; the screen changes (the column is gone); the answer comes."""
    column = ft.Column()
    column._i = 267
    session.index[267] = column
    call = asyncio.create_task(session.invoke_method(267, "scroll_to", {}, timeout=30))
    while not socket.sent:
        await asyncio.sleep(0)
    del column  # the new screen's patch took it away
    session.index.pop(267, None)
    asked = socket.sent[-1].body
    session.handle_invoke_method_results(asked.control_id, asked.call_id, None, None)
    return await asyncio.wait_for(call, 5)


def test_an_answer_for_a_control_gone_is_its_calls_and_raises_nothing() -> None:
    """Flet raised "Control with ID 267 is not registered" there, in the loop that reads the
    phone's socket, which ended the connection (the clipboard journey lost its copy)."""
    take_late_answers()
    assert Session.handle_invoke_method_results is answered
    socket = SocketStandIn()
    session = Session(socket)
    assert asyncio.run(a_call_answered_after_its_control_went(session, socket)) is None


def test_an_answer_for_a_control_shown_is_flets_as_before() -> None:
    take_late_answers()
    socket = SocketStandIn()
    session = Session(socket)

    async def asked_and_answered() -> Any:
        page = session.page
        call = asyncio.create_task(session.invoke_method(page._i, "get_device_info", {}, 30))
        while not socket.sent:
            await asyncio.sleep(0)
        asked = socket.sent[-1].body
        session.handle_invoke_method_results(asked.control_id, asked.call_id, {"a": 1}, None)
        return await asyncio.wait_for(call, 5)

    assert asyncio.run(asked_and_answered()) == {"a": 1}


def test_a_message_for_a_socket_gone_is_dropped_and_raises_nothing(tmp_path: Path) -> None:
    """The device's settings read as the page went added a service (the screen's wake lock):
    Flet sent its patch to the closed socket, and "'NoneType' object has no attribute
    'put_nowait'" was logged with its traceback."""
    from types import SimpleNamespace

    from flet_web.fastapi.flet_app import FletApp

    from canasta_score.app import web_app

    gone = FletApp.__new__(FletApp)
    gone._FletApp__send_queue = None  # type: ignore[attr-defined]
    patch = SimpleNamespace(action=1, body={"id": 267})
    sending = FletApp.__dict__["send_message"]
    flets_own = getattr(sending, "flets_own", sending)
    with pytest.raises(AttributeError, match="put_nowait"):
        flets_own(gone, patch)
    web_app(None, None, 1, cache_dir=tmp_path)  # the server is made
    gone.send_message(patch)  # dropped
    live = FletApp.__new__(FletApp)
    live._FletApp__send_queue = queue = asyncio.Queue()  # type: ignore[attr-defined]
    live.send_message(patch)
    assert queue.qsize() == 1, "a socket still there is sent to as before"

"""A phone's answer to a call on a control its screen no longer shows, taken as an answer.

A control's method is answered by the phone a moment after it is called: a column's
`scroll_to` (the import's outcome brought into sight), a field's `focus`. Where the screen
changed meanwhile, the control is gone when the answer comes, and Flet 1.0.5 raises ("Control
with ID 267 is not registered") in the loop that reads the page's socket, which ends it: the
phone reconnects, and what it did in between is lost (a result copied to its clipboard inside
the tap was not there). The answer is its call's, whatever became of the control: the call is
told, and the socket reads on.

The other way, a message for a phone whose socket has just closed (its sending ended, the
session not yet told) raised in whatever sent it: the device's settings read as the page
went, a service added then ("'NoneType' object has no attribute 'put_nowait'", logged with
its traceback). It is dropped, as Flet drops a data frame then: a page that comes back is
drawn anew.
"""

from __future__ import annotations

import logging
from typing import Any

from flet.messaging.session import Session

log = logging.getLogger(__name__)

_flets_own = Session.handle_invoke_method_results


def answered(
    session: Session, control_id: int, call_id: str, result: Any, error: str | None
) -> None:
    """Flet's handling of a method's answer, where its control may be gone."""
    if control_id in session.index:
        _flets_own(session, control_id, call_id, result, error)
        return
    log.debug("an answer came for control %s, gone from its screen", control_id)
    calls: dict[str, Any] = session._Session__method_calls  # type: ignore[attr-defined]
    waiting = calls.pop(call_id, None)
    if waiting is not None:
        session._Session__method_call_results[waiting] = (result, error)  # type: ignore[attr-defined]
        waiting.set()


def take_late_answers() -> None:
    """Every session of this process takes an answer for a control gone (idempotent)."""
    Session.handle_invoke_method_results = answered  # type: ignore[method-assign,assignment]


def drop_late_sends() -> None:
    """A server's message for a phone whose socket's sending has ended is dropped (idempotent;
    called where the server is made: a page in the browser alone has no socket). Flet's own
    sending stays at hand as `flets_own`."""
    from flet_web.fastapi.flet_app import FletApp

    flets_own = FletApp.__dict__["send_message"]
    if hasattr(flets_own, "flets_own"):
        return

    def send_message(app: FletApp, message: Any) -> None:
        if app._FletApp__send_queue is None:
            log.debug("a message for a page whose socket is gone: dropped")
            return
        flets_own(app, message)

    send_message.flets_own = flets_own  # type: ignore[attr-defined]
    FletApp.send_message = send_message

"""A phone's answer to a call on a control its screen no longer shows, taken as an answer.

A control's method is answered by the phone a moment after it is called: a column's
`scroll_to` (the import's outcome brought into sight), a field's `focus`. Where the screen
changed meanwhile, the control is gone when the answer comes, and Flet 1.0.5 raises ("Control
with ID 267 is not registered") in the loop that reads the page's socket, which ends it: the
phone reconnects, and what it did in between is lost (a result copied to its clipboard inside
the tap was not there). The answer is its call's, whatever became of the control: the call is
told, and the socket reads on.
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

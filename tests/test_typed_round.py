"""The round being typed has one owner: its values, draft writes, save, retries and the other
phones' news in one order, tested without a page or a database (a port whose answers the
test gives, one at a time)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from canasta_score.core import PRESETS, Game, Side
from canasta_score.ui.state.round_entry import RoundDraft
from canasta_score.ui.state.typed_round import (
    Failed,
    Outcome,
    Phase,
    Refused,
    Request,
    Saved,
    SaveRound,
    Stale,
    TypedRound,
    TypedRounds,
    Unreachable,
    WriteDraft,
    Written,
)

GAME = Game(rules=PRESETS["classic"], sides=(Side("We", ("A", "B")), Side("They", ("C", "D"))))


@dataclass(frozen=True)
class Stored:
    game: Game
    version: int = 1
    saved_entries: frozenset[str] = frozenset()


@dataclass
class Port:
    """Requests held until the test answers them; timers run when the test says."""

    sent: list[tuple[Request, Callable[[Outcome], None]]] = field(default_factory=list)
    timers: list[Callable[[], None]] = field(default_factory=list)
    noted: list[Any] = field(default_factory=list)

    def send(self, request: Request, done: Callable[[Outcome], None]) -> None:
        self.sent.append((request, done))

    def later(self, _seconds: float, action: Callable[[], None]) -> None:
        self.timers.append(action)

    def note(self, draft: Any) -> None:
        self.noted.append(draft)

    def answer(self, outcome: Outcome) -> Request:
        request, done = self.sent.pop(0)
        done(outcome)
        return request

    def run_timers(self) -> None:
        timers, self.timers = self.timers, []
        for timer in timers:
            timer()


def typing() -> tuple[TypedRound, Port]:
    port = Port()
    return TypedRound(RoundDraft(GAME), Stored(GAME), port), port


def type_melded(typed: TypedRound, text: str, *, at_once: bool = False) -> None:
    typed.draft.set_melded(0, text)
    typed.changed(at_once=at_once)


def test_each_change_is_noted_at_once_and_written_once_typing_pauses() -> None:
    typed, port = typing()
    for text in ("9", "90"):
        type_melded(typed, text)
    assert port.sent == [] and port.noted[-1]["sides"][0]["melded_text"] == "90"
    assert port.noted[-1]["entry"] == typed.entry, "each draft carries the typing's identity"
    assert len(port.timers) == 1, "one timer a burst of keystrokes"
    port.run_timers()  # the first pause was cut short by the second keystroke: one more
    assert port.sent == []
    port.run_timers()
    (request, _done), *_ = port.sent
    assert isinstance(request, WriteDraft) and len(port.sent) == 1
    assert request.draft is not None and request.draft["sides"][0]["melded_text"] == "90"


def test_one_call_at_a_time_the_newest_draft_written_after_the_one_on_its_way() -> None:
    typed, port = typing()
    type_melded(typed, "90", at_once=True)
    for text in ("95", "100", "105"):
        type_melded(typed, text, at_once=True)
    assert len(port.sent) == 1, "the database is slow: nothing more is sent meanwhile"
    port.answer(Written())
    (request, _done), *_ = port.sent
    assert isinstance(request, WriteDraft) and len(port.sent) == 1
    assert request.draft is not None and request.draft["sides"][0]["melded_text"] == "105"


def test_a_save_follows_the_draft_on_its_way_and_no_draft_is_sent_after_it() -> None:
    typed, port = typing()
    type_melded(typed, "85", at_once=True)
    assert typed.save()
    assert typed.phase == Phase.SAVING and len(port.sent) == 1, "the save waits its turn"
    type_melded(typed, "85")  # a late keystroke's pause
    port.answer(Written())
    (request, _done), *_ = port.sent
    assert isinstance(request, SaveRound) and request.entry == typed.entry
    port.answer(Saved(Stored(GAME.add_round(request.entries), 2, frozenset({typed.entry}))))
    port.run_timers()
    typed.leave()
    assert typed.phase == Phase.SAVED and port.sent == [], "nothing of it is written after"


def test_a_save_the_database_did_not_take_is_sent_again_with_the_last_value_typed() -> None:
    typed, port = typing()
    type_melded(typed, "90", at_once=True)
    port.answer(Written())
    type_melded(typed, "95")
    assert typed.save()
    port.answer(Unreachable())
    assert typed.phase == Phase.WAITING and typed.waiting
    assert port.noted[-1]["sides"][0]["melded_text"] == "95", "kept for a page opened now"
    port.run_timers()  # the retry (and the pause of "95", which writes nothing now)
    (request, _done), *_ = port.sent
    assert isinstance(request, SaveRound) and len(port.sent) == 1
    assert request.entries[0].melded == 95 and request.entry == typed.entry, "the same entry"


def test_a_refused_save_keeps_the_last_keystroke_and_says_why() -> None:
    typed, port = typing()
    type_melded(typed, "95")
    assert typed.save()
    port.answer(Refused([]))
    assert typed.phase == Phase.TYPING
    (request, _done), *_ = port.sent
    assert isinstance(request, WriteDraft) and request.draft is not None
    assert request.draft["sides"][0]["melded_text"] == "95"
    typed, port = typing()
    type_melded(typed, "95")
    typed.save()
    port.answer(Failed())
    assert typed.phase == Phase.TYPING and isinstance(port.sent[0][0], WriteDraft)


def test_a_tap_on_save_is_kept_with_the_typing_and_goes_with_it() -> None:
    """What waits for more typing (canastas before their melded points) is said once Save
    was tapped on this typing; a round started over waits again."""
    typed, _port = typing()
    type_melded(typed, "12")  # not a multiple of 5: nothing goes
    assert not typed.save_tried
    assert not typed.save() and typed.save_tried
    typed.clear(RoundDraft(GAME))
    assert not typed.save_tried


def test_a_round_saved_by_another_phone_first_asks_and_this_phones_own_does_not() -> None:
    from canasta_score.core import SideEntry

    typed, _port = typing()
    type_melded(typed, "90")
    other = GAME.add_round([SideEntry(melded=50), SideEntry(hand=20)])
    assert typed.game_changed(Stored(other, 2, frozenset({"another"})))
    assert typed.overtaken == 1 and not typed.can_save()
    mine, _port = typing()
    type_melded(mine, "90")
    assert mine.game_changed(Stored(other, 2, frozenset({mine.entry})))
    assert mine.phase == Phase.SAVED and mine.overtaken is None, "its own save, heard back"


def test_a_stale_save_takes_the_new_game_and_keeps_what_was_typed() -> None:
    from canasta_score.core import SideEntry

    typed, port = typing()
    type_melded(typed, "90")
    typed.save()
    other = GAME.add_round([SideEntry(melded=50), SideEntry(hand=20)])
    port.answer(Stale(Stored(other, 2)))
    assert typed.phase == Phase.TYPING and typed.overtaken == 1
    assert typed.draft.sides[0].melded_text == "90"


def test_the_pages_rounds_keep_one_whose_save_is_on_its_way() -> None:
    rounds = TypedRounds()
    typed, port = typing()
    rounds.keep(7, typed)
    assert rounds.on_its_way(7) is None and rounds.unsaved(7, None) is None
    type_melded(typed, "90")
    typed.save()
    assert rounds.on_its_way(7) is typed and rounds.unsaved(7, None) is typed
    port.answer(Saved(Stored(GAME, 2, frozenset({typed.entry}))))
    assert rounds.on_its_way(7) is None and rounds.unsaved(7, None) is None

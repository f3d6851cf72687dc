"""The stored facts of a game, read back into the core's Game (and written from it)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import String, cast, literal, select, union_all
from sqlmodel import Session, col

from canasta_score.core import (
    ALL_PRESETS,
    CardCounts,
    Game,
    RuleSet,
    Side,
    SideEntry,
    WentOut,
    apply_overrides,
    named_rules,
    rule_overrides,
)
from canasta_score.core.gamefile import entry_data
from canasta_score.core.melds import Melds, melds_from_data
from canasta_score.storage.tables import GameRow, RoundRow, SeatRow, SideRow


class DamagedGame(Exception):
    """Stored facts that the core cannot read back (a bug or a hand-edited database)."""


def entry_from_data(data: Mapping[str, Any]) -> SideEntry:
    """A side's entry from the game-file data `core.gamefile.entry_data` made of it.

    The data was checked when it was saved; this only rebuilds it, so a rule change in a later
    version of the app can never make a stored game unreadable.

    >>> entry = SideEntry(melded=CardCounts(jokers=1), hand=85, red_threes=1)
    >>> entry_from_data(entry_data(entry)) == entry
    True
    """

    def cards(value: Any) -> int | CardCounts | Melds:
        if isinstance(value, list):
            return melds_from_data(value)  # entered meld by meld
        return CardCounts(**value) if isinstance(value, dict) else int(value)

    went_out = data.get("went_out")
    special_hand = data.get("special_hand")
    return SideEntry(
        melded=cards(data.get("melded", 0)),
        hand=cards(data.get("hand", 0)),
        canastas={str(k): int(v) for k, v in (data.get("canastas") or {}).items() if v},
        red_threes=int(data.get("red_threes", 0)),
        went_out=WentOut(went_out) if went_out else None,
        dealer_bonus=bool(data.get("dealer_bonus", False)),
        penalty=int(data.get("penalty", 0)),
        black_threes=int(data.get("black_threes", 0)),
        incomplete={str(k): int(v) for k, v in (data.get("incomplete") or {}).items() if v},
        held_aces=int(data.get("held_aces", 0)),
        held_sevens=int(data.get("held_sevens", 0)),
        special_hand=str(special_hand) if special_hand is not None else None,
    )


def entries_json(entries: Sequence[SideEntry]) -> str:
    """A round's entries as the JSON text stored in `round.entries`."""
    return json.dumps([entry_data(entry) for entry in entries], ensure_ascii=False)


def entries_from_json(text: str) -> tuple[SideEntry, ...]:
    return tuple(entry_from_data(data) for data in json.loads(text))


def rules_json(rules: RuleSet) -> str:
    """A rule set's values that differ from its preset, as stored in `game.rule_overrides`."""
    return json.dumps(rule_overrides(rules), ensure_ascii=False)


def rules_from_facts(preset: str, overrides_json: str) -> RuleSet:
    """The rule set from its preset id and the values changed from it."""
    base = ALL_PRESETS.get(preset)
    if base is None:
        raise DamagedGame(f'the stored rule set "{preset}" is not one of {", ".join(ALL_PRESETS)}')
    rules, problems = apply_overrides(base, json.loads(overrides_json or "{}"))
    if problems:
        raise DamagedGame("the stored rule values cannot be read: " + "; ".join(problems))
    return rules


def game_from_facts(
    *,
    preset: str,
    overrides_json: str,
    first_dealer: int,
    sides: Sequence[tuple[str, Sequence[str]]],
    rounds: Sequence[str],
    own_rules_name: str = "",
) -> Game:
    """A core Game from stored rows: sides as (name, players), rounds as stored entries JSON,
    the rule set under the name players gave it."""
    return Game(
        rules=named_rules(rules_from_facts(preset, overrides_json), own_rules_name),
        sides=tuple(Side(name, tuple(players)) for name, players in sides),
        rounds=tuple(entries_from_json(text) for text in rounds),
        first_dealer=first_dealer,
    )


def read_facts(session: Session, row: GameRow) -> Game:
    """A stored game's facts (sides, seats, rounds) read back into the core's Game.

    One query for the three tables: on a database server each query is a round trip, which a
    busy server makes costly (`benchmarks/club_bench.py`).
    """
    text = cast(literal(None), String)
    facts: Any = union_all(  # SQLAlchemy types a union of literals as of no rows at all
        select(
            literal(0).label("kind"),
            col(SideRow.position).label("place"),
            literal(0).label("seat"),
            col(SideRow.name).label("name"),
            text.label("entries"),
        ).where(col(SideRow.game_id) == row.id),
        select(
            literal(1), col(SeatRow.side_position), col(SeatRow.position), col(SeatRow.name), text
        ).where(col(SeatRow.game_id) == row.id),
        select(literal(2), col(RoundRow.number), literal(0), text, col(RoundRow.entries)).where(
            col(RoundRow.game_id) == row.id
        ),
    ).order_by("kind", "place", "seat")
    sides: list[tuple[int, str]] = []
    seats: list[tuple[int, str]] = []
    rounds: list[str] = []
    for kind, position, _, name, entries in session.execute(facts):
        if kind == 0:
            sides.append((position, name))
        elif kind == 1:
            seats.append((position, name))
        else:
            rounds.append(entries)
    return game_from_facts(
        preset=row.preset,
        overrides_json=row.rule_overrides,
        first_dealer=row.first_dealer,
        sides=[(name, [n for s, n in seats if s == position]) for position, name in sides],
        rounds=list(rounds),
        own_rules_name=row.own_rules_name,
    )

"""The game file (`canasta-score/1`): reading it into a Game with every problem, writing it back."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from canasta_score.core.cards import CardCounts, CardGroup
from canasta_score.core.game import Game, Side, seat_order
from canasta_score.core.melds import MELD_COUNTS, Meld, Melds, Rank
from canasta_score.core.players import MAX_NAME, table_name
from canasta_score.core.problems import Param, Problem, ProblemCode, Term
from canasta_score.core.problems import ProblemCode as C
from canasta_score.core.rules import (
    ALL_PRESETS,
    UnfinishedMeld,
    named_rules,
    override_rules,
    own_rules_name,
    rule_overrides,
)
from canasta_score.core.scoring import Cards, SideEntry, WentOut

FORMAT = "canasta-score/1"
MIN_SIDES, MAX_SIDES = 2, 4
MIN_PLAYERS, MAX_PLAYERS = 1, 3
#: The most rounds a file's game may have: a game to the target takes a dozen or two; tens
#: of thousands are a broken file, whose score sheet held a table's server for minutes.
MAX_ROUNDS = 500
ENTRY_FIELDS = (
    "melded",
    "hand",
    "canastas",
    "red_threes",
    "went_out",
    "dealer_bonus",
    "penalty",
    "black_threes",
    "incomplete",
    "held_aces",
    "held_sevens",
    "special_hand",
)
#: The whole-number fields of an entry (a count or points), 0 when left out.
_NUMBER_FIELDS = ("red_threes", "penalty", "black_threes", "held_aces", "held_sevens")
_UNFINISHED_MELDS = frozenset(meld.value for meld in UnfinishedMeld)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _shown(value: object) -> str:
    """A value as a problem shows it: JSON text, or the word for an object or a list."""
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, (dict, list)):
        return Term("an object") if isinstance(value, dict) else Term("a list")
    return (
        "null" if value is None else str(value).lower() if isinstance(value, bool) else repr(value)
    )


_RANKS = frozenset(rank.value for rank in Rank)
_RANKS_SHOWN = tuple(f'"{rank.value}"' for rank in Rank)


class _Reader:
    """Collects problems while reading a document, so all of them are reported at once."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def refuse(
        self,
        code: ProblemCode,
        params: dict[str, Param],
        round_number: int | None = None,
        side: int | None = None,
        side_name: str | None = None,
        field: str | None = None,
    ) -> None:
        self.problems.append(Problem(code, round_number, side, side_name, field, params))

    def sides(self, data: Any) -> tuple[Side, ...]:
        if not isinstance(data, list) or not MIN_SIDES <= len(data) <= MAX_SIDES:
            got: Param = len(data) if isinstance(data, list) else _shown(data)
            self.refuse(C.SIDES_INVALID, {"least": MIN_SIDES, "most": MAX_SIDES, "got": got})
            return ()
        sides = []
        for index, side in enumerate(data):
            if not isinstance(side, dict):
                self.refuse(C.SIDE_NOT_OBJECT, {"index": index, "got": _shown(side)})
                continue
            name, players = side.get("name"), side.get("players")
            for each in (name, *(players if isinstance(players, list) else ())):
                self.name_length(each)
            if isinstance(name, str):
                name = table_name(name)
            if isinstance(players, list):
                players = [table_name(p) if isinstance(p, str) else p for p in players]
            if not isinstance(name, str) or not name:
                self.refuse(C.SIDE_NAME_INVALID, {"index": index, "got": _shown(name)})
                name = f"side {index + 1}"
            if (
                not isinstance(players, list)
                or not MIN_PLAYERS <= len(players) <= MAX_PLAYERS
                or not all(isinstance(p, str) and p for p in players)
            ):
                self.refuse(
                    C.PLAYERS_INVALID,
                    {
                        "side": name,
                        "least": MIN_PLAYERS,
                        "most": MAX_PLAYERS,
                        "got": _shown(players),
                    },
                )
                players = []
            sides.append(Side(name, tuple(players)))
        return tuple(sides)

    def name_length(self, name: object) -> None:
        """Refuses a name longer than `MAX_NAME` (shown by its first words)."""
        if isinstance(name, str) and len(name) > MAX_NAME:
            self.refuse(C.NAME_TOO_LONG, {"most": MAX_NAME, "got": len(name), "name": name[:20]})

    def cards(self, value: Any, where: dict[str, Any], field: str) -> Cards:
        if _is_int(value):
            return int(value)
        if isinstance(value, list) and field == "melded":
            return self.melds(value, where)
        if isinstance(value, dict):
            groups = [g.value for g in CardGroup]
            unknown = [k for k in value if k not in groups]
            bad = [k for k, v in value.items() if k in groups and not _is_int(v)]
            if unknown:
                self.refuse(
                    C.CARD_GROUP_UNKNOWN,
                    {"field": field, "got": tuple(unknown), "groups": tuple(groups)},
                    field=field,
                    **where,
                )
            if bad:
                self.refuse(
                    C.CARD_COUNTS_NOT_WHOLE,
                    {"field": field, "groups": tuple(bad)},
                    field=field,
                    **where,
                )
            if not unknown and not bad:
                return CardCounts(**value)
            return 0
        self.refuse(C.CARDS_INVALID, {"field": field, "got": _shown(value)}, field=field, **where)
        return 0

    def melds(self, data: list[Any], where: dict[str, Any]) -> Melds:
        """A side's melds; each one that cannot be read is refused, naming its place."""
        melds = []
        for index, item in enumerate(data):
            if not isinstance(item, dict):
                got: Any = _shown(item)
            else:
                unknown = [k for k in item if k != "rank" and k not in MELD_COUNTS]
                bad = [k for k in MELD_COUNTS if k in item and not _is_int(item[k])]
                wrong = [f'"{k}": {json.dumps(item[k], ensure_ascii=False)}' for k in unknown + bad]
                got = tuple(wrong) if wrong else None
                if got is None and item.get("rank") not in _RANKS:
                    self.refuse(
                        C.MELD_RANK_UNKNOWN,
                        {"index": index, "got": _shown(item.get("rank")), "ranks": _RANKS_SHOWN},
                        field="melded",
                        **where,
                    )
                    continue
            if got is not None:
                self.refuse(C.MELD_INVALID, {"index": index, "got": got}, field="melded", **where)
                continue
            melds.append(Meld.from_data(item))
        return tuple(melds)

    def entry(self, data: Any, where: dict[str, Any]) -> SideEntry:
        if not isinstance(data, dict):
            self.refuse(C.ENTRY_NOT_OBJECT, {"got": _shown(data)}, **where)
            return SideEntry()
        unknown = [k for k in data if k not in ENTRY_FIELDS]
        if unknown:
            self.refuse(
                C.ENTRY_FIELD_UNKNOWN, {"got": tuple(unknown), "fields": ENTRY_FIELDS}, **where
            )
        canastas = data.get("canastas") or {}
        if not isinstance(canastas, dict) or not all(_is_int(v) for v in canastas.values()):
            self.refuse(C.CANASTAS_INVALID, {"got": _shown(canastas)}, field="canastas", **where)
            canastas = {}
        went_out = data.get("went_out")
        if went_out not in (None, *WentOut.__members__.values()):
            self.refuse(C.WENT_OUT_INVALID, {"got": _shown(went_out)}, field="went_out", **where)
            went_out = None
        numbers = {}
        for field in _NUMBER_FIELDS:
            value = data.get(field, 0)
            if not _is_int(value):
                self.refuse(
                    C.NUMBER_INVALID, {"field": field, "got": _shown(value)}, field=field, **where
                )
                value = 0
            numbers[field] = value
        dealer_bonus = data.get("dealer_bonus", False)
        if not isinstance(dealer_bonus, bool):
            self.refuse(
                C.DEALER_BONUS_INVALID,
                {"got": _shown(dealer_bonus)},
                field="dealer_bonus",
                **where,
            )
            dealer_bonus = False
        incomplete = data.get("incomplete") or {}
        if not isinstance(incomplete, dict) or not all(
            k in _UNFINISHED_MELDS and _is_int(v) for k, v in incomplete.items()
        ):
            self.refuse(
                C.INCOMPLETE_INVALID, {"got": _shown(incomplete)}, field="incomplete", **where
            )
            incomplete = {}
        special_hand = data.get("special_hand")
        if special_hand is not None and not isinstance(special_hand, str):
            self.refuse(
                C.SPECIAL_HAND_INVALID,
                {"got": _shown(special_hand)},
                field="special_hand",
                **where,
            )
            special_hand = None
        return SideEntry(
            melded=self.cards(data.get("melded", 0), where, "melded"),
            hand=self.cards(data.get("hand", 0), where, "hand"),
            canastas={k: v for k, v in canastas.items() if v},
            red_threes=numbers["red_threes"],
            went_out=WentOut(went_out) if went_out else None,
            dealer_bonus=dealer_bonus,
            penalty=numbers["penalty"],
            black_threes=numbers["black_threes"],
            incomplete={k: v for k, v in incomplete.items() if v},
            held_aces=numbers["held_aces"],
            held_sevens=numbers["held_sevens"],
            special_hand=special_hand,
        )


def read_game(document: Any) -> tuple[Game | None, list[Problem]]:
    """A game file's data as a Game, or None and every problem found in it.

    >>> game, problems = read_game({"format": "canasta-score/1", "rules": "classic",
    ...     "sides": [{"name": "We", "players": ["A"]}, {"name": "They", "players": ["B"]}],
    ...     "rounds": [[{"melded": 90}, {"hand": 85, "red_threes": 1}]]})
    >>> game.totals, problems
    ((90, -185), [])
    """
    reader = _Reader()
    if not isinstance(document, dict):
        return None, [Problem(C.FILE_NOT_OBJECT, params={"got": _shown(document)})]
    if document.get("format", FORMAT) != FORMAT:
        reader.refuse(C.FORMAT_UNKNOWN, {"expected": FORMAT, "got": _shown(document.get("format"))})
    preset = document.get("rules")
    rules = ALL_PRESETS.get(preset) if isinstance(preset, str) else None
    if rules is None:
        reader.refuse(C.RULES_UNKNOWN, {"got": _shown(preset), "presets": tuple(ALL_PRESETS)})
    overrides = document.get("rule_overrides") or {}
    if not isinstance(overrides, dict):
        reader.refuse(C.OVERRIDES_NOT_OBJECT, {"got": _shown(overrides)})
    elif rules is not None:
        rules, problems = override_rules(rules, overrides)
        reader.problems += problems
    rules_name = document.get("rules_name", "")
    if not isinstance(rules_name, str):
        reader.refuse(C.RULES_NAME_INVALID, {"got": _shown(rules_name)})
    else:
        reader.name_length(rules_name)
        if rules is not None:
            rules = named_rules(rules, table_name(rules_name))
    sides = reader.sides(document.get("sides"))
    first_dealer = _first_dealer(reader, document.get("first_dealer"), sides)
    rounds_data = document.get("rounds", [])
    if not isinstance(rounds_data, list):
        reader.refuse(C.ROUNDS_INVALID, {"got": _shown(rounds_data)})
        rounds_data = []
    elif len(rounds_data) > MAX_ROUNDS:
        reader.refuse(C.ROUNDS_TOO_MANY, {"most": MAX_ROUNDS, "got": len(rounds_data)})
        rounds_data = []  # not read: the file is refused
    rounds = []
    for number, round_data in enumerate(rounds_data, start=1):
        if not isinstance(round_data, list) or (sides and len(round_data) != len(sides)):
            got = len(round_data) if isinstance(round_data, list) else _shown(round_data)
            reader.refuse(C.ROUND_INVALID, {"sides": len(sides), "got": got}, round_number=number)
            continue
        rounds.append(
            tuple(
                reader.entry(
                    entry,
                    {
                        "round_number": number,
                        "side": index,
                        "side_name": sides[index].name if index < len(sides) else None,
                    },
                )
                for index, entry in enumerate(round_data)
            )
        )
    if reader.problems or rules is None:
        return None, reader.problems
    game = Game(rules=rules, sides=sides, rounds=tuple(rounds), first_dealer=first_dealer)
    problems = game.check()
    return (None, problems) if problems else (game, [])


def _first_dealer(reader: _Reader, data: Any, sides: tuple[Side, ...]) -> int:
    if data is None or not sides:
        return 0
    seats = seat_order(sides)
    if (
        isinstance(data, dict)
        and all(_is_int(data.get(key)) for key in ("side", "player"))
        and (data["side"], data["player"]) in seats
    ):
        return seats.index((data["side"], data["player"]))
    reader.refuse(C.FIRST_DEALER_INVALID, {"got": _shown(data)})
    return 0


def _cards_data(cards: Cards) -> int | dict[str, int] | list[dict[str, Any]]:
    if isinstance(cards, tuple):
        return [meld.as_data() for meld in cards]
    return cards.as_dict() if isinstance(cards, CardCounts) else cards


def entry_data(entry: SideEntry) -> dict[str, Any]:
    """A side's entry as game-file data, leaving out what is zero or none; a special hand is
    the side's only field (GAME_FORMAT.md).

    >>> entry_data(SideEntry(special_hand="garbage"))
    {'special_hand': 'garbage'}
    """
    if entry.special_hand is not None:
        return {"special_hand": entry.special_hand}
    data: dict[str, Any] = {"melded": _cards_data(entry.melded), "hand": _cards_data(entry.hand)}
    if entry.canastas:
        data["canastas"] = dict(entry.canastas)
    if entry.red_threes:
        data["red_threes"] = entry.red_threes
    if entry.went_out:
        data["went_out"] = entry.went_out.value
    if entry.dealer_bonus:
        data["dealer_bonus"] = True
    if entry.penalty:
        data["penalty"] = entry.penalty
    if entry.black_threes:
        data["black_threes"] = entry.black_threes
    incomplete = {meld: count for meld, count in entry.incomplete.items() if count}
    if incomplete:
        data["incomplete"] = incomplete
    if entry.held_aces:
        data["held_aces"] = entry.held_aces
    if entry.held_sevens:
        data["held_sevens"] = entry.held_sevens
    return data


def game_document(game: Game, extra: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The game file of a game: what `read_game` reads back into the same game."""
    overrides = rule_overrides(game.rules)
    seat = game.seats[game.first_dealer] if game.seats else (0, 0)
    document: dict[str, Any] = {"format": FORMAT, "rules": game.rules.base}
    if overrides:
        document["rule_overrides"] = overrides
    if own_rules_name(game.rules):
        document["rules_name"] = own_rules_name(game.rules)
    document["sides"] = [{"name": s.name, "players": list(s.players)} for s in game.sides]
    document["first_dealer"] = {"side": seat[0], "player": seat[1]}
    document["rounds"] = [[entry_data(entry) for entry in entries] for entries in game.rounds]
    if extra:
        document.update(extra)
    return document


def score_report(game: Game) -> dict[str, Any]:
    """What `python -m canasta_score score` prints for a game."""
    dealer_side, dealer_player = game.next_dealer
    return {
        "rounds": [
            {
                "scores": [s.total for s in scores],
                "totals": list(totals),
                "breakdowns": [s.as_dict(every_part=True) for s in scores],
            }
            for scores, totals in zip(game.scores, game.running_totals, strict=True)
        ],
        "totals": list(game.totals),
        "opening_minimums": list(game.opening_minimums),
        "winner": game.winner,
        "finished": game.finished,
        "target": game.target,
        "rules": game.rules.id,
        "sides": game.side_names,
        "next_dealer": {
            "side": dealer_side,
            "player": dealer_player,
            "name": game.sides[dealer_side].players[dealer_player],
        },
    }

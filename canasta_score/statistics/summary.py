"""What statistics need of one played game, scored once by the core (storage may cache it)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from canasta_score.core import CanastaKind, Game, Side, WentOut, canastas_of_side


@dataclass(frozen=True)
class PlayedGame:
    """A stored game as the statistics see it: the facts, the day it was played, its id."""

    game: Game
    played_on: date
    game_id: int


@dataclass(frozen=True)
class SideSummary:
    """One side of one game, in the figures statistics add up."""

    #: The players as entered in the game (names are matched later, after renames), a seat
    #: named after its side left blank (`typed_players`).
    players: tuple[str, ...]
    total: int
    rounds: int
    round_points: int
    best_round: int | None
    #: (kind, count) for each canasta kind of the game's rule set, in the rules' order.
    canastas: tuple[tuple[str, int], ...]
    #: Rounds the side went out, concealed or not, or with a special hand.
    went_out: int
    went_out_concealed: int
    red_threes: int


@dataclass(frozen=True)
class GameFigures:
    """One game, in the figures statistics add up; `winner` is the core's (None while in play)."""

    game_id: int
    played_on: date
    rules_id: str
    winner: int | None
    sides: tuple[SideSummary, ...]

    @property
    def finished(self) -> bool:
        return self.winner is not None


def typed_players(side: Side) -> tuple[str, ...]:
    """The side's players, a seat left blank (`Side.blank_seat`: the name the new-game form
    gives a partner nobody typed, "Mor og Far 2", whatever the side is called) as nobody in
    the figures ("" names no one).

    >>> typed_players(Side("Mor og Far", ("Mor", "Mor og Far 2")))
    ('Mor', '')
    >>> typed_players(Side("Zij", ("Zij", "Anna"))), typed_players(Side("Anna", ("Anna",)))
    (('Zij', 'Anna'), ('Anna',))
    """
    if len(side.players) < 2:  # a side of one is its player, whose name it took
        return side.players
    return tuple(
        "" if player == Side.blank_seat(side.name, seat, len(side.players)) else player
        for seat, player in enumerate(side.players, start=1)
    )


def summarize(played: PlayedGame) -> GameFigures:
    """Score a game once with the core and keep what statistics need of it.

    >>> from canasta_score.core import CLASSIC, Side, SideEntry
    >>> game = Game(CLASSIC, (Side("We", ("A",)), Side("They", ("B",))), ((SideEntry(melded=90), SideEntry(hand=20)),))
    >>> [(s.total, s.best_round) for s in summarize(PlayedGame(game, date(2026, 1, 1), 1)).sides]
    [(90, 90), (-20, -20)]
    """
    game = played.game
    scores = game.scores
    totals = game.totals
    kinds = game.rules.canasta_kinds
    sides = []
    for index, side in enumerate(game.sides):
        round_totals = [round_scores[index].total for round_scores in scores]
        canastas: dict[str, int] = dict.fromkeys(kinds, 0)
        went_out = concealed = red_threes = 0
        for entries in game.rounds:
            entry = entries[index]
            for kind, count in canastas_of_side(entry, game.rules).items():  # melds make them
                canastas[kind] = canastas.get(kind, 0) + count
            # A special hand (Modern American) is the side's going out.
            if entry.went_out is not None or entry.special_hand is not None:
                went_out += 1
                if entry.went_out == WentOut.CONCEALED:
                    concealed += 1
            red_threes += entry.red_threes
        sides.append(
            SideSummary(
                players=typed_players(side),
                total=totals[index],
                rounds=len(round_totals),
                round_points=sum(round_totals),
                best_round=max(round_totals, default=None),
                # Kinds as plain text: a kind may come as the enum or as its name.
                canastas=tuple(sorted(((str(k), n) for k, n in canastas.items()), key=_kind_order)),
                went_out=went_out,
                went_out_concealed=concealed,
                red_threes=red_threes,
            )
        )
    return GameFigures(
        game_id=played.game_id,
        played_on=played.played_on,
        rules_id=game.rules.id,
        winner=game.winner,
        sides=tuple(sides),
    )


_KIND_ORDER = {kind.value: position for position, kind in enumerate(CanastaKind)}


def _kind_order(item: tuple[str, int]) -> tuple[int, str]:
    """Canasta kinds in the order the rules name them; a kind the rules do not know, last."""
    return _KIND_ORDER.get(item[0], len(_KIND_ORDER)), item[0]


@dataclass(frozen=True)
class StatsFilter:
    """Which games count: one rule set (by id) and a range of days, both ends included."""

    rules_id: str | None = None
    since: date | None = None
    until: date | None = None

    def admits(self, game: GameFigures) -> bool:
        """Whether a game counts under this filter.

        >>> StatsFilter(since=date(2026, 3, 1)).admits(GameFigures(1, date(2026, 3, 1), "classic", None, ()))
        True
        """
        return (
            (self.rules_id is None or game.rules_id == self.rules_id)
            and (self.since is None or game.played_on >= self.since)
            and (self.until is None or game.played_on <= self.until)
        )


#: Every game counts.
ALL_GAMES = StatsFilter()

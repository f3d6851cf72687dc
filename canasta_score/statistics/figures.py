"""Figures per player and per partnership, and head-to-head, over a history of played games."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from types import MappingProxyType

from canasta_score.core import player_key, table_name
from canasta_score.statistics.names import NameChange, Names, apply_changes
from canasta_score.statistics.summary import (
    ALL_GAMES,
    GameFigures,
    PlayedGame,
    SideSummary,
    StatsFilter,
    summarize,
)

#: A played game, or its summary when storage has one at hand.
History = Iterable[PlayedGame | GameFigures]

_NO_CANASTAS: Mapping[str, int] = MappingProxyType({})


@dataclass(frozen=True)
class Figures:
    """What one player or one partnership did over the finished games; sums, not averages.

    Games in play count only in `in_play`: never as games, wins or losses.
    """

    #: The display name of each player (one for a player's own figures), in name order.
    players: tuple[str, ...]
    games: int = 0
    wins: int = 0
    in_play: int = 0
    #: The side's final totals, added up.
    points: int = 0
    rounds: int = 0
    round_points: int = 0
    best_round: int | None = None
    #: Canastas by kind: every kind of the finished games' rule sets, zero included.
    canastas: Mapping[str, int] = field(default_factory=lambda: _NO_CANASTAS, hash=False)
    #: Rounds gone out, concealed or not.
    went_out: int = 0
    went_out_concealed: int = 0
    red_threes: int = 0

    @property
    def name(self) -> str:
        """The players' names as one.

        >>> Figures(("Anna", "Ben")).name
        'Anna & Ben'
        """
        return " & ".join(self.players)

    @property
    def win_rate(self) -> float | None:
        """Wins per finished game; None before the first finished game.

        >>> Figures(("Anna",), games=4, wins=1).win_rate, Figures(("Anna",), in_play=1).win_rate
        (0.25, None)
        """
        return self.wins / self.games if self.games else None

    @property
    def average_score(self) -> float | None:
        return self.points / self.games if self.games else None

    @property
    def average_round(self) -> float | None:
        return self.round_points / self.rounds if self.rounds else None


class _Tally:
    """Figures while they are being added up."""

    __slots__ = (
        "best_round",
        "canastas",
        "games",
        "in_play",
        "points",
        "red_threes",
        "round_points",
        "rounds",
        "went_out",
        "went_out_concealed",
        "wins",
    )

    def __init__(self) -> None:
        self.games = self.wins = self.in_play = self.points = 0
        self.rounds = self.round_points = 0
        self.best_round: int | None = None
        self.canastas: dict[str, int] = {}
        self.went_out = self.went_out_concealed = self.red_threes = 0

    def add(self, side: SideSummary, won: bool) -> None:
        self.games += 1
        self.wins += won
        self.points += side.total
        self.rounds += side.rounds
        self.round_points += side.round_points
        if side.best_round is not None and (
            self.best_round is None or side.best_round > self.best_round
        ):
            self.best_round = side.best_round
        canastas = self.canastas
        for kind, count in side.canastas:
            canastas[kind] = canastas.get(kind, 0) + count
        self.went_out += side.went_out
        self.went_out_concealed += side.went_out_concealed
        self.red_threes += side.red_threes

    def figures(self, players: tuple[str, ...]) -> Figures:
        return Figures(
            players=players,
            games=self.games,
            wins=self.wins,
            in_play=self.in_play,
            points=self.points,
            rounds=self.rounds,
            round_points=self.round_points,
            best_round=self.best_round,
            canastas=MappingProxyType(self.canastas),
            went_out=self.went_out,
            went_out_concealed=self.went_out_concealed,
            red_threes=self.red_threes,
        )


@dataclass(frozen=True)
class Statistics:
    """Figures of every player and every partnership (the same players on one side)."""

    players: tuple[Figures, ...]
    partnerships: tuple[Figures, ...]

    def player(self, name: str) -> Figures | None:
        """The figures of the player shown under this name (case and spacing aside)."""
        key = player_key(name)
        return next((f for f in self.players if player_key(f.name) == key), None)

    def partnership(self, *names: str) -> Figures | None:
        """The figures of the partnership of exactly these players, in any order."""
        keys = sorted(player_key(name) for name in names)
        return next(
            (f for f in self.partnerships if sorted(map(player_key, f.players)) == keys), None
        )


def _summaries(history: History) -> Iterator[GameFigures]:
    for item in history:
        yield item if isinstance(item, GameFigures) else summarize(item)


class _People:
    """Names of one history resolved to persons, with the name each person is shown under."""

    def __init__(self, names: Names) -> None:
        self.names = names
        self.keys: dict[str, str] = {}  # as entered -> person key; names repeat game after game
        self.newest: dict[str, tuple[date, int, str]] = {}

    def sides(self, game: GameFigures) -> list[tuple[str, ...]]:
        """The persons of each side, each person once per game (first side wins, see below)."""
        seen: set[str] = set()
        sides = []
        for side in game.sides:
            persons = []
            for entered in side.players:
                key = self.keys.get(entered)
                if key is None:
                    key = self.keys[entered] = self.names.person(entered)
                # A blank name names nobody; a merge can put one person on two sides of a
                # game: the game then counts once, for the first of them.
                if not key or key in seen:
                    continue
                seen.add(key)
                persons.append(key)
                if key not in self.names.spellings:
                    newest = self.newest.get(key)
                    if newest is None or (game.played_on, game.game_id) > newest[:2]:
                        self.newest[key] = (game.played_on, game.game_id, entered)
            sides.append(tuple(persons))
        return sides

    def shown(self, key: str, unseen: str = "") -> str:
        """The name a person is shown under: as the last rename spelled it, else as the
        newest game did, else (a person in no game) `unseen`."""
        spelled = self.names.spellings.get(key)
        if spelled is not None:
            return spelled
        newest = self.newest.get(key)
        return table_name(newest[2]) if newest is not None else unseen


def game_statistics(
    history: History,
    *,
    changes: Sequence[NameChange] = (),
    where: StatsFilter = ALL_GAMES,
) -> Statistics:
    """Figures of every player and partnership over the games `where` admits, after the name
    changes; most finished games first."""
    people = _People(apply_changes(changes))
    players: dict[str, _Tally] = {}
    partnerships: dict[frozenset[str], _Tally] = {}
    for game in _summaries(history):
        if not where.admits(game):
            continue
        for index, persons in enumerate(people.sides(game)):
            tallies = [players.get(key) or players.setdefault(key, _Tally()) for key in persons]
            if len(persons) > 1:
                together = frozenset(persons)
                tallies.append(
                    partnerships.get(together) or partnerships.setdefault(together, _Tally())
                )
            if game.winner is None:
                for tally in tallies:
                    tally.in_play += 1
            else:
                side, won = game.sides[index], game.winner == index
                for tally in tallies:
                    tally.add(side, won)

    def shown(keys: Iterable[str]) -> tuple[str, ...]:
        return tuple(sorted((people.shown(key) for key in keys), key=str.casefold))

    return Statistics(
        players=_ordered(tally.figures(shown([key])) for key, tally in players.items()),
        partnerships=_ordered(tally.figures(shown(keys)) for keys, tally in partnerships.items()),
    )


def _ordered(figures: Iterable[Figures]) -> tuple[Figures, ...]:
    return tuple(sorted(figures, key=lambda f: (-f.games, -f.wins, -f.in_play, f.name.casefold())))


@dataclass(frozen=True)
class HeadToHead:
    """Games two players or partnerships played on opposite sides, and who won them."""

    first: tuple[str, ...]
    second: tuple[str, ...]
    #: Finished games they played against each other.
    games: int
    first_wins: int
    second_wins: int
    in_play: int

    @property
    def other_wins(self) -> int:
        """Games a third side won (three sides play in six-player games)."""
        return self.games - self.first_wins - self.second_wins


def head_to_head(
    history: History,
    first: str | Sequence[str],
    second: str | Sequence[str],
    *,
    changes: Sequence[NameChange] = (),
    where: StatsFilter = ALL_GAMES,
) -> HeadToHead:
    """How `first` and `second` (a player's name, or a partnership's names) did against each other.

    A player plays on any side that holds them; a partnership only on a side of exactly its
    players, as in its figures.
    """
    people = _People(apply_changes(changes))
    parties: list[dict[str, str]] = []  # person key -> the name as asked for
    for party in (first, second):
        entered = (party,) if isinstance(party, str) else tuple(party)
        asked = {people.names.person(name): table_name(name) for name in entered}
        asked.pop("", None)
        if not asked:
            raise ValueError(f"head to head needs a name on each side, got {party!r}")
        parties.append(asked)
    first_keys, second_keys = frozenset(parties[0]), frozenset(parties[1])
    if first_keys & second_keys:
        raise ValueError(f"{first!r} and {second!r} share a player: they never play apart")
    games = first_wins = second_wins = in_play = 0
    for game in _summaries(history):
        if not where.admits(game):
            continue
        sides = [frozenset(persons) for persons in people.sides(game)]
        first_side = _side_of(first_keys, sides)
        second_side = _side_of(second_keys, sides)
        if first_side is None or second_side is None or first_side == second_side:
            continue
        if game.winner is None:
            in_play += 1
            continue
        games += 1
        first_wins += game.winner == first_side
        second_wins += game.winner == second_side
    first_shown, second_shown = (
        tuple(sorted((people.shown(k, name) for k, name in asked.items()), key=str.casefold))
        for asked in parties
    )
    return HeadToHead(first_shown, second_shown, games, first_wins, second_wins, in_play)


def _side_of(party: frozenset[str], sides: list[frozenset[str]]) -> int | None:
    for index, side in enumerate(sides):
        if party == side or (len(party) == 1 and party <= side):
            return index
    return None

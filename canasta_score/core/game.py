"""A whole game: sides, rounds, running totals, opening minimums, the dealer and the winner."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from itertools import accumulate

from canasta_score.core.problems import Problem
from canasta_score.core.problems import ProblemCode as C
from canasta_score.core.rules import RuleSet, opening_minimum
from canasta_score.core.scoring import SideEntry, SideScore, score_round, score_side
from canasta_score.core.validation import round_warnings, validate_round

Round = tuple[SideEntry, ...]


@dataclass(frozen=True)
class Side:
    """A team (or a single player) with its name and its players in seat order."""

    name: str
    players: tuple[str, ...]

    @staticmethod
    def blank_seat(name: str, seat: int, players: int) -> str:
        """The name a player nobody typed takes at `seat` (from 1) of a side called `name`
        with `players` seats: the side's own on a side of one, else the side's and the seat's.

        >>> Side.blank_seat("Mor og Far", 2, 2), Side.blank_seat("Anna", 1, 1)
        ('Mor og Far 2', 'Anna')
        """
        return name if players == 1 else f"{name} {seat}"


class RoundRefused(ValueError):
    """A round could not be added, replaced or removed; `problems` says why, all at once."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        super().__init__("; ".join(str(p) for p in problems))
        self.problems = tuple(problems)


def winner_of(totals: Sequence[int], target: int) -> int | None:
    """The index of the winning side, or None while play goes on.

    >>> winner_of([5010, 4000], 5000), winner_of([5010, 5010], 5000), winner_of([4990, 10], 5000)
    (0, None, None)
    """
    if not totals or max(totals) < target:
        return None
    best = max(totals)
    leaders = [side for side, total in enumerate(totals) if total == best]
    return leaders[0] if len(leaders) == 1 else None


def tied_at_target(totals: Sequence[int], target: int) -> int | None:
    """The total two sides or more share at the top past the target, or None: a tie there
    wins nobody, and play goes on until one side leads.

    >>> tied_at_target([5010, 5010, 20], 5000), tied_at_target([5010, 4000], 5000)
    (5010, None)
    >>> tied_at_target([4990, 4990], 5000), tied_at_target([5200, 5010, 5010], 5000)
    (None, None)
    """
    if not totals or max(totals) < target or winner_of(totals, target) is not None:
        return None
    return max(totals)


def seat_order(sides: Sequence[Side]) -> list[tuple[int, int]]:
    """(side, player) pairs clockwise round the table: partners sit apart.

    >>> seat_order([Side("We", ("A", "B")), Side("They", ("C", "D"))])
    [(0, 0), (1, 0), (0, 1), (1, 1)]
    """
    most = max((len(side.players) for side in sides), default=0)
    return [
        (side_index, player)
        for player in range(most)
        for side_index, side in enumerate(sides)
        if player < len(side.players)
    ]


@dataclass(frozen=True)
class SidePreview:
    """What one side's entry would give if the round were saved now."""

    #: The breakdown, or None when the side's entry has a problem (or cannot be read yet).
    score: SideScore | None
    #: The side's total after the round, and what it would then need to open.
    total: int | None
    opening: int | None
    #: What the side needed to open in this round.
    opening_before: int

    @property
    def round_score(self) -> int | None:
        return self.score.total if self.score is not None else None

    @property
    def opening_changed(self) -> bool:
        """Whether the round moves the side to another opening minimum."""
        return self.opening is not None and self.opening != self.opening_before


@dataclass(frozen=True)
class RoundPreview:
    """A round checked and scored before it is saved: per side what it gives, and every problem."""

    round_number: int
    sides: tuple[SidePreview, ...]
    problems: tuple[Problem, ...]
    #: What is possible but likely miscounted: shown beside the entry, the round can be saved.
    warnings: tuple[Problem, ...] = ()
    #: The side the round makes the winner (None: play goes on, or the round cannot be saved).
    winner: int | None = None

    def problems_of_side(self, side: int) -> list[Problem]:
        return [problem for problem in self.problems if problem.side == side]

    def warnings_of_side(self, side: int) -> list[Problem]:
        return [warning for warning in self.warnings if warning.side == side]


@dataclass(frozen=True)
class Game:
    """A game as the facts entered; every number is derived from them by the rules."""

    rules: RuleSet
    sides: tuple[Side, ...]
    rounds: tuple[Round, ...] = ()
    #: Seat (in `seat_order`) of the first round's dealer.
    first_dealer: int = 0

    @property
    def target(self) -> int:
        """The score that ends the game."""
        return self.rules.target_for(len(self.sides))

    @property
    def side_names(self) -> list[str]:
        return [side.name for side in self.sides]

    @cached_property
    def scores(self) -> tuple[tuple[SideScore, ...], ...]:
        """Each round's score breakdown per side."""
        return tuple(score_round(entries, self.rules) for entries in self.rounds)

    @cached_property
    def running_totals(self) -> tuple[tuple[int, ...], ...]:
        """Each side's total after each round."""
        start = tuple(0 for _ in self.sides)
        steps = accumulate(
            self.scores,
            lambda totals, scores: tuple(t + s.total for t, s in zip(totals, scores, strict=True)),
            initial=start,
        )
        return tuple(steps)[1:]

    @property
    def totals(self) -> tuple[int, ...]:
        return self.running_totals[-1] if self.rounds else tuple(0 for _ in self.sides)

    @property
    def opening_minimums(self) -> tuple[int, ...]:
        """What each side needs to open in the next round."""
        return tuple(opening_minimum(total, self.rules) for total in self.totals)

    def opening_minimums_before(self, round_number: int) -> tuple[int, ...]:
        """What each side needed to open in a round (counted from 1)."""
        totals = self.running_totals[round_number - 2] if round_number > 1 else self.totals_at_start
        return tuple(opening_minimum(total, self.rules) for total in totals)

    @property
    def totals_at_start(self) -> tuple[int, ...]:
        return tuple(0 for _ in self.sides)

    @property
    def winner(self) -> int | None:
        return winner_of(self.totals, self.target)

    @property
    def tied(self) -> int | None:
        """The total the leading sides share past the target (play goes on), or None."""
        return tied_at_target(self.totals, self.target)

    @property
    def finished(self) -> bool:
        return self.winner is not None

    @property
    def seats(self) -> list[tuple[int, int]]:
        return seat_order(self.sides)

    def dealer_of(self, round_number: int) -> tuple[int, int]:
        """(side, player) who deals a round (counted from 1); the deal passes clockwise."""
        seats = self.seats
        return seats[(self.first_dealer + round_number - 1) % len(seats)]

    @property
    def next_dealer(self) -> tuple[int, int]:
        return self.dealer_of(len(self.rounds) + 1)

    def problems_of(self, entries: Sequence[SideEntry], round_number: int) -> list[Problem]:
        """What is wrong with these entries as round `round_number` of this game."""
        problems = []
        if len(entries) != len(self.sides):
            problems.append(
                Problem(
                    C.ENTRY_COUNT_NOT_SIDE_COUNT,
                    round_number,
                    params={"sides": len(self.sides), "got": len(entries)},
                )
            )
            return problems
        return validate_round(
            entries,
            self.rules,
            round_number=round_number,
            side_names=self.side_names,
            side_players=[len(side.players) for side in self.sides],
        )

    def warnings_of(self, entries: Sequence[SideEntry], round_number: int) -> list[Problem]:
        """What is likely miscounted in these entries as round `round_number` (from 1), e.g.
        melded points below the side's opening minimum; never a reason to refuse them."""
        if len(entries) != len(self.sides):
            return []
        return round_warnings(
            entries,
            self.rules,
            self.opening_minimums_before(round_number),
            round_number=round_number,
            side_names=self.side_names,
        )

    def warnings(self) -> list[Problem]:
        """The warnings of every round, in round order.

        >>> from canasta_score.core.rules import CLASSIC
        >>> game = Game(CLASSIC, (Side("We", ("A",)), Side("They", ("B",))))
        >>> [w.code.value for w in game.add_round([SideEntry(melded=45), SideEntry()]).warnings()]
        ['melded_below_opening_minimum']
        """
        return [
            warning
            for number, entries in enumerate(self.rounds, start=1)
            for warning in self.warnings_of(entries, number)
        ]

    def check_new_round(self, entries: Sequence[SideEntry]) -> list[Problem]:
        """Every problem with adding these entries as the next round; empty when it can be added."""
        number = len(self.rounds) + 1
        if self.finished:
            winner = self.sides[self.winner or 0].name
            return [
                Problem(C.GAME_OVER, number, params={"winner": winner, "ended": len(self.rounds)})
            ]
        return self.problems_of(entries, number)

    def preview_round(
        self, entries: Sequence[SideEntry | None], round_number: int | None = None
    ) -> RoundPreview:
        """The next round (or round `round_number`, entered anew) as it would be if saved now.

        The entries are checked once; a side with a problem gets no score, the others their
        breakdown, new total and next opening minimum. A side given as None (its entry cannot
        be read yet) gets no score and counts as empty when the round is checked as a whole.

        >>> from canasta_score.core.rules import CLASSIC
        >>> game = Game(CLASSIC, (Side("We", ("A",)), Side("They", ("B",))))
        >>> preview = game.preview_round([SideEntry(melded=1500), SideEntry(hand=85, red_threes=1)])
        >>> [(side.round_score, side.total, side.opening) for side in preview.sides]
        [(1500, 1500, 90), (-185, -185, 15)]
        >>> import dataclasses  # a game to 500: the round's 600 wins it
        >>> short = Game(dataclasses.replace(CLASSIC, target=500), game.sides)
        >>> short.preview_round([SideEntry(melded=600), SideEntry()]).winner
        0
        >>> preview = game.preview_round([SideEntry(melded=303), None])
        >>> [side.round_score for side in preview.sides], [str(p) for p in preview.problems]
        ([None, None], ['round 1, side "We": melded points must be a multiple of 5, got 303 (did you mean 300 or 305?)'])
        """
        number = len(self.rounds) + 1 if round_number is None else round_number
        if len(entries) != len(self.sides):
            return RoundPreview(number, (), tuple(self.problems_of([], number)))
        checked = [SideEntry() if entry is None else entry for entry in entries]
        problems = (
            self.check_new_round(checked)
            if round_number is None
            else self.problems_of(checked, round_number)
        )
        totals = self.running_totals[number - 2] if number > 1 else self.totals_at_start
        sides = []
        for index, (entry, before) in enumerate(zip(entries, totals, strict=True)):
            opening_before = opening_minimum(before, self.rules)
            refused = any(problem.side == index for problem in problems)
            if entry is None or refused or not self._scorable(entry):
                sides.append(SidePreview(None, None, None, opening_before))
                continue
            score = score_side(entry, self.rules)
            total = before + score.total
            sides.append(
                SidePreview(score, total, opening_minimum(total, self.rules), opening_before)
            )
        # A side's likely miscount is not said beside what is wrong with it ("123 melded
        # points, below the 155 needed" under "a multiple of 5, got 123").
        refused_sides = {problem.side for problem in problems}
        warnings = [w for w in self.warnings_of(checked, number) if w.side not in refused_sides]
        # Only the last round's totals are the game's: a new round, or the last one edited.
        after = [side.total for side in sides]
        if number < len(self.rounds) and not problems and None not in after:
            # An earlier round changed so that the game would be won before its last round:
            # said while typing, not only once Save is tapped.
            problems = [*problems, *self._with_round(number, checked)._ends_early()]
        winner = None
        if number >= len(self.rounds) and not problems and None not in after:
            winner = winner_of([total for total in after if total is not None], self.target)
        return RoundPreview(number, tuple(sides), tuple(problems), tuple(warnings), winner)

    def _scorable(self, entry: SideEntry) -> bool:
        """Whether the rules can score the entry; more red (or black) threes than the packs
        hold is a problem of the whole round, so no side has it, and yet no score can be given."""
        black = self.rules.black_threes
        return 0 <= entry.red_threes <= self.rules.red_threes_scored and (
            black is None or 0 <= entry.black_threes < len(black)
        )

    def add_round(self, entries: Sequence[SideEntry]) -> Game:
        """This game with one more round; raises RoundRefused, changing nothing, if it cannot be."""
        problems = self.check_new_round(entries)
        if problems:
            raise RoundRefused(problems)
        return dataclasses.replace(self, rounds=(*self.rounds, tuple(entries)))

    def replace_round(self, round_number: int, entries: Sequence[SideEntry]) -> Game:
        """This game with round `round_number` (from 1) entered anew; later totals follow."""
        self._check_round_number(round_number)
        problems = self.problems_of(entries, round_number)
        if problems:
            raise RoundRefused(problems)
        return self._checked(self._with_round(round_number, entries))

    def _with_round(self, round_number: int, entries: Sequence[SideEntry]) -> Game:
        """This game with round `round_number` (from 1) as `entries`, unchecked."""
        rounds = list(self.rounds)
        rounds[round_number - 1] = tuple(entries)
        return dataclasses.replace(self, rounds=tuple(rounds))

    def remove_round(self, round_number: int) -> Game:
        """This game without round `round_number` (from 1); later rounds move up."""
        self._check_round_number(round_number)
        rounds = self.rounds[: round_number - 1] + self.rounds[round_number:]
        return self._checked(dataclasses.replace(self, rounds=rounds))

    def _check_round_number(self, round_number: int) -> None:
        if not 1 <= round_number <= len(self.rounds):
            raise RoundRefused(
                [
                    Problem(
                        C.NO_SUCH_ROUND, params={"number": round_number, "count": len(self.rounds)}
                    )
                ]
            )

    @staticmethod
    def _checked(game: Game) -> Game:
        """Refuse a change that would end the game before rounds that were played after it."""
        problems = game._ends_early()
        if problems:
            raise RoundRefused(problems)
        return game

    def _ends_early(self) -> list[Problem]:
        """The problem of a game won before its last round (a round changed or taken back).

        >>> from canasta_score.core.rules import CLASSIC
        >>> game = Game(CLASSIC, (Side("We", ("A",)), Side("They", ("B",))))
        >>> won = [SideEntry(melded=5000), SideEntry()]
        >>> [str(p) for p in dataclasses.replace(game, rounds=(won, won))._ends_early()]
        ['round 1: with this change the game would be over after round 1, but round 2 was played after it; remove that round first']
        """
        ended = self.first_finished_round()
        if ended is None or ended >= len(self.rounds):
            return []
        last = len(self.rounds)
        if ended + 1 == last:  # one round after it: not "rounds 5 to 5"
            return [
                Problem(
                    C.CHANGE_ENDS_GAME_BEFORE_LAST, ended, params={"ended": ended, "last": last}
                )
            ]
        params = {"ended": ended, "first": ended + 1, "last": last}
        return [Problem(C.CHANGE_ENDS_GAME_EARLIER, ended, params=params)]

    def first_finished_round(self) -> int | None:
        """The round after which the game was won, counted from 1, or None."""
        for number, totals in enumerate(self.running_totals, start=1):
            if winner_of(totals, self.target) is not None:
                return number
        return None

    def check(self) -> list[Problem]:
        """Every problem of every round, as when a whole game file is read."""
        problems: list[Problem] = []
        for number, entries in enumerate(self.rounds, start=1):
            problems += self.problems_of(entries, number)
        if problems:
            return problems
        ended = self.first_finished_round()
        if ended is not None and ended < len(self.rounds):
            winner = self.sides[winner_of(self.running_totals[ended - 1], self.target) or 0].name
            problems.append(
                Problem(
                    C.ROUNDS_AFTER_GAME_OVER, ended + 1, params={"ended": ended, "winner": winner}
                )
            )
        return problems

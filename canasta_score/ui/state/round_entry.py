"""The round being entered or edited: each side's draft, its problems and its preview."""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from canasta_score.core import (
    CanastaKind,
    CardCounts,
    CardGroup,
    Game,
    Problem,
    RoundPreview,
    RuleSet,
    SideEntry,
    SidePreview,
    UnfinishedMeld,
    WentOut,
)
from canasta_score.core.cards import cards_in_packs
from canasta_score.core.melds import MELD_COUNTS, Meld, Rank, canastas_of, melded_points
from canasta_score.core.scoring import card_points
from canasta_score.ui.state.labels import N_
from canasta_score.ui.state.points import far_too_many, parse_points


class EntryMode(StrEnum):
    """How a side's melded and hand cards are entered."""

    POINTS = "points"  # typed sums, like 120+35+5
    CARDS = "cards"  # counts by card group, on the table and in hand
    MELDS = "melds"  # the table meld by meld (the hand typed as points)


#: This phone's way of entering a side's table (`EntryMode`), kept as its language is.
ENTRY_MODE_SETTING = "entry_mode"
#: Whether this phone last left a side's rarer canasta kinds (american) open: "1" or "".
KINDS_OPEN_SETTING = "canasta_kinds_open"
#: The key of a kept draft's identity: the typing it belongs to (`typed_round`).
ENTRY = "entry"


class CardPlace(StrEnum):
    """Where counted cards lie at the end of a round, named as the game file's fields."""

    MELDED = "melded"  # on the table
    HAND = "hand"  # left in hand


def _no_cards() -> dict[CardGroup, int]:
    return dict.fromkeys(CardGroup, 0)


def _no_unfinished() -> dict[UnfinishedMeld, int]:
    return {}


#: Players of a side holding three or more aces, or sevens (american), as the verbs name them.
HELD = ("aces", "sevens")


def _counts(cards: Mapping[CardGroup, int]) -> CardCounts:
    return CardCounts(**{group.value: count for group, count in cards.items()})


@dataclass
class MeldDraft:
    """One meld as on screen: its rank and its counts, changed by taps and typing."""

    rank: Rank
    natural: int = 0
    twos: int = 0
    jokers: int = 0

    @classmethod
    def started(cls, rank: Rank) -> MeldDraft:
        """A meld just added: 3 natural cards (a meld of wild cards: 3 twos)."""
        return cls(rank, twos=3) if rank == Rank.WILD else cls(rank, natural=3)

    def meld(self) -> Meld:
        return Meld(self.rank, self.natural, self.twos, self.jokers)

    def as_dict(self) -> dict[str, Any]:
        return {
            "rank": self.rank.value,
            "natural": self.natural,
            "twos": self.twos,
            "jokers": self.jokers,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> MeldDraft:
        return cls(Rank(data["rank"]), *(max(0, int(data.get(name) or 0)) for name in MELD_COUNTS))


@dataclass
class SideDraft:
    """One side's half-typed entry, exactly as on screen (texts stay texts until saved)."""

    melded_text: str = ""
    hand_text: str = ""
    mode: EntryMode = EntryMode.POINTS
    melded_cards: dict[CardGroup, int] = field(default_factory=_no_cards)
    hand_cards: dict[CardGroup, int] = field(default_factory=_no_cards)
    canastas: dict[CanastaKind, int] = field(default_factory=dict)
    red_threes: int = 0
    went_out: WentOut | None = None
    dealer_bonus: bool = False
    penalty_text: str = ""
    #: The side's table meld by meld, in the order entered (one meld of each rank).
    melds: list[MeldDraft] = field(default_factory=list)
    #: Black threes laid out (american).
    black_threes: int = 0
    #: Unfinished melds on the side's table at the end, 1 each (american).
    incomplete: dict[UnfinishedMeld, int] = field(default_factory=_no_unfinished)
    #: Players of the side holding three or more aces, and three or more sevens (american).
    held_aces: int = 0
    held_sevens: int = 0
    #: The special hand the side went out with (american): then the side's only entry.
    special_hand: str | None = None

    @property
    def touched(self) -> bool:
        """Whether anything was entered for the side (a switch to counting cards is not yet)."""
        return bool(
            self.melded_text.strip()
            or self.hand_text.strip()
            or self.penalty_text.strip()
            or any(self.melded_cards.values())
            or any(self.hand_cards.values())
            or bool(self.melds)
            or any(self.canastas.values())
            or self.red_threes
            or self.went_out
            or self.dealer_bonus
            or self.black_threes
            or any(self.incomplete.values())
            or self.held_aces
            or self.held_sevens
            or self.special_hand
        )

    def clear_entries(self) -> None:
        """Everything entered for the side goes (its way of entering stays): a special hand
        scores alone."""
        mode = self.mode
        fresh = SideDraft(mode=mode, canastas=dict.fromkeys(self.canastas, 0))
        for name in (f.name for f in dataclasses.fields(self)):
            setattr(self, name, getattr(fresh, name))

    def meld_of(self, rank: Rank) -> MeldDraft | None:
        return next((meld for meld in self.melds if meld.rank == rank), None)

    def cards(self, place: CardPlace) -> dict[CardGroup, int]:
        """The counted cards on the table or in hand."""
        return self.melded_cards if place == CardPlace.MELDED else self.hand_cards

    def as_dict(self) -> dict[str, Any]:
        """Plain JSON values, as the draft is kept in the database (written out by hand: it is
        noted at every keystroke, and `dataclasses.asdict` copies deeply)."""
        return {
            "melded_text": self.melded_text,
            "hand_text": self.hand_text,
            "mode": str(self.mode),
            "melded_cards": {str(group): n for group, n in self.melded_cards.items()},
            "hand_cards": {str(group): n for group, n in self.hand_cards.items()},
            "canastas": {str(kind): n for kind, n in self.canastas.items()},
            "red_threes": self.red_threes,
            "went_out": self.went_out.value if self.went_out else None,
            "dealer_bonus": self.dealer_bonus,
            "penalty_text": self.penalty_text,
            "melds": [meld.as_dict() for meld in self.melds],
            "black_threes": self.black_threes,
            "incomplete": {str(meld): n for meld, n in self.incomplete.items()},
            "held_aces": self.held_aces,
            "held_sevens": self.held_sevens,
            "special_hand": self.special_hand,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SideDraft:
        known = {f.name for f in dataclasses.fields(cls)}
        values = {k: v for k, v in data.items() if k in known}
        went_out = values.get("went_out")
        values["went_out"] = WentOut(went_out) if went_out else None
        values["mode"] = EntryMode(values.get("mode") or EntryMode.POINTS)
        groups = {group.value: group for group in CardGroup}
        for key in ("melded_cards", "hand_cards"):
            values[key] = _no_cards() | {
                groups[k]: int(v) for k, v in dict(values.get(key) or {}).items() if k in groups
            }
        values["canastas"] = {
            CanastaKind(k): int(v) for k, v in dict(values.get("canastas") or {}).items()
        }
        values["melds"] = [MeldDraft.from_dict(meld) for meld in values.get("melds") or []]
        values["incomplete"] = {
            UnfinishedMeld(k): int(v) for k, v in dict(values.get("incomplete") or {}).items()
        }
        for key in ("black_threes", "held_aces", "held_sevens"):
            values[key] = max(0, int(values.get(key) or 0))
        hand = values.get("special_hand")
        values["special_hand"] = hand if isinstance(hand, str) and hand else None
        return cls(**values)

    @classmethod
    def from_entry(cls, entry: SideEntry, rules: RuleSet) -> SideDraft:
        draft = cls(
            canastas={CanastaKind(kind): count for kind, count in entry.canastas.items()},
            red_threes=entry.red_threes,
            went_out=entry.went_out,
            dealer_bonus=entry.dealer_bonus,
            penalty_text=str(entry.penalty) if entry.penalty else "",
            black_threes=entry.black_threes,
            incomplete={UnfinishedMeld(k): n for k, n in entry.incomplete.items() if n},
            held_aces=entry.held_aces,
            held_sevens=entry.held_sevens,
            special_hand=entry.special_hand,
        )
        melds = entry.melds
        if melds is not None:
            # A round entered meld by meld opens meld by meld again; its canastas are the melds'.
            draft.mode = EntryMode.MELDS
            draft.canastas = {}
            draft.melds = [MeldDraft(m.rank, m.natural, m.twos, m.jokers) for m in melds]
            draft.hand_text = _points_text(card_points(entry.hand, rules))
        elif isinstance(entry.melded, CardCounts) or isinstance(entry.hand, CardCounts):
            draft.mode = EntryMode.CARDS
            for place, cards in ((CardPlace.MELDED, entry.melded), (CardPlace.HAND, entry.hand)):
                counts = dict(cards.items()) if isinstance(cards, CardCounts) else _no_cards()
                draft.cards(place).update(counts)
        else:
            draft.melded_text = str(entry.melded) if entry.melded else ""
            draft.hand_text = str(entry.hand) if entry.hand else ""
        return draft


@dataclass(frozen=True)
class OtherFigures:
    """A side's table as its melds or counted cards give it (`mode`), beside the typed points
    (as typed: the player reads what they typed)."""

    mode: EntryMode
    melded: int
    typed_melded: str
    #: The canastas the melds make, and those typed (melds only).
    canastas: int = 0
    typed_canastas: int = 0
    #: The points in hand the cards give, and those typed (card counts only).
    hand: int = 0
    typed_hand: str = "0"
    #: Whether both say the same.
    same: bool = False


class RoundDraft:
    """A round being entered or edited: verbs for every tap, the entries, problems and preview."""

    def __init__(
        self,
        game: Game,
        round_number: int | None = None,
        mode: EntryMode | Sequence[EntryMode] = EntryMode.POINTS,
    ) -> None:
        self.game = game
        #: None while entering a new round; the round number (from 1) while editing one.
        self.editing = round_number
        #: How each side starts out (as this phone last entered that side of this game).
        modes = [mode] * len(game.sides) if isinstance(mode, EntryMode | str) else list(mode)
        self.start_modes = [self._offered(EntryMode(m)) for m in modes]
        self.sides = [self._fresh_side(index) for index in range(len(game.sides))]
        #: What choosing a special hand cleared, per side: back when the hand is taken back.
        self._set_aside: dict[int, SideDraft] = {}
        if round_number is not None:
            self.sides = [
                SideDraft.from_entry(e, game.rules) for e in game.rounds[round_number - 1]
            ]
            for side in self.sides:
                side.canastas = self._no_canastas() | side.canastas

    @property
    def rules(self) -> RuleSet:
        return self.game.rules

    def side_name(self, side: int) -> str:
        """The side's name, as its controls are heard ("We: Melded, 420")."""
        return self.game.sides[side].name

    @property
    def round_number(self) -> int:
        return self.editing if self.editing is not None else len(self.game.rounds) + 1

    def _offered(self, mode: EntryMode) -> EntryMode:
        """`mode`, or typed points where the rules have no meld-by-meld entry (a phone that
        last entered a classic game meld by meld starts a samba round with points)."""
        return EntryMode.POINTS if mode == EntryMode.MELDS and not self.rules.meld_by_meld else mode

    def locked(self, side: int) -> bool:
        """Whether the side went out with a special hand: nothing else is entered for it."""
        return self.sides[side].special_hand is not None

    def _no_canastas(self) -> dict[CanastaKind, int]:
        return dict.fromkeys(self.game.rules.canasta_kinds, 0)

    def _fresh_side(self, index: int) -> SideDraft:
        return SideDraft(canastas=self._no_canastas(), mode=self.start_modes[index])

    # --- verbs -------------------------------------------------------------------------

    def set_melded(self, side: int, text: str) -> None:
        if not self.locked(side):
            self.sides[side].melded_text = text

    def set_hand(self, side: int, text: str) -> None:
        if not self.locked(side):
            self.sides[side].hand_text = text

    def set_penalty(self, side: int, text: str) -> None:
        if not self.locked(side):
            self.sides[side].penalty_text = text

    def set_mode(self, side: int, mode: EntryMode) -> None:
        """Switch a side between typed points, card counts and melds. Nothing entered is lost:
        each way keeps its own figures, and typed points left blank take what the cards or
        melds give. Where both ways hold figures, `other_figures` shows them side by side."""
        draft = self.sides[side]
        mode = self._offered(EntryMode(mode))
        if mode == draft.mode or self.locked(side):
            return
        if mode != EntryMode.CARDS and draft.mode == EntryMode.CARDS:
            if not draft.melded_text.strip():
                draft.melded_text = _points_text(self._cards_points(draft.melded_cards))
            if mode == EntryMode.POINTS and not draft.hand_text.strip():
                draft.hand_text = _points_text(self._cards_points(draft.hand_cards))
        if draft.mode == EntryMode.MELDS and mode != EntryMode.MELDS and draft.melds:
            melds = [meld.meld() for meld in draft.melds]
            if not draft.melded_text.strip():
                draft.melded_text = _points_text(melded_points(melds, self.rules))
            if not any(draft.canastas.values()):
                made = canastas_of(melds, self.rules)
                draft.canastas = self._no_canastas() | {CanastaKind(k): n for k, n in made.items()}
        draft.mode = EntryMode(mode)

    def other_figures(self, side: int) -> OtherFigures | None:
        """What the side's melds or counted cards give, beside its typed points, where both are
        entered: the player sees both and chooses (`take_other`, `keep_typed`)."""
        draft = self.sides[side]
        typed_canastas = sum(draft.canastas.values())
        if draft.melds and (
            draft.mode == EntryMode.POINTS
            or (draft.mode == EntryMode.MELDS and (draft.melded_text.strip() or typed_canastas))
        ):
            melds = [meld.meld() for meld in draft.melds]
            made = canastas_of(melds, self.rules)
            return OtherFigures(
                EntryMode.MELDS,
                melded_points(melds, self.rules),
                draft.melded_text.strip() or "0",
                canastas=sum(made.values()),
                typed_canastas=typed_canastas,
                same=parse_points(draft.melded_text) == melded_points(melds, self.rules)
                and {k: n for k, n in draft.canastas.items() if n} == made,
            )
        counted = any(draft.melded_cards.values()) or any(draft.hand_cards.values())
        typed = draft.melded_text.strip() or draft.hand_text.strip()
        if counted and (
            draft.mode == EntryMode.POINTS or (draft.mode == EntryMode.CARDS and typed)
        ):
            melded = self._cards_points(draft.melded_cards)
            hand = self._cards_points(draft.hand_cards)
            return OtherFigures(
                EntryMode.CARDS,
                melded,
                draft.melded_text.strip() or "0",
                hand=hand,
                typed_hand=draft.hand_text.strip() or "0",
                same=(parse_points(draft.melded_text), parse_points(draft.hand_text))
                == (melded, hand),
            )
        return None

    def take_other(self, side: int) -> None:
        """The player chose the melds' or the cards' figures over the typed points: the side
        is entered that way, and the typed figures it replaces are cleared."""
        other = self.other_figures(side)
        if other is None:
            return
        draft = self.sides[side]
        draft.mode = other.mode
        draft.melded_text = ""
        if other.mode == EntryMode.MELDS:
            draft.canastas = self._no_canastas()
        else:
            draft.hand_text = ""

    def keep_typed(self, side: int) -> None:
        """The player chose the typed points over the melds or counted cards, which go."""
        other = self.other_figures(side)
        if other is None:
            return
        draft = self.sides[side]
        if other.mode == EntryMode.MELDS:
            draft.melds = []
        else:
            draft.melded_cards, draft.hand_cards = _no_cards(), _no_cards()
        draft.mode = EntryMode.POINTS

    # --- melds -------------------------------------------------------------------------

    def meld_ranks(self) -> list[Rank]:
        """The ranks a side may meld under the rules (a meld of wild cards only where the rule
        set has a wild canasta), highest first."""
        wild = CanastaKind.WILD in self.rules.canasta_bonuses
        return [rank for rank in Rank if rank != Rank.WILD or wild]

    def add_meld(self, side: int, rank: Rank) -> None:
        """A new meld of `rank` at 3 natural cards; a rank already melded is left as it is."""
        draft = self.sides[side]
        if draft.meld_of(rank) is None:
            draft.melds.append(MeldDraft.started(Rank(rank)))

    def step_meld(self, side: int, rank: Rank, count: str, step: int) -> None:
        """One card more or less of a meld's natural cards, twos or jokers (`count`)."""
        meld = self.sides[side].meld_of(rank)
        if meld is not None:
            setattr(meld, count, max(0, getattr(meld, count) + step))

    def set_meld_count(self, side: int, rank: Rank, count: str, value: int) -> None:
        """A meld's natural cards, twos or jokers as typed."""
        meld = self.sides[side].meld_of(rank)
        if meld is not None:
            setattr(meld, count, max(0, value))

    def remove_meld(self, side: int, rank: Rank) -> None:
        draft = self.sides[side]
        draft.melds = [meld for meld in draft.melds if meld.rank != rank]

    def add_cards(self, side: int, place: CardPlace, group: CardGroup, step: int) -> None:
        if self.locked(side):
            return
        cards = self.sides[side].cards(place)
        cards[group] = max(0, cards[group] + step)

    def add_canasta(self, side: int, kind: CanastaKind, step: int) -> None:
        if self.locked(side):
            return
        canastas = self.sides[side].canastas
        canastas[kind] = max(0, canastas.get(kind, 0) + step)

    def add_red_three(self, side: int, step: int) -> None:
        if not self.locked(side):
            self.sides[side].red_threes = max(0, self.sides[side].red_threes + step)

    def add_black_three(self, side: int, step: int) -> None:
        """One black three more or less laid out (where the rules lay them out)."""
        values = self.rules.black_threes
        if values is None or self.locked(side):
            return
        draft = self.sides[side]
        draft.black_threes = min(len(values) - 1, max(0, draft.black_threes + step))

    def toggle_incomplete(self, side: int, meld: UnfinishedMeld) -> None:
        """An unfinished meld on the side's table, or not. The side has one meld of wild cards
        at most: with all four jokers or without, so choosing one takes the other back."""
        if meld not in self.rules.incomplete_penalty or self.locked(side):
            return
        incomplete = self.sides[side].incomplete  # the melds that lie there, each 1
        if incomplete.pop(meld, 0):
            return
        incomplete[meld] = 1
        wild = (UnfinishedMeld.WILD, UnfinishedMeld.WILD_JOKERS)
        if meld in wild:
            incomplete.pop(wild[1] if meld == wild[0] else wild[0], None)

    def add_held(self, side: int, held: str, step: int) -> None:
        """One player more or less of the side holding three or more aces (`held` "aces") or
        sevens ("sevens"), up to the side's players."""
        if self.rules.held_penalty is None or held not in HELD or self.locked(side):
            return
        draft, name = self.sides[side], f"held_{held}"
        setattr(draft, name, min(self.held_most(side), max(0, getattr(draft, name) + step)))

    def held_most(self, side: int) -> int:
        """How many players of the side may hold three or more aces (or sevens)."""
        return len(self.game.sides[side].players)

    def set_special_hand(self, side: int, hand: str | None) -> None:
        """The side went out with a special hand (a name of the rules' `special_hands`), or
        not (None). The hand scores alone: everything else entered for the side is cleared
        and stays locked while it is chosen. It is the round's going out, so no other side
        went out."""
        if hand is not None and hand not in self.rules.special_hands:
            return
        draft = self.sides[side]
        if hand is None:
            self._take_hand_back(side)
            return
        if draft.special_hand is None:  # another hand chosen instead keeps the first values
            self._set_aside[side] = copy.deepcopy(draft)
        draft.clear_entries()
        draft.special_hand = hand
        for index in range(len(self.sides)):
            if index != side:
                self.sides[index].went_out = None
                self._take_hand_back(index)

    def _take_hand_back(self, side: int) -> None:
        """The side no longer went out with a special hand: what the hand cleared is back
        (nothing typed is lost), but for its going out if another side went out meanwhile."""
        draft = self.sides[side]
        if draft.special_hand is None:
            return
        kept = self._set_aside.pop(side, None)
        if kept is not None:
            for name in (f.name for f in dataclasses.fields(draft)):
                setattr(draft, name, getattr(kept, name))
            if any(other.went_out for index, other in enumerate(self.sides) if index != side):
                draft.went_out = None
        draft.special_hand = None

    def set_went_out(self, side: int, went_out: WentOut | None) -> None:
        """Choose how a side went out; only one side goes out, so the others are cleared
        (a special hand too: it is a going out)."""
        if self.locked(side):
            return
        for index, draft in enumerate(self.sides):
            if index == side:
                draft.went_out = went_out
            elif went_out is not None:
                draft.went_out = None
                self._take_hand_back(index)

    def toggle_went_out(self, side: int, went_out: WentOut) -> None:
        """One tap sets it, a second tap on the same choice takes it back."""
        self.set_went_out(side, None if self.sides[side].went_out == went_out else went_out)

    def toggle_dealer_bonus(self, side: int) -> None:
        if self.locked(side):
            return
        on = not self.sides[side].dealer_bonus
        for index, draft in enumerate(self.sides):
            draft.dealer_bonus = on if index == side else (False if on else draft.dealer_bonus)

    def clear(self) -> None:
        self.sides = [self._fresh_side(index) for index in range(len(self.game.sides))]

    # --- what it gives -----------------------------------------------------------------

    def _cards_points(self, cards: Mapping[CardGroup, int]) -> int:
        return self.rules.card_values.points(_counts(cards))

    def _side_entry(self, index: int) -> tuple[SideEntry | None, list[Problem]]:
        draft = self.sides[index]
        problems: list[Problem] = []
        if draft.special_hand is not None:
            return SideEntry(special_hand=draft.special_hand), []

        def problem(field_name: str, message: str) -> None:
            problems.append(
                Problem(message, self.round_number, index, self.side_name(index), field_name)
            )

        hand: int | CardCounts
        melded: int | CardCounts | tuple[Meld, ...]
        canastas: dict[str, int] = {kind: count for kind, count in draft.canastas.items() if count}
        if draft.mode == EntryMode.CARDS:
            melded, hand = _counts(draft.melded_cards), _counts(draft.hand_cards)
        elif draft.mode == EntryMode.MELDS:
            parsed_hand = parse_points(draft.hand_text)
            if parsed_hand is None:
                problem(CardPlace.HAND, unread(draft.hand_text, CardPlace.HAND))
            melded, hand = tuple(meld.meld() for meld in draft.melds), parsed_hand or 0
            canastas = {}  # the melds give them
        else:
            parsed_melded = parse_points(draft.melded_text)
            parsed_hand = parse_points(draft.hand_text)
            if parsed_melded is None:
                problem(CardPlace.MELDED, unread(draft.melded_text, CardPlace.MELDED))
            if parsed_hand is None:
                problem(CardPlace.HAND, unread(draft.hand_text, CardPlace.HAND))
            melded, hand = parsed_melded or 0, parsed_hand or 0
        penalty = parse_points(draft.penalty_text)
        if penalty is None:
            problem("penalty", unread(draft.penalty_text, "penalty"))
        if problems:
            return None, problems
        entry = SideEntry(
            melded=melded,
            hand=hand,
            canastas=canastas,
            red_threes=draft.red_threes,
            went_out=draft.went_out,
            dealer_bonus=draft.dealer_bonus,
            penalty=penalty or 0,
            black_threes=draft.black_threes,
            incomplete={str(meld): n for meld, n in draft.incomplete.items() if n},
            held_aces=draft.held_aces,
            held_sevens=draft.held_sevens,
        )
        return entry, []

    def read_entries(self) -> tuple[list[SideEntry | None], list[Problem]]:
        """Each side's entry (None where a field is not a number) and the typing problems."""
        entries: list[SideEntry | None] = []
        problems: list[Problem] = []
        for index in range(len(self.sides)):
            entry, side_problems = self._side_entry(index)
            problems += side_problems
            entries.append(entry)
        return entries, problems

    def entries(self) -> tuple[list[SideEntry] | None, list[Problem]]:
        """The side entries, or None with the typing problems when some field is not a number."""
        entries, problems = self.read_entries()
        readable = [entry for entry in entries if entry is not None]
        return (None if problems else readable), problems

    @property
    def touched(self) -> bool:
        return any(side.touched for side in self.sides)

    @property
    def worth_keeping(self) -> bool:
        """Whether closing the app now would lose something: entries or a chosen mode."""
        return self.touched or any(
            side.mode != start for side, start in zip(self.sides, self.start_modes, strict=True)
        )

    def check(self) -> RoundPreview:
        """The round as it would be if saved now, checked once by the core: each side's score,
        new total and next opening minimum, and every problem (typing problems first)."""
        entries, typing = self.read_entries()
        preview = self.game.preview_round(entries, self.editing)
        return dataclasses.replace(preview, problems=(*typing, *preview.problems))

    def problems(self) -> list[Problem]:
        """Everything that stops the round from being saved, in plain words."""
        return list(self.check().problems)

    def can_save(self) -> bool:
        return self.touched and not self.problems()

    def preview(self) -> list[SidePreview]:
        """Each side's round score, new total and new opening minimum, as far as they are known."""
        return list(self.check().sides)

    def cards_points(self, side: int, place: CardPlace) -> int:
        return self._cards_points(self.sides[side].cards(place))

    def cards_limit(self, group: CardGroup, place: CardPlace = CardPlace.HAND) -> int:
        """The most cards of a group the packs hold. Where black threes are laid out
        (american), no three is melded, and a three left in a hand may be of either colour."""
        if group == CardGroup.BLACK_THREES and self.rules.black_threes_laid_out:
            if place == CardPlace.MELDED:
                return 0
            return cards_in_packs(group, self.rules.packs) + self.rules.red_threes_in_packs
        return cards_in_packs(group, self.rules.packs)

    # --- keeping it across app restarts -------------------------------------------------

    def as_dict(self) -> dict[str, Any]:
        # "number": the round it was typed as (another phone may save that round first).
        return {
            "round": self.editing,
            "number": self.round_number,
            "sides": [side.as_dict() for side in self.sides],
        }

    @classmethod
    def from_dict(
        cls,
        game: Game,
        data: Mapping[str, Any] | None,
        mode: EntryMode | Sequence[EntryMode] = EntryMode.POINTS,
    ) -> RoundDraft:
        """A draft saved earlier, or a fresh one (its sides in `mode`) when it no longer fits
        the game."""
        number = data.get("round") if data else None
        if number is not None and not (isinstance(number, int) and 1 <= number <= len(game.rounds)):
            number = None
        draft = cls(game, number, mode)
        sides = list(data.get("sides") or []) if data else []
        if len(sides) == len(game.sides):
            try:
                restored = [SideDraft.from_dict(side) for side in sides]
            except (TypeError, ValueError, KeyError):
                return draft
            for side in restored:
                side.canastas = draft._no_canastas() | side.canastas
                side.mode = draft._offered(side.mode)
            draft.sides = restored
        return draft


#: Why a points field could not be read: no number in it, or far more digits than a score has.
UNREAD: dict[str, tuple[str, str]] = {
    CardPlace.MELDED: (
        N_("melded points: type numbers, like 120+35+5"),
        N_("melded points: far more than any round can score"),
    ),
    CardPlace.HAND: (
        N_("hand points: type numbers, like 50+20+5"),
        N_("hand points: far more than any round can score"),
    ),
    "penalty": (
        N_("penalty: type a number, like 200"),
        N_("penalty: far more than any round can score"),
    ),
}


def unread(text: str, field_name: str) -> str:
    """What a field that could not be read as points is told (`UNREAD`)."""
    nonsense, too_many = UNREAD[field_name]
    return too_many if far_too_many(text) else nonsense


def _points_text(points: int) -> str:
    return str(points) if points else ""

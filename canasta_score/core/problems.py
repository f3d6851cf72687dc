"""Problems as data: a code and its numbers and names, worded from one table of English templates.

The core never builds a sentence: a `Problem` says which check failed (`code`), where (round,
side, field) and with what (`params`). `str(problem)` words it in English from `TEMPLATES`; the
i18n layer words the same templates through a gettext catalog (Babel extracts them by the
no-op markers `N_` and `Nn_`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType


def N_(message: str) -> str:
    """Mark a template for translation; the wording happens where the problem is shown.

    >>> N_("round {round}")
    'round {round}'
    """
    return message


@dataclass(frozen=True)
class Plural:
    """A template whose words depend on a count: `count` names the param that holds it."""

    singular: str
    plural: str
    count: str


def Nn_(singular: str, plural: str, count: str) -> Plural:
    """Mark a singular/plural template pair for translation (Babel keyword `Nn_:1,2`).

    >>> Nn_("{count} canasta", "{count} canastas", "count").plural
    '{count} canastas'
    """
    return Plural(singular, plural, count)


class Term(str):
    """A param that is a word of the game (a field, card group, canasta kind, JSON type).

    Unlike a side's name or a number, it is shown in the reader's language; every term is a
    msgid listed in `TERMS`.
    """

    __slots__ = ()


#: An unnamed custom copy of a preset: "Classic (custom)" in the reader's language.
CUSTOM_COPY = N_("{name} (custom)")


class CopyOf(Term):
    """A param naming an unnamed custom copy of a preset by the preset's name (a term): shown
    as `CUSTOM_COPY` in the reader's language."""

    __slots__ = ()


class ProblemCode(StrEnum):
    """What is wrong, as a stable id (never shown, never translated)."""

    # one side's entry (core/validation.py)
    CARD_COUNT_NEGATIVE = "card_count_negative"
    POINTS_NEGATIVE = "points_negative"
    POINTS_NOT_MULTIPLE_OF_5 = "points_not_multiple_of_5"
    CANASTA_KIND_NOT_IN_RULES = "canasta_kind_not_in_rules"
    CANASTAS_NEGATIVE = "canastas_negative"
    RED_THREES_NEGATIVE = "red_threes_negative"
    RED_THREES_NOT_SCORED = "red_threes_not_scored"
    PENALTY_NOT_MULTIPLE_OF_5 = "penalty_not_multiple_of_5"
    PENALTY_TOO_LARGE = "penalty_too_large"
    DEALER_BONUS_NOT_IN_RULES = "dealer_bonus_not_in_rules"
    CANASTAS_WITHOUT_MELDED_POINTS = "canastas_without_melded_points"
    MELDED_TOO_FEW_FOR_CANASTAS = "melded_too_few_for_canastas"
    GOING_OUT_NEEDS_CANASTAS = "going_out_needs_canastas"
    # one side's entry, the fields of the rule families (core/family_checks.py)
    BLACK_THREES_NOT_IN_RULES = "black_threes_not_in_rules"
    UNFINISHED_MELD_NOT_IN_RULES = "unfinished_meld_not_in_rules"
    HELD_NOT_IN_RULES = "held_not_in_rules"
    SPECIAL_HAND_NOT_IN_RULES = "special_hand_not_in_rules"
    CONCEALED_NOT_IN_RULES = "concealed_not_in_rules"
    MELDS_NOT_IN_RULES = "melds_not_in_rules"
    COUNT_NEGATIVE = "count_negative"
    UNFINISHED_MELD_ABOVE_ONE = "unfinished_meld_above_one"
    BLACK_THREES_NOT_SCORED = "black_threes_not_scored"
    SPECIAL_HAND_WITH_OTHER_FIELDS = "special_hand_with_other_fields"
    GOING_OUT_WITH_UNFINISHED_MELD = "going_out_with_unfinished_meld"
    CANASTA_AND_UNFINISHED_MELD = "canasta_and_unfinished_meld"
    TWO_UNFINISHED_WILD_MELDS = "two_unfinished_wild_melds"
    HELD_ABOVE_PLAYERS = "held_above_players"
    HAND_TOO_FEW_FOR_HELD = "hand_too_few_for_held"
    BLACK_THREES_MELDED = "black_threes_melded"
    MELDED_TOO_FEW_FOR_MELDS = "melded_too_few_for_melds"
    # one meld of a side's table (core/melds.py)
    MELD_COUNT_NEGATIVE = "meld_count_negative"
    MELD_TOO_FEW_CARDS = "meld_too_few_cards"
    MELD_TOO_FEW_NATURAL = "meld_too_few_natural"
    MELD_TOO_MANY_WILD = "meld_too_many_wild"
    MELD_NOT_MORE_NATURAL_THAN_WILD = "meld_not_more_natural_than_wild"
    WILD_MELD_NOT_IN_RULES = "wild_meld_not_in_rules"
    WILD_MELD_WITH_NATURAL = "wild_meld_with_natural"
    BLACK_THREES_NOT_THREE_OR_FOUR = "black_threes_not_three_or_four"
    BLACK_THREES_WITH_WILD = "black_threes_with_wild"
    BLACK_THREES_WITHOUT_GOING_OUT = "black_threes_without_going_out"
    MELD_RANK_TWICE = "meld_rank_twice"
    # a side's melds as a whole (core/validation.py)
    CANASTAS_NOT_AS_MELDED = "canastas_not_as_melded"
    # the round as a whole (core/validation.py)
    TWO_SIDES_WENT_OUT = "two_sides_went_out"
    TWO_DEALER_BONUSES = "two_dealer_bonuses"
    TOO_MANY_RED_THREES = "too_many_red_threes"
    TOO_MANY_CARDS_OF_GROUP = "too_many_cards_of_group"
    TOO_MANY_CARD_POINTS = "too_many_card_points"
    TOO_MANY_OF_RANK = "too_many_of_rank"
    TOO_MANY_BLACK_THREES = "too_many_black_threes"
    TOO_MANY_THREES_IN_HANDS = "too_many_threes_in_hands"
    TOO_MANY_SAMBAS = "too_many_sambas"
    TOO_MANY_FOR_PACKS = "too_many_for_packs"
    # the game (core/game.py)
    ENTRY_COUNT_NOT_SIDE_COUNT = "entry_count_not_side_count"
    GAME_OVER = "game_over"
    NO_SUCH_ROUND = "no_such_round"
    CHANGE_ENDS_GAME_EARLIER = "change_ends_game_earlier"
    CHANGE_ENDS_GAME_BEFORE_LAST = "change_ends_game_before_last"  # one round after it
    ROUNDS_AFTER_GAME_OVER = "rounds_after_game_over"
    # rule overrides (core/rules.py)
    OVERRIDE_UNKNOWN = "override_unknown"
    OVERRIDE_NUMBER_TOO_LARGE = "override_number_too_large"
    OVERRIDE_INVALID = "override_invalid"
    # the game file (core/gamefile.py)
    FILE_NOT_OBJECT = "file_not_object"
    FORMAT_UNKNOWN = "format_unknown"
    RULES_UNKNOWN = "rules_unknown"
    OVERRIDES_NOT_OBJECT = "overrides_not_object"
    RULES_NAME_INVALID = "rules_name_invalid"
    SIDES_INVALID = "sides_invalid"
    SIDE_NOT_OBJECT = "side_not_object"
    SIDE_NAME_INVALID = "side_name_invalid"
    PLAYERS_INVALID = "players_invalid"
    NAME_TOO_LONG = "name_too_long"
    CARD_GROUP_UNKNOWN = "card_group_unknown"
    CARD_COUNTS_NOT_WHOLE = "card_counts_not_whole"
    CARDS_INVALID = "cards_invalid"
    MELD_INVALID = "meld_invalid"
    MELD_RANK_UNKNOWN = "meld_rank_unknown"
    ENTRY_NOT_OBJECT = "entry_not_object"
    ENTRY_FIELD_UNKNOWN = "entry_field_unknown"
    CANASTAS_INVALID = "canastas_invalid"
    WENT_OUT_INVALID = "went_out_invalid"
    NUMBER_INVALID = "number_invalid"
    DEALER_BONUS_INVALID = "dealer_bonus_invalid"
    INCOMPLETE_INVALID = "incomplete_invalid"
    SPECIAL_HAND_INVALID = "special_hand_invalid"
    ROUNDS_INVALID = "rounds_invalid"
    ROUNDS_TOO_MANY = "rounds_too_many"
    ROUND_INVALID = "round_invalid"
    FIRST_DEALER_INVALID = "first_dealer_invalid"


C = ProblemCode


class WarningCode(StrEnum):
    """What is likely miscounted but possible: shown beside the entry, never a refusal."""

    MELDED_BELOW_OPENING_MINIMUM = "melded_below_opening_minimum"


W = WarningCode

#: A number with its noun (`{count} natural card` / `{count} natural cards`), worded by the
#: reader's plural rule: a problem's param when a template holds two counts.
NATURAL_CARDS = Nn_("{count} natural card", "{count} natural cards", "count")
WILD_CARDS = Nn_("{count} wild card", "{count} wild cards", "count")
CARDS = Nn_("{count} card", "{count} cards", "count")
BLACK_THREES = Nn_("{count} black three", "{count} black threes", "count")
COUNTED_NOUNS = (NATURAL_CARDS, WILD_CARDS, CARDS, BLACK_THREES)


@dataclass(frozen=True)
class Counted:
    """A param that is a count with its noun, e.g. `Counted(NATURAL_CARDS, 1)`: "1 natural card"."""

    noun: Plural
    count: int

    def worded(self, ngettext: Ngettext, number: Callable[[int], str] = str) -> str:
        return ngettext(self.noun.singular, self.noun.plural, self.count).format(
            count=number(self.count)
        )


#: The English wording of every problem; `{name}` is filled from the problem's params.
TEMPLATES: Mapping[str, str | Plural] = MappingProxyType(
    {
        C.CARD_COUNT_NEGATIVE: N_("{field} {group} cannot be negative, got {got}"),
        C.POINTS_NEGATIVE: N_("{field} points cannot be negative, got {got}; enter 0 or more"),
        C.POINTS_NOT_MULTIPLE_OF_5: N_(
            "{field} points must be a multiple of 5, got {got} (did you mean {lower} or {upper}?)"
        ),
        C.CANASTA_KIND_NOT_IN_RULES: N_('"{rules}" has no {kind} canasta; its kinds are {kinds}'),
        C.CANASTAS_NEGATIVE: N_("{kind} canastas cannot be negative, got {got}"),
        C.RED_THREES_NEGATIVE: N_("red threes cannot be negative, got {got}"),
        C.RED_THREES_NOT_SCORED: Nn_(
            '"{rules}" scores at most {most} red three',
            '"{rules}" scores at most {most} red threes',
            "most",
        ),
        C.PENALTY_NOT_MULTIPLE_OF_5: N_("the penalty must be a multiple of 5 from 0, got {got}"),
        C.PENALTY_TOO_LARGE: N_("the penalty must be at most {most}, got {got}"),
        C.DEALER_BONUS_NOT_IN_RULES: N_('"{rules}" has no dealer bonus'),
        C.CANASTAS_WITHOUT_MELDED_POINTS: Nn_(
            "{count} canasta entered but no melded points; "
            "enter the melded points, canastas included",
            "{count} canastas entered but no melded points; "
            "enter the melded points, canastas included",
            "count",
        ),
        C.MELDED_TOO_FEW_FOR_CANASTAS: N_(
            "{melded} melded points are too few for the canastas entered: "
            "they hold at least {least}"
        ),
        C.GOING_OUT_NEEDS_CANASTAS: Nn_(
            "going out needs {needed} canasta, {count} entered",
            "going out needs {needed} canastas, {count} entered",
            "needed",
        ),
        C.BLACK_THREES_NOT_IN_RULES: N_(
            '"{rules}" lays out no black threes; count them in melded or hand points'
        ),
        C.UNFINISHED_MELD_NOT_IN_RULES: N_(
            '"{rules}" has no penalty for an unfinished meld ({meld} entered)'
        ),
        C.HELD_NOT_IN_RULES: N_('"{rules}" has no penalty for holding three aces or sevens'),
        C.SPECIAL_HAND_NOT_IN_RULES: N_('"{rules}" has no special hand {hand}'),
        C.CONCEALED_NOT_IN_RULES: N_('"{rules}" has no concealed going out'),
        C.MELDS_NOT_IN_RULES: N_(
            '"{rules}" takes melded cards as points or card counts, not meld by meld'
        ),
        C.COUNT_NEGATIVE: N_("{field} cannot be negative, got {got}"),
        C.UNFINISHED_MELD_ABOVE_ONE: N_(
            "{meld} must be 0 or 1, got {got}: a side has at most one such meld"
        ),
        C.BLACK_THREES_NOT_SCORED: Nn_(
            '"{rules}" scores at most {most} black three',
            '"{rules}" scores at most {most} black threes',
            "most",
        ),
        C.SPECIAL_HAND_WITH_OTHER_FIELDS: N_(
            "a side that goes out with a special hand scores the hand alone; "
            "{fields} entered beside it"
        ),
        C.GOING_OUT_WITH_UNFINISHED_MELD: N_(
            "a side cannot go out with an unfinished meld on its table ({meld} entered)"
        ),
        C.CANASTA_AND_UNFINISHED_MELD: N_(
            "{kind} canasta and {meld} entered; a side has one meld of these cards, finished or not"
        ),
        C.TWO_UNFINISHED_WILD_MELDS: N_(
            "two unfinished melds of wild cards entered; a side has one, "
            "with all four jokers or without"
        ),
        C.HELD_ABOVE_PLAYERS: Nn_(
            "{field}: {got} entered, but the side has {players} player",
            "{field}: {got} entered, but the side has {players} players",
            "players",
        ),
        C.HAND_TOO_FEW_FOR_HELD: N_(
            "{hand} hand points are too few for the held cards entered: "
            "three aces or sevens in each of those hands are worth at least {least}"
        ),
        C.BLACK_THREES_MELDED: N_(
            '"{rules}" melds no threes: enter the black threes laid out as black threes, '
            "not in melded cards"
        ),
        C.MELDED_TOO_FEW_FOR_MELDS: N_(
            "{melded} melded points are too few for the canastas and unfinished melds "
            "entered: they hold at least {least}"
        ),
        C.MELD_COUNT_NEGATIVE: N_("{what} cannot be negative, got {got}"),
        C.MELD_TOO_FEW_CARDS: N_("{cards}; a meld needs at least {least} cards"),
        C.MELD_TOO_FEW_NATURAL: N_(
            "{natural} and {wild}; a meld needs at least {least} natural cards"
        ),
        C.MELD_TOO_MANY_WILD: N_("{wild}; a meld holds at most {most} wild cards"),
        C.MELD_NOT_MORE_NATURAL_THAN_WILD: N_(
            "{natural} and {wild}; a meld needs more natural cards than wild cards"
        ),
        C.WILD_MELD_NOT_IN_RULES: N_(
            '"{rules}" has no meld of only twos and jokers (it has no wild canasta)'
        ),
        C.WILD_MELD_WITH_NATURAL: N_("{natural}; a meld of wild cards holds only twos and jokers"),
        C.BLACK_THREES_NOT_THREE_OR_FOUR: N_(
            "{threes}; black threes are melded {least} or {most} together"
        ),
        C.BLACK_THREES_WITH_WILD: N_("{wild}; black threes are melded without wild cards"),
        C.BLACK_THREES_WITHOUT_GOING_OUT: N_("only the side that goes out can meld black threes"),
        C.MELD_RANK_TWICE: N_("{count} melds of one rank; a side has one meld of each rank"),
        C.CANASTAS_NOT_AS_MELDED: N_(
            "{kind} canastas: {entered} entered, but the melds make {counted}"
        ),
        C.TWO_SIDES_WENT_OUT: Nn_(
            "{count} side went out; only one side can go out in a round",
            "{count} sides went out; only one side can go out in a round",
            "count",
        ),
        C.TWO_DEALER_BONUSES: Nn_(
            "{count} side has the dealer bonus; only the dealer's side can earn it",
            "{count} sides have the dealer bonus; only the dealer's side can earn it",
            "count",
        ),
        C.TOO_MANY_RED_THREES: Nn_(
            "{count} red three entered; the packs hold {most}",
            "{count} red threes entered; the packs hold {most}",
            "count",
        ),
        C.TOO_MANY_CARDS_OF_GROUP: N_("{count} {group} counted; the packs hold {most}"),
        C.TOO_MANY_CARD_POINTS: N_(
            "{count} melded and hand points entered in all; "
            "all the cards in the packs are worth {most}"
        ),
        C.TOO_MANY_OF_RANK: N_("{rank}: {count} melded in all; the packs hold {most}"),
        C.TOO_MANY_BLACK_THREES: Nn_(
            "{count} black three laid out; the packs hold {most}",
            "{count} black threes laid out; the packs hold {most}",
            "count",
        ),
        C.TOO_MANY_THREES_IN_HANDS: N_(
            "{count} threes counted in hands; with {laid} laid out, the packs hold {most} more"
        ),
        C.TOO_MANY_SAMBAS: Nn_(
            "{count} samba entered in all; the packs make at most {most}",
            "{count} sambas entered in all; the packs make at most {most}",
            "count",
        ),
        C.TOO_MANY_FOR_PACKS: N_(
            "{cards}: the canastas, unfinished melds and held hands entered need at least "
            "{count}; the packs hold {most}"
        ),
        C.ENTRY_COUNT_NOT_SIDE_COUNT: Nn_(
            "a round needs an entry for each of the {sides} side, got {got}",
            "a round needs an entry for each of the {sides} sides, got {got}",
            "sides",
        ),
        C.GAME_OVER: N_(
            'the game is over: "{winner}" won after round {ended}; no round can be added'
        ),
        C.NO_SUCH_ROUND: N_("there is no round {number}; the game has {count}"),
        C.CHANGE_ENDS_GAME_EARLIER: N_(
            "with this change the game would be over after round {ended}, "
            "but rounds {first} to {last} were played after it; remove those rounds first"
        ),
        C.CHANGE_ENDS_GAME_BEFORE_LAST: N_(
            "with this change the game would be over after round {ended}, "
            "but round {last} was played after it; remove that round first"
        ),
        C.ROUNDS_AFTER_GAME_OVER: N_(
            'the game was over after round {ended} ("{winner}" won); '
            "no round can be added to a finished game"
        ),
        C.OVERRIDE_UNKNOWN: N_('rule_overrides has no value "{key}"; it knows {known}'),
        C.OVERRIDE_NUMBER_TOO_LARGE: N_(
            "rule_overrides.{key} must be {expected}, each number at most {most}"
        ),
        C.OVERRIDE_INVALID: N_("rule_overrides.{key} must be {expected}, got {got}"),
        C.FILE_NOT_OBJECT: N_("a game file is a JSON object, got {got}"),
        C.FORMAT_UNKNOWN: N_('format must be "{expected}", got {got}'),
        C.RULES_UNKNOWN: N_("unknown rules {got}; the presets are {presets}"),
        C.OVERRIDES_NOT_OBJECT: N_("rule_overrides must be an object, got {got}"),
        C.RULES_NAME_INVALID: N_("rules_name must be text, got {got}"),
        C.SIDES_INVALID: N_("sides must be a list of {least} to {most} sides, got {got}"),
        C.SIDE_NOT_OBJECT: N_(
            "sides[{index}] must be an object with a name and players, got {got}"
        ),
        C.SIDE_NAME_INVALID: N_("sides[{index}].name must be a non-empty text, got {got}"),
        C.PLAYERS_INVALID: N_(
            'side "{side}": players must be a list of {least} to {most} names, got {got}'
        ),
        C.CARD_GROUP_UNKNOWN: N_("{field} has no card group {got}; the groups are {groups}"),
        C.CARD_COUNTS_NOT_WHOLE: N_("{field} card counts must be whole numbers ({groups})"),
        C.CARDS_INVALID: N_(
            "{field} must be card points (a whole number) or card counts by group, got {got}"
        ),
        C.MELD_INVALID: N_(
            'melded[{index}] must be a meld like {{"rank": "Q", "natural": 5, "twos": 1}} '
            "(whole numbers of natural cards, twos and jokers), got {got}"
        ),
        C.MELD_RANK_UNKNOWN: N_("melded[{index}] has no rank {got}; the ranks are {ranks}"),
        C.ENTRY_NOT_OBJECT: N_("an entry must be an object, got {got}"),
        C.ENTRY_FIELD_UNKNOWN: N_("unknown field {got}; an entry has {fields}"),
        C.CANASTAS_INVALID: N_('canastas must be counts by kind, e.g. {{"natural": 1}}, got {got}'),
        C.WENT_OUT_INVALID: N_('went_out must be null, "normal" or "concealed", got {got}'),
        C.NUMBER_INVALID: N_("{field} must be a whole number, got {got}"),
        C.DEALER_BONUS_INVALID: N_("dealer_bonus must be true or false, got {got}"),
        C.INCOMPLETE_INVALID: N_(
            'incomplete must be unfinished melds by kind, e.g. {{"aces": 1}} '
            "(aces, sevens, wild, wild_jokers), got {got}"
        ),
        C.SPECIAL_HAND_INVALID: N_(
            "special_hand must be null or the name of a special hand, got {got}"
        ),
        C.ROUNDS_INVALID: N_("rounds must be a list of rounds, got {got}"),
        C.ROUNDS_TOO_MANY: N_("rounds must be a list of at most {most} rounds, got {got}"),
        C.NAME_TOO_LONG: N_('a name must be at most {most} characters, got {got}: "{name}…"'),
        C.ROUND_INVALID: N_("a round is a list with one entry per side ({sides}), got {got}"),
        C.FIRST_DEALER_INVALID: N_(
            'first_dealer must be {{"side": S, "player": P}} naming a seated player, got {got}'
        ),
        W.MELDED_BELOW_OPENING_MINIMUM: N_(
            "{melded} melded points, below the {minimum} needed to open; "
            "the first meld alone had to reach it: check the count"
        ),
    }
)

#: Every `Term` a problem can carry: entry fields, card groups and canasta kinds as the game
#: file names them, JSON types, and what each rule override must be.
TERMS = (
    N_("melded"),
    N_("hand"),
    N_("jokers"),
    N_("twos"),
    N_("aces"),
    N_("high"),
    N_("low"),
    N_("black_threes"),
    N_("natural"),
    N_("mixed"),
    N_("natural_aces"),
    N_("mixed_aces"),
    N_("wild"),
    N_("an object"),
    N_("a list"),
    N_("a positive whole number"),
    N_("a positive whole number or null"),
    N_("2 or 3"),
    N_('points by card group, e.g. {"black_threes": 0}'),
    N_("bonus by canasta kind, null to drop a kind"),
    N_("a list of scores by count, starting with 0 for none"),
    N_("a whole number of points"),
    N_("a whole number from 0"),
    N_("a whole number of points or null"),
    N_("a list of [total from, minimum] pairs"),
    N_('"two-natural-three-wild" or "more-natural-than-wild"'),
    N_("natural cards"),
    # the rule families (RULES_FAMILIES.md)
    N_("natural_sevens"),
    N_("wild_twos"),
    N_("wild_jokers"),
    N_("samba"),
    N_("held_aces"),
    N_("held_sevens"),
    N_("incomplete"),
    N_("incomplete.aces"),
    N_("incomplete.sevens"),
    N_("incomplete.wild"),
    N_("incomplete.wild_jokers"),
    N_("straight"),
    N_("pairs"),
    N_("pairs_wild"),
    N_("garbage"),
    N_("special_hand"),
    N_("canastas"),
    N_("red_threes"),
    N_("went_out"),
    N_("dealer_bonus"),
    N_("penalty"),
    N_("a list of scores by count, starting with 0 for none, or null"),
    N_('"no-meld-minus", "0-canastas-minus-1-zero" or "below-2-canastas-minus"'),
    N_('"plus" or "minus"'),
    N_("points by unfinished meld (aces, sevens, wild, wild_jokers), null to drop one"),
    N_("points by hand name (lower-case letters, digits and _), null to drop a hand"),
)

#: The special hands of the presets, by name: a problem words them in the reader's language
#: (a hand a custom copy adds is shown as its name is written).
SPECIAL_HAND_NAMES = ("straight", "pairs", "pairs_wild", "garbage")

#: A meld's name by its rank (core/melds.py `Rank`), where a problem names the meld.
MELD_NAMES: Mapping[str, str] = MappingProxyType(
    {
        "A": N_("aces"),
        "K": N_("kings"),
        "Q": N_("queens"),
        "J": N_("jacks"),
        "10": N_("tens"),
        "9": N_("nines"),
        "8": N_("eights"),
        "7": N_("sevens"),
        "6": N_("sixes"),
        "5": N_("fives"),
        "4": N_("fours"),
        "3": N_("black threes"),
        "wild": N_("wild cards"),
    }
)

#: Where a problem is: joined by ", " before the problem's own words.
ROUND = N_("round {round}")
NAMED_SIDE = N_('side "{side}"')
NUMBERED_SIDE = N_("side {number}")
PLACED = N_("{where}: {problem}")

Param = int | str | tuple[str, ...] | Counted
Gettext = Callable[[str], str]
Ngettext = Callable[[str, str, int], str]
#: Writes a whole number as the reader's language does (1,600 / 1.600 / 1 600).
Number = Callable[[int], str]


def _english_ngettext(singular: str, plural: str, count: int) -> str:
    return singular if count == 1 else plural


@dataclass(frozen=True)
class Problem:
    """One thing wrong with an entry or a file: what (code and params) and where.

    A code outside `ProblemCode` is taken as text already worded: callers outside the core
    that have no code yet (typed-input parsing) build problems that way.

    >>> p = Problem(ProblemCode.TOO_MANY_RED_THREES, 3, params={"count": 5, "most": 4})
    >>> str(p)
    'round 3: 5 red threes entered; the packs hold 4'
    """

    code: str
    round_number: int | None = None  # counted from 1
    side: int | None = None  # index from 0
    side_name: str | None = None
    field: str | None = None  # game-file name of the field, e.g. "melded"
    params: Mapping[str, Param] = dataclasses.field(default_factory=dict, hash=False)
    #: The rank of the meld the problem is about (`"Q"`, `"3"`, `"wild"`), in a side's melds.
    meld: str | None = None

    @property
    def is_warning(self) -> bool:
        """Whether this is a warning (shown, the round can still be saved), not a refusal."""
        return self.code in WarningCode.__members__.values()

    @property
    def message(self) -> str:
        """The problem in English, without where it is."""
        return self.worded()

    def worded(
        self, gettext: Gettext = str, ngettext: Ngettext = _english_ngettext, number: Number = str
    ) -> str:
        """The problem's own words through a catalog's `gettext`/`ngettext`, its numbers
        written by `number` (English and plain digits without).

        >>> Problem(ProblemCode.PENALTY_TOO_LARGE, params={"most": 1000000, "got": 1000005}
        ...     ).worded(number="{:,}".format)
        'the penalty must be at most 1,000,000, got 1,000,005'
        """
        template = TEMPLATES.get(self.code)  # a ProblemCode is a str: plain ids find it too
        if template is None:
            return gettext(self.code)
        shown = {
            key: _shown(value, gettext, ngettext, number) for key, value in self.params.items()
        }
        if isinstance(template, Plural):
            count = self.params[template.count]
            assert isinstance(count, int), template.count
            return ngettext(template.singular, template.plural, count).format(**shown)
        return gettext(template).format(**shown)

    def placed(
        self, gettext: Gettext = str, ngettext: Ngettext = _english_ngettext, number: Number = str
    ) -> str:
        """The problem with where it is in front: `round 3, side "We": ...`."""
        where = []
        if self.round_number is not None:
            where.append(gettext(ROUND).format(round=self.round_number))
        if self.side is not None:
            where.append(
                gettext(NAMED_SIDE).format(side=self.side_name)
                if self.side_name
                else gettext(NUMBERED_SIDE).format(number=self.side + 1)
            )
        if self.meld is not None:
            where.append(gettext(MELD_NAMES.get(self.meld, self.meld)))
        problem = self.worded(gettext, ngettext, number)
        if not where:
            return problem
        return gettext(PLACED).format(where=", ".join(where), problem=problem)

    def __str__(self) -> str:
        return self.placed()


def _shown(value: Param, gettext: Gettext, ngettext: Ngettext, number: Number) -> str:
    if isinstance(value, tuple):
        return ", ".join(_shown(item, gettext, ngettext, number) for item in value)
    if isinstance(value, CopyOf):
        return gettext(CUSTOM_COPY).format(name=gettext(value))
    if isinstance(value, Counted):
        return value.worded(ngettext, number)
    if isinstance(value, Term):
        return gettext(value)
    if isinstance(value, int):
        return number(value)
    return value

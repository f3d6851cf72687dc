"""The numbers of a rule set as rows to read, and the presets side by side."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from canasta_score.core import (
    CanastaKind,
    CardGroup,
    MeldedWithoutCanasta,
    ProblemCode,
    RuleSet,
    ThreesSign,
    UnfinishedMeld,
    WildCardsInMeld,
    opening_minimum,
    override_rules,
)
from canasta_score.i18n import Translator
from canasta_score.ui.state.labels import (
    CANASTA_LABELS,
    CARD_GROUP_LABELS,
    N_,
    SPECIAL_HAND,
    UNFINISHED_LABELS,
    special_hand_label,
)
from canasta_score.ui.state.points import signed

#: The values a custom copy may change, with their label; all are whole numbers. The canasta
#: bonuses follow, one field for each kind of the copied rules (`canasta:<kind>`).
EDITABLE = [
    ("target", N_("Target")),
    ("going_out", N_("Going out")),
    ("going_out_concealed", N_("Going out concealed")),
    ("canastas_to_go_out", N_("Canastas to go out")),
    ("opening_below_zero", N_("Opening below 0")),
    ("dealer_bonus", N_("Dealer bonus")),
]
#: How many wild cards a meld may hold, in words (RULES.md, "Melds").
WILD_CARDS_IN_MELD = {
    WildCardsInMeld.TWO_NATURAL_THREE_WILD: N_("at least 2 natural cards and at most 3 wild ones"),
    WildCardsInMeld.MORE_NATURAL_THAN_WILD: N_("more natural cards than wild ones"),
}
WILD_CARDS_LABEL = N_("Wild cards in a meld")
#: The label of the points off for each player holding three or more aces or sevens.
HELD_PENALTY = N_("Each player holding three or more aces or sevens")


def rules_table(
    rules: RuleSet, tr: Translator, opening_from: Sequence[int] | None = None
) -> list[tuple[str, str]]:
    """The numbers of a rule set as (what, value) rows, in the order players look them up.
    The opening minimum is given from each total where it changes, or from each total of
    `opening_from` (where rule sets are compared: every set's steps in every column)."""
    values = rules.card_values
    n = tr.number
    rows = [
        (tr._("Packs"), n(rules.packs)),
        (
            tr._("Card values"),
            tr._("joker {j}, two {t}, ace {a}, K-8 {h}, 7-4 {l}, black three {b}").format(
                j=n(values.jokers),
                t=n(values.twos),
                a=n(values.aces),
                h=n(values.high),
                l=n(values.low),
                b=n(values.black_threes),
            ),
        ),
    ]
    for kind in rules.canasta_kinds:
        rows.append((tr._(CANASTA_LABELS[kind]), n(rules.canasta_bonuses[kind])))
    by_count = " / ".join
    rows.append((tr._("Red threes by count"), by_count(n(v) for v in rules.red_threes[1:])))
    if rules.red_threes_minus is not None:
        rows.append(
            (
                tr._("Red threes when they count minus"),
                by_count(n(v) for v in rules.red_threes_minus[1:]),
            )
        )
    if rules.black_threes is not None:
        rows.append(
            (
                tr._("Black threes laid out, by count"),
                by_count(n(v) for v in rules.black_threes[1:]),
            )
        )
    if rules.meld_by_meld:  # the rule families' melds keep no count of wild cards
        rows.append((tr._(WILD_CARDS_LABEL), tr._(WILD_CARDS_IN_MELD[rules.wild_cards_in_meld])))
    rows += [
        (tr._("Threes count minus"), tr._(THREES_MINUS[rules.threes_sign])),
        (
            tr._("Melded points without a canasta"),
            tr._(MELDED_WITHOUT_CANASTA[rules.melded_without_canasta]),
        ),
    ]
    for meld in UnfinishedMeld:
        if (points := rules.incomplete_penalty.get(meld)) is not None:
            rows.append((tr._(UNFINISHED_LABELS[meld]), minus(points, tr)))
    if rules.held_penalty is not None:
        rows.append(
            (
                tr._(HELD_PENALTY),
                minus(rules.held_penalty, tr),
            )
        )
    for hand, points in rules.special_hands.items():
        rows.append(
            (
                tr._(SPECIAL_HAND).format(hand=special_hand_label(hand, tr._)),
                n(points),
            )
        )
    rows += [
        (tr._("Going out"), n(rules.going_out)),
        (
            tr._("Going out concealed"),
            n(rules.going_out_concealed) if rules.going_out_concealed is not None else tr._("none"),
        ),
        (tr._("Canastas to go out"), n(rules.canastas_to_go_out)),
        (
            tr._("Dealer bonus"),
            n(rules.dealer_bonus) if rules.dealer_bonus is not None else tr._("none"),
        ),
        (tr._("Target"), _target_text(rules, tr)),
        (tr._("Opening below 0"), n(rules.opening_below_zero)),
    ]
    steps = rules.opening_tiers
    if opening_from is not None:
        steps = tuple((total, opening_minimum(total, rules)) for total in opening_from)
    for total_from, minimum in steps:
        rows.append((tr._("Opening from {total}").format(total=n(total_from)), n(minimum)))
    return rows


#: When a side's threes count minus, in words (the threes of a side count plus otherwise,
#: or nothing where said).
THREES_MINUS = {
    ThreesSign.NO_MELD_MINUS: N_("with nothing melded"),
    ThreesSign.NO_CANASTA_MINUS_ONE_ZERO: N_(
        "with no canasta; with one canasta they count nothing"
    ),
    ThreesSign.BELOW_TWO_CANASTAS_MINUS: N_("with fewer than two canastas"),
}

#: How melded points count for a side with no canasta.
MELDED_WITHOUT_CANASTA = {
    MeldedWithoutCanasta.PLUS: N_("count plus"),
    MeldedWithoutCanasta.MINUS: N_("count minus"),
}


def minus(points: int, tr: Translator) -> str:
    """Points taken off, as the score sheet writes them.

    >>> from canasta_score.i18n import translator
    >>> minus(2500, translator("en")), minus(1500, translator("de"))
    ('-2,500', '-1.500')
    """
    return signed(-points, tr)


def _target_text(rules: RuleSet, tr: Translator) -> str:
    if rules.three_side_target is not None:
        return tr._("{target} ({three} with three sides)").format(
            target=tr.number(rules.target), three=tr.number(rules.three_side_target)
        )
    return tr.number(rules.target)


def compare_presets(
    presets: Sequence[RuleSet], tr: Translator
) -> list[tuple[str, list[str], list[bool]]]:
    """Rows of (what, value per preset, differs from the first preset) for a side-by-side table.

    A row only some sets have comes after the row it follows in them (Modern American's
    canastas of sevens with the other canastas, not after the opening minimums), and the
    opening minimums are compared at every set's steps.

    >>> from canasta_score.core import AMERICAN, CLASSIC
    >>> from canasta_score.i18n import translator
    >>> rows = compare_presets([CLASSIC, AMERICAN], translator("en"))
    >>> [label for label, _values, _differs in rows][3:6]
    ['Mixed canastas', 'Natural aces canastas', 'Natural sevens canastas']
    >>> [(label, values) for label, values, _differs in rows if label.startswith("Opening")][2:]
    [('Opening from 1,500', ['90', '125']), ('Opening from 3,000', ['120', '155']), ('Opening from 5,000', ['120', '180'])]
    """
    steps = sorted({total for rules in presets for total, _minimum in rules.opening_tiers})
    tables = [dict(rules_table(rules, tr, steps)) for rules in presets]
    keys: list[str] = []
    for table in tables:
        at = 0  # where the next row of this set goes: after the last row of it placed
        for key in table:
            if key in keys:
                at = keys.index(key) + 1
            else:
                keys.insert(at, key)
                at += 1
    rows = []
    for key in keys:
        values = [table.get(key, "-") for table in tables]
        rows.append((key, values, [value != values[0] for value in values]))
    return rows


#: The rule values given key by key in the form, by the prefix of their fields' keys: each
#: field holds the points of one canasta kind, unfinished meld or special hand.
KEYED_FIELDS = {
    "canasta": "canasta_bonuses",
    "incomplete": "incomplete_penalty",
    "hand": "special_hands",
    "card": "card_values",
}


def form_fields(base: RuleSet, tr: Translator) -> list[tuple[str, str, str]]:
    """The fields of the custom rule set form for a copy of `base`, as (key, label, value):
    `EDITABLE` and the held-card penalty where `base` has them (a value it has none of, as
    concealed going out in Samba, starts blank and stays none), then one field for each of
    its canasta kinds, unfinished melds and special hands, each card group's value and the
    red threes by count.

    >>> from canasta_score.core import AMERICAN
    >>> from canasta_score.i18n import translator
    >>> fields = [(key, value) for key, _label, value in form_fields(AMERICAN, translator("en"))]
    >>> fields[-16:-10]
    [('incomplete:wild', '2000'), ('incomplete:wild_jokers', '2000'), ('hand:straight', '3000'), ('hand:pairs', '2500'), ('hand:pairs_wild', '2000'), ('hand:garbage', '3000')]
    >>> fields[-10:-8], fields[-4:]
    ([('card:jokers', '50'), ('card:twos', '20')], [('red:1', '100'), ('red:2', '300'), ('red:3', '500'), ('red:4', '1000')])
    """
    keys = [key for key, _label in EDITABLE]
    if base.held_penalty is not None:
        keys.append("held_penalty")
    fields = []
    for key in keys:
        value = getattr(base, key)
        fields.append((key, field_label(key, tr), "" if value is None else str(value)))
    for total, minimum in base.opening_tiers:  # samba's 150 from 7,000, or 160 (a switch)
        key = f"opening:{total}"
        fields.append((key, field_label(key, tr), str(minimum)))
    keyed = [
        *(f"canasta:{kind.value}" for kind in base.canasta_kinds),
        *(f"incomplete:{meld.value}" for meld in UnfinishedMeld if meld in base.incomplete_penalty),
        *(f"hand:{hand}" for hand in base.special_hands),
        *(f"card:{group.value}" for group in CardGroup),
        *(f"red:{count}" for count in range(1, len(base.red_threes))),
    ]
    for key in keyed:
        fields.append((key, field_label(key, tr), str(_keyed_value(base, key))))
    return fields


def _tiers(base: RuleSet, minimums: Mapping[int, int]) -> list[list[int]]:
    """`base`'s opening steps with the minimums typed for some of them."""
    return [[total, minimums.get(total, minimum)] for total, minimum in base.opening_tiers]


def _keyed_value(rules: RuleSet, key: str) -> int:
    prefix, name = key.split(":", 1)
    if prefix == "red":
        return rules.red_threes[int(name)]
    if prefix == "card":
        return rules.card_values.as_dict()[name]
    values: Mapping[Any, int] = getattr(rules, KEYED_FIELDS[prefix])
    return values[name]


def _red_threes(base: RuleSet, typed: Mapping[int, int]) -> list[int]:
    """`base`'s red threes by count with the values typed for some counts."""
    return [typed.get(count, value) for count, value in enumerate(base.red_threes)]


def field_label(key: str, tr: Translator) -> str:
    """The label of a field of the custom rule set form (see `form_fields`), worded."""
    prefix, _colon, name = key.partition(":")
    if prefix == "opening":
        return tr._("Opening from {total}").format(total=tr.number(int(name)))
    if prefix == "canasta":
        return tr._(CANASTA_LABELS[CanastaKind(name)])
    if prefix == "incomplete":
        return tr._(UNFINISHED_LABELS[UnfinishedMeld(name)])
    if prefix == "hand":
        return tr._(SPECIAL_HAND).format(hand=special_hand_label(name, tr._))
    if prefix == "card":
        return tr._(CARD_GROUP_LABELS[CardGroup(name)])
    if prefix == "red":
        return tr.ngettext("{n} red three", "{n} red threes", int(name)).format(
            n=tr.number(int(name))
        )
    if key == "held_penalty":
        return tr._(HELD_PENALTY)
    return tr._(dict(EDITABLE)[key])


#: A switch's choice that keeps the copied rule set's own red threes counted minus.
OWN_MINUS, BONUS_AS_MINUS = "own", "bonus"


def form_choices(
    base: RuleSet, tr: Translator
) -> list[tuple[str, str, str, list[tuple[str, str]]]]:
    """The switches of the custom rule set form, as (key, label, value, [(choice, words)]):
    where `base` departs from classic Canasta in a way other sources do not (RULES_FAMILIES.md,
    "Switches"): melded points without a canasta counted minus (american; plus, as classic,
    the other choice), and red threes' own minus values (samba; the bonus values counted
    minus, the other); and, for every rule set entered meld by meld, how many wild cards a
    meld may hold (the rule families keep no such count: RULES_FAMILIES.md, "unused").

    >>> from canasta_score.core import AMERICAN, CLASSIC, SAMBA
    >>> from canasta_score.i18n import translator
    >>> [(key, value, choices) for key, _label, value, choices in form_choices(SAMBA, translator("en"))]
    [('red_threes_minus', 'own', [('own', '100 / 200 / 300 / 400 / 500 / 600'), ('bonus', '100 / 200 / 300 / 400 / 500 / 1,000')])]
    >>> [key for key, *_rest in form_choices(AMERICAN, translator("en"))]
    ['melded_without_canasta']
    >>> [(key, value, choices) for key, _label, value, choices in form_choices(CLASSIC, translator("en"))]
    [('wild_cards_in_meld', 'two-natural-three-wild', [('two-natural-three-wild', 'at least 2 natural cards and at most 3 wild ones'), ('more-natural-than-wild', 'more natural cards than wild ones')])]
    """
    choices = []
    if base.meld_by_meld:
        choices.append(
            (
                "wild_cards_in_meld",
                tr._(WILD_CARDS_LABEL),
                base.wild_cards_in_meld.value,
                [(rule.value, tr._(words)) for rule, words in WILD_CARDS_IN_MELD.items()],
            )
        )
    if base.melded_without_canasta == MeldedWithoutCanasta.MINUS:
        choices.append(
            (
                "melded_without_canasta",
                tr._("Melded points without a canasta"),
                base.melded_without_canasta.value,
                [(sign.value, tr._(words)) for sign, words in MELDED_WITHOUT_CANASTA.items()],
            )
        )
    if base.red_threes_minus is not None:

        def by_count(values: Sequence[int]) -> str:
            return " / ".join(tr.number(value) for value in values[1:])

        choices.append(
            (
                "red_threes_minus",
                tr._("Red threes when they count minus"),
                OWN_MINUS,
                [
                    (OWN_MINUS, by_count(base.red_threes_minus)),
                    (BONUS_AS_MINUS, by_count(base.red_threes)),
                ],
            )
        )
    return choices


def custom_copy(
    base: RuleSet, typed: Mapping[str, str], tr: Translator
) -> tuple[RuleSet, list[str]]:
    """A copy of `base` with the values typed in the custom rule set form (by field key), and
    what is wrong with any of them, each said with the field's label as the form shows it (a
    game file's key names mean nothing to the person typing). A field left blank where `base`
    has no such value (concealed going out in Samba) keeps it none.

    >>> from canasta_score.core import CLASSIC
    >>> from canasta_score.i18n import translator
    >>> _, problems = custom_copy(CLASSIC, {"target": "0", "going_out": "x"}, translator("en"))
    >>> problems
    ['Target: type a number above 0', 'Going out: type a whole number']
    """
    overrides: dict[str, Any] = {}
    keyed: dict[str, dict[str, int]] = {}
    openings: dict[int, int] = {}
    reds: dict[int, int] = {}
    problems: list[str] = []
    for key, text in typed.items():
        if key in ("melded_without_canasta", "wild_cards_in_meld"):
            overrides[key] = text
            continue
        if key == "red_threes_minus":
            if text == BONUS_AS_MINUS:
                overrides[key] = None
            continue
        what = field_label(key, tr)
        text = text.strip()
        prefix, colon, name = key.partition(":")
        if not text and not colon and getattr(base, key, 0) is None:
            continue  # none it was, none it stays
        if not (text.isascii() and text.isdecimal()):
            problems.append(tr._("{what}: type a whole number").format(what=what))
            continue
        value = int(text)
        if prefix == "opening":
            alone: dict[str, Any] = {"opening_tiers": _tiers(base, {int(name): value})}
        elif prefix == "red":
            alone = {"red_threes": _red_threes(base, {int(name): value})}
        else:
            alone = {KEYED_FIELDS[prefix]: {name: value}} if colon else {key: value}
        # Each value checked alone, so a refusal names its own field.
        _rules, refused = override_rules(base, alone)
        for problem in refused:
            if problem.code == ProblemCode.OVERRIDE_NUMBER_TOO_LARGE:
                problems.append(
                    tr._("{what}: type a number up to {most}").format(
                        what=what,
                        most=tr.number(int(str(problem.params["most"]))),
                    )
                )
            elif value == 0:  # a whole number refused: only a target must be above 0
                problems.append(tr._("{what}: type a number above 0").format(what=what))
            else:  # no other whole number is refused today; said plainly should one be
                problems.append(tr._("{what}: type a whole number").format(what=what))
        if prefix == "opening":
            openings[int(name)] = value
        elif prefix == "red":
            reds[int(name)] = value
        elif colon:
            keyed.setdefault(KEYED_FIELDS[prefix], {})[name] = value
        else:
            overrides[key] = value
    if problems:
        return base, problems
    overrides |= keyed
    if openings:
        overrides["opening_tiers"] = _tiers(base, openings)
    if reds:
        overrides["red_threes"] = _red_threes(base, reds)
    rules, refused = override_rules(base, overrides)
    return rules, [tr.problem(problem) for problem in refused]

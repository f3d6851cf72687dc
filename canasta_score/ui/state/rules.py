"""The numbers of a rule set as rows to read, and the presets side by side."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from canasta_score.core import CanastaKind, ProblemCode, RuleSet, override_rules
from canasta_score.i18n import Translator
from canasta_score.ui.state.labels import CANASTA_LABELS, N_

#: The values a custom copy may change, with their label; all are whole numbers. The canasta
#: bonuses follow, one field for each kind of the copied rules (`canasta:<kind>`).
EDITABLE = [
    ("target", N_("Target")),
    ("going_out", N_("Going out")),
    ("going_out_concealed", N_("Going out concealed")),
    ("canastas_to_go_out", N_("Canastas to go out")),
    ("opening_below_zero", N_("Opening below 0")),
]


def rules_table(rules: RuleSet, tr: Translator) -> list[tuple[str, str]]:
    """The numbers of a rule set as (what, value) rows, in the order players look them up."""
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
    rows += [
        (tr._("Red threes by count"), " / ".join(n(v) for v in rules.red_threes[1:])),
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
    for total_from, minimum in rules.opening_tiers:
        rows.append((tr._("Opening from {total}").format(total=n(total_from)), n(minimum)))
    return rows


def _target_text(rules: RuleSet, tr: Translator) -> str:
    if rules.three_side_target is not None:
        return tr._("{target} ({three} with three sides)").format(
            target=tr.number(rules.target), three=tr.number(rules.three_side_target)
        )
    return tr.number(rules.target)


def compare_presets(
    presets: Sequence[RuleSet], tr: Translator
) -> list[tuple[str, list[str], list[bool]]]:
    """Rows of (what, value per preset, differs from the first preset) for a side-by-side table."""
    tables = [dict(rules_table(rules, tr)) for rules in presets]
    keys: list[str] = []
    for table in tables:
        keys += [key for key in table if key not in keys]
    rows = []
    for key in keys:
        values = [table.get(key, "-") for table in tables]
        rows.append((key, values, [value != values[0] for value in values]))
    return rows


def field_label(key: str) -> str:
    """The label (a msgid) of a field of the custom rule set form: a value of `EDITABLE` or
    `canasta:<kind>`."""
    if key.startswith("canasta:"):
        return CANASTA_LABELS[CanastaKind(key.split(":", 1)[1])]
    return dict(EDITABLE)[key]


def custom_copy(
    base: RuleSet, typed: Mapping[str, str], tr: Translator
) -> tuple[RuleSet, list[str]]:
    """A copy of `base` with the values typed in the custom rule set form (by field key), and
    what is wrong with any of them, each said with the field's label as the form shows it (a
    game file's key names mean nothing to the person typing).

    >>> from canasta_score.core import CLASSIC
    >>> from canasta_score.i18n import translator
    >>> _, problems = custom_copy(CLASSIC, {"target": "0", "going_out": "x"}, translator("en"))
    >>> problems
    ['Target: type a number above 0', 'Going out: type a whole number']
    """
    overrides: dict[str, Any] = {}
    bonuses: dict[str, int] = {}
    problems: list[str] = []
    for key, text in typed.items():
        what = tr._(field_label(key))
        text = text.strip()
        if not (text.isascii() and text.isdecimal()):
            problems.append(tr._("{what}: type a whole number").format(what=what))
            continue
        value = int(text)
        alone = (
            {"canasta_bonuses": {key.split(":", 1)[1]: value}}
            if key.startswith("canasta:")
            else {key: value}
        )
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
        if key.startswith("canasta:"):
            bonuses[key.split(":", 1)[1]] = value
        else:
            overrides[key] = value
    if problems:
        return base, problems
    overrides["canasta_bonuses"] = bonuses
    rules, refused = override_rules(base, overrides)
    return rules, [tr.problem(problem) for problem in refused]

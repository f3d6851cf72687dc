"""The numbers of a rule set as rows to read, and the presets side by side."""

from __future__ import annotations

from collections.abc import Sequence

from canasta_score.core import RuleSet
from canasta_score.i18n import Translator
from canasta_score.ui.state.labels import CANASTA_LABELS


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
        (tr._("Going out concealed"), n(rules.going_out_concealed)),
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

"""The numbers of a rule set as rows to read, and the presets side by side."""

from __future__ import annotations

from collections.abc import Sequence

from canasta_score.core import RuleSet
from canasta_score.i18n import _
from canasta_score.ui.state.labels import CANASTA_LABELS


def rules_table(rules: RuleSet) -> list[tuple[str, str]]:
    """The numbers of a rule set as (what, value) rows, in the order players look them up."""
    values = rules.card_values
    rows = [
        (_("Packs"), str(rules.packs)),
        (
            _("Card values"),
            _("joker {j}, two {t}, ace {a}, K-8 {h}, 7-4 {l}, black three {b}").format(
                j=values.jokers,
                t=values.twos,
                a=values.aces,
                h=values.high,
                l=values.low,
                b=values.black_threes,
            ),
        ),
    ]
    for kind in rules.canasta_kinds:
        rows.append((_(CANASTA_LABELS[kind]), str(rules.canasta_bonuses[kind])))
    rows += [
        (_("Red threes by count"), " / ".join(str(v) for v in rules.red_threes[1:])),
        (_("Going out"), str(rules.going_out)),
        (_("Going out concealed"), str(rules.going_out_concealed)),
        (_("Canastas to go out"), str(rules.canastas_to_go_out)),
        (
            _("Dealer bonus"),
            str(rules.dealer_bonus) if rules.dealer_bonus is not None else _("none"),
        ),
        (_("Target"), _target_text(rules)),
        (_("Opening below 0"), str(rules.opening_below_zero)),
    ]
    for total_from, minimum in rules.opening_tiers:
        rows.append((_("Opening from {total}").format(total=total_from), str(minimum)))
    return rows


def _target_text(rules: RuleSet) -> str:
    if rules.three_side_target is not None:
        return _("{target} ({three} with three sides)").format(
            target=rules.target, three=rules.three_side_target
        )
    return str(rules.target)


def compare_presets(presets: Sequence[RuleSet]) -> list[tuple[str, list[str], list[bool]]]:
    """Rows of (what, value per preset, differs from the first preset) for a side-by-side table."""
    tables = [dict(rules_table(rules)) for rules in presets]
    keys: list[str] = []
    for table in tables:
        keys += [key for key in table if key not in keys]
    rows = []
    for key in keys:
        values = [table.get(key, "-") for table in tables]
        rows.append((key, values, [value != values[0] for value in values]))
    return rows

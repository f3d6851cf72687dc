"""What native readers of the catalogs refused stays refused: each wording below was read as a
fault by a player of that language (issue 32, finding 8), against the seed of its language."""

from __future__ import annotations

import pytest
from test_catalogs import po_path, read

from canasta_score.core import CanastaKind
from canasta_score.i18n import LANGUAGES, translator
from canasta_score.ui.state.labels import CANASTA_LABELS

#: Wordings a native reader refused, by language: none may come back in any message.
REFUSED = {
    # Word-for-word copies of the English "A fault in the app stopped this screen" and
    # "More for {side}" ("more for Vi").
    "nb": ["En feil i appen stoppet", "En feil i appen avbrøt", "Mer for {side}"],
    # A minimum below 0, where the rule is the minimum for a score below 0.
    "nl": ["Minimumwaarde onder 0"],
    # "More for Vi": a calque of "More for {side}".
    "da": ["Mere for {side}"],
}


@pytest.mark.parametrize("language", sorted(REFUSED))
def test_a_wording_a_native_reader_refused_is_in_no_message(language: str) -> None:
    shown = [
        text
        for message in read(po_path(language))
        for text in (message.string if isinstance(message.string, tuple) else [message.string])
    ]
    for refused in REFUSED[language]:
        assert not [text for text in shown if refused in text], refused


@pytest.mark.parametrize("language", sorted(set(LANGUAGES) - {"en"}))
@pytest.mark.parametrize(
    ("stepper", "kind"),
    [("Natural aces", CanastaKind.NATURAL_ACES), ("Mixed aces", CanastaKind.MIXED_ACES)],
)
def test_an_aces_canasta_stepper_names_the_canastas_not_the_aces(
    language: str, stepper: str, kind: CanastaKind
) -> None:
    """Dutch "Zuivere azen" read as ace cards beside the "Azen" card row, as German "Echte
    Asse" did: the stepper counts canastas and is named as the rules name them."""
    tr = translator(language)
    assert tr._(stepper) == tr._(CANASTA_LABELS[kind])


@pytest.mark.parametrize("language", sorted(LANGUAGES))
@pytest.mark.parametrize("count", [1, 3])
def test_wild_cards_are_not_worded_as_the_jokers_alone(language: str, count: int) -> None:
    """Danish "3 jokere" for three wild cards (twos counted in) read as the "Jokere" counter
    beside the "2'ere" one."""
    tr = translator(language)
    wild = tr.ngettext("{count} wild card", "{count} wild cards", count)
    jokers = tr.ngettext("{count} joker", "{count} jokers", count)
    assert wild != jokers

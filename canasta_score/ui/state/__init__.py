"""What the screens hold between taps, as plain Python: one module per screen's state.

Nothing here knows Flet or the database; views call the verb methods and show the results.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from canasta_score.core.lazy import exports

if TYPE_CHECKING:
    from canasta_score.ui.state.labels import CANASTA_LABELS, CARD_GROUP_LABELS, N_
    from canasta_score.ui.state.names import default_side_name, is_default_name, shown_game
    from canasta_score.ui.state.new_game import NewGameForm, SideForm
    from canasta_score.ui.state.points import format_points, parse_points, signed
    from canasta_score.ui.state.round_entry import CardPlace, EntryMode, RoundDraft, SideDraft
    from canasta_score.ui.state.rules import compare_presets, rules_table
    from canasta_score.ui.state.sheet import (
        SheetRow,
        SideColumn,
        player_name,
        sheet_columns,
        sheet_rows,
    )

_MODULES = {
    "CANASTA_LABELS": "labels",
    "CARD_GROUP_LABELS": "labels",
    "N_": "labels",
    "default_side_name": "names",
    "is_default_name": "names",
    "shown_game": "names",
    "NewGameForm": "new_game",
    "SideForm": "new_game",
    "format_points": "points",
    "parse_points": "points",
    "signed": "points",
    "CardPlace": "round_entry",
    "EntryMode": "round_entry",
    "RoundDraft": "round_entry",
    "SideDraft": "round_entry",
    "compare_presets": "rules",
    "rules_table": "rules",
    "SheetRow": "sheet",
    "SideColumn": "sheet",
    "player_name": "sheet",
    "sheet_columns": "sheet",
    "sheet_rows": "sheet",
}

__getattr__ = exports(__name__, _MODULES)

__all__ = [
    "CANASTA_LABELS",
    "CARD_GROUP_LABELS",
    "N_",
    "CardPlace",
    "EntryMode",
    "NewGameForm",
    "RoundDraft",
    "SheetRow",
    "SideColumn",
    "SideDraft",
    "SideForm",
    "compare_presets",
    "default_side_name",
    "format_points",
    "is_default_name",
    "parse_points",
    "player_name",
    "rules_table",
    "sheet_columns",
    "sheet_rows",
    "shown_game",
    "signed",
]

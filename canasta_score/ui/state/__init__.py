"""What the screens hold between taps, as plain Python: one module per screen's state.

Nothing here knows Flet or the database; views call the verb methods and show the results.
"""

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

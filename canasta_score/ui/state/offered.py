"""Which presets the screens offer: to start a game with, to copy, and compared on the rules screen."""

from __future__ import annotations

from collections.abc import Mapping

from canasta_score.core import ALL_PRESETS, RuleSet

#: The presets a new game, a custom copy and the rules compared offer, in the order shown.
#: All eight: the six of RULES.md and the rule families of RULES_FAMILIES.md (Modern
#: American, Samba). Set it to `canasta_score.core.PRESETS` to offer the six alone (a game of
#: a family already stored, or imported, is still shown, scored and filtered by in full).
OFFERED_PRESETS: Mapping[str, RuleSet] = ALL_PRESETS

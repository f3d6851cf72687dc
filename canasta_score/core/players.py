"""Who a player is: the one key that tells one player's name from another's, everywhere."""

from __future__ import annotations

import unicodedata

from canasta_score.core.game import table_name


def player_key(name: str) -> str:
    """A name as it identifies a player: case (in every alphabet), compatibility forms and
    outer or repeated spaces do not count. Storage keeps it beside the name, the statistics
    and the history's search compare by it.

    >>> player_key("  ÅSA   Berg ") == player_key("åsa berg")
    True
    >>> player_key("Straße"), player_key("ﬁnn")
    ('strasse', 'finn')
    """
    # NFKC on both sides of the case fold: folding can leave a form that is not normalised.
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    return table_name(folded)

"""Who a player is: the one key that tells one player's name from another's, everywhere."""

from __future__ import annotations

import unicodedata

#: The longest name of a side, a player or a rule set, in characters (a game file with a
#: longer one is refused: `gamefile`).
MAX_NAME = 100


def table_name(text: str) -> str:
    r"""A side's or player's name as the sheet shows it on one line: line breaks, tabs and
    other control or text-direction characters become spaces, and spaces run together; at
    most `MAX_NAME` characters, so that every game's file can be read back.

    >>> table_name("  Anna\n\u202eBen\t ")
    'Anna Ben'
    >>> len(table_name("A" * 150))
    100
    """
    visible = "".join(
        " " if unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") else c for c in text
    )
    return " ".join(visible.split())[:MAX_NAME].rstrip()


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

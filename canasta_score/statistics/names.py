"""Who is who across games: names match ignoring case and spacing; renames and merges are facts."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from canasta_score.core import player_key, table_name


@dataclass(frozen=True)
class NameChange:
    """Every player called `old` is called `new` from here on, in every game ever played.

    Merging "Jan" into "Jan B." is the same fact as renaming "Anne" to "Anna"; undoing one is
    leaving it out of the list.
    """

    old: str
    new: str


_NONE: Mapping[str, str] = MappingProxyType({})


@dataclass(frozen=True)
class Names:
    """The persons behind the names of the history, after a list of name changes."""

    #: Name key as entered in a game -> key of the person it now belongs to (changed names only).
    current: Mapping[str, str] = field(default_factory=lambda: _NONE, hash=False)
    #: Person key -> the spelling the last change to it gave (changed names only).
    spellings: Mapping[str, str] = field(default_factory=lambda: _NONE, hash=False)

    def person(self, name: str) -> str:
        """The key of the person a name entered in a game belongs to.

        >>> apply_changes([NameChange("Anne", "Anna")]).person(" ANNE ")
        'anna'
        """
        key = player_key(name)
        return self.current.get(key, key)


def apply_changes(changes: Iterable[NameChange]) -> Names:
    """The persons after applying name changes in order to the whole history.

    Each change moves whoever is called `old` at that point, so chains follow through:

    >>> apply_changes([NameChange("A", "B"), NameChange("B", "C")]).person("a")
    'c'
    >>> apply_changes([NameChange("B", "C"), NameChange("A", "B")]).person("a")
    'b'
    """
    current: dict[str, str] = {}
    spellings: dict[str, str] = {}
    for change in changes:
        old, new = player_key(change.old), player_key(change.new)
        if not old or not new:
            continue  # a blank name names nobody
        if old not in current:
            current[old] = old  # the raw name is still called `old`: it moves with the others
        for entered, person in current.items():
            if person == old:
                current[entered] = new
        spellings[new] = table_name(change.new)
    return Names(MappingProxyType(current), MappingProxyType(spellings))

"""What storage raises: a stale change, a game not found, an import refused, an unusable file."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from canasta_score.core import Problem
from canasta_score.core.problems import N_, Gettext, Ngettext, Number
from canasta_score.storage.notices import Notice, NoticeCode, english_ngettext

#: How a problem of a backup's game starts (the game counted from 1).
IN_GAME = N_("game {n}: {problem}")


class StaleGame(Exception):
    """A change based on an old version of a game, which has been changed elsewhere since."""

    def __init__(self, game_id: int, expected_version: int, current_version: int) -> None:
        #: Why, as data to word in the reader's language (`str()` is English).
        self.notice = Notice(
            NoticeCode.GAME_CHANGED_ELSEWHERE,
            # ids and versions are names, not amounts: never written with thousands separators
            {
                "game": str(game_id),
                "expected": str(expected_version),
                "current": str(current_version),
            },
        )
        super().__init__(str(self.notice))
        self.game_id = game_id
        self.expected_version = expected_version
        self.current_version = current_version


class StorageError(Exception):
    """The database cannot be used as it is (e.g. written by a newer version of the app);
    `notice` says why as data, `str()` in English."""

    def __init__(self, notice: Notice) -> None:
        super().__init__(str(notice))
        self.notice = notice


class DatabaseUnavailable(StorageError):
    """The database refused or could not be reached for a read or a write (a locked file, a
    full disk, a server restarting); nothing of that write was saved, and the next may be."""


class GameNotFound(LookupError):
    """No stored game has this id (or it was deleted)."""

    def __init__(self, game_id: int, deleted: bool = False) -> None:
        code = NoticeCode.GAME_DELETED if deleted else NoticeCode.GAME_NOT_FOUND
        #: Why, as data to word in the reader's language (`str()` is English).
        self.notice = Notice(code, {"game": str(game_id)})  # an id: no thousands separators
        super().__init__(str(self.notice))
        self.game_id = game_id

    def __str__(self) -> str:  # LookupError would quote the message like a dictionary key
        return str(self.args[0])


@dataclass(frozen=True)
class ImportProblem:
    """One reason a file cannot be imported: what is wrong (a problem from the core or a
    notice, both worded where they are shown, or a plain line) and in which game of a backup
    (counted from 1)."""

    problem: Problem | Notice | str
    game: int | None = None

    def worded(
        self, gettext: Gettext = str, ngettext: Ngettext | None = None, number: Number = str
    ) -> str:
        """The reason through a catalog's `gettext`/`ngettext`, its numbers written by
        `number` (English and plain digits without)."""
        if isinstance(self.problem, Problem):
            said = self.problem.placed(gettext, ngettext or english_ngettext, number)
        elif isinstance(self.problem, Notice):
            said = self.problem.worded(gettext, ngettext, number)
        else:
            said = self.problem
        if self.game is None:
            return said
        return gettext(IN_GAME).format(n=number(self.game), problem=said)

    def __str__(self) -> str:
        return self.worded()


class ImportRefused(ValueError):
    """A game file or backup that cannot be imported; `problems` lists every reason in English,
    one a line, and `details` the same reasons as data, for wording them in another language."""

    def __init__(self, problems: Sequence[ImportProblem | str]) -> None:
        self.details = [p if isinstance(p, ImportProblem) else ImportProblem(p) for p in problems]
        self.problems = [str(p) for p in self.details]
        super().__init__("\n".join(self.problems))


class NameChangeNotFound(LookupError):
    """No stored name change has this id (it was undone already?)."""

    def __init__(self, change_id: int) -> None:
        #: Why, as data to word in the reader's language (`str()` is English).
        self.notice = Notice(NoticeCode.NAME_CHANGE_UNDONE, {"change": str(change_id)})
        super().__init__(str(self.notice))
        self.change_id = change_id

    def __str__(self) -> str:
        return str(self.args[0])

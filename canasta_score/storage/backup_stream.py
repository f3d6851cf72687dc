"""Reading a backup file game by game, so a backup of any size never sits whole in memory."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any, TextIO

#: Characters read at a time.
CHUNK = 1 << 16
_decoder = json.JSONDecoder()
_SPACE = " \t\n\r"


class NotStreamable(Exception):
    """The file is not a well-formed backup whose format comes before its games: read it whole
    instead (which also names what is wrong with it, exactly as for any other file)."""


class _Text:
    """The file's text, read a chunk at a time; what has been read past is let go."""

    def __init__(self, file: TextIO) -> None:
        self.file = file
        self.buffer = ""
        self.at = 0
        self.ended = False

    def _more(self, at_least: int = CHUNK) -> bool:
        if self.ended:
            return False
        read = self.file.read(at_least)
        if not read:
            self.ended = True
            return False
        self.buffer = self.buffer[self.at :] + read
        self.at = 0
        return True

    def next_char(self) -> str:
        """The next character that is not white space ("" at the end), not consumed."""
        while True:
            while self.at < len(self.buffer) and self.buffer[self.at] in _SPACE:
                self.at += 1
            if self.at < len(self.buffer):
                return self.buffer[self.at]
            if not self._more():
                return ""

    def expect(self, char: str) -> None:
        if self.next_char() != char:
            raise NotStreamable
        self.at += 1

    def value(self) -> Any:
        """The next JSON value; a value the buffer ends in may go on in the next chunk."""
        self.next_char()
        wanted = CHUNK
        while True:
            try:
                value, end = _decoder.raw_decode(self.buffer, self.at)
            except ValueError:  # cut off by the chunk's end, or not JSON
                if not self._more(wanted):
                    raise NotStreamable from None
                wanted *= 2  # a long value is read in ever longer steps, not one chunk at a time
                continue
            except RecursionError:
                raise NotStreamable from None
            if end == len(self.buffer) and self._more(wanted):
                continue  # e.g. a number whose last digits are in the next chunk
            self.at = end
            return value


def backup_games(file: TextIO, backup_format: str) -> Iterator[Any]:
    """The games of a backup (`{"format": backup_format, ..., "games": [...]}`), one at a time.

    Raises NotStreamable, possibly after some games, when the file is anything else or is not
    well-formed JSON: the caller drops what it did with those games and reads the file whole.
    """
    text = _Text(file)
    text.expect("{")
    seen: set[str] = set()
    is_backup = False
    if text.next_char() == "}":
        raise NotStreamable
    while True:
        key = text.value()
        if not isinstance(key, str) or key in seen:
            raise NotStreamable  # a repeated key: the last one counts, so read it whole
        seen.add(key)
        text.expect(":")
        if key == "games":
            if not is_backup:
                raise NotStreamable
            text.expect("[")
            if text.next_char() == "]":
                text.at += 1
            else:
                while True:
                    yield text.value()
                    after = text.next_char()
                    text.at += 1
                    if after == "]":
                        break
                    if after != ",":
                        raise NotStreamable
        else:
            value = text.value()
            if key == "format":
                is_backup = value == backup_format
        after = text.next_char()
        text.at += 1
        if after == "}":
            break
        if after != ",":
            raise NotStreamable
    if text.next_char() != "" or "games" not in seen:
        raise NotStreamable

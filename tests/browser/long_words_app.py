"""The app with some labels swapped for long German and Finnish words, for the large-text tests.

The catalogs may not have these words yet; this puts the longest ones a phone will show in
place of the English, before any screen is imported, then starts the app as main.py does.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import canasta_score.i18n as i18n

#: English label -> a long word or phrase from a German or Finnish table.
LONG_WORDS = {
    "Round": "Kierros",
    "Melded": "Ausgelegte Punkte",
    "In hand": "Punkte auf der Hand",
    "Canasta bonus": "Kanastabonus",
    "Red threes": "Punaiset kolmoset",
    "Going out": "Piilolopetus",
    "Round score": "Kierroksen pisteet",
    "Total after": "Gesamtpunktzahl",
    "Went out": "Schluss machen",
    "Concealed": "Schluss machen verdeckt",
    "Natural canastas": "Puhtaat canastat",
    "Mixed canastas": "Sekacanastat",
    "needs {minimum}": "Seuraava avausvaatimus {minimum}",
    "then needs {minimum}": "Seuraava avausvaatimus {minimum}",
    "total {total}": "Pisteet kädessä {total}",
    "Save round": "Runde speichern",
    "Add round {n}": "Runde {n} hinzufügen",
    "Resume game": "Spiel fortsetzen",
    "Start game": "Spiel starten",
}


def long_word(message: str) -> str:
    return LONG_WORDS.get(message, message)


def long_word_of(_translator: object, message: str) -> str:
    return long_word(message)


if __name__ == "__main__":
    # Only in the server process this file starts: pytest imports it too (doctests), and the
    # long words must not reach the translators of the tests around it.
    i18n._ = long_word  # type: ignore[attr-defined]
    i18n.Translator._ = long_word_of  # type: ignore[method-assign,assignment]

    from canasta_score.app import main

    sys.exit(main())

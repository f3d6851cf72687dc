"""Words, numbers and dates in one player's language: a `Translator` per session, never per process.

One server serves every phone at the table, so nothing here remembers a current language: the
session (a Flet page, one run of the command line) holds its own `Translator`. Catalogs are
gettext `.mo` files under `canasta_score/i18n/locale/<lang>/LC_MESSAGES/`, compiled from the
`.po` files by `make compile-messages`; a language without one shows English.
"""

from __future__ import annotations

import gettext
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from canasta_score.core.problems import Gettext, Ngettext, Number, Problem
from canasta_score.i18n.sides import NAMING_A_SIDE, SIDE_OF

if TYPE_CHECKING:
    from datetime import date as Date

LOCALE_DIR = Path(__file__).parent / "locale"
DOMAIN = "canasta_score"

#: Languages offered in Settings, by code, each named in its own language.
LANGUAGES = {
    "en": "English",
    "nl": "Nederlands",
    "de": "Deutsch",
    "fi": "Suomi",
    "da": "Dansk",
    "nb": "Norsk bokmål",
}

#: Language codes a device may report for a language we have under another code.
_SAME_LANGUAGE = {"no": "nb", "nn": "nb"}

#: The rule set each language's table plays first (a preset id of core/rules.py).
_PRESET_OF_LANGUAGE = {
    "da": "danish",
    "fi": "finnish",
    "nl": "flemish",
    "de": "classic",
    "nb": "classic",
}


#: How each language of `LANGUAGES` groups the digits of a whole number, as Babel's CLDR data
#: says (`babel.numbers.get_group_symbol`; every one of them groups by three from 1,000 on).
_GROUP_SEPARATOR = {"en": ",", "nl": ".", "de": ".", "fi": "\xa0", "da": ".", "nb": "\xa0"}
#: Whole numbers below this many (in size) are grouped without Babel; longer ones go through it.
_PLAIN_INTEGERS = 10**18
#: Each language's medium date as Babel's CLDR data words it (`babel.dates.format_date`,
#: format "medium"), without loading that data, which is most of the home screen's start in a
#: browser tab when the history shows a game: the pattern, and the months' short names.
_MEDIUM_DATE: dict[str, tuple[str, str]] = {
    "en": ("{MMM} {d}, {y}", "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec"),
    "nl": ("{d} {MMM} {y}", "jan feb mrt apr mei jun jul aug sep okt nov dec"),
    "de": ("{dd}.{MM}.{y}", ""),
    "fi": ("{d}.{M}.{y}", ""),
    "da": ("{d}. {MMM} {y}", "jan. feb. mar. apr. maj jun. jul. aug. sep. okt. nov. dec."),
    "nb": ("{d}. {MMM} {y}", "jan. feb. mars apr. mai juni juli aug. sep. okt. nov. des."),
}


class Worded(Protocol):
    """Something told as data, worded through a catalog (e.g. a storage `Notice`)."""

    def worded(self, gettext: Gettext, ngettext: Ngettext, number: Number) -> str: ...


@dataclass(frozen=True)
class Translator:
    """One language: its catalog and its way of writing numbers and dates."""

    code: str
    catalog: gettext.NullTranslations = field(repr=False, compare=False)

    def _(self, message: str) -> str:
        """A message in this language (as it is where the catalog has no translation).

        >>> translator("de")._("Flemish"), translator("en")._("Flemish")
        ('Flämisch', 'Flemish')
        """
        return self.catalog.gettext(message)

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        """The form of a message for `count`, by this language's plural rule.

        >>> translator("nb").ngettext("{count} red three entered; the packs hold {most}",
        ...     "{count} red threes entered; the packs hold {most}", 2).format(count=2, most=4)
        '2 røde treere ført; kortstokkene har bare 4'
        """
        return self.catalog.ngettext(singular, plural, count)

    def in_context(self, context: str, message: str) -> str:
        """A message marked with a context (`Np_`): a word that alone could mean several things.

        >>> translator("nl").in_context("letter of a card's rank: king", "K")
        'H'
        """
        return self.catalog.pgettext(context, message)

    def side(self, message: str, players: int | None) -> str:
        """A message that names a side, in the word for a side of this many players (any
        size where `players` is None); see `canasta_score.i18n.sides`.

        >>> fi = translator("fi")
        >>> fi.side("Add a side", 1), fi.side("Add a side", 2), fi.side("Add a side", 3)
        ('Lisää pelaaja pöytään', 'Lisää pari', 'Lisää joukkue')
        >>> translator("en").side("Add a side", 1)
        'Add a side'
        """
        if players not in SIDE_OF or message not in NAMING_A_SIDE:
            return self._(message)
        return self.catalog.pgettext(SIDE_OF[players], message)

    def nside(self, singular: str, plural: str, count: int, players: int | None) -> str:
        """The form for `count` of a message that names a side, as `side` words it."""
        if players not in SIDE_OF or singular not in NAMING_A_SIDE:
            return self.ngettext(singular, plural, count)
        return self.catalog.npgettext(SIDE_OF[players], singular, plural, count)

    def number(self, value: int | float) -> str:
        """A number as this language writes it.

        >>> translator("de").number(5000), translator("en").number(-1250)
        ('5.000', '-1,250')
        >>> len(translator("de").number(10**400))
        401
        """
        group = _GROUP_SEPARATOR.get(self.code)
        if type(value) is int and group is not None and -_PLAIN_INTEGERS < value < _PLAIN_INTEGERS:
            # A whole number, the usual case, without Babel: loading its locale data is most
            # of a `score` run that words a warning (a test holds both ways equal).
            return f"{value:,}".replace(",", group)
        from babel.numbers import format_decimal  # here: a run that shows no number skips Babel

        try:
            return format_decimal(value, locale=self.code)
        except ArithmeticError:  # hundreds of digits (a typed or imported number): as given
            return str(value)

    def date(self, day: Date) -> str:
        """A date in this language's medium form.

        >>> from datetime import date
        >>> translator("de").date(date(2026, 11, 30)), translator("nb").date(date(2026, 3, 4))
        ('30.11.2026', '4. mars 2026')
        """
        if (medium := _MEDIUM_DATE.get(self.code)) is not None:
            pattern, months = medium
            return pattern.format(
                d=day.day,
                dd=f"{day.day:02}",
                M=day.month,
                MM=f"{day.month:02}",
                MMM=months.split()[day.month - 1] if months else "",
                y=day.year,
            )
        from babel.dates import format_date  # another language (none yet)

        return format_date(day, format="medium", locale=self.code)

    def problem(self, problem: Problem, *, where: bool = True, players: int | None = None) -> str:
        """A problem from the core in this language, with where it is unless `where=False`;
        its numbers written as the language writes them, a side named by the word for a side
        of `players` players (any size where None).

        >>> from canasta_score.core import ProblemCode
        >>> translator("en").problem(Problem(ProblemCode.NO_SUCH_ROUND, params={"number": 4, "count": 3}))
        'there is no round 4; the game has 3'
        >>> translator("de").problem(Problem(ProblemCode.PENALTY_TOO_LARGE,
        ...     params={"most": 1000000, "got": 1000005}))
        'die Strafpunkte dürfen höchstens 1.000.000 sein, eingetragen: 1.000.005'
        """

        def gettext(message: str) -> str:
            return self.side(message, players)

        def ngettext(singular: str, plural: str, count: int) -> str:
            return self.nside(singular, plural, count, players)

        if where:
            return problem.placed(gettext, ngettext, self.number)
        return problem.worded(gettext, ngettext, self.number)

    def said(self, told: Worded) -> str:
        """Something storage tells a person (a code and what fills it), in this language.

        >>> from canasta_score.storage import Notice, NoticeCode
        >>> translator("de").said(Notice(NoticeCode.NOT_SQLITE))
        'die Datei ist keine SQLite-Datenbank'
        """
        return told.worded(self._, self.ngettext, self.number)


#: The game file's field names a problem can name, in English words: the other languages'
#: catalogs word them too. The words are the labels round entry gives the same fields.
ENGLISH_WORDS = {
    "black_threes": "black threes",
    "red_threes": "red threes",
    "natural_aces": "natural aces",
    "mixed_aces": "mixed aces",
    "natural_sevens": "natural sevens",
    "wild_twos": "wild twos",
    "wild_jokers": "four-joker",
    "held_aces": "players holding 3+ aces",
    "held_sevens": "players holding 3+ sevens",
    "incomplete.aces": "unfinished aces meld",
    "incomplete.sevens": "unfinished sevens meld",
    "incomplete.wild": "unfinished wild meld",
    "incomplete.wild_jokers": "unfinished wild meld with four jokers",
    "pairs_wild": "seven pairs with wild cards",
    "special_hand": "special hand",
    "went_out": "went out",
    "dealer_bonus": "dealer bonus",
}


class EnglishWords(gettext.NullTranslations):
    """English, the messages' own language, with the field names of `ENGLISH_WORDS` in words.

    >>> EnglishWords().gettext("incomplete.aces"), EnglishWords().gettext("Flemish")
    ('unfinished aces meld', 'Flemish')
    """

    def gettext(self, message: str) -> str:
        return ENGLISH_WORDS.get(message, message)


@cache
def translator(code: str) -> Translator:
    """The translator of a language code of `LANGUAGES` (English for any other code).

    >>> translator("nn").code, translator("xx").code
    ('nb', 'en')
    """
    code = _SAME_LANGUAGE.get(code, code)
    if code not in LANGUAGES:
        code = "en"
    if code == "en":  # the messages' own language: no catalog to look for
        return Translator(code, EnglishWords())
    catalog = gettext.translation(DOMAIN, localedir=LOCALE_DIR, languages=[code], fallback=True)
    return Translator(code, catalog)


def negotiate(locales: Sequence[str]) -> str:
    """The first of a device's preferred locales that we speak, else English.

    >>> negotiate(["de-DE", "en-US"]), negotiate(["nn-NO"]), negotiate(["pt_BR", "fr"])
    ('de', 'nb', 'en')
    """
    for tag in locales:
        language = tag.replace("_", "-").split("-")[0].lower()
        language = _SAME_LANGUAGE.get(language, language)
        if language in LANGUAGES:
            return language
    return "en"


def accepted_languages(header: str) -> list[str]:
    """The language tags of an HTTP Accept-Language header, most wanted first.

    Tags without a weight count as 1; a weight of 0 (not wanted) or one that is no number
    drops the tag. Equal weights keep the browser's order.

    >>> accepted_languages("de-DE,de;q=0.9,en-US;q=0.8,en;q=0.7")
    ['de-DE', 'de', 'en-US', 'en']
    >>> accepted_languages("en;q=0.5, fi , nb;q=0, *;q=0.1, da;q=x")
    ['fi', 'en']
    """
    weighted: list[tuple[float, str]] = []
    for part in header.split(","):
        tag, _, parameters = part.strip().partition(";")
        tag = tag.strip()
        weight = 1.0
        name, _, value = parameters.strip().partition("=")
        if name.strip() == "q":
            try:
                weight = float(value)
            except ValueError:
                continue
        if tag and tag != "*" and weight > 0:
            weighted.append((weight, tag))
    return [tag for _weight, tag in sorted(weighted, key=lambda pair: -pair[0])]


def _is_c_locale(value: str) -> bool:
    return value in ("C", "POSIX") or value.startswith("C.")


def cli_language(environ: Mapping[str, str]) -> str:
    """The language of the command line, from the environment as gettext reads it.

    The locale (`LC_ALL`, `LC_MESSAGES`, then `LANG`) set to C or POSIX means English, as with
    GNU gettext; otherwise the colon list in `LANGUAGE` comes first.

    >>> cli_language({"LANG": "de_DE.UTF-8"}), cli_language({"LANGUAGE": "fr:fi", "LANG": "de_DE"})
    ('de', 'fi')
    >>> cli_language({"LANGUAGE": "de", "LC_ALL": "C"}), cli_language({})
    ('en', 'en')
    """
    setting = next(
        (environ[name] for name in ("LC_ALL", "LC_MESSAGES", "LANG") if environ.get(name)), ""
    )
    if _is_c_locale(setting):
        return "en"
    wanted = environ.get("LANGUAGE") or setting
    locales = [entry.split(".")[0].split("@")[0] for entry in wanted.split(":")]
    return negotiate([entry for entry in locales if entry and not _is_c_locale(entry)])


def suggested_preset(code: str) -> str:
    """The id of the rule set a table speaking this language most likely plays.

    >>> suggested_preset("da"), suggested_preset("nl"), suggested_preset("en")
    ('danish', 'flemish', 'classic')
    """
    return _PRESET_OF_LANGUAGE.get(code, "classic")

"""Translation of every visible string: `_("text")` in the language the player chose.

Catalogs are gettext `.mo` files under `canasta_score/i18n/locale/<lang>/LC_MESSAGES/`;
until a language has one, its strings show in English.
"""

from __future__ import annotations

import gettext
from pathlib import Path

LOCALE_DIR = Path(__file__).parent / "locale"
DOMAIN = "canasta_score"

#: Languages offered in Settings, by code, each named in its own language.
LANGUAGES = {"en": "English"}

_translation: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"


def set_language(code: str) -> None:
    """Show every later `_()` string in this language (English where no catalog has it)."""
    global _translation, _language
    _language = code if code in LANGUAGES else "en"
    _translation = gettext.translation(
        DOMAIN, localedir=LOCALE_DIR, languages=[_language], fallback=True
    )


def current_language() -> str:
    return _language


def _(message: str) -> str:
    """The message in the current language.

    >>> _("Score sheet")
    'Score sheet'
    """
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    return _translation.ngettext(singular, plural, count)

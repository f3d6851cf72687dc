"""What the web app's page itself says, outside the app's screens (tools/web_app/page.js):
that a new version is ready, that an address over plain HTTP cannot keep the app offline, that
the app is open in another tab. The page shows these before Python runs (or while it starts),
so the build writes each language's words into it (tools/build_web_app.py, `page_words`)."""

from __future__ import annotations

from canasta_score.core.problems import N_
from canasta_score.i18n import LANGUAGES, translator

#: Each message of the page by its key in page.js.
PAGE_WORDS = {
    "update_ready": N_("A new version of Canasta Score is ready."),
    "update_now": N_("Update now"),
    "updated": N_("Canasta Score was updated in another tab."),
    "reload": N_("Reload"),
    "not_secure": N_(
        "This address starts with http://, so the browser will not keep Canasta Score for use "
        "offline or on the home screen. Open it from an https:// address."
    ),
    "other_tab": N_(
        "Canasta Score is open in another tab of this browser. Close that tab and it opens "
        "here, or use it here and that tab stops."
    ),
    "use_here": N_("Use it here"),
    "moved": N_("Canasta Score is now open in another tab."),
}


def page_words() -> dict[str, dict[str, str]]:
    """The page's messages in each language the app speaks, by language code.

    >>> page_words()["de"]["update_now"]
    'Jetzt aktualisieren'
    """
    return {
        code: {key: translator(code)._(text) for key, text in PAGE_WORDS.items()}
        for code in LANGUAGES
    }

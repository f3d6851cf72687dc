"""Each phone in its own language: the browser's language at first, a choice in Settings after.

The words looked for are the catalogs' own (`translator(code)._(...)`), so these journeys hold
only once the catalogs are translated: an untranslated headline fails them, as it should.
"""

from __future__ import annotations

from typing import Any

from conftest import AppServer, Screen

from canasta_score.i18n import translator

GERMAN, FINNISH, ENGLISH = translator("de"), translator("fi"), translator("en")


def start(server: AppServer) -> None:
    if server.process is None:
        server.start()


def test_a_phone_whose_browser_is_german_gets_german_without_touching_settings(
    app_server: AppServer, open_screen: Any
) -> None:
    start(app_server)
    phone: Screen = open_screen(app_server, locale="de-DE")
    phone.open("/")
    assert GERMAN._("New game") != "New game", "the German catalog translates the home screen"
    phone.wait_text("new-game", GERMAN._("New game"))
    phone.tap("new-game")
    phone.wait_for("start-game")
    # The German table plays the classic rules: they come first, and are chosen.
    phone.wait_text("preset-classic", GERMAN._("Classic"))
    phone.shot("language-german-new-game")


def test_phones_in_two_languages_at_once_each_keep_their_own(
    app_server: AppServer, open_screen: Any
) -> None:
    start(app_server)
    german: Screen = open_screen(app_server, locale="de-DE")
    finnish: Screen = open_screen(app_server, locale="fi-FI")
    german.open("/")
    finnish.open("/")
    german.wait_text("new-game", GERMAN._("New game"))
    finnish.wait_text("new-game", FINNISH._("New game"))
    # The Finnish phone starts a game (its Finnish rules first); the German one sees it
    # in the list, still in German, and each screen stays its own phone's.
    finnish.tap("new-game")
    finnish.wait_for("start-game")
    finnish.wait_text("preset-finnish", FINNISH._("Finnish"))
    german.reload(ready="new-game")
    german.wait_text("new-game", GERMAN._("New game"))
    finnish.reload(ready="start-game")
    finnish.wait_text("preset-finnish", FINNISH._("Finnish"))
    german.shot("language-two-phones-german")
    finnish.shot("language-two-phones-finnish")


def test_switching_language_in_the_middle_of_a_round_keeps_the_entry(
    app_server: AppServer, open_screen: Any
) -> None:
    start(app_server)
    phone: Screen = open_screen(app_server, locale="en-US")
    phone.open("/")
    phone.wait_text("new-game", ENGLISH._("New game"))
    phone.tap("new-game")
    phone.tap("start-game")
    phone.wait_for("add-round")
    phone.tap("add-round")
    phone.wait_for("save-round")
    phone.fill("side-0-melded", "120+35")
    phone.tap("side-0-red-threes-plus")
    phone.wait_text("side-0-round-score", r"\+255")

    phone.go("/settings", ready="language")
    phone.tap("language")
    phone.page.get_by_text("Deutsch", exact=True).last.click()
    # The settings screen itself is German at once.
    phone.page.get_by_text(GERMAN._("Settings"), exact=True).first.wait_for()

    phone.go("/game/1/round", ready="save-round")
    phone.wait_text("save-round", GERMAN._("Save round"))
    assert phone.value("side-0-melded") == "120+35"
    phone.wait_number("side-0-red-threes", 1)
    phone.wait_text("side-0-round-score", r"\+255")
    phone.shot("language-switched-mid-round")


def test_a_device_that_changes_its_language_mid_round_is_followed_in_place(
    app_server: AppServer, open_screen: Any
) -> None:
    """No language chosen in Settings: the device's new language redraws the round being
    entered where it is, what was typed kept (Flet's page.on_locale_change)."""
    start(app_server)
    phone: Screen = open_screen(app_server, locale="en-US")
    phone.open("/")
    phone.tap("new-game")
    phone.tap("start-game")
    phone.tap("add-round")
    phone.wait_text("save-round", ENGLISH._("Save round"))
    phone.fill("side-0-melded", "90+5")
    phone.wait_text("side-0-round-score", r"\+95")
    # The phone's owner switches the device to German: the browser says so.
    phone.page.evaluate(
        """() => {
            Object.defineProperty(navigator, 'languages', {get: () => ['de-DE', 'de']});
            Object.defineProperty(navigator, 'language', {get: () => 'de-DE'});
            window.dispatchEvent(new Event('languagechange'));
        }"""
    )
    phone.wait_text("save-round", GERMAN._("Save round"))
    assert phone.route() == "/game/1/round"
    assert phone.value("side-0-melded") == "90+5"
    phone.wait_text("side-0-round-score", r"\+95")


#: What a screen reader is told of the page: Flutter's own words among them, from its own
#: catalogs (an open menu's box is a "Dialog").
LABELS = """() => Array.from(document.querySelectorAll('[aria-label]'))
    .map(n => n.getAttribute('aria-label'))"""


def test_flutters_own_words_for_a_screen_reader_follow_the_phones_language(
    app_server: AppServer, open_screen: Any
) -> None:
    """A dialog, a menu's shade, a text field's hints are worded by Flutter itself: told the
    phone's language, not left in English ("Dialog" under German words)."""
    start(app_server)
    phone: Screen = open_screen(app_server, locale="de-DE")
    phone.open("/")
    phone.tap("new-game")
    phone.tap("start-game")
    phone.tap("game-menu")
    phone.wait_for("menu-csv")
    phone.page.wait_for_function(f"() => ({LABELS})().includes('Dialogfeld')")
    phone.press("Escape")
    phone.wait_gone("menu-csv")
    # Another language chosen in Settings: Flutter's words follow it.
    phone.go("/settings", ready="language")
    phone.tap("language")
    phone.page.get_by_text("Suomi", exact=True).last.click()
    phone.page.get_by_text(FINNISH._("Settings"), exact=True).first.wait_for()
    phone.go("/game/1", ready="game-menu")
    phone.tap("game-menu")
    phone.wait_for("menu-csv")
    phone.page.wait_for_function(f"() => ({LABELS})().includes('Valintaikkuna')")

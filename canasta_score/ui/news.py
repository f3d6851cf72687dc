"""News of a changed game between the phones at the table: Flet's pubsub, one topic per game.

A phone that saves a change tells the others (`publish`, after the write succeeded); the
screen on every other phone follows the topics it shows (`follow` in its build, `stop` when it
is left) and draws itself again. Nothing polls: a phone learns of a change when it happens.
Phones served by another process of a shared database hear of it through that database
(`storage.listening`), passed on to this process's phones by `tell_every_phone`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from canasta_score.core.problems import N_

if TYPE_CHECKING:
    import flet as ft
    from flet.pubsub.pubsub_client import PubSubClient

#: The topic of the game list (home): any game started, changed, deleted or restored.
GAMES_TOPIC = "games"
#: Followed by every screen: read again whatever is shown (news may have been missed).
RELOAD_TOPIC = "reload"
#: Watched by every page while it is open: the database went out of reach (False) or is back.
DATABASE_TOPIC = "database"

#: What a phone is told when a change cannot be saved because the database is out of reach.
CANNOT_SAVE_NOW = N_(
    "The games cannot be saved right now: the database cannot be reached. What you entered "
    "stays here; save it again once the database is back."
)
#: ... and when what was asked is done once the database answers again.
CANNOT_REACH_NOW = N_(
    "The database cannot be reached right now. What you entered stays here, and it is saved "
    "as soon as the database answers again."
)
#: What a phone is told when the game it works on was deleted on another phone.
GAME_DELETED_ELSEWHERE = N_("This game was deleted on another phone.")
#: What a phone is told when what it asked of a game was overtaken by a change on another
#: screen: the game is shown as it is now.
GAME_CHANGED_ELSEWHERE = N_("This game was changed on another screen; here it is now.")
#: What a phone is told when a fault of the app stopped what it asked (logged in full).
APP_FAULT = N_("A fault in the app stopped this. The details are in its log: {details}")
#: What a browser tab says when the browser would not keep a saved change (its storage full).
NOT_KEPT_IN_BROWSER = N_(
    "This browser would not keep the change (its storage may be full). It stays here while "
    "the app is open: free some space, then save again, or back up all games in Settings."
)
#: ... and when the database is back.
SAVED_AGAIN = N_("The database is back: the games can be saved again.")


def game_topic(game_id: int) -> str:
    """The topic of one game's sheet, rounds and entry screens.

    >>> game_topic(7)
    'game/7'
    """
    return f"game/{game_id}"


def topics_of(game_id: int | None) -> list[str]:
    """The topics a change of a game (None: of the game list only) is told on."""
    return [GAMES_TOPIC] if game_id is None else [game_topic(game_id), GAMES_TOPIC]


def tell_every_phone(pubsub: PubSubClient, game_id: int | None) -> None:
    """Tell every phone of this process (the sender's too: the change came from elsewhere)
    that a game changed; None with `reload`: everything shown is to be read again."""
    for topic in topics_of(game_id):
        pubsub.send_all_on_topic(topic, game_id)


def tell_every_phone_to_reload(pubsub: PubSubClient) -> None:
    pubsub.send_all_on_topic(RELOAD_TOPIC, None)


def tell_every_phone_the_database_is(pubsub: PubSubClient, reachable: bool) -> None:
    """Tell every page of this process the database went out of reach, or came back."""
    pubsub.send_all_on_topic(DATABASE_TOPIC, reachable)


class TableNews:
    """One page's ear and voice on the table's news: what it follows, and what it tells."""

    def __init__(self, page: ft.Page) -> None:
        self.page = page
        self._topics: list[str] = []
        #: Moves on at every `stop`: news still on its way to a screen that was left is dropped.
        self._generation = 0
        #: Whether the database is watched (`watch_database`, until `close`).
        self._watching = False

    def publish(self, game_id: int | None) -> None:
        """Tells every other phone that a game changed (None: only the game list did)."""
        for topic in topics_of(game_id):
            self.page.pubsub.send_others_on_topic(topic, game_id)

    def follow(self, topics: Iterable[str], on_news: Callable[[], None]) -> None:
        """From now on, `on_news()` runs on this page whenever another phone changes a topic.

        It replaces what was followed before: a page follows what its screen shows.
        """
        self.stop()
        generation = self._generation
        page = self.page

        async def deliver() -> None:
            if generation == self._generation:
                on_news()

        def arrived(_topic: str, _game_id: int | None) -> None:
            # Called on the sender's turn (or a worker thread): the work is moved onto this
            # page's own session and event loop, where its screen and its updates live.
            page.run_task(deliver)

        self._topics = list(dict.fromkeys([*topics, RELOAD_TOPIC]))
        for topic in self._topics:
            page.pubsub.subscribe_topic(topic, arrived)

    def watch_database(self, on_change: Callable[[bool], None]) -> None:
        """`on_change(reachable)` runs on this page when the database goes out of reach or
        comes back, whatever screen is shown, until the page closes (`close`); watched
        again when it comes back (a reload), once."""
        if self._watching:
            return
        self._watching = True
        page = self.page

        def arrived(_topic: str, reachable: bool) -> None:
            async def deliver() -> None:
                on_change(reachable)

            page.run_task(deliver)

        page.pubsub.subscribe_topic(DATABASE_TOPIC, arrived)

    def close(self) -> None:
        """The page closes: nothing followed or watched any more."""
        self.stop()
        self._watching = False
        self.page.pubsub.unsubscribe_topic(DATABASE_TOPIC)

    def stop(self) -> None:
        """Follows nothing any more (the screen is left, or the page closes)."""
        self._generation += 1
        for topic in self._topics:
            self.page.pubsub.unsubscribe_topic(topic)
        self._topics = []

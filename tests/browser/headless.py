"""How the app is reached in headless Chromium here: the journeys and the benchmarks share it."""

import re
from typing import Any

CHROMIUM = "/usr/bin/chromium"
#: Without the networking flags Chromium keeps calling hosts this offline machine cannot reach.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
#: The line the app prints once it listens.
URL_LINE = re.compile(r"Canasta Score: (http://\S+)")
#: A state awaited with room for a loaded 2-core machine (Flutter's first frame takes about a
#: second here).
TIMEOUT_MS = 30_000


def local_only(route: Any) -> None:
    """The client tries the internet once; the app must not need it, so every such call fails."""
    if route.request.url.startswith(("http://127.0.0.1", "ws://127.0.0.1")):
        route.continue_()
    else:
        route.abort()


def only_the_app(context: Any, timeout_ms: int = TIMEOUT_MS) -> Any:
    """`context` waits up to `timeout_ms` for each step and reaches nothing but the app."""
    context.set_default_timeout(timeout_ms)
    context.route("**/*", local_only)
    return context


def new_phone(
    browser: Any, size: dict[str, int] = PHONE, timeout_ms: int = TIMEOUT_MS, **options: Any
) -> Any:
    """A phone of its own: a browser context (its own cookies, storage and app session) of
    `size` that reaches only the app; `options` go to `browser.new_context`."""
    return only_the_app(browser.new_context(viewport=size, **options), timeout_ms)


def node(page: Any, identifier: str) -> Any:
    """The control wrapped in `ft.Semantics(identifier=...)`, once semantics are on."""
    return page.locator(f'[flt-semantics-identifier="{identifier}"]').first


def enable_semantics(page: Any, timeout_ms: int = TIMEOUT_MS) -> None:
    """Flutter draws on a canvas; its accessibility tree (the DOM hooks) starts switched off."""
    placeholder = page.locator("flt-semantics-placeholder")
    placeholder.wait_for(state="attached", timeout=timeout_ms)
    placeholder.dispatch_event("click")
    page.locator("flt-semantics").first.wait_for(state="attached", timeout=timeout_ms)


def open_app(
    page: Any,
    url: str,
    ready: str | None = None,
    timeout_ms: int = TIMEOUT_MS,
    state: str = "attached",
) -> None:
    """Loads `url` in `page`, semantics on, until the control `ready` is there (`state`)."""
    page.goto(url)
    enable_semantics(page, timeout_ms)
    if ready:
        node(page, ready).wait_for(state=state, timeout=timeout_ms)

"""What the browser tests share: the system's chromium, Playwright's ``expect`` and a
person clicking through a game (the ``browser`` fixture is in conftest.py)."""

from __future__ import annotations

import shutil

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
#: Clicks before a test gives up on a game ending (a game takes a few hundred).
MAX_CLICKS = 3000


def expect(locator):
    """Playwright's ``expect`` (imported only when a browser test runs)."""
    from playwright.sync_api import expect as playwright_expect
    return playwright_expect(locator)


def click_to_the_end(page, rnd, after=None) -> int:
    """Click one of the person's options at random until the winner shows, calling
    ``after(clicks)`` after each click; a click the view changed under (a bot moved) is
    tried again. How many clicks it took."""
    clicks = 0
    while not page.locator("#winner").is_visible():
        assert clicks < MAX_CLICKS, "the game did not end"
        buttons = page.locator("#decision.mine #choices button:not(.back)")
        try:
            buttons.first.wait_for(timeout=15000)
        except Exception:
            if page.locator("#winner").is_visible():
                break
            raise
        count = buttons.count()
        if count == 0:
            continue
        try:
            buttons.nth(rnd.randrange(count)).click(timeout=2000)
        except Exception:
            continue  # the view changed under the click: look again
        clicks += 1
        if after:
            after(clicks)
    return clicks


def host_with_open_seats(page, name: str, players: int, open_seats: int = 1):
    """In the lobby, ``name`` creates a table of ``players`` whose first ``open_seats``
    other seats wait for people (the rest keep their bots), as a host inviting a friend."""
    page.locator("#name").fill(name)
    page.locator("#players").fill(str(players))
    page.locator("#players").dispatch_event("change")
    for pick in page.locator("#seats select").all()[:open_seats]:
        pick.select_option("open")
    page.locator("#create-button").click()


def open_page(browser, base, lang, width=1280, height=800):
    """A new page on the lobby in ``lang`` at ``width`` x ``height``, collecting the page's
    script errors in ``page.errors``."""
    page = browser.new_page(viewport={"width": width, "height": height})
    page.errors = []
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))
    page.goto(base + "/")
    page.wait_for_selector("#tables li")  # the first start has saved its language
    page.evaluate(f"localStorage.setItem('tortuga:lang', '{lang}')")
    page.goto(base + "/")
    page.wait_for_selector("#tables li")  # the lobby is drawn, in its language
    return page


def sit(page, base, tid, token):
    """Open table ``tid`` on ``page`` as the seat ``token`` opens (the token kept where the
    client keeps it), once its board is drawn."""
    page.evaluate(f"localStorage.setItem('tortuga:token:{tid}', '{token}')")
    page.goto(f"{base}/#/table/{tid}")
    page.wait_for_selector("#board-svg svg, #kit-board .kit-seat")


def fixed_table(db, players=4, seed=1667, ruleset="standard"):
    """A table of ``ruleset`` made before the server starts, from a fixed seed (the same
    board every run): its id and the host's token; the other seats are heuristic bots."""
    from unittest import mock

    from tortuga_rules.server.store import Store
    from tortuga_rules.server.tables import Lobby
    store = Store(str(db))
    try:
        with mock.patch("tortuga_rules.server.tables.new_seed", return_value=seed):
            table, token = Lobby(store).create(
                ruleset=ruleset, players=players, seats=["human"] + ["heuristic"] * (players - 1), name="Ana")
    finally:
        store.close()
    return table.id, token


def serious_violations(axe, page) -> list:
    """axe-core's violations of impact serious or critical on ``page``: (rule, impact, first
    element), measured once the page's fading-in is over (axe reads a line half faded in as
    low contrast; endless animations, a pulse, are not waited for)."""
    page.evaluate("""Promise.all(document.getAnimations()
        .filter((a) => a.effect.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => null)))""")
    found = axe.run(page).response["violations"]
    return [(v["id"], v["impact"], v["nodes"][0]["target"]) for v in found
            if v["impact"] in ("serious", "critical")]

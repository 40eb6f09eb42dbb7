"""The board as players use it, in a real browser (Debian's chromium, Playwright): the
decisions made by clicking pawns, holds, ships, row cards and dice; the end's results,
rematch and replay; the dice board in every language.

Opt in with ``pytest -m browser`` (``.ci/run`` does).
"""

from __future__ import annotations

import random

import pytest
from browsing import MAX_CLICKS, expect
from serving import running_server

pytestmark = pytest.mark.browser


def _new_table(browser, base, ruleset="standard", players=3, lang="en", width=1280, height=800):
    page = browser.new_page(viewport={"width": width, "height": height})
    page.errors = []
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))
    page.goto(base + "/")
    page.wait_for_selector("#tables li")
    if lang != "en":
        page.evaluate(f"localStorage.setItem('tortuga:lang', '{lang}')")
        page.reload()
        page.wait_for_selector("#tables li")
    page.locator("#name").fill("Ana")
    page.locator("#ruleset").select_option(ruleset)
    page.locator("#players").fill(str(players))
    page.locator("#players").dispatch_event("change")
    page.locator("#create-button").click()
    page.wait_for_selector("#kit-board .kit-seat" if ruleset == "tortuga-dice" else "#board-svg svg")
    return page


def play_by_the_board(page, rnd) -> dict:
    """Play to the end, clicking a board target whenever the board offers one (finishing a
    pick on the board, its confirming button when a pick may be complete) and a button
    only when it offers none; how many decisions each way."""
    made = {"board": 0, "buttons": 0}
    while not page.locator("#winner").is_visible():
        assert sum(made.values()) < MAX_CLICKS, "the game did not end"
        try:
            page.locator("#decision.mine #choices button, #winner").first.wait_for(timeout=15000)
        except Exception:
            continue
        if page.locator("#winner").is_visible():
            break
        targets = page.locator(".target")
        try:
            if targets.count():
                targets.nth(rnd.randrange(targets.count())).click(timeout=2000)
                made["board"] += 1
                confirm = page.locator("#board-pick button.choice")
                if confirm.count() and not page.locator(".target").count():
                    confirm.first.click(timeout=2000)
                continue
            buttons = page.locator("#decision.mine #choices button:not(.back)")
            if buttons.count():
                buttons.nth(rnd.randrange(buttons.count())).click(timeout=2000)
                made["buttons"] += 1
        except Exception:
            continue  # the view changed under the click: look again
    return made


def test_a_whole_game_of_tortuga_1667_is_played_by_clicking_the_board(browser, tmp_path):
    """Where the board offers the decision (a hold, a rowboat, a pawn, two row cards once
    View is chosen) the person clicks the board, never its button; the game ends."""
    with running_server(tmp_path / "b.db") as (base, _proc):
        page = _new_table(browser, base)
        made = play_by_the_board(page, random.Random(5))
        assert made["board"] > 5, made
        assert not page.errors, page.errors


def test_two_row_cards_are_looked_at_by_clicking_the_two_cards(browser, tmp_path):
    """After choosing View two cards, the row's face-down cards are the targets: the first
    click marks one (the pick shown, cancellable), the second sends the View."""
    with running_server(tmp_path / "v.db") as (base, _proc):
        page = _new_table(browser, base)
        rnd = random.Random(1)
        for _ in range(200):
            page.locator("#decision.mine #choices button").first.wait_for(timeout=15000)
            groups = [b for b in page.locator("#choices button.group").all()
                      if "View" in b.inner_text()]
            if groups:
                groups[0].click()
                break
            play_one(page, rnd)
        else:
            pytest.fail("no turn offered a View")
        slots = page.locator("#row .slot.target")
        assert slots.count() >= 2
        slots.nth(0).click()
        expect(page.locator("#board-pick")).to_contain_text("slot")
        page.locator("#pick-cancel").click()
        expect(page.locator("#board-pick")).to_be_hidden()
        page.locator("#row .slot.target").nth(0).click()
        page.locator("#row .slot.target").nth(0).click()
        expect(page.locator("#row .slot.seen")).to_have_count(2)
        assert not page.errors, page.errors


def play_one(page, rnd):
    """One decision by a button (any but a View)."""
    buttons = page.locator("#decision.mine #choices button:not(.back)")
    try:
        buttons.nth(rnd.randrange(max(1, buttons.count()))).click(timeout=2000)
    except Exception:
        pass  # the view changed under the click: look again

"""The reference web client in a real browser (Debian's chromium driven by Playwright).

Opt in with ``pytest -m browser`` (``.ci/run`` does): a person's whole game, by clicking.
"""

from __future__ import annotations

import random

import pytest
from browsing import click_to_the_end, expect
from serving import running_server

pytestmark = pytest.mark.browser


def _png_ok(data: bytes):
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 5000


def test_a_person_plays_a_whole_game_against_bots_by_clicking(browser, tmp_path):
    """Create a table with one human seat and bots, click through every decision to the
    end, see the winner and the loyalties revealed; screenshots are real images."""
    rnd = random.Random(7)
    with running_server(tmp_path / "b.db") as (base, _proc):
        page = browser.new_page(viewport={"width": 1200, "height": 900})
        errors: list = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(base + "/")
        page.locator("#name").fill("Ana")
        page.get_by_label("Players", exact=True).fill("3")
        page.get_by_label("Players", exact=True).dispatch_event("change")
        page.get_by_role("button", name="Create the table").click()
        page.wait_for_selector("#board-svg svg")
        _png_ok(page.screenshot(full_page=True))
        click_to_the_end(page, rnd, lambda n: n == 20 and _png_ok(page.screenshot(full_page=True)))
        assert page.locator("#winner").inner_text().strip()
        assert page.locator(".loyalties tbody tr").count() == 3
        _png_ok(page.screenshot(full_page=True))
        page.get_by_role("button", name="Show the whole log").click()
        expect(page.locator("#log li").nth(10)).to_be_attached()
        assert not errors, errors


def test_the_client_fits_a_phone_and_switches_language(browser, tmp_path):
    """At 390 px wide nothing scrolls sideways; choosing Español translates the page and
    the game's words; a spectator sees no hand."""
    with running_server(tmp_path / "p.db") as (base, _proc):
        page = browser.new_page(viewport={"width": 390, "height": 844})
        page.goto(base + "/")
        page.locator("#name").fill("Bo")
        page.get_by_role("button", name="Create the table").click()
        page.wait_for_selector("#board-svg svg")
        page.get_by_label("Language").select_option("es")
        expect(page.locator("#row-title")).to_have_text("Fila de Eventos")
        expect(page.locator("html")).to_have_attribute("lang", "es")
        expect(page.locator("#board-svg .place-name").first).to_have_text("Flying Dutchman")
        expect(page.locator("#board-text")).to_contain_text("bodega")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, width
        _png_ok(page.screenshot(full_page=True))
        table_id = page.evaluate("location.hash").split("/")[2]
        watcher = browser.new_page(viewport={"width": 390, "height": 844})
        watcher.goto(f"{base}/#/table/{table_id}")
        watcher.wait_for_selector("#board-svg svg")
        assert watcher.locator("#hand li").count() == 0
        expect(watcher.locator("#loyalty")).to_have_text("You are watching.")


def test_a_host_sets_options_and_uploads_house_rules_in_the_lobby(browser, tmp_path):
    """The lobby shows the chosen variants' options as fields; a broken upload lists its
    located problems; a good one makes a table whose rules everyone can read; under the
    timer variant the clock counts down."""
    from test_server_app import _kraken_text
    with running_server(tmp_path / "h.db", bot_delay=0.6) as (base, _proc):
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        errors: list = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(base + "/")
        page.locator("#name").fill("Ana")
        page.locator("input[name=variant][value=timer]").check()
        expect(page.get_by_label("Seconds per decision (5–300)")).to_have_value("30")
        page.get_by_label("Seconds per decision (5–300)").fill("60")
        page.locator("details.house summary").click()
        page.locator("#house").fill(_kraken_text().replace("maroon(last(", "marroon(last("))
        page.get_by_role("button", name="Create the table").click()
        expect(page.locator("#problems li").first).to_contain_text(
            "house-rules.yaml:")
        expect(page.locator("#problems li").first).to_contain_text("did you mean maroon(seat)")
        _png_ok(page.screenshot(full_page=True))
        page.locator("#house").fill(_kraken_text())
        page.get_by_role("button", name="Create the table").click()
        page.wait_for_selector("#board-svg svg")
        page.locator("#table-rules summary").click()
        expect(page.locator("#rules-diff")).to_contain_text("card.kraken.rises")
        expect(page.locator("#rulebook")).to_contain_text("The Kraken")
        page.wait_for_selector("#clock:not([hidden])", timeout=20000)
        expect(page.locator("#clock")).to_contain_text(" s")
        _png_ok(page.screenshot(full_page=True))
        assert not errors, errors


def test_a_person_plays_a_whole_dice_game_on_its_own_board(browser, tmp_path):
    """The lobby offers the dice game (and only its variants); its table draws the kit's
    board - tracks, the dice behind one's own screen, chests - and a person clicks through
    every decision to the scores; screenshots are real images (docs/images/)."""
    rnd = random.Random(3)
    with running_server(tmp_path / "d.db") as (base, _proc):
        page = browser.new_page(viewport={"width": 1200, "height": 900})
        errors: list = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(base + "/")
        page.locator("#name").fill("Ani")
        page.locator("#ruleset").select_option("tortuga-dice")
        expect(page.locator("input[name=variant][value=two-players]")).to_be_attached()
        expect(page.locator("input[name=variant][value=madness]")).to_have_count(0)
        page.get_by_label("Players", exact=True).fill("3")
        page.get_by_label("Players", exact=True).dispatch_event("change")
        page.get_by_role("button", name="Create the table").click()
        page.wait_for_selector("#kit-board .kit-seat")
        expect(page.locator("#board")).to_be_hidden()
        expect(page.locator(".kit-seat.me .zone-screen .die-svg")).to_have_count(5)
        _png_ok(page.screenshot(path=str(tmp_path / "dice-start.png"), full_page=True))
        click_to_the_end(page, rnd, lambda n: n == 15 and _png_ok(
            page.screenshot(path=str(tmp_path / "dice-play.png"), full_page=True)))
        expect(page.locator(".scores tbody tr")).to_have_count(3)
        _png_ok(page.screenshot(path=str(tmp_path / "dice-end.png"), full_page=True))
        assert not errors, errors


def test_the_seat_picker_shows_each_bots_strength_in_the_chosen_game(browser, tmp_path):
    """A bot's Elo beside its name is the one measured in the chosen ruleset's game, and it
    changes when the ruleset does."""
    from tortuga_rules.bots.levels import level_of

    elo = level_of("ismcts").elo
    with running_server(tmp_path / "e.db") as (base, _proc):
        page = browser.new_page(viewport={"width": 1200, "height": 900})
        page.goto(base + "/")
        captain = page.locator("#seats select").first.locator("option[value=ismcts]")
        expect(captain).to_contain_text(f"Elo {round(elo['tortuga-1667'])}")
        page.locator("#ruleset").select_option("tortuga-dice")
        expect(captain).to_contain_text(f"Elo {round(elo['tortuga-dice'])}")

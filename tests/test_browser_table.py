"""The web client as players meet it, in a real browser (Debian's chromium, Playwright).

Opt in with ``pytest -m browser`` (``.ci/run`` does). A whole game by clicks in each
language with no English sentence on the page; the board's screenshots at desktop and
phone sizes against the committed references (docs/images/web-*.png) within a
tolerance; axe-core finds no serious accessibility violation; a game played with the
keyboard alone; an invitation asks a name and the table waits for its players.

Regenerate the reference images (after a deliberate change of the look) with
``TORTUGA_UPDATE_SCREENSHOTS=1 pytest -m browser tests/test_browser_table.py -k screenshot``.
"""

from __future__ import annotations

import io
import os
import random
import re
from pathlib import Path

import pytest
from browsing import (MAX_CLICKS, click_to_the_end, expect, fixed_table, host_with_open_seats,
                      open_page, serious_violations, sit)
from serving import running_server

from tortuga_rules.game.language import translations

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
IMAGES = ROOT / "docs" / "images"
#: Words that mark an English sentence: two different ones in a line of the page is one.
#: (Names the rulebooks keep in English - Letter of Marque, Johnson the Terror - have one.)
ENGLISH = {"the", "and", "you", "your", "is", "are", "of", "to", "with", "for", "from", "has",
           "have", "what", "which", "who", "this", "that", "their", "they", "not", "be", "by",
           "was", "there", "chooses", "seat", "turn", "waiting", "rule"}
#: A screenshot may differ from its reference in this share of its pixels (fonts' hinting).
TOLERANCE = 0.02


def english_lines(text: str, names=()) -> list:
    """The lines of ``text`` that read as English sentences, once the proper ``names``
    (players, cards as the rulebooks print them) are taken out."""
    out = []
    for line in text.splitlines():
        for name in sorted(names, key=len, reverse=True):
            line = line.replace(name, " ")
        words = set(re.findall(r"[a-z']+", line.lower()))
        if len(words & ENGLISH) >= 2:
            out.append(line.strip())
    return out


def _create(page, name="Ana", players=3, game=None):
    page.locator("#name").fill(name)
    if game:
        page.locator("#ruleset").select_option(game)
    page.locator("#players").fill(str(players))
    page.locator("#players").dispatch_event("change")
    page.locator("#create-button").click()


def _shown_text(page) -> str:
    return page.title() + "\n" + page.locator("#game").inner_text()


@pytest.mark.parametrize("lang,game", [("es", "standard"), ("de", "standard"),
                                       ("ko", "standard"), ("it", "standard"),
                                       ("es", "tortuga-dice"), ("ko", "tortuga-dice")])
def test_a_whole_game_in_each_language_shows_no_english_sentence(browser, tmp_path, lang, game):
    """Every line of the table's page - board, prompts, log, rule clauses, end - is in the
    chosen language from the first view to the whole log revealed at the end, no seat is
    called by a number, and no absent value shows as "null"."""
    with running_server(tmp_path / "l.db") as (base, _proc):
        page = open_page(browser, base, lang, 1200, 900)
        _create(page, game=game)
        page.wait_for_selector("#kit-board .kit-seat" if game == "tortuga-dice" else "#board-svg svg")

        # "seat 2" in English or in the page's language (where that language does not say
        # a row slot the same way: German's "Platz 2" is both)
        said = translations(lang).gettext
        seat = said("seat {seat}")
        forms = [r"\bseat\s+\d"] + ([re.escape(seat).replace(re.escape("{seat}"), r"\d+")]
                                     if seat != said("slot {slot}").replace("{slot}", "{seat}")
                                     else [])
        numbered = re.compile("|".join(forms), re.I)

        def check():
            text = _shown_text(page)
            names = page.evaluate("[...ui.table.seats.map((s) => s.called), "
                                  "...Object.values(ui.gl.cards || {}).flatMap((c) => [c.name, c.gloss || c.name])]")
            assert not english_lines(text, names), english_lines(text, names)[:5]
            assert not numbered.search(text), numbered.search(text)
            assert not re.search(r"\b(null|undefined|NaN)\b", text), "an absent value shown"

        check()
        click_to_the_end(page, random.Random(11), lambda n: n % 20 == 0 and check())
        check()
        page.locator("#reveal-log").click()
        expect(page.locator("#log li").nth(10)).to_be_attached()
        page.locator("#log a.clause").first.click()
        check()
        assert not page.errors, page.errors


def _same_image(png: bytes, reference: Path) -> float:
    """The share of pixels that differ noticeably from the reference (1.0: other size)."""
    from PIL import Image, ImageChops
    got = Image.open(io.BytesIO(png)).convert("RGB")
    want = Image.open(reference).convert("RGB")
    if got.size != want.size:
        return 1.0
    diff = ImageChops.difference(got, want).convert("L").point(lambda v: 255 if v > 48 else 0)
    return sum(diff.histogram()[255:]) / (got.size[0] * got.size[1])


@pytest.mark.parametrize("width,height,name", [(1280, 800, "desktop"), (390, 844, "phone")])
def test_the_board_looks_as_its_reference_screenshot(browser, tmp_path, width, height, name):
    """A fixed position (seed 1667, 4 players, bots to the person's turn) in Spanish looks
    as docs/images/web-<size>.png, within the tolerance."""
    db = tmp_path / "s.db"
    tid, token = fixed_table(db)
    with running_server(db) as (base, _proc):
        page = open_page(browser, base, "es", width, height)
        sit(page, base, tid, token)
        page.wait_for_selector("#decision.mine #choices button")
        page.wait_for_timeout(600)
        page.evaluate("document.getElementById('status').textContent = ''")
        png = page.screenshot(full_page=name == "phone")
        reference = IMAGES / f"web-{name}.png"
        if os.environ.get("TORTUGA_UPDATE_SCREENSHOTS") or not reference.exists():
            IMAGES.mkdir(parents=True, exist_ok=True)
            reference.write_bytes(png)
            if not os.environ.get("TORTUGA_UPDATE_SCREENSHOTS"):
                pytest.fail(f"no reference image: wrote {reference}; commit it")
        share = _same_image(png, reference)
        if share > TOLERANCE:
            (tmp_path / f"web-{name}.png").write_bytes(png)
        assert share <= TOLERANCE, f"{share:.1%} of the pixels differ from {reference.name} " \
                                   f"(this run's image: {tmp_path / f'web-{name}.png'})"
        assert not page.errors, page.errors


def test_no_page_has_a_serious_accessibility_violation(browser, tmp_path):
    """axe-core on the lobby, the invitation, the table at the person's turn and the end:
    no violation of impact serious or critical."""
    from axe_playwright_python.sync_playwright import Axe
    axe = Axe()

    def serious(page) -> list:
        return serious_violations(axe, page)

    with running_server(tmp_path / "a.db") as (base, _proc):
        page = open_page(browser, base, "es")
        assert serious(page) == []
        page.locator("#name").fill("Ana")
        page.locator("#players").fill("3")
        page.locator("#players").dispatch_event("change")
        page.locator("#seats select").first.select_option("open")
        page.locator("#create-button").click()
        page.wait_for_selector("#waiting:not([hidden])")
        link = page.locator("#invite-link").get_attribute("href")
        guest = open_page(browser, base, "de")
        guest.goto(link)
        guest.wait_for_selector("#join-name")
        assert serious(guest) == []
        guest.locator("#join-name").fill("Ben")
        guest.locator("#join-button").click()
        page.wait_for_selector("#waiting", state="hidden")
        guest.wait_for_selector("#board-svg svg")
        assert serious(guest) == []
        assert serious(page) == []


@pytest.mark.parametrize("width,height", [(1280, 800), (390, 844)])
def test_the_dice_table_has_no_serious_accessibility_violation(browser, tmp_path, width, height):
    """axe-core on the dice game's table at the person's turn (its pictured zones, one's own
    board beside the question): no violation of impact serious or critical."""
    from axe_playwright_python.sync_playwright import Axe
    db = tmp_path / "k.db"
    tid, token = fixed_table(db, ruleset="tortuga-dice")
    with running_server(db) as (base, _proc):
        page = open_page(browser, base, "ko", width, height)
        sit(page, base, tid, token)
        page.wait_for_selector("#decision.mine #choices button")
        assert serious_violations(Axe(), page) == []
        assert not page.errors, page.errors


def test_a_whole_game_is_played_with_the_keyboard_alone(browser, tmp_path):
    """The lobby filled and the game played by keys only: the first option takes the focus
    when the turn comes; Tab moves among the options, Enter picks one."""
    rnd = random.Random(5)
    with running_server(tmp_path / "k.db") as (base, _proc):
        page = open_page(browser, base, "en")
        page.locator("#name").focus()
        page.keyboard.type("Kim")
        page.keyboard.press("Tab")
        page.keyboard.press("Control+a")
        page.keyboard.type("3")
        page.keyboard.press("Enter")  # submits the form: the table is made
        page.wait_for_selector("#board-svg svg")
        presses = 0
        while not page.locator("#winner").is_visible():
            assert presses < MAX_CLICKS * 3, "the game did not end"
            for _ in range(300):  # 15 s at most for the turn to come back
                if page.locator("#winner").is_visible() or page.evaluate(
                        "Boolean(document.activeElement && document.activeElement.closest('#choices'))"):
                    break
                page.wait_for_timeout(50)
            if page.locator("#winner").is_visible():
                break
            count = page.locator("#choices button").count()
            for _ in range(rnd.randrange(max(1, count))):
                page.keyboard.press("Tab")
                presses += 1
            if not page.evaluate("Boolean(document.activeElement.closest('#choices'))"):
                page.keyboard.press("Shift+Tab")
            page.keyboard.press("Enter")
            presses += 1
            page.wait_for_timeout(30)
        assert page.locator("#winner").inner_text().strip()
        assert not page.errors, page.errors


def test_an_invitation_asks_a_name_and_the_table_waits_for_its_players(browser, tmp_path):
    """A table with an open seat says it waits for players and shows the invitation; the
    invited person is asked their name; then everyone sees them by it, and no one sees
    another seat's question in the second person."""
    with running_server(tmp_path / "i.db") as (base, _proc):
        host = open_page(browser, base, "en")
        host_with_open_seats(host, "Ana", 3)
        expect(host.locator("#waiting")).to_contain_text("Waiting for players: 2 of 3 seats taken.")
        expect(host.locator("#prompt")).to_have_text("The game goes on when every seat is taken.")
        link = host.locator("#invite-link").get_attribute("href")
        guest = open_page(browser, base, "en")
        guest.goto(link)
        expect(guest.locator("#join-title")).to_be_visible()
        guest.locator("#join-name").fill("Ben")
        guest.locator("#join-button").click()
        guest.wait_for_selector("#board-svg svg")
        expect(host.locator("#waiting")).to_be_hidden()
        expect(host.locator("#players-list")).to_contain_text("Ben")
        expect(guest.locator("#players-list")).to_contain_text("Ana")
        for page in (host, guest):
            if not page.locator("#decision.mine").count():
                prompt = page.locator("#prompt").inner_text()
                assert not re.search(r"\byou(r)?\b", prompt, re.I), prompt
            assert not re.search(r"\b[Ss]eat \d", page.locator("#game").inner_text())
        assert not host.errors and not guest.errors


def _seated_page(browser, url, tid=None, token=None):
    """A page opened once at ``url``, holding ``token`` for table ``tid`` if given (each
    page load asks for the client's files: a test of many pages keeps to few loads, within
    one address's read allowance)."""
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.errors = []
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))
    page.add_init_script("localStorage.setItem('tortuga:lang', 'en');"
                         + (f"localStorage.setItem('tortuga:token:{tid}', '{token}');" if token else ""))
    page.goto(url)
    return page


def test_a_seats_connection_shows_in_the_players_panels_at_once(browser, tmp_path):
    """When a person's page closes, and when it opens again, the other players' panels say
    so at once - the server's ``presence`` message - without a move being made (no view)."""
    from unittest import mock

    from tortuga_rules.server.store import Store
    from tortuga_rules.server.tables import Lobby
    db = tmp_path / "n.db"
    store = Store(str(db))
    try:
        with mock.patch("tortuga_rules.server.tables.new_seed", return_value=1667):
            table, token = Lobby(store).create(players=2, seats=["human", "open"], name="Ana")
    finally:
        store.close()
    with running_server(db) as (base, _proc):
        host = _seated_page(browser, f"{base}/#/table/{table.id}", table.id, token)
        host.wait_for_selector("#board-svg svg")
        guest = _seated_page(browser, f"{base}/#/table/{table.id}/join")
        guest.locator("#join-name").fill("Ben")
        guest.locator("#join-button").click()
        guest.wait_for_selector("#board-svg svg")
        ben = host.locator("#players-list .player[data-seat='1']")
        expect(ben).to_contain_text("Ben")
        expect(ben).not_to_have_class(re.compile(r"\baway\b"))
        step = host.evaluate("ui.view.step")
        guest_token = guest.evaluate(f"localStorage.getItem('tortuga:token:{table.id}')")
        guest.close()
        expect(ben).to_have_class(re.compile(r"\baway\b"))
        expect(ben).to_contain_text("not connected")
        again = _seated_page(browser, f"{base}/#/table/{table.id}", table.id, guest_token)
        again.wait_for_selector("#board-svg svg")
        expect(ben).not_to_have_class(re.compile(r"\baway\b"))
        assert host.evaluate("ui.view.step") == step  # told by presence, not by a new view
        assert not host.errors and not again.errors

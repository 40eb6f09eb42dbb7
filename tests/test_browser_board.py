"""The board as players use it, in a real browser (Debian's chromium, Playwright): the
decisions made by clicking pawns, holds, ships, row cards and dice; the end's results,
rematch and replay; the dice board in every language.

Opt in with ``pytest -m browser`` (``.ci/run`` does).
"""

from __future__ import annotations

import json
import os
import random
import re
import urllib.request
from pathlib import Path

import pytest
from browsing import MAX_CLICKS, expect
from serving import running_server

pytestmark = pytest.mark.browser
IMAGES = Path(__file__).resolve().parent.parent / "docs" / "images"


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


def _update_reference(png: bytes, name: str):
    """Write a screenshot the docs show (docs/images/), when asked to:
    ``TORTUGA_UPDATE_SCREENSHOTS=1``."""
    if os.environ.get("TORTUGA_UPDATE_SCREENSHOTS"):
        (IMAGES / name).write_bytes(png)


def play_by_the_board(page, rnd) -> dict:
    """Play to the end, clicking a board target whenever the board offers one (finishing a
    pick on the board, its confirming button when a pick may be complete) and a button
    only when it offers none; how many decisions each way."""
    made = {"board": 0, "buttons": 0, "missed": 0}
    while not page.locator("#winner").is_visible():
        assert made["board"] + made["buttons"] < MAX_CLICKS, "the game did not end"
        try:
            page.locator("#decision.mine #choices button, #winner").first.wait_for(timeout=15000)
        except Exception:
            continue
        if page.locator("#winner").is_visible():
            break
        targets = page.locator(".target")
        try:
            if targets.count():
                target = targets.nth(rnd.randrange(targets.count()))
                pawn = target.locator(".body")  # a pawn is clicked on its disc, as a person would
                (pawn if pawn.count() else target).click(timeout=2000)
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
            made["missed"] += 1  # the view changed under the click: look again
            assert made["missed"] < MAX_CLICKS, "clicks keep missing"
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
    # (the bots wait a while before they move: a card seen is not revealed before it shows)
    with running_server(tmp_path / "v.db", bot_delay=1.5) as (base, _proc):
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
        slots = page.locator("#row .slot > .target")
        assert slots.count() >= 2
        slots.nth(0).click()
        expect(page.locator("#board-pick")).to_contain_text("slot")
        page.locator("#pick-cancel").click()
        expect(page.locator("#board-pick")).to_be_hidden()
        page.locator("#row .slot > .target").nth(0).click()
        page.locator("#row .slot > .target").nth(0).click()
        # (both cards seen - and maybe one more: a Force can have shown one before)
        expect(page.locator("#row .slot.seen").nth(1)).to_be_attached()
        assert not page.errors, page.errors


def play_one(page, rnd):
    """One decision by a button (any but a View)."""
    buttons = page.locator("#decision.mine #choices button:not(.back)")
    try:
        buttons.nth(rnd.randrange(max(1, buttons.count()))).click(timeout=2000)
    except Exception:
        pass  # the view changed under the click: look again


def _finish(browser, base, ruleset="standard", lang="en"):
    page = _new_table(browser, base, ruleset=ruleset, lang=lang)
    play_by_the_board(page, random.Random(11))
    return page, page.evaluate("location.hash").split("/")[2]


def _last_step(base, table_id) -> int:
    """The number of a finished table's last step, as the server's replay says it."""
    url = f"{base}/api/tables/{table_id}/replay?as=all"
    return json.loads(urllib.request.urlopen(url).read())["last"]


def test_the_end_shows_every_seats_result_and_a_rematch_opens_a_new_table(browser, tmp_path):
    """At the end every seat's loyalty, roles and result are in a table; Rematch opens the
    new table the server made; Back to the lobby goes there."""
    with running_server(tmp_path / "e.db") as (base, _proc):
        page, table_id = _finish(browser, base)
        expect(page.locator(".loyalties tbody tr")).to_have_count(3)
        expect(page.locator("#end .reason")).to_contain_text("§")
        _update_reference(page.locator("#end").screenshot(), "web-end.png")
        page.locator("#rematch").click()
        page.wait_for_url(lambda url: "#/table/" in url and table_id not in url)
        page.wait_for_selector("#board-svg svg")
        expect(page.locator("#end")).to_be_hidden()
        page.goto(f"{base}/#/table/{table_id}")
        page.locator("#to-lobby").click()
        expect(page.locator("#create-button")).to_be_visible()
        assert not page.errors, page.errors


@pytest.mark.parametrize("game", ["standard", "tortuga-dice"])
def test_a_finished_game_is_replayed_step_by_step_as_a_seat_and_fully_revealed(browser, tmp_path, game):
    """The end's replay link opens the viewer; the buttons and arrow keys step through it,
    each line citing its rule, whose words open beneath it; the share link opens the same
    step (on a phone too). Both games' boards are drawn."""
    with running_server(tmp_path / "r.db") as (base, _proc):
        page, table_id = _finish(browser, base, ruleset=game)
        last = _last_step(base, table_id)
        page.locator("#replay-link").click()
        expect(page.locator("#replay-as")).to_have_value("0")  # as the person's own seat
        expect(page.locator("#replay-step")).to_contain_text(f"0 of {last}")
        page.locator("#replay-next").click()
        expect(page.locator("#replay-step")).to_contain_text(f"1 of {last}")
        page.keyboard.press("ArrowRight")
        expect(page.locator("#replay-step")).to_contain_text(f"2 of {last}")
        page.keyboard.press("End")
        expect(page.locator("#replay-step")).to_contain_text(f"{last} of {last}")
        expect(page.locator("#replay-events li .clause").first).to_be_visible()
        page.locator("#replay-events li .clause").first.click()
        expect(page.locator("#replay-events .replay-clause").first).to_be_visible()
        page.locator("#replay-as").select_option("all")
        expect(page.locator("#replay .board-svg, #replay .kit-seat").first).to_be_visible()
        expect(page.locator("#replay-share")).to_have_attribute(
            "href", re.compile(re.escape(f"#/replay/{table_id}?as=all&step={last}") + "$"))
        share = page.locator("#replay-share").get_attribute("href")
        if game == "standard":
            _update_reference(page.screenshot(path=str(tmp_path / "replay-en.png")), "web-replay.png")
        other = browser.new_page(viewport={"width": 390, "height": 844})
        other.goto(share.replace(f"step={last}", "step=3"))
        expect(other.locator("#replay-step")).to_contain_text(f"3 of {last}")
        page.locator("#replay-first").click()
        expect(page.locator("#replay-step")).to_contain_text(f"0 of {last}")
        assert not page.errors, page.errors


def test_a_whole_dice_game_is_played_by_clicking_its_dice_and_chests(browser, tmp_path):
    """In the dice game the dice behind one's screen are picked on the board (a die alone,
    or several of one action, confirmed), chests and seats too; the game ends in scores."""
    with running_server(tmp_path / "d.db") as (base, _proc):
        page = _new_table(browser, base, ruleset="tortuga-dice")
        expect(page.locator(".kit-seat.me .die-svg.target").first).to_be_visible()
        made = play_by_the_board(page, random.Random(8))
        assert made["board"] > 5, made
        expect(page.locator(".scores tbody tr")).to_have_count(3)
        assert not page.errors, page.errors


def test_a_choice_names_a_seat_only_where_its_rules_type_it_a_seat(browser, tmp_path):
    """The board reads a seat from the notation's '@' (which each game's rules set, the
    dice game's victim included), never from a plain number: a number a house rule's choice
    offers is no seat to click."""
    with running_server(tmp_path / "w.db") as (base, _proc):
        page = browser.new_page()
        page.goto(base + "/")
        found = page.evaluate("""async () => {
          const b = await import('/web/board1667.js');
          return [b.choiceTargets({game: 'tortuga-dice'}, 'choose victim @2'),
                  b.choiceTargets({game: 'tortuga-dice'}, 'choose victim 2'),
                  b.choiceTargets({row: [1, 2, 3]}, 'view 1,3')];
        }""")
        assert found == [["seat:2"], None, ["slot:1", "slot:3"]]


#: The page's marks that must not run into each other: dice, chests and coins of a zone.
MARKS = """(() => {
  const boxes = [...document.querySelectorAll('#kit-board .die-svg, #kit-board .kit-chest, #kit-board .coin')]
    .map((n) => n.getBoundingClientRect());
  const bad = [];
  boxes.forEach((a, i) => boxes.slice(i + 1).forEach((b) => {
    if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1) bad.push([a.x, a.y]);
  }));
  for (const zone of document.querySelectorAll('#kit-board .kit-zone')) {
    const box = zone.querySelector('.zone-box').getBoundingClientRect();
    const name = zone.querySelector('.zone-name').getBoundingClientRect();
    if (name.right > box.right + 1) bad.push(['zone name', zone.textContent]);
  }
  return bad;
})()"""


@pytest.mark.parametrize("lang", ["en", "es", "de", "ko", "it"])
def test_the_dice_board_speaks_each_language_with_no_mark_overlapping(browser, tmp_path, lang):
    """The dice board at desktop and phone sizes: dice drawn with pictures (no letters for
    faces), no English sentence on the board, no die, chest or zone name running into
    another; the reference screenshot (docs/images/dice-board.png) is the English one."""
    from test_browser_table import english_lines
    with running_server(tmp_path / "k.db") as (base, _proc):
        for width, height in [(1280, 800), (390, 844)]:
            page = _new_table(browser, base, ruleset="tortuga-dice", players=4, lang=lang,
                              width=width, height=height)
            page.locator("#decision.mine #choices button").first.wait_for()
            expect(page.locator(".kit-seat.me .die-svg .die-face").first).to_be_visible()
            names = page.evaluate("ui.table.seats.map((s) => s.called)")
            text = page.locator("#kit-board").inner_text() + "\n" + page.locator("#decision").inner_text()
            assert not english_lines(text, names) or lang == "en", english_lines(text, names)
            assert page.evaluate(MARKS) == []
            shot = page.screenshot(path=str(tmp_path / f"dice-{lang}-{width}.png"), full_page=True)
            if lang == "en" and width == 1280:
                _update_reference(shot, "dice-board.png")
            assert not page.errors, page.errors
            page.close()


#: Counts the board's own animations (pawns sliding, chests travelling) as they start.
COUNT_SLIDES = """(() => {
  window.slides = 0;
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (...args) {
    if (this.closest('.board-svg')) window.slides += 1;
    return animate.apply(this, args);
  };
})()"""


@pytest.mark.parametrize("reduced", [False, True])
def test_moves_slide_on_the_board_unless_the_player_asks_for_less_motion(browser, tmp_path, reduced):
    """Pawns slide and chests travel as the game goes on; with prefers-reduced-motion the
    board only changes, with no movement at all."""
    with running_server(tmp_path / "m.db") as (base, _proc):
        context = browser.new_context(viewport={"width": 1280, "height": 800},
                                      reduced_motion="reduce" if reduced else "no-preference")
        context.add_init_script(COUNT_SLIDES)
        page = context.new_page()
        page.errors = []
        page.on("pageerror", lambda exc: page.errors.append(str(exc)))
        page.goto(base + "/")
        page.wait_for_selector("#tables li")
        page.locator("#name").fill("Ana")
        page.locator("#create-button").click()
        page.wait_for_selector("#board-svg svg")
        rnd = random.Random(2)
        for _ in range(25):
            play_one(page, rnd)
            if page.locator("#winner").is_visible():
                break
            page.locator("#decision.mine #choices button, #winner").first.wait_for(timeout=15000)
        slides = page.evaluate("window.slides")
        assert (slides == 0) if reduced else (slides > 0), slides
        assert not page.errors, page.errors
        context.close()

"""The table screen as players meet it, in a real browser (Debian's chromium, Playwright):
the stage keeps a vote's result on screen until dismissed; a decision at 1280x800 needs no
scrolling (board, question, hand, loyalty, row, latest log line all in sight); on a phone the
question and the lobby's main action need none either; the log reads as sentences with the
rule behind a §; the status line says the truth while waiting and at the end; view patches
are applied as RFC 6902 says; axe finds no serious violation on the new screens.

Opt in with ``pytest -m browser``.
"""

from __future__ import annotations

import contextlib
import random
import re

import pytest
from browsing import (MAX_CLICKS, click_to_the_end, expect, fixed_table, host_with_open_seats,
                      open_page, serious_violations, sit)
from serving import running_server

from tortuga_rules.game.language import translations

pytestmark = pytest.mark.browser

LANGS = ["en", "es", "de", "ko", "it"]
#: The server's own bot delay (``tortuga-rules serve``'s default): bots play as they do
#: for players.
DEFAULT_BOT_DELAY = 0.6


#: What a decision needs in sight, per game: Tortuga 1667's question, hand, loyalty, row and
#: latest log line; the dice game's question, one's own board (the dice behind the screen),
#: the shared zones, every other seat's board and the latest log line.
IN_SIGHT = {
    "standard": "#prompt, #choices button, #loyalty, #hand, #row, #log li:last-child",
    "tortuga-dice": "#prompt, #choices button, #kit-mine, .kit-shared, #kit-board .kit-seat, "
                    "#log li:last-child",
}


def _click_once(page, rnd) -> bool:
    """Click one of the person's options if it is their turn; whether a click was made."""
    buttons = page.locator("#decision.mine #choices button:not(.back)")
    try:
        buttons.first.wait_for(timeout=15000)
        buttons.nth(rnd.randrange(buttons.count())).click(timeout=2000)
    except Exception:
        return False  # not the person's turn yet, or the view changed under the click
    return True


def _in_view(page, selector: str) -> list:
    """The elements matching ``selector`` that are not wholly inside the viewport."""
    return page.evaluate("""(selector) => [...document.querySelectorAll(selector)]
        .filter((n) => n.getClientRects().length)
        .map((n) => [n, n.getBoundingClientRect()])
        .filter(([, r]) => r.top < 0 || r.left < 0 || r.bottom > innerHeight + 0.5
                           || r.right > innerWidth + 0.5)
        .map(([n, r]) => `${n.id || n.className || n.tagName}: ${Math.round(r.top)}-${Math.round(r.bottom)}`)""",
                         selector)


def _settled(page, selector: str) -> list:
    """``_in_view`` once the screen is drawn: measured after two frames, again if a new view
    came in meanwhile."""
    for _ in range(20):
        step = page.evaluate("ui.view.step")
        page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
        outside = _in_view(page, selector)
        if page.evaluate("ui.view.step") == step:
            return outside
    return outside


@pytest.mark.parametrize("lang", LANGS)
def test_a_votes_result_stays_on_screen_until_dismissed(browser, tmp_path, lang):
    """Bots playing at the server's default delay: once a vote is resolved, the stage shows
    its turned cards, the tally and the verdict, and keeps them through the steps that
    follow - the next turns, the person's own moves - until the person dismisses them;
    the log keeps the tally too."""
    db = tmp_path / "v.db"
    tid, token = fixed_table(db)
    rnd = random.Random(3)
    with running_server(db, DEFAULT_BOT_DELAY) as (base, _proc):
        page = open_page(browser, base, lang)
        sit(page, base, tid, token)
        verdict = page.locator("#stage .vote-moment .verdict-line").first
        clicks = 0
        while not verdict.count():
            assert clicks < MAX_CLICKS and not page.locator("#winner").is_visible(), "no vote"
            clicks += _click_once(page, rnd)
        expect(verdict).to_be_visible()
        said = verdict.inner_text()
        expect(page.locator("#stage .vote-moment .tally").first).to_contain_text(re.compile(r"\d"))
        assert page.locator("#stage .vote-moment .vote-card").count() >= 1
        step = page.evaluate("ui.view.step")
        # the game goes on - bots and the person move - and the verdict stays
        moves = 0
        while page.evaluate("ui.view.step") < step + 3 and not page.evaluate("Boolean(ui.view.outcome)"):
            assert moves < 100, "the game stalled"
            moves += 1
            _click_once(page, rnd)  # (waits for the person's turn, while bots move)
        expect(page.locator("#stage")).to_be_visible()
        assert said in page.locator("#stage").inner_text()
        # (each line begins with a capital, as the page writes it)
        assert said.split(" §")[0].strip().lower() in page.locator("#log").inner_text().lower()
        page.locator("#stage-close").click()
        expect(page.locator("#stage")).to_be_hidden()
        assert not page.errors, page.errors


def test_a_votes_verdict_is_staged_again_after_a_reload_until_dismissed(browser, tmp_path):
    """A vote resolves and the page reloads before the person decides again (a dropped
    connection, a closed tab): the verdict - with any moment the bots made after it - is
    staged from the history the page receives and stays until dismissed; once dismissed,
    another reload does not stage it again."""
    db = tmp_path / "r.db"
    tid, token = fixed_table(db)
    rnd = random.Random(3)
    with running_server(db, DEFAULT_BOT_DELAY) as (base, _proc):
        page = open_page(browser, base, "en")
        sit(page, base, tid, token)
        verdict = page.locator("#stage .vote-moment .verdict-line")
        clicks = 0
        while True:
            # (the person's turn or a verdict: while the person decides no bot moves, so a
            # verdict cannot come between this look and the click)
            page.locator("#stage .vote-moment .verdict-line, #decision.mine #choices button:not(.back)"
                         ).first.wait_for(timeout=30000)
            if verdict.count():
                break
            assert clicks < MAX_CLICKS and not page.locator("#winner").is_visible(), "no vote"
            clicks += _click_once(page, rnd)
        step = page.locator("#stage .vote-moment").first.get_attribute("data-step")
        said = verdict.first.inner_text().split(" §")[0].strip()
        page.reload()
        staged = page.locator(f"#stage .moment[data-step='{step}']")
        expect(staged.locator(".verdict-line")).to_contain_text(said, timeout=20000)
        expect(staged.locator(".tally")).to_contain_text(re.compile(r"\d"))
        page.locator("#log li").first.wait_for()
        expect(staged).to_be_visible()
        page.locator("#stage-close").click()
        expect(page.locator("#stage")).to_be_hidden()
        page.reload()
        page.wait_for_selector("#board-svg svg")
        page.locator("#log li").first.wait_for()  # the history is in
        page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
        assert staged.count() == 0
        assert not page.errors, page.errors


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("ruleset,players", [("standard", 4), ("tortuga-dice", 4)])
def test_a_decision_at_1280x800_needs_no_scrolling(browser, tmp_path, lang, ruleset, players):
    """At each of the person's first decisions, the question and all its options and what
    the game shows beside them (Tortuga 1667: the hand, the loyalty card, the event row; the
    dice game: one's own board, the shared zones, every seat's board) and the latest line of
    the log are on the screen, and the page is not scrolled."""
    db = tmp_path / "d.db"
    tid, token = fixed_table(db, players=players, ruleset=ruleset)
    rnd = random.Random(7)
    with running_server(db) as (base, _proc):
        page = open_page(browser, base, lang)
        sit(page, base, tid, token)
        for _ in range(6):
            page.wait_for_selector("#decision.mine #choices button", timeout=30000)
            outside = _settled(page, IN_SIGHT[ruleset])
            assert outside == [], outside
            assert page.evaluate("scrollY") == 0
            if not _click_once(page, rnd):
                break
        assert not page.errors, page.errors


@pytest.mark.parametrize("lang", ["en", "ko", "de"])
def test_on_a_phone_the_create_button_and_the_question_need_no_scrolling(browser, tmp_path, lang):
    """At 390x844 the lobby's create button is on the screen; at the table the question and
    its first option are, and the tabs switch between the board, the hand and the log."""
    db = tmp_path / "p.db"
    tid, token = fixed_table(db)
    with running_server(db) as (base, _proc):
        page = open_page(browser, base, lang, 390, 844)
        assert _in_view(page, "#create-button") == []
        sit(page, base, tid, token)
        page.wait_for_selector("#decision.mine #choices button")
        assert _in_view(page, "#prompt, #choices button:first-child") == []
        expect(page.locator("#board-svg svg")).to_be_visible()
        page.locator("#panes button[data-show=hand]").click()
        expect(page.locator("#hand")).to_be_visible()
        expect(page.locator("#board-svg svg")).to_be_hidden()
        page.locator("#panes button[data-show=log]").click()
        expect(page.locator("#log li").last).to_be_visible()
        expect(page.locator("#prompt")).to_be_visible()
        assert not page.errors, page.errors


@pytest.mark.parametrize("lang", ["en", "ko", "de"])
def test_on_a_phone_the_dice_games_question_and_ones_own_dice_come_first(browser, tmp_path, lang):
    """At 390x844 in the dice game the question and its first option need no scrolling; one's
    own board (the dice behind the screen) follows it whatever the pane; the tabs switch
    between the shared board and the log, and offer no hand the game does not have."""
    db = tmp_path / "p.db"
    tid, token = fixed_table(db, ruleset="tortuga-dice")
    with running_server(db) as (base, _proc):
        page = open_page(browser, base, lang, 390, 844)
        sit(page, base, tid, token)
        page.wait_for_selector("#decision.mine #choices button")
        assert _in_view(page, "#prompt, #choices button:first-child") == []
        expect(page.locator("#kit-mine .kit-seat.me .die-svg").first).to_be_visible()
        expect(page.locator("#panes button[data-show=hand]")).to_be_hidden()
        expect(page.locator("#kit-board .kit-shared")).to_be_visible()
        page.locator("#panes button[data-show=log]").click()
        expect(page.locator("#log li").last).to_be_visible()
        expect(page.locator("#kit-board")).to_be_hidden()
        expect(page.locator("#kit-mine")).to_be_visible()
        assert not page.errors, page.errors


#: The page's labels that must be whole: none cut by its box, none over a neighbour.
CLIPPED = """() => [...document.querySelectorAll('#game .panel *:not(svg *), .top *')]
  .filter((n) => n.getClientRects().length && !n.closest('.sr, svg, .card-text, #log, .stage')
    && ['hidden', 'clip'].includes(getComputedStyle(n).overflowX)
    && n.scrollWidth > n.clientWidth + 1)
  .map((n) => n.id || n.className || n.tagName)"""
OVERLAPS = """() => {
  const out = [];
  for (const list of document.querySelectorAll('.players, .choices, #panes, .stage-head, .mine')) {
    const kids = [...list.children].filter((k) => k.getClientRects().length);
    kids.forEach((a, i) => kids.slice(i + 1).forEach((b) => {
      const r = a.getBoundingClientRect(), q = b.getBoundingClientRect();
      if (r.left < q.right - 1 && q.left < r.right - 1 && r.top < q.bottom - 1 && q.top < r.bottom - 1) {
        out.push(`${a.textContent.slice(0, 20)} / ${b.textContent.slice(0, 20)}`);
      }
    }));
  }
  return out;
}"""


@pytest.fixture(scope="module")
def first_decision(tmp_path_factory):
    """``at(ruleset)``: a server and a fixed table of that game waiting for the person's
    first decision, ``(base, table id, token)`` - one per game for the whole module, as the
    tests that use it only look (a server started per language and size cost more than
    the looking)."""
    made: dict = {}
    with contextlib.ExitStack() as servers:
        def at(ruleset: str):
            if ruleset not in made:
                db = tmp_path_factory.mktemp(ruleset) / "c.db"
                tid, token = fixed_table(db, ruleset=ruleset)
                base, _proc = servers.enter_context(running_server(db))
                made[ruleset] = (base, tid, token)
            return made[ruleset]
        yield at


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("width,height", [(1280, 800), (390, 844)])
@pytest.mark.parametrize("ruleset", ["standard", "tortuga-dice"])
def test_no_label_of_the_table_is_clipped_or_over_another(browser, first_decision, lang, width,
                                                          height, ruleset):
    """At the person's first decision, in each language at desktop and phone sizes and in
    both games: no label outside the board's drawing is cut by its box, and no player,
    option, tab or card sits over its neighbour."""
    base, tid, token = first_decision(ruleset)
    page = open_page(browser, base, lang, width, height)
    sit(page, base, tid, token)
    page.wait_for_selector("#decision.mine #choices button")
    _settled(page, "#prompt")
    assert page.evaluate(CLIPPED) == []
    assert page.evaluate(OVERLAPS) == []
    assert not page.errors, page.errors
    page.close()  # its socket too: the next language's page meets the same server


def test_the_lobby_s_create_button_is_in_sight_at_1280x800(browser, tmp_path):
    """On a wide screen too, the lobby's main action needs no scrolling."""
    with running_server(tmp_path / "l.db") as (base, _proc):
        page = open_page(browser, base, "de")
        assert _in_view(page, "#create-button") == []


def test_the_log_reads_as_sentences_with_the_rule_behind_a_section_sign(browser, tmp_path):
    """No line of the log is a bare "rule:" line: the rule sits behind the § of the line it
    explains, its quote on hover; turns are headings; players' names carry their colour."""
    db = tmp_path / "g.db"
    tid, token = fixed_table(db)
    rnd = random.Random(5)
    with running_server(db) as (base, _proc):
        page = open_page(browser, base, "en")
        sit(page, base, tid, token)
        for _ in range(8):
            _click_once(page, rnd)
        lines = page.locator("#log li").all_inner_texts()
        assert lines and not [line for line in lines if line.lower().startswith("rule:")]
        expect(page.locator("#log li.turn-head").first).to_be_attached()
        expect(page.locator("#log .who").first).to_contain_text(re.compile(r"\w"))
        quote = page.locator("#log a.clause").first.get_attribute("title")
        assert quote and quote != "The rule"
        assert not page.errors, page.errors


def test_the_status_says_waiting_not_turn_0_and_over_not_a_turn_at_the_end(browser, tmp_path):
    """A host waiting for a player sees that the table waits (no "Turn 0"); at the end the
    status says the game is over, not whose turn it was."""
    said = translations("en").gettext
    with running_server(tmp_path / "w.db") as (base, _proc):
        host = open_page(browser, base, "en")
        host_with_open_seats(host, "Ana", 2)
        expect(host.locator("#turn")).to_have_text(said("Waiting for players"))
        solo = open_page(browser, base, "en")
        solo.locator("#name").fill("Bo")
        solo.locator("#players").fill("2")
        solo.locator("#players").dispatch_event("change")
        solo.locator("#create-button").click()
        solo.wait_for_selector("#board-svg svg")
        click_to_the_end(solo, random.Random(2))
        expect(solo.locator("#turn")).to_have_text(said("The game is over."))
        assert not host.errors and not solo.errors


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_a_steps_vote_events_make_one_moment_with_tally_verdict_and_consequence(browser, tmp_path,
                                                                               motion):
    """A step's events fed to the stage as a view brings them: the call, the reveal and the
    result make one vote moment (its cards, the tally by icon, the verdict, what followed,
    each with its §); the cards are turned one after another, or all at once for a player
    who asked for reduced motion."""
    db = tmp_path / "m.db"
    tid, token = fixed_table(db)
    with running_server(db) as (base, _proc):
        page = open_page(browser, base, "en")
        page.emulate_media(reduced_motion=motion)
        sit(page, base, tid, token)
        page.evaluate("""() => {
          dismissStage();
          stageEvents([
            {kind: "vote-call", clause: "vote.mutiny.participants", vote: "mutiny", caller: 1,
             place: "flying_dutchman", voters: [0, 1], text: "a mutiny is called"},
            {kind: "vote-reveal", clause: "vote.procedure.count", vote: "mutiny",
             cards: ["v15", "v20"], counts: {helm: 1, skull: 1}, text: "cards revealed"},
            {kind: "vote-result", clause: "vote.mutiny.success", vote: "mutiny", success: false,
             text: "the Mutiny fails"},
            {kind: "vote-return", clause: "vote.procedure.return", count: 2, text: "returned"},
            {kind: "maroon", clause: "maroon.from-ship", seat: 0, src: "jolly_roger",
             dst: "tortuga", text: "someone is marooned"},
            {kind: "turn", clause: "turn.order", seat: 2, number: 9, text: "turn 9"}]);
        }""")
        moment = page.locator("#stage .vote-moment")
        expect(moment).to_have_count(1)
        expect(page.locator("#stage .moment")).to_have_count(1)  # the marooning is its consequence
        expect(moment.locator(".vote-card")).to_have_count(2)
        expect(moment.locator(".tally")).to_contain_text("1")
        expect(moment.locator(".verdict-line.failed")).to_contain_text("Mutiny fails")
        expect(moment.locator(".consequences")).to_contain_text("marooned")
        assert "returned" not in moment.inner_text()
        animations = moment.locator(".vote-card").evaluate_all(
            "(cards) => cards.map((c) => getComputedStyle(c).animationName)")
        assert animations == (["none", "none"] if motion == "reduce" else ["flip", "flip"])
        assert not page.errors, page.errors


def test_view_patches_are_applied_as_rfc_6902_says(browser, tmp_path):
    """The client's patch applier: add, replace and remove on objects and arrays, JSON
    Pointer escapes (~0, ~1), a whole array replaced, the old view left untouched; and the
    socket asks for patches."""
    with running_server(tmp_path / "j.db") as (base, _proc):
        page = open_page(browser, base, "en")
        got = page.evaluate("""() => {
          const view = {step: 1, "a/b": 1, "m~n": 2, row: [1, 2, 3], vote: {kind: "attack"}, gone: true};
          const patched = applyPatch(view, [
            {op: "replace", path: "/step", value: 2},
            {op: "replace", path: "/a~1b", value: 10},
            {op: "add", path: "/m~0n", value: 20},
            {op: "replace", path: "/row", value: [9]},
            {op: "add", path: "/row/-", value: 8},
            {op: "add", path: "/row/0", value: 7},
            {op: "remove", path: "/vote/kind"},
            {op: "remove", path: "/gone"},
            {op: "add", path: "/new", value: {x: [1]}}]);
          return {patched, view};
        }""")
        assert got["patched"] == {"step": 2, "a/b": 10, "m~n": 20, "row": [7, 9, 8], "vote": {},
                                  "new": {"x": [1]}}
        assert got["view"]["step"] == 1 and got["view"]["row"] == [1, 2, 3] and got["view"]["gone"]
        assert "patches=1" in page.evaluate("connect.toString()")
        assert not page.errors, page.errors


def test_the_client_chooses_korean_particles_as_the_server_does(browser, tmp_path):
    """The client fills names into its own words: a particle written both ways after a name
    ('{name}이(가)') is chosen by the name's last syllable exactly as the server's grammar
    chooses it, for Hangul, Latin and numbered names."""
    from tortuga_rules.game.grammar import particle
    names = ["Ana", "Henry Morgan [0]", "Anne Dieu-le-Veut [4]", "Ben", "Jack", "Bob",
             "플라잉 더치맨", "졸리 로저", "스페인 갈레온", "보트 1", "보트 2", "DJ", "Tom",
             "Paul", "Sung", "seat 3", "토르투가", "선장", "!!!"]
    forms = ["이/가", "을/를", "은/는", "으로/로", "과/와"]
    with running_server(tmp_path / "k.db") as (base, _proc):
        page = open_page(browser, base, "ko")
        got = page.evaluate("([names, forms]) => names.map((n) => forms.map((f) => particle(n, f)))",
                            [names, forms])
        assert got == [[particle(n, f) for f in forms] for n in names]
        filled = page.evaluate("""() => { ui.words["X {name}이(가) {to}(으)로"] = "X {name}이(가) {to}(으)로";
                                          return t("X {name}이(가) {to}(으)로", {name: "Ana", to: "선장"}); }""")
        assert filled == "X Ana가 선장으로"
        assert not page.errors, page.errors


def test_the_table_screen_has_no_serious_accessibility_violation(browser, tmp_path):
    """axe-core on the table at 1280x800 with a moment on the stage, and on a phone with each
    tab: no violation of impact serious or critical."""
    from axe_playwright_python.sync_playwright import Axe
    axe = Axe()

    def serious(page) -> list:
        return serious_violations(axe, page)

    db = tmp_path / "a.db"
    tid, token = fixed_table(db)
    rnd = random.Random(3)
    with running_server(db) as (base, _proc):
        page = open_page(browser, base, "es")
        sit(page, base, tid, token)
        clicks = 0
        while not page.locator("#stage .moment").count() and clicks < 200:
            clicks += _click_once(page, rnd)
        page.wait_for_selector("#decision.mine #choices button")
        assert serious(page) == []
        phone = open_page(browser, base, "ko", 390, 844)
        sit(phone, base, tid, token)
        for pane in ("board", "hand", "log"):
            phone.locator(f"#panes button[data-show={pane}]").click()
            assert serious(phone) == [], pane

"""Patches: a variant replaces, inserts before or after, or removes one tagged statement of
any program by its clause id, on both games; what it makes is the program written out
with the change, its mistakes are located in the variant file, and diff shows it."""

import re
import textwrap
from pathlib import Path

import pytest
from helpers import act, choose, load_problems, position

from tortuga_rules import RulesError, load_ruleset
from tortuga_rules.cli.main import main
from tortuga_rules.lawyer.diff import rules_diff

#: Each game: the ruleset patched, the program, its tagged statement (clause) and a
#: statement to put there - the same for every kind of patch.
GAMES = {
    "tortuga-1667": dict(
        head="extends: standard", program="card:crows-nest",
        clause="card.crows-nest.hand-to-deck", new="hand_to_deck(revealer)",
        copy_key="cards:\n    crows-nest:\n      effect"),
    "tortuga-dice": dict(
        head="game: tortuga-dice\nextends: tortuga-dice", program="effect:expand-first",
        clause="dice.fleet.first", new='advance(who, "fleet", 1)',
        copy_key="effects:\n    expand-first:\n      do"),
}

_CROWS_NEST = """\
    @card.crows-nest.target  choose victim from players()
    k = hand_size(victim)
    if k == 0 {
      @card.crows-nest.no-cards  stop()
    }
    %s
    repeat k {
      if vote_deck_cards() != [] {  # the victim's k cards went in: never empty
        @card.crows-nest.search  choose pick from vote_deck_cards() secretly
        @card.crows-nest.search  take_vote(pick, victim)
      }
    }
    @card.crows-nest.reshuffle  shuffle_votes()
    """
_EXPAND = """\
    @dice.act.optional  choose act from [true, false] by who
    if act { %s }
    """
_HAND, _FLEET = "@card.crows-nest.hand-to-deck  hand_to_deck(victim)", \
    '@dice.fleet.first  advance(who, "fleet", 2)'

#: The program as the base rules write it (None), and as each kind of patch makes it.
TEXTS = {
    ("tortuga-1667", None): _CROWS_NEST % _HAND,
    ("tortuga-1667", "replace"): _CROWS_NEST % "@card.crows-nest.hand-to-deck  "
                                               "hand_to_deck(revealer)",
    ("tortuga-1667", "before"): _CROWS_NEST % f"hand_to_deck(revealer)\n    {_HAND}",
    ("tortuga-1667", "after"): _CROWS_NEST % f"{_HAND}\n    hand_to_deck(revealer)",
    ("tortuga-1667", "remove"): _CROWS_NEST % "",
    ("tortuga-dice", None): _EXPAND % _FLEET,
    ("tortuga-dice", "replace"): _EXPAND % '@dice.fleet.first  advance(who, "fleet", 1)',
    ("tortuga-dice", "before"): _EXPAND % f'advance(who, "fleet", 1)\n      {_FLEET}',
    ("tortuga-dice", "after"): _EXPAND % f'{_FLEET}\n      advance(who, "fleet", 1)',
    ("tortuga-dice", "remove"): _EXPAND % "",
}


def _variant(tmp_path, game: str, body: str, name: str = "house.yaml"):
    path = tmp_path / name
    path.write_text(f"id: house\n{GAMES[game]['head']}\nname: House\ndescription: A test.\n"
                    + textwrap.dedent(body), encoding="utf-8")
    return str(path)


def _copied(tmp_path, game: str, text: str):
    """The base rules with the program written out whole as ``text``."""
    body = textwrap.indent(textwrap.dedent(text), " " * 8)
    return load_ruleset(_variant(tmp_path, game, f"changes:\n  {GAMES[game]['copy_key']}: |\n"
                                 f"{body}", "copy.yaml"))


def _program(rules, key):
    """A compiled program as the engine runs it (its trees and instructions, by name)."""
    p = rules.programs[key]
    code = [tuple(getattr(x, "__name__", x) for x in ins) for ins in p.code]
    return repr(p.ir), [c for c, _ in p.clauses], repr(code)


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("kind", ["replace", "before", "after", "remove"])
def test_each_kind_of_patch_makes_the_program_written_out_with_the_change(tmp_path, game,
                                                                          kind):
    """A patch compiles to exactly the program an author would have copied and changed."""
    g = GAMES[game]
    with_ = "" if kind == "remove" else f"\n    with: '{g['new']}'"
    patched = load_ruleset(_variant(tmp_path, game, f"patches:\n  - program: {g['program']}\n"
                                                    f"    {kind}: {g['clause']}{with_}\n"))
    assert _program(patched, g["program"]) == _program(_copied(tmp_path, game, TEXTS[game, kind]),
                                                       g["program"])


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_patch_naming_no_program_finds_the_one_its_clause_tags(tmp_path, game):
    """``program:`` may be left out when one program has the clause."""
    g = GAMES[game]
    named = load_ruleset(_variant(tmp_path, game, f"patches:\n  - program: {g['program']}\n"
                                                  f"    replace: {g['clause']}\n"
                                                  f"    with: '{g['new']}'\n", "named.yaml"))
    bare = load_ruleset(_variant(tmp_path, game, f"patches:\n  - replace: {g['clause']}\n"
                                                 f"    with: '{g['new']}'\n"))
    assert _program(bare, g["program"]) == _program(named, g["program"])
    assert bare.data["patches"][0]["program"] == g["program"]


def test_every_mistake_of_the_patches_is_told_once_at_its_line(tmp_path, capsys):
    """Unknown program or clause (with a suggestion), a clause tagging several statements
    or programs, nth out of range, and DSL errors inside ``with``: each located in the
    variant file, all in one load, nothing else - and so by ``lint``."""
    path = _variant(tmp_path, "tortuga-dice", """\
        patches:
          - program: effect:expand-firs
            replace: dice.fleet.first
            with: 'advance(who, "fleet", 1)'
          - replace: dice.flet.first
            with: 'advance(who, "fleet", 1)'
          - remove: dice.act.optional
          - program: effect:search-first
            replace: dice.treasure.first
            with: 'advance(who, "crew", 1)'
          - program: effect:search-first
            remove: dice.treasure.first
            nth: 9
          - replace: dice.crew.first
            with: 'advance(who, "crew", nope)'
          - after: dice.crew.first
            with: 'advance(who, "crew", '
        """)
    assert load_problems(path) == [
        f"{path}:8:14: no program 'effect:expand-firs' (did you mean 'effect:expand-first'?) "
        "(the programs: effect:blocked, effect:board-first, effect:board-second, effect:bonus, "
        "effect:expand-first, effect:expand-second, effect:fill, effect:overflow, effect:place, "
        "effect:raid-first, effect:raid-second, effect:recruit-first, effect:recruit-second, "
        "effect:score, effect:search-first, effect:search-second, effect:to-central, play, setup)",
        f"{path}:10:14: no statement of any program is tagged @dice.flet.first "
        "(did you mean 'dice.fleet.first'?)",
        f"{path}:12:13: @dice.act.optional tags statements of programs effect:board-first, "
        "effect:board-second, effect:expand-first, effect:expand-second, effect:raid-first, "
        "effect:raid-second, effect:recruit-first, effect:recruit-second, effect:search-first, "
        "effect:search-second: name the one to patch with program:",
        f"{path}:14:14: @dice.treasure.first tags 6 statements of program effect:search-first "
        "(lines 306, 307, 308, 310, 311, 312 of variants/tortuga-dice/tortuga-dice.yaml): say which with "
        "nth: 1 to 6",
        f"{path}:17:13: nth: 9, but @dice.treasure.first tags 6 statements of program "
        "effect:search-first",
        f"{path}:20:33: unknown name 'nope' (did you mean 'none'?)",
        f"{path}:22:33: syntax error: unexpected end of text",
    ]
    assert main(["lint", path]) == 1
    assert capsys.readouterr().out.splitlines() == load_problems(path) + [
        "0 of 1 files ok; 7 errors"]


@pytest.mark.parametrize("entry, message", [
    ("- program: play\n    with: 'x = 1'",
     "a patch says one of replace, before, after or remove (the clause id of the statement "
     "it patches)"),
    ("- replace: dice.fleet.first\n    remove: dice.fleet.first",
     "a patch says one of replace, before, after or remove (the clause id of the statement "
     "it patches), not 2"),
    ("- replace: dice.fleet.first", "replace needs 'with': the statements to put there"),
    ("- remove: dice.fleet.first\n    with: 'x = 1'", "remove takes no 'with'"),
])
def test_a_malformed_patch_is_told_where_it_is_written(tmp_path, entry, message):
    """A patch names exactly one kind, and ``with`` unless it removes."""
    path = _variant(tmp_path, "tortuga-dice", f"patches:\n  {entry}\n")
    assert load_problems(path) == [f"{path}:7:5: {message}"]


def test_a_type_error_in_a_patch_is_located_in_the_variant_not_the_base(tmp_path):
    """The patched program is type-checked like any other, its error at the patch's line."""
    path = _variant(tmp_path, "tortuga-1667", """\
        patches:
          - program: card:crows-nest
            after: card.crows-nest.reshuffle
            with: |
              @card.crows-nest.reshuffle  maroon(victim, k)
        """)
    [problem] = load_problems(path)
    assert problem == f"{path}:9:35: maroon takes 1 argument (maroon(seat)), given 2"


def test_patches_compose_in_order_a_later_one_patching_what_an_earlier_one_put(tmp_path):
    """A variant extending a patched one patches the statement the first patch wrote."""
    first = _variant(tmp_path, "tortuga-dice", """\
        patches:
          - replace: dice.fleet.first
            with: '@dice.fleet.first  advance(who, "fleet", 1)'
        """, "first.yaml")
    (tmp_path / "second.yaml").write_text(textwrap.dedent("""\
        id: second
        game: tortuga-dice
        extends: first.yaml
        name: Second
        description: A test.
        patches:
          - replace: dice.fleet.first
            with: 'advance(who, "fleet", 3)'
        """), encoding="utf-8")
    rules = load_ruleset(str(tmp_path / "second.yaml"))
    copied = _copied(tmp_path, "tortuga-dice", _EXPAND % '@dice.fleet.first  advance(who, "fleet", 3)')
    assert _program(rules, "effect:expand-first") == _program(copied, "effect:expand-first")
    assert rules.id == "tortuga-dice+house+second"


def test_a_patch_is_part_of_the_rules_identity(tmp_path):
    """The hash covers the patch: another statement, another hash; the same, the same."""
    def hashed(value, name):
        return load_ruleset(_variant(tmp_path, "tortuga-dice", f"""\
            patches:
              - replace: dice.fleet.first
                with: 'advance(who, "fleet", {value})'
            """, name)).hash
    assert hashed(1, "a.yaml") == hashed(1, "b.yaml") != hashed(3, "c.yaml")
    assert hashed(1, "a.yaml") != load_ruleset("tortuga-dice").hash


@pytest.mark.parametrize("game", sorted(GAMES))
def test_diff_shows_a_patch_as_the_statement_before_and_after_with_its_clause(tmp_path, game):
    """``diff`` lists the patched statement under its program and clause, both ways."""
    g = GAMES[game]
    patched = load_ruleset(_variant(tmp_path, game, f"patches:\n  - replace: {g['clause']}\n"
                                                    f"    with: '{g['new']}'\n"))
    base = load_ruleset("standard" if game == "tortuga-1667" else "tortuga-dice")
    was = {"tortuga-1667": _HAND, "tortuga-dice": _FLEET}[game]
    row = ("statements", f"{g['program']}: replace @{g['clause']}", g["clause"], was, g["new"])
    assert row in rules_diff(base, patched)
    assert row[:3] + (g["new"], was) in rules_diff(patched, base)


@pytest.mark.parametrize("name, copy_key, text", [
    ("crows-nest-another-player", "cards:\n    crows-nest:\n      effect",
     TEXTS["tortuga-1667", None].replace("from players()", "from others(revealer)")),
    ("crows-nest-no-reshuffle", "cards:\n    crows-nest:\n      effect",
     TEXTS["tortuga-1667", None].replace("@card.crows-nest.reshuffle  shuffle_votes()", "")),
])
def test_a_bundled_variant_patched_plays_the_program_it_used_to_copy(tmp_path, name,
                                                                     copy_key, text):
    """The bundled readings that were whole copies of a card's program are one patch now,
    compiled to the very program the copy was."""
    body = textwrap.indent(textwrap.dedent(text), " " * 8)
    path = tmp_path / "copy.yaml"
    path.write_text(f"id: copy\nextends: standard\nname: Copy\ndescription: A test.\n"
                    f"changes:\n  {copy_key}: |\n{body}", encoding="utf-8")
    assert _program(load_ruleset(name), "card:crows-nest") == \
        _program(load_ruleset(str(path)), "card:crows-nest")


def test_the_two_player_dice_game_patched_plays_the_programs_it_used_to_copy(tmp_path):
    """two-players' Expand Fleet and Recruit Crew are one patch each, the same programs."""
    copy = load_ruleset(_variant(tmp_path, "tortuga-dice", """\
        changes:
          effects:
            expand-first:
              do: |
                @dice.act.optional  choose act from [true, false] by who
                if act { @dice.2p.fleet  advance(who, "fleet", 1) }
            recruit-first:
              do: |
                @dice.act.optional  choose act from [true, false] by who
                if act { @dice.2p.crew  advance(who, "crew", 1) }
        clauses:
          dice.2p.fleet: {text: Fleet 1., source: test}
          dice.2p.crew: {text: Crew 1., source: test}
        """))
    bundled = load_ruleset("tortuga-dice+two-players")
    for key in ("effect:expand-first", "effect:recruit-first"):
        assert _program(bundled, key) == _program(copy, key)


def test_rules_marks_the_patched_clause_and_shows_the_statement_before_and_after(capsys):
    """``rules`` prints the rulebook with the clause marked as the variant's, then each
    patched statement under its program: as it was, and what the patch puts there."""
    assert main(["rules", "--variant", "crows-nest-another-player"]) == 0
    out = capsys.readouterr().out
    assert "*(changed by crows-nest-another-player)*" in \
        next(line for line in out.splitlines() if "**`card.crows-nest.target`**" in line)
    assert out.endswith("## Patched statements\n\n"
                        "- `card:crows-nest`: replace **`@card.crows-nest.target`**\n"
                        "  - was: `@card.crows-nest.target  choose victim from players()`\n"
                        "  - replace: `choose victim from others(revealer)`\n")


def test_explain_cites_where_a_patch_changed_the_statement_of_a_clause(capsys):
    """A refusal by a patched statement's clause says where the patch is written."""
    assert main(["explain", "tests/scenarios/crows-nest-another-player.yaml"]) == 0
    assert "because card.crows-nest.target: German reading: the revealer chooses another " \
        "player. (de \"Crow's Nest\" (\"eines anderen Spielers\"); docs/readings.md A7); " \
        "patched at variants/tortuga-1667/crows-nest-another-player.yaml:9" in capsys.readouterr().out


def test_patches_cannot_nest_a_program_deeper_than_its_text_may(tmp_path):
    """Patching into what a patch put is bounded like the text is: a program patched past
    the nesting limit is refused at the patch that would do it."""
    deep = "if true { " * 60 + '@dice.fleet.first  advance(who, "fleet", 1)' + " }" * 60
    path = _variant(tmp_path, "tortuga-dice", "patches:\n" + "".join(
        f"  - replace: dice.fleet.first\n    nth: {nth}\n    with: '{deep}'\n"
        for nth in (1, 2)))
    assert load_problems(path) == [f"{path}:10:14: patched, program effect:expand-first would "
                                   "nest blocks more than 100 levels deep"]


def _extending(tmp_path, name: str, parent: str, body: str) -> str:
    (tmp_path / name).write_text(f"id: {name[:-5]}\ngame: tortuga-dice\nextends: {parent}\n"
                                 f"name: X\ndescription: A test.\n" + textwrap.dedent(body),
                                 encoding="utf-8")
    return str(tmp_path / name)


#: A variant writing Expand Fleet anew, without the clause the patch names.
_ANEW = """\
    changes:
      effects:
        expand-first:
          do: |
            @dice.act.optional  choose act from [true, false] by who
            if act { advance(who, "crew", 1) }
    """


def test_a_later_part_writing_a_program_anew_replaces_an_earlier_patch_of_it(tmp_path):
    """Like any later change, a variant writing a program anew wins over a patch naming it
    made by a part before it: the program is the later text, and the patch is no mistake."""
    _variant(tmp_path, "tortuga-dice", "patches:\n  - program: effect:expand-first\n"
                                       "    replace: dice.fleet.first\n"
                                       "    with: 'advance(who, \"fleet\", 3)'\n")
    later = load_ruleset(_extending(tmp_path, "anew.yaml", "house.yaml", _ANEW))
    assert _program(later, "effect:expand-first") == \
        _program(_copied(tmp_path, "tortuga-dice", _EXPAND % 'advance(who, "crew", 1)'),
                 "effect:expand-first")


def test_a_patch_after_a_part_writing_the_program_anew_patches_that_text(tmp_path):
    """A patch of a later part applies to the program as the parts before it wrote it: the
    clause it names must tag a statement there."""
    _extending(tmp_path, "anew.yaml", "tortuga-dice", _ANEW)
    path = _extending(tmp_path, "patch.yaml", "anew.yaml",
                      "patches:\n  - program: effect:expand-first\n"
                      "    replace: dice.fleet.first\n    with: 'advance(who, \"fleet\", 3)'\n")
    assert load_problems(path) == [f"{path}:8:14: no statement of program effect:expand-first "
                                   "is tagged @dice.fleet.first"]


def test_a_patch_reaches_a_statement_inside_a_chooses_else(tmp_path):
    """A choose's ``else`` is a block like an ``if``'s: a statement tagged inside it is
    found and patched there (the program written out with the change is the same)."""
    def anew(fleet: str) -> str:
        return ("changes:\n  effects:\n    expand-first:\n      do: |\n"
                "        @dice.act.optional  choose act from [true, false] by who else {\n"
                f"          {fleet}\n          act = false\n        }}\n"
                "        if act { advance(who, \"crew\", 1) }\n")
    _extending(tmp_path, "anew.yaml", "tortuga-dice",
               anew('@dice.fleet.first  advance(who, "fleet", 2)'))
    patched = load_ruleset(_extending(tmp_path, "patch.yaml", "anew.yaml",
                                      "patches:\n  - program: effect:expand-first\n"
                                      "    replace: dice.fleet.first\n"
                                      "    with: 'advance(who, \"fleet\", 3)'\n"))
    written = load_ruleset(_extending(tmp_path, "written.yaml", "tortuga-dice",
                                      anew('@dice.fleet.first  advance(who, "fleet", 3)')))
    assert _program(patched, "effect:expand-first") == _program(written, "effect:expand-first")


def test_a_patched_statement_failing_in_play_is_located_in_the_variant(tmp_path):
    """A run-time failure of a statement a patch put is told at the patch's text, with its
    program and clause, and the step is not taken."""
    path = _variant(tmp_path, "tortuga-1667", """\
        patches:
          - replace: card.crows-nest.hand-to-deck
            with: hand_to_deck(others(revealer)[9])
        """)
    rules = load_ruleset(path)
    s = position(rules, 4, hands={0: ("v01",), 1: ("v02",), 2: ("v03",), 3: ()},
                 row=("crows-nest",) + ("pistol",) * 4)
    s = act(s, "reveal", slot=1)
    with pytest.raises(RulesError) as exc:
        choose(s, 1)
    assert str(exc.value) == (f"{path}:7:11: hand_to_deck(others(revealer)[9]): position 9 is "
                              "outside a list of 3 items (program card:crows-nest, clause "
                              "card.crows-nest.hand-to-deck); the step was not taken")


def test_tortuga_1667_patch_mistakes_are_told_at_the_patch(tmp_path):
    """Tortuga 1667: an unknown word in a card's patched statement, an unknown clause with
    the closest one, a bad name in the treasure program's 2nd statement - each at its line."""
    path = _variant(tmp_path, "tortuga-1667", """\
        patches:
          - replace: card.crows-nest.target
            with: choose victim from otters(revealer)
          - replace: action.attack.take
            with: maroon(actor)
          - replace: setup.treasure.captains
            nth: 2
            with: place_chest(nowhere)
        """)
    assert load_problems(path) == [
        f"{path}:7:30: unknown function 'otters' (did you mean others(seat)?)",
        f"{path}:8:14: no statement of any program is tagged @action.attack.take "
        "(did you mean 'vote.attack.take-one'?)",
        f"{path}:12:23: unknown name 'nowhere'",
    ]


def _documented() -> list:
    """The ``patches:`` examples of the docs, each a YAML block of its own."""
    root = Path(__file__).resolve().parent.parent / "docs"
    blocks = []
    for name in ("variants.md", "house-rules.md", "tortuga-dice.md", "dsl.md"):
        text = (root / name).read_text(encoding="utf-8")
        blocks += [(name, b) for b in re.findall(r"```yaml\n(patches:.*?)```", text, re.S)]
    return blocks


@pytest.mark.parametrize("name, block", _documented())
def test_every_documented_patch_compiles(tmp_path, name, block):
    """A patch the docs show loads as written (its new clauses given a wording)."""
    game = "tortuga-dice" if "effect:" in block else "tortuga-1667"
    base = load_ruleset("standard" if game == "tortuga-1667" else "tortuga-dice")
    new = sorted(set(re.findall(r"@([a-z0-9][a-z0-9_.-]*)", block)) - set(base.clauses))
    clauses = "".join(f"\n  {c}: {{text: New., source: test}}" for c in new)
    rules = load_ruleset(_variant(tmp_path, game, block + ("clauses:" + clauses if new else "")))
    assert rules.data["patches"]

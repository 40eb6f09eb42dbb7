"""``lint`` as a compiler: every problem of a folder in one run, each once, in file order;
a card checked with the variant that brings it; did-you-mean over the game's vocabulary;
warnings that do not fail the run unless ``--strict``."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tortuga_rules.cli.main import main
from tortuga_rules.data.loader import load_ruleset
from tortuga_rules.errors import Severity, did_you_mean
from tortuga_rules.lawyer.lint import lint_paths

ROOT = Path(__file__).resolve().parent.parent
PLANTED = Path(__file__).resolve().parent / "lint" / "planted"

#: Every mistake planted in tests/lint/planted: (file, line, col, severity, what the message
#: says), in file order. customs-inspection.yaml reads its variant's option correctly and is
#: not among them.
PLANTED_MISTAKES = [
    ("cards/events/harbour-master.yaml", 13, 17, Severity.ERROR,
     "unknown option 'inspection_chest' (did you mean 'inspection_chests'?)"),
    ("cards/events/harbour-master.yaml", 15, 48, Severity.ERROR,
     "unknown name 'spanish_galleon' (did you mean 'galleon'?)"),
    ("cards/events/harbour-master.yaml", 17, 29, Severity.ERROR,
     "unknown verb 'hand_to_dek' (did you mean hand_to_deck(seat)?)"),
    ("cards/events/harbour-master.yaml", 17, 41, Severity.ERROR,
     "unknown function 'rigth_of' (did you mean right_of(seat)"),
    ("cards/events/press-gang.yaml", 13, 3, Severity.ERROR,
     "unknown clause 'card.press-gang.marooned' (did you mean 'card.press-gang.maroon'?)"),
    ("cards/events/press-gang.yaml", 14, 39, Severity.ERROR,
     "move_chest's argument 'src' must be a chest spot, not a seat"),
    ("cards/events/smugglers.yaml", 13, 3, Severity.WARNING,
     "card:smugglers cites no clause"),
    ("customs.yaml", 16, 5, Severity.WARNING,
     "option 'customs_fee' is declared but nothing reads it"),
    ("customs.yaml", 32, 12, Severity.ERROR,
     "unknown key 'qoute' (did you mean 'quote'?)"),
]


def _copy(tmp_path: Path) -> Path:
    folder = tmp_path / "planted"
    shutil.copytree(PLANTED, folder)
    return folder


def test_one_run_reports_every_planted_mistake_once_in_file_order_and_nothing_else(tmp_path):
    """A house rule with a schema mistake, near misses of a name, verb, function, option
    and clause, a type error, an unread option and a program citing no clause: one lint
    run finds each exactly once, in file order, and flags nothing else."""
    folder = _copy(tmp_path)
    report = lint_paths([folder])
    found = [(Path(p.file).relative_to(folder).as_posix(), p.line, p.col, p.severity, p.message)
             for p in report.problems]
    assert len(found) == len(PLANTED_MISTAKES), "\n".join(map(str, report.problems))
    for got, (file, line, col, severity, says) in zip(found, PLANTED_MISTAKES):
        assert got[:4] == (file, line, col, severity), (got, says)
        assert says in got[4], (got, says)


def test_the_command_prints_each_problem_once_counts_files_and_fails_on_errors(tmp_path,
                                                                                capsys):
    """The command line prints every problem once (warnings marked), the files with an
    error counted as not ok, and exits 1."""
    folder = _copy(tmp_path)
    assert main(["lint", str(folder)]) == 1
    out = capsys.readouterr().out.splitlines()
    problems = [line for line in out if ": " in line and not line.endswith(": ok")]
    assert len(problems) == len(PLANTED_MISTAKES) == len(set(problems))
    assert sum(": warning: " in line for line in problems) == 2
    assert out[-1] == "2 of 5 files ok; 7 errors, 2 warnings"


def _customs(tmp_path: Path) -> Path:
    """The planted folder's variant and its one correct card, nothing else."""
    folder = tmp_path / "customs"
    (folder / "cards" / "events").mkdir(parents=True)
    text = (PLANTED / "customs.yaml").read_text(encoding="utf-8")
    text = text.replace("customs-inspection, harbour-master, smugglers,\n              press-gang]",
                        "customs-inspection]").replace('    qoute: {en: "Customs!"}\n', "")
    head, tail = text.split("  customs_fee:", 1)
    (folder / "customs.yaml").write_text(head + "changes:" + tail.split("changes:", 1)[1],
                                         encoding="utf-8")
    shutil.copy(PLANTED / "cards" / "events" / "customs-inspection.yaml",
                folder / "cards" / "events")
    return folder


def test_a_card_is_checked_with_the_variant_that_brings_it(tmp_path, capsys, monkeypatch):
    """A card reading an option its variant declares lints clean in a folder run, on its
    own and from inside the folder (the variant beside its cards/ brings it)."""
    folder = _customs(tmp_path)
    card = folder / "cards" / "events" / "customs-inspection.yaml"
    assert lint_paths([folder]).problems == ()
    assert lint_paths([card]).problems == ()
    monkeypatch.chdir(folder)
    assert main(["lint", "."]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "2 of 2 files ok"


def test_a_cards_mistake_is_told_once_in_the_card_file(tmp_path):
    """A mistake in a card its variant brings is told once, located in the card's file, in
    a folder run and when the card is linted alone."""
    folder = _customs(tmp_path)
    card = folder / "cards" / "events" / "customs-inspection.yaml"
    card.write_text(card.read_text(encoding="utf-8").replace("holds(ship)", "hold(ship)"),
                    encoding="utf-8")
    for given in ([folder], [card], [folder, card]):
        problems = lint_paths(given).problems
        assert [(Path(p.file).name, p.line) for p in problems] == \
               [("customs-inspection.yaml", 15)], problems


def test_warnings_pass_unless_strict(tmp_path, capsys):
    """Warnings alone leave the exit status 0; --strict (or --werror) makes them fail."""
    folder = _customs(tmp_path)
    card = folder / "cards" / "events" / "customs-inspection.yaml"
    card.write_text(card.read_text(encoding="utf-8").replace("@card.customs.take  ", ""),
                    encoding="utf-8")
    assert main(["lint", str(folder)]) == 0
    out = capsys.readouterr().out
    assert ": warning: card:customs-inspection cites no clause" in out
    assert out.splitlines()[-1] == "2 of 2 files ok; 1 warning"
    assert main(["lint", str(folder), "--strict"]) == 1
    assert main(["lint", str(folder), "--werror"]) == 1


def test_bundled_rules_scenarios_and_examples_lint_without_a_problem_or_warning():
    """No false problem and no false warning on the bundled rules, card files, scenarios and
    the documented examples."""
    report = lint_paths([ROOT / "variants", ROOT / "cards", ROOT / "tests" / "scenarios",
                         ROOT / "docs" / "examples"])
    assert report.problems == (), "\n".join(map(str, report.problems))


#: Per game: a house rule whose one program misspells words of that game's vocabulary.
#: ``{verb}``, ``{function}``, ``{name}`` stand for misspelt words.
_MISSPELT = {
    "tortuga-dice": """\
id: misspelt
extends: tortuga-dice
name: Misspelt
description: misspelt words
changes:
  effects:
    score:
      do: |
        @dice.score.tracks  {verb}({function}({name}))
""",
    "standard": """\
id: misspelt
extends: standard
name: Misspelt
description: misspelt words
changes:
  actions:
    view:
      effect: |
        @card.pistol.target  {verb}({function}({name}))
""",
}


def _misspelt(word: str) -> str:
    """``word`` with one letter left out (not its first)."""
    return word[:2] + word[3:]


@pytest.mark.parametrize("game", sorted(_MISSPELT))
def test_suggestions_come_from_the_games_own_vocabulary(game, tmp_path):
    """A misspelt verb, function and constant of any game are each told with what exists
    in that game's vocabulary: the words with their signatures."""
    words = load_ruleset(game).vocabulary
    verb = max(words.verbs, key=len)
    function = max((f for f in words.functions if f != "option"), key=len)
    name = max(words.constants, key=len)
    path = tmp_path / "misspelt.yaml"
    path.write_text(_MISSPELT[game].format(verb=_misspelt(verb), function=_misspelt(function),
                                           name=_misspelt(name)), encoding="utf-8")
    messages = [p.message for p in lint_paths([path]).problems]
    assert f"did you mean {words.verbs[verb].signature}" in " ".join(messages), messages
    assert f"did you mean {words.functions[function].signature}" in " ".join(messages)
    assert f"did you mean '{name}'" in " ".join(messages)


def test_did_you_mean_offers_words_sharing_a_part_with_their_signatures():
    """Beyond close spellings, up to n words sharing a part of the unknown one, written as
    ``shown`` says; nothing when nothing is near."""
    verbs = {"take_vote": "take_vote(card, seat)", "move": "move(seat, place)"}
    assert did_you_mean("steal_vote", verbs, n=3, shown=verbs) == \
        " (did you mean take_vote(card, seat)?)"
    assert did_you_mean("xyzzy", verbs, n=3, shown=verbs) == ""
    assert did_you_mean("mve", ["move", "mover"]) == " (did you mean 'move'?)"


# -- lint --play ----------------------------------------------------------------------------

#: Per game: a house rule whose program fails at run time, and the located failure's text.
_FAILING = {
    "standard": ("customs", "cards/events/customs-inspection.yaml:14:5: repeat 1 // "
                            "(option(\"inspection_chests\") - 2): division by zero "
                            "(program card:customs-inspection)"),
    "tortuga-dice": ("broken-score", "broken-score.yaml:10:29: points = 1 // (counter(\"round\") "
                                     "- counter(\"round\")): division by zero (program "
                                     "effect:score, clause dice.score.tracks)"),
}

_BROKEN_SCORE = """\
id: broken-score
game: tortuga-dice
extends: tortuga-dice
name: Broken score
description: The score divides by zero.
changes:
  effects:
    score:
      do: |
        @dice.score.tracks  points = 1 // (counter("round") - counter("round"))
        @dice.score.winner  finish([points], "dice.score.winner")
"""


def _failing(game: str, tmp_path: Path) -> Path:
    """A folder with ``game``'s failing house rule."""
    if game == "standard":  # customs that divide by zero at the option's default
        folder = _customs(tmp_path)
        card = folder / "cards" / "events" / "customs-inspection.yaml"
        card.write_text(card.read_text(encoding="utf-8").replace(
            'repeat option("inspection_chests") {',
            'repeat 1 // (option("inspection_chests") - 2) {'), encoding="utf-8")
        return folder
    folder = tmp_path / "broken"
    folder.mkdir()
    (folder / "broken-score.yaml").write_text(_BROKEN_SCORE, encoding="utf-8")
    return folder


@pytest.mark.parametrize("game", sorted(_FAILING))
def test_play_finds_a_run_time_failure_located_with_a_scenario_check_replays(game, tmp_path,
                                                                             capsys,
                                                                             monkeypatch):
    """lint --play, for any game: a program that fails in play is told in the rules'
    words at its file:line:col, exit 1, and the scenario it writes makes check meet the
    same located failure."""
    folder = _failing(game, tmp_path)
    stem, located = _FAILING[game]
    monkeypatch.chdir(folder)
    assert main(["lint", ".", "--play", "2", "--quiet", "--out", "found"]) == 1
    out = capsys.readouterr().out
    assert located in out
    assert f"scenario: found/{stem}-1.yaml (tortuga-rules check plays into it)" in out
    assert main(["check", f"found/{stem}-1.yaml"]) != 0
    assert located in capsys.readouterr().err


def test_play_reports_every_configuration_on_every_engine(tmp_path, capsys, monkeypatch):
    """Without --quiet, each player count and option extreme is reported per engine installed,
    with its games and failures; rules that play cleanly exit 0."""
    from tortuga_rules.lawyer.playtest import engines
    folder = _customs(tmp_path)
    card = folder / "cards" / "events" / "customs-inspection.yaml"
    card.write_text(card.read_text(encoding="utf-8").replace("holds(ship)", "[galleon]")
                    .replace("move_chest(hold, galleon)", "cite()"), encoding="utf-8")
    monkeypatch.chdir(folder)
    assert main(["lint", ".", "--play", "1", "--players", "4"]) == 0
    lines = [line for line in capsys.readouterr().out.splitlines() if line.startswith("play ")]
    for engine in engines():
        assert f"play customs.yaml: 4 players, default options, {engine}: 1 games, 0 failed" \
            in lines
        assert f"play customs.yaml: 4 players, inspection_chests=3, {engine}: 1 games, " \
               f"0 failed" in lines
    assert lines[-1].startswith("play customs.yaml: 0 of ")
    assert not (folder / "lint-failures").exists()


def test_a_name_set_only_inside_a_block_says_so_where_it_is_used(tmp_path):
    """A name set in an 'if' branch and used after the 'if' is an error saying where it
    was set, not just an unknown name."""
    path = tmp_path / "blocked.yaml"
    path.write_text(_MISSPELT["tortuga-dice"].replace(
        "@dice.score.tracks  {verb}({function}({name}))",
        'if true { points = 1 }\n        say("score", 0, points)'), encoding="utf-8")
    (problem,) = lint_paths([path]).problems
    assert (problem.line, problem.col) == (10, 25)
    assert problem.message.startswith("unknown name 'points': it is set only inside a block")


def test_a_scenario_of_broken_rules_says_so_once_the_rules_told_in_their_file(tmp_path):
    """A folder whose variant is broken: its problems are told in its file, and each
    scenario on it says once that its ruleset has errors."""
    folder = tmp_path / "kraken"
    shutil.copytree(ROOT / "docs" / "examples" / "kraken", folder)
    variant = folder / "kraken.yaml"
    variant.write_text(variant.read_text(encoding="utf-8").replace("    default: 12",
                                                                     "    defualt: 12"),
                       encoding="utf-8")
    problems = [(Path(p.file).name, p.line, p.message) for p in lint_paths([folder]).problems]
    assert problems == [
        ("kraken-rises.yaml", 3, "the ruleset has errors (told in its own file)"),
        ("kraken.yaml", 11, "'default' is missing (required)"),
        ("kraken.yaml", 16, "unknown key 'defualt' (did you mean 'default'?)"),
        ("two-players-nine-chests.yaml", 3, "the ruleset has errors (told in its own file)")]


def test_a_tag_on_a_block_that_does_not_reach_a_call_inside_is_a_warning(tmp_path):
    """A tag on a 'repeat' cites its clause for the repeat only: lint warns at the untagged
    verb call inside, which would log without a clause; tagging the call clears it."""
    folder = _customs(tmp_path)
    card = folder / "cards" / "events" / "customs-inspection.yaml"
    text = card.read_text(encoding="utf-8")
    card.write_text(text.replace("    repeat option", "    @card.customs.take  repeat option")
                    .replace("@card.customs.take  move_chest", "move_chest"), encoding="utf-8")
    (warning,) = lint_paths([folder]).problems
    assert (Path(warning.file).name, warning.line, warning.severity) == \
        ("customs-inspection.yaml", 16, Severity.WARNING)
    assert warning.message.startswith("'move_chest' is inside a statement tagged "
                                      "@card.customs.take, but a tag applies to its own "
                                      "statement only")


def test_an_untagged_call_whose_word_cites_no_clause_is_a_warning(tmp_path):
    """A verb call with no tag, in a program that cites clauses elsewhere, logs what it does
    without a clause when its word cites none of its own: lint warns at the call; tagging
    it clears the warning."""
    folder = _customs(tmp_path)
    card = folder / "cards" / "events" / "customs-inspection.yaml"
    text = card.read_text(encoding="utf-8")
    card.write_text(text + "  shuffle_votes()\n", encoding="utf-8")
    (warning,) = lint_paths([folder]).problems
    assert (Path(warning.file).name, warning.line, warning.severity) == \
        ("customs-inspection.yaml", 19, Severity.WARNING)
    assert warning.message.startswith("'shuffle_votes' has no clause tag: what it does is "
                                      "logged and told without a rule")
    card.write_text(text + "  @card.customs.take  shuffle_votes()\n", encoding="utf-8")
    assert lint_paths([folder]).problems == ()


def test_a_scenarios_warnings_are_lints_warnings(tmp_path):
    """What a scenario keeps as a warning (a bare 'rejected: true') lint prints as one,
    located, without failing the run."""
    path = tmp_path / "refused.yaml"
    path.write_text("title: A refusal by any rule\nplayers: 3\nsteps:\n"
                    "  - {seat: 0, action: mutiny, rejected: true}\n", encoding="utf-8")
    report = lint_paths([path])
    (warning,) = report.problems
    assert (warning.line, warning.severity) == (4, Severity.WARNING)
    assert "'rejected: true' accepts any refusal" in warning.message
    assert not report.failed()

"""The documentation keeps up with the code."""

import contextlib
import io
import re
from pathlib import Path

from tortuga_rules.games.tortuga1667.functions import ALL as FUNCTIONS
from tortuga_rules.dsl.kit import KIT_FUNCTIONS, KIT_VERBS
from tortuga_rules.games.tortuga1667.verbs import VERBS

ROOT = Path(__file__).resolve().parent.parent


def test_every_dsl_word_is_in_its_game_s_generated_reference_with_its_types():
    """docs/words-tortuga-1667.md and docs/words-kit.md give every verb's typed signature
    and every function's with its value type; docs/dsl.md links to both."""
    games = ((ROOT / "docs" / "words-tortuga-1667.md", VERBS, FUNCTIONS),
             (ROOT / "docs" / "words-kit.md", KIT_VERBS, KIT_FUNCTIONS))
    for path, verbs, functions in games:
        text = path.read_text(encoding="utf-8")
        for word in verbs.values():
            assert f"### `{word.typed_signature}`\n" in text, word.name
        for word in functions.values():
            assert f"### `{word.typed_signature}` → {word.returns.short}\n" in text, word.name
    dsl = (ROOT / "docs" / "dsl.md").read_text(encoding="utf-8")
    assert "(words-tortuga-1667.md)" in dsl and "(words-kit.md)" in dsl


def test_readme_quick_start_has_the_two_commands():
    """README's quick start: one install-and-play command, one install-and-test command."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    quick = text.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    commands = [line.strip() for line in quick.splitlines() if line.startswith("    ")]
    assert commands == ["pip install . && tortuga-rules play --players 5 --seed 1",
                        "pip install -e '.[test]' && pytest -n auto"]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    install, test = commands[1].split(" && ")
    # CI runs the same two steps, each a statement of its own (see .ci/run on set -e)
    assert f"\n    {install}\n" in ci
    assert f"TORTUGA_RULES_EXPECT_BUILD=pure {test}\n" in ci


def test_the_readme_front_end_example_runs_to_the_end_of_a_game():
    """README's Python example is executed as written: it plays a whole game and ends."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert blocks, "README has no Python example"
    for block in blocks:
        scope: dict = {}
        with contextlib.redirect_stdout(io.StringIO()) as out:
            exec(compile(block, "README.md", "exec"), scope)
        assert scope["state"].is_terminal and out.getvalue().strip()


def test_the_front_end_walkthrough_runs_as_written():
    """docs/frontend.md's Python blocks, run in order in one scope, play a game to its end."""
    text = (ROOT / "docs" / "frontend.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert len(blocks) >= 4
    scope: dict = {}
    with contextlib.redirect_stdout(io.StringIO()) as out:
        for block in blocks:
            exec(compile(block, "docs/frontend.md", "exec"), scope)
    assert scope["state"].is_terminal and out.getvalue().strip()

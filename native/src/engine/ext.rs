//! The seam between the engine and a game: what the engine calls of a game with words,
//! state or tables of its own (Tortuga 1667, `crate::games::tortuga1667`), and
//! [`KitGame`], the game of the component kit alone (the dice game), which has none.
//!
//! The engine runs a `Game<X: Ext>` over `Rules<X>`: one machine, monomorphized for each
//! game, so a game's words are direct calls and its fields plain fields (`g.own.row`).
//! A game's own words are numbers to the engine ([`crate::engine::words::Func::Game`],
//! `Verb::Game`, `Verb::Step`, `Ty::Game`); the game names and runs them.

use crate::engine::fail::Fail;
use crate::engine::machine::{After, Failure, Game};
use crate::engine::value::Value;

/// A game the engine runs: its own state, tables and words. Every word is optional: a
/// game that names none runs on the engine's and the kit's alone.
pub trait Ext: Sized + Clone + std::fmt::Debug + 'static {
    /// The game's id, as the rules description names it (`GameKind.id`, "kit" for a game
    /// of the component kit alone).
    const ID: &'static str;
    /// The game's own fields of a position (beside the kit's tracks, counters and zones).
    type State: Clone + Default + std::fmt::Debug;
    /// The game's own tables of a ruleset, read once from the rules description.
    type Tables: std::fmt::Debug;

    /// The number of the game's function called `name`, if it has one.
    fn func(_name: &str) -> Option<u16> {
        None
    }
    /// The number of the game's verb called `name`, if it has one.
    fn verb(_name: &str) -> Option<u16> {
        None
    }
    /// The number of the game's engine step (what its builtin programs call) called `name`.
    fn step(_name: &str) -> Option<u16> {
        None
    }
    /// The number of the game's own DSL type called `name` (Tortuga 1667's "slot").
    fn ty(_name: &str) -> Option<u8> {
        None
    }

    /// Function number `f` of the values `a` (`env`: the names bound where it is called).
    fn call_func(_g: &Game<Self>, f: u16, _a: &[Value], _env: &[(u32, Value)]) -> R<Value> {
        Err(no_word("function", f))
    }
    /// Verb number `v` of the values `a`, run by frame `frame`.
    fn call_verb(_g: &mut Game<Self>, v: u16, _a: &[Value], _frame: usize) -> R<After> {
        Err(no_word("verb", v))
    }
    /// Engine step number `s`, run by frame `frame`.
    fn call_step(_g: &mut Game<Self>, s: u16, _frame: usize) -> R<After> {
        Err(no_word("step", s))
    }
    /// Whether `v` is of the game's type number `ty`.
    fn has_type(_g: &Game<Self>, _ty: u8, _v: &Value) -> bool {
        false
    }
    /// Deal a new game (after `g.rng` is set): the kit's setup unless the game has its own.
    fn setup(g: &mut Game<Self>) -> Result<(), Failure> {
        g.setup_kit()
    }
    /// Whether these rules can deal a game natively.
    fn can_set_up(rules: &crate::engine::rules::Rules<Self>) -> bool {
        !rules.kit.setup_programs.is_empty()
    }
}

type R<T> = Result<T, Fail>;

/// A word number the game does not have: a rules description the reader should have
/// refused, so the engine's own mistake.
fn no_word(what: &str, n: u16) -> Fail {
    Fail::other(
        "NativeError",
        format!("this game has no {} number {}", what, n),
    )
}

/// The game of the component kit alone (the dice game): no words, state or tables of its
/// own.
#[derive(Debug, Clone, Copy)]
pub struct KitGame;

impl Ext for KitGame {
    const ID: &'static str = "kit";
    type State = ();
    type Tables = ();
}

/// A game's words by name: what a reader of rules asks of game `X` (its numbers for the
/// names the rules use), without naming `X` itself.
#[derive(Clone, Copy)]
pub struct Lexicon {
    pub func: fn(&str) -> Option<u16>,
    pub verb: fn(&str) -> Option<u16>,
    pub step: fn(&str) -> Option<u16>,
    pub ty: fn(&str) -> Option<u8>,
}

impl Lexicon {
    /// The words of game `X`.
    pub fn of<X: Ext>() -> Lexicon {
        Lexicon {
            func: X::func,
            verb: X::verb,
            step: X::step,
            ty: X::ty,
        }
    }
}

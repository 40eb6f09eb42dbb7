//! Tortuga 1667, natively: its tables, its own fields of a state, its words (the twin of
//! `games/tortuga1667/verbs.py`, `functions.py`, `roles.py`, `voting.py`) and its rule
//! procedures: turns, pawns, hands, checks, chests, the row, reveals, votes, reactions and
//! the ending; its setup, determinisation (`redraw`), playout policy (`reflex`) and
//! observation. Every rule a card, action or vote brings stays in the compiled programs
//! these words serve.

use crate::engine::ext::Ext;
use crate::engine::fail::Fail;
use crate::engine::machine::{After, Failure};
use crate::engine::shared::Text;
use crate::engine::value::Value;

pub mod desc;
pub mod facets;
pub mod listing;
pub mod observe;
pub mod procedures;
pub mod redraw;
pub mod reflex;
pub mod setup;
pub mod state;
pub mod tables;
pub mod words;

/// Tortuga 1667, the game the engine calls: its own fields ([`state::TState`]), tables
/// ([`tables::T1667`]) and words ([`words`]).
#[derive(Debug, Clone, Copy)]
pub struct Tortuga1667;

/// A position of Tortuga 1667.
pub type Game = crate::engine::machine::Game<Tortuga1667>;
/// A ruleset of Tortuga 1667.
pub type Rules = crate::engine::rules::Rules<Tortuga1667>;

impl Ext for Tortuga1667 {
    const ID: &'static str = "tortuga-1667";
    type State = state::TState;
    type Tables = tables::T1667;

    fn func(name: &str) -> Option<u16> {
        words::func(name)
    }
    fn verb(name: &str) -> Option<u16> {
        words::verb(name)
    }
    fn step(name: &str) -> Option<u16> {
        words::step(name)
    }
    fn ty(name: &str) -> Option<u8> {
        words::ty(name)
    }
    fn call_func(g: &Game, f: u16, a: &[Value], env: &[(u32, Value)]) -> R<Value> {
        words::call_func(g, f, a, env)
    }
    fn call_verb(g: &mut Game, v: u16, a: &[Value], frame: usize) -> R<After> {
        words::call_verb(g, v, a, frame)
    }
    fn call_step(g: &mut Game, s: u16, frame: usize) -> R<After> {
        words::call_step(g, s, frame)
    }
    fn has_type(g: &Game, ty: u8, v: &Value) -> bool {
        words::has_type(g, ty, v)
    }
    fn setup(g: &mut Game) -> Result<(), Failure> {
        g.setup_1667()
    }
    fn can_set_up(_rules: &Rules) -> bool {
        true
    }
}

pub(crate) type R<T> = Result<T, Fail>;
pub(crate) type Env = Vec<(u32, Value)>;

pub(crate) const TORTUGA: i64 = 2;
pub(crate) const MAX_OPTIONS: usize = 10_000;

pub(crate) fn text(s: &Text) -> Value {
    Value::Str(s.clone())
}

pub(crate) fn texts(xs: &[Text]) -> Value {
    Value::tuple(xs.iter().map(text).collect())
}

pub(crate) fn ints(xs: &[i64]) -> Value {
    Value::tuple(xs.iter().map(|x| Value::Int(*x)).collect())
}

pub(crate) fn card_of(v: &Value) -> R<Text> {
    match v {
        Value::Str(s) => Ok(s.clone()),
        other => Err(Fail::type_error(format!("a card id, not {}", other.repr()))),
    }
}

pub(crate) fn list_remove(xs: &mut Vec<Text>, x: &str) -> R<()> {
    match xs.iter().position(|c| c.as_ref() == x) {
        Some(i) => {
            xs.remove(i);
            Ok(())
        }
        None => Err(Fail::value("list.remove(x): x not in list")),
    }
}

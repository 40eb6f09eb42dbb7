//! Tortuga 1667, natively: its tables, its own fields of a state, its words (the twin of
//! `games/tortuga1667/verbs.py`, `functions.py`, `roles.py`, `voting.py`) and its rule
//! procedures: turns, pawns, hands, checks, chests, the row, reveals, votes, reactions and
//! the ending; its setup, determinisation (`redraw`), playout policy (`reflex`) and
//! observation. Every rule a card, action or vote brings stays in the compiled programs
//! these words serve.

use crate::engine::fail::Fail;
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

//! Tortuga 1667's own fields of a state (`games/tortuga1667/state.py`).

use std::rc::Rc;

use crate::engine::value::Value;

/// A way to play vote cards: whether several at once (a card's `vote_play`), and the
/// cards.
pub type VotePlay = (bool, Vec<Rc<str>>);

/// A vote being collected (`model/state.py`'s `Vote`).
#[derive(Clone, Debug)]
pub struct VoteState {
    pub kind: Rc<str>,
    pub caller: i64,
    pub place: i64,
    pub participants: Vec<i64>,
    pub played: Vec<(i64, Vec<Rc<str>>)>,
    pub revealed: Vec<Rc<str>>,
}

/// Tortuga 1667's own fields of a state (`games/tortuga1667/state.py`).
#[derive(Clone, Debug, Default)]
pub struct TState {
    pub loyalty: Vec<Value>,
    pub lines: Vec<Vec<i64>>,
    pub sunk: Vec<bool>,
    pub chests: Vec<i64>,
    pub hands: Vec<Vec<Rc<str>>>,
    pub vote_deck: Vec<Rc<str>>,
    pub event_deck: Vec<Rc<str>>,
    pub row: Vec<Option<Rc<str>>>,
    pub discard: Vec<Rc<str>>,
    pub resolving: Vec<Rc<str>>,
    pub removed: Vec<Rc<str>>,
    pub kept: Vec<Vec<Rc<str>>>,
    pub marks: Vec<Vec<Rc<str>>>,
    pub seen: Vec<i64>,
    pub starred: Value,
    pub turn: i64,
    pub actions_left: i64,
    pub turn_number: i64,
    pub vote: Option<VoteState>,
    pub tiebreak: i64,
    pub tie_level: i64,
}

//! Tortuga 1667's own fields of a state (`games/tortuga1667/state.py`).

use crate::engine::shared::{Cow, Text};
use crate::engine::value::Value;

/// A way to play vote cards: whether several at once (a card's `vote_play`), and the
/// cards.
pub type VotePlay = (bool, Vec<Text>);

/// A vote being collected (`model/state.py`'s `Vote`).
#[derive(Clone, Debug)]
pub struct VoteState {
    pub kind: Text,
    pub caller: i64,
    pub place: i64,
    pub participants: Vec<i64>,
    pub played: Vec<(i64, Vec<Text>)>,
    pub revealed: Vec<Text>,
}

/// Tortuga 1667's own fields of a state (`games/tortuga1667/state.py`).
#[derive(Clone, Debug, Default)]
pub struct TState {
    pub loyalty: Cow<Vec<Value>>,
    pub lines: Vec<Vec<i64>>,
    pub sunk: Vec<bool>,
    pub chests: Vec<i64>,
    pub hands: Vec<Vec<Text>>,
    pub vote_deck: Cow<Vec<Text>>,
    pub event_deck: Cow<Vec<Text>>,
    pub row: Vec<Option<Text>>,
    pub discard: Cow<Vec<Text>>,
    pub resolving: Cow<Vec<Text>>,
    pub removed: Cow<Vec<Text>>,
    pub kept: Cow<Vec<Vec<Text>>>,
    pub marks: Cow<Vec<Vec<Text>>>,
    pub seen: Vec<i64>,
    pub starred: Value,
    pub turn: i64,
    pub actions_left: i64,
    pub turn_number: i64,
    pub vote: Option<VoteState>,
    pub tiebreak: i64,
    pub tie_level: i64,
}

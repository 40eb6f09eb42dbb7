//! The one place the engine calls a game's own words and types: Tortuga 1667's, the only
//! game with words of its own. A trait the engine calls, one implementation a game, is
//! to replace it (#41); until then every call of a game's word from the machine or the
//! evaluator goes through here.

pub use crate::games::tortuga1667::words::{call_func, call_step, call_verb, has_type};

//! The engine: the machine that runs compiled programs, its values, expressions, memo and
//! random generators, and the component kit - knowing no game. A game's own words, state
//! and procedures live in [`crate::games`]; the Python classes in [`crate::py`].

pub mod actions;
pub mod bindings;
pub mod budget;
pub mod desc;
pub mod entry;
pub mod eval;
pub mod ext;
pub mod fail;
pub mod ir;
pub mod kit;
pub mod machine;
pub mod memo;
pub mod mt;
pub mod rng;
pub mod rules;
pub mod shared;
pub mod tree;
pub mod value;
pub mod words;

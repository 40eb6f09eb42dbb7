//! `tortuga_rules._native`: the native engine. It runs a ruleset's compiled programs (the
//! compiler's flat instructions, their expressions as trees) over a native state, with the
//! DSL words implemented natively. `tortuga_rules/game/native.py` describes a compiled
//! ruleset to it, hands it states and takes them back; nothing here is a game's rule.
//!
//! Laid out as the Python package is: [`engine`] knows no game (it builds and its tests
//! pass with no feature on: `cargo test --no-default-features`); [`games`] holds each game
//! with words of its own behind the engine's [`engine::ext::Ext`] trait, each behind a
//! feature (`tortuga1667`); `py` (feature `python`) is the extension.

// No `unsafe` code: the extension's classes are `Send` and `Sync` by construction. The one
// exception, a prefetch hint in the memo's table (`engine/memo.rs`), is allowed where it
// stands and says why it is sound in a `// SAFETY:` comment, as any other would have to
// (clippy, run with `-D warnings`, refuses one that does not).
#![deny(unsafe_code)]
#![warn(clippy::undocumented_unsafe_blocks)]

pub mod engine;
pub mod games;
#[cfg(feature = "python")]
mod py;

// The native engine makes and frees many small values a step: mimalloc does that faster
// than the C library's allocator (Python's own objects keep theirs).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

//! The games with words, state and procedures of their own, each in its folder (a kit-only
//! game, such as the dice game, needs nothing here).

#[cfg(feature = "tortuga1667")]
pub mod tortuga1667;

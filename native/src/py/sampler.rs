//! `NativeSampler`: a game's determinisation for the search player with its parameters
//! bound once a search, so that each iteration's world is drawn with no call into Python
//! and no Python object made (`GameKind.native_sampler`).
//!
//! Each game's part is its own: its redraw ([`crate::games::tortuga1667::redraw`],
//! [`crate::engine::kit::redraw`]) and its sides of the seats. A sampler draws exactly the
//! world the game's `native_sample` draws from `native.generator(seed)` - the same
//! generator seeded from the same seed, the same draws - and the same sides (tested field
//! for field, `tests/test_search_native.py`).

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::engine::mt::PyRandom;
use crate::py::game::{AnyGame, NativeGame};

/// One game's determinisation of one seat's knowledge, its parameters bound.
#[pyclass(module = "tortuga_rules._native", frozen)]
pub(crate) struct NativeSampler {
    seat: usize,
    how: How,
}

/// Which game's redraw, with what it reads besides the seat.
enum How {
    /// Tortuga 1667: the event deck's final card and among how many of its last places it
    /// lies (`games/tortuga1667/native.py`'s `sample`)
    Tortuga1667 { final_card: String, last: usize },
    /// a component kit game (`game/kit/determinize.py`'s `native_sample_kit`)
    Kit,
}

#[pymethods]
impl NativeSampler {
    /// Tortuga 1667's worlds of `seat`'s knowledge (`final_card`, `last`: as
    /// `NativeGame.redrawn_1667` reads them).
    #[staticmethod]
    fn tortuga1667(seat: usize, final_card: String, last: usize) -> NativeSampler {
        NativeSampler {
            seat,
            how: How::Tortuga1667 { final_card, last },
        }
    }

    /// A component kit game's worlds of `seat`'s knowledge.
    #[staticmethod]
    fn kit(seat: usize) -> NativeSampler {
        NativeSampler {
            seat,
            how: How::Kit,
        }
    }

    /// The world of the real position `real` drawn from `random.Random(seed)`'s
    /// generator, and each seat's side: what the search draws each iteration.
    fn draw(&self, real: &NativeGame, seed: u64) -> PyResult<(NativeGame, Vec<String>)> {
        let mut sides = Vec::new();
        let played = self.redraw(&real.played, seed, |s| sides.push(s.to_string()))?;
        Ok((NativeGame { played }, sides))
    }
}

impl NativeSampler {
    /// The world of the real position `real` drawn from `random.Random(seed)`'s
    /// generator; each seat's side, in seat order, handed to `side`.
    pub(crate) fn redraw(
        &self,
        real: &AnyGame,
        seed: u64,
        mut side: impl FnMut(&str),
    ) -> PyResult<AnyGame> {
        let mut rnd = crate::py::random::seeded(seed);
        let world = match &self.how {
            How::Tortuga1667 { final_card, last } => {
                redrawn_1667(real, self.seat, &mut rnd, final_card, *last)?
            }
            How::Kit => redrawn_kit(real, self.seat, &mut rnd)?,
        };
        match &world {
            AnyGame::Tortuga1667(p) => {
                for s in 0..p.game.own.loyalty.len() {
                    side(p.game.side_1667(s).ok_or_else(|| {
                        PyValueError::new_err(format!("seat {} has no loyalty as a text", s))
                    })?);
                }
            }
            AnyGame::Kit(p) => {
                for s in 0..p.game.players.max(0) as usize {
                    side(&crate::engine::kit::redraw::seat_side(s));
                }
            }
        }
        Ok(world)
    }
}

/// A copy of Tortuga 1667's `real` with what `seat` cannot see redrawn from `rnd` (the
/// event deck's final card `final_card` among its `last` last places).
pub(crate) fn redrawn_1667(
    real: &AnyGame,
    seat: usize,
    rnd: &mut PyRandom,
    final_card: &str,
    last: usize,
) -> PyResult<AnyGame> {
    match real {
        AnyGame::Tortuga1667(p) if seat < p.game.players as usize => {
            let mut game = p.game.clone();
            game.redraw_1667(seat, rnd, final_card, last);
            Ok(AnyGame::Tortuga1667(p.holding(game)))
        }
        _ => Err(PyValueError::new_err(
            "redrawn_1667: a seat of a game of Tortuga 1667",
        )),
    }
}

/// A copy of the component kit game `real` with what `seat` cannot see redrawn from
/// `rnd`.
pub(crate) fn redrawn_kit(real: &AnyGame, seat: usize, rnd: &mut PyRandom) -> PyResult<AnyGame> {
    match real {
        AnyGame::Kit(p) if seat < p.game.players as usize => {
            let mut game = p.game.clone();
            game.redraw_kit(seat, rnd)
                .map_err(|f| PyValueError::new_err(f.detail()))?;
            Ok(AnyGame::Kit(p.holding(game)))
        }
        _ => Err(PyValueError::new_err(
            "redrawn_kit: a seat of a game on the component kit",
        )),
    }
}

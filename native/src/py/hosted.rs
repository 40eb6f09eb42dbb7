//! What the extension asks of each game beyond the engine's trait: the legal actions of
//! decisions other than a choice, how they are named to Python and played, the game's
//! own playout policy, its memo, and its own fields handed over. [`KitGame`] (a game of
//! the component kit alone) has none of these; Tortuga 1667 has its turn actions, votes,
//! reflex policy and fields.

use std::sync::Mutex;

use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::engine::entry::Entry;
use crate::engine::ext::{Ext, KitGame};
use crate::engine::machine::{Decision, Failure, Game};
use crate::engine::memo::Memo;
use crate::engine::mt::PyRandom;
use crate::engine::rules::Rules;
use crate::engine::value::Value;
use crate::py::convert::*;
use crate::py::game::{Legal, LegalList};

/// A game the extension hosts.
pub(crate) trait Hosted: Ext {
    /// The kinds of decision a state of this game may wait on.
    const KINDS: &'static [&'static str] = &["choose"];
    /// The game's own playout policy, by name (beside "random").
    const POLICY: Option<&'static str> = None;

    /// The legal actions of decision `d`, which is not a choice, into `list`.
    fn list_own(_g: &Game<Self>, d: &Decision, _list: &mut LegalList) -> PyResult<()> {
        Err(pyo3::exceptions::PyValueError::new_err(format!(
            "a decision of kind {}",
            d.kind
        )))
    }

    /// Legal action number `draw(count)` of decision `d` (not a choice) of the `count` it
    /// lists (None: it lists none, and `draw` is not called), or a listing's failure,
    /// where the game draws it itself without a [`LegalList`] (a random playout's step);
    /// None where it does not, and `draw` is not called.
    fn drawn_own(
        _g: &Game<Self>,
        _d: &Decision,
        _draw: &mut dyn FnMut(usize) -> usize,
    ) -> Option<PyResult<Option<Legal>>> {
        None
    }

    /// Legal action `l` (not a choice) as `(kind, ((name, value), ...))`.
    fn describe(_py: Python<'_>, _g: &Game<Self>, _l: &Legal) -> (PyObject, PyObject) {
        unreachable!("a game of choices alone lists only choices")
    }

    /// Legal action `l` (not a choice) written into `out` as a key that tells it from
    /// every other action of the game (the vector environment's action ids are found by
    /// it, `py/batch.rs`).
    fn key_own(_g: &Game<Self>, _l: &Legal, _out: &mut String) {
        unreachable!("a game of choices alone lists only choices")
    }

    /// The observation of `seat` for learning agents, each entry given to `put` with a
    /// value to add to it; false for a game whose encoder the native engine lacks.
    fn observe(_g: &Game<Self>, _seat: i64, _put: &mut dyn FnMut(Entry<'_>, i64)) -> bool {
        false
    }

    /// Play legal action `l` (not a choice) and run on.
    fn play_own(_g: &mut Game<Self>, _l: Legal) -> Result<(), Failure> {
        unreachable!("a game of choices alone lists only choices")
    }

    /// The number of the legal action its own policy picks, each score jittered by a draw
    /// of `rnd`.
    fn pick(_g: &Game<Self>, _legal: &LegalList, _rnd: &mut PyRandom) -> usize {
        unreachable!("a game with no policy of its own")
    }

    /// The legal action its own policy picks now, as [`Hosted::pick`] picks it from the
    /// listing (the same draws), where the game picks it without a [`LegalList`] (None:
    /// there is none; Err: the listing failed); None where it does not, and `rnd` is not
    /// drawn from.
    fn picked(_g: &Game<Self>, _rnd: &mut PyRandom) -> Option<PyResult<Option<Legal>>> {
        None
    }

    /// Search's first guess at each of the legal actions `legal` of `g` for the seat to
    /// move, in their order (the game's `prior`: about -1..1 each), where it has one
    /// natively; `after(i)` is the position legal action `i` leads to (None: the step
    /// failed), for a guess that looks one step ahead. None where it has none, and `after`
    /// is not called.
    fn prior(
        _g: &Game<Self>,
        _legal: &LegalList,
        _after: &mut dyn FnMut(usize) -> Option<Game<Self>>,
    ) -> Option<Vec<f64>> {
        None
    }

    /// What the position is worth to each seat as search backs it up (the game's
    /// `returns` once over, its `heuristic` before), if the game judges natively.
    fn worth(_g: &Game<Self>) -> Option<Vec<f64>> {
        None
    }

    /// The legal-action memo of its rules, if they have one.
    fn memo(_rules: &Rules<Self>) -> Option<&Mutex<Memo>> {
        None
    }

    /// The game's own fields of a state, read into `g`: by default the kit's.
    fn read_own(g: &mut Game<Self>, f: &Bound<'_, PyDict>) -> Res<()> {
        read_kit(g, f)
    }

    /// The game's own fields of `g`, written into `d`: by default the kit's.
    fn write_own(py: Python<'_>, g: &Game<Self>, d: &Bound<'_, PyDict>) -> PyResult<()> {
        write_kit(py, g, d)
    }
}

impl Hosted for KitGame {
    /// Every kit game's `returns` and `heuristic` (`game/kit/loop.py`'s `kit_returns`):
    /// 1 for a winner and 0 for another seat once over, 0.5 each before.
    fn worth(g: &Game<Self>) -> Option<Vec<f64>> {
        let seats = 0..g.players.max(0);
        Some(match &g.outcome {
            None => seats.map(|_| 0.5).collect(),
            Some(o) => seats
                .map(|s| {
                    let won = o.winners.iter().any(|w| match w {
                        Value::Int(w) | Value::Named(_, w) => *w == s,
                        Value::Bool(w) => *w as i64 == s,
                        _ => false,
                    });
                    if won {
                        1.0
                    } else {
                        0.0
                    }
                })
                .collect(),
        })
    }
}

/// The component kit's fields of a state (tracks, counters, zones, held and shown).
fn read_kit<X: Ext>(g: &mut Game<X>, f: &Bound<'_, PyDict>) -> Res<()> {
    for row in items(&get(f, "tracks")?)? {
        g.tracks
            .push(items(&row)?.iter().map(int).collect::<Res<Vec<i64>>>()?);
    }
    g.counters = items(&get(f, "counters")?)?
        .iter()
        .map(int)
        .collect::<Res<Vec<i64>>>()?;
    g.zones = items(&get(f, "zones")?)?
        .iter()
        .map(to_value)
        .collect::<Res<Vec<Value>>>()?;
    for h in items(&get(f, "held")?)? {
        g.held.push(if h.is_none() {
            None
        } else {
            Some(to_value(&items(&h)?[0])?)
        });
    }
    g.shown = items(&get(f, "shown")?)?
        .iter()
        .map(to_value)
        .collect::<Res<Vec<Value>>>()?;
    Ok(())
}

/// The component kit's fields of `g`, into `d`.
fn write_kit<X: Ext>(py: Python<'_>, g: &Game<X>, d: &Bound<'_, PyDict>) -> PyResult<()> {
    d.set_item(
        "tracks",
        py_tuple(py, g.tracks.iter().map(|row| py_ints(py, row)).collect()),
    )?;
    d.set_item("counters", py_ints(py, &g.counters))?;
    d.set_item(
        "zones",
        py_tuple(py, g.zones.iter().map(|z| to_py(py, z)).collect()),
    )?;
    d.set_item(
        "held",
        py_tuple(
            py,
            g.held
                .iter()
                .map(|h| match h {
                    None => py.None(),
                    Some(v) => py_tuple(py, vec![to_py(py, v)]),
                })
                .collect(),
        ),
    )?;
    d.set_item(
        "shown",
        py_tuple(py, g.shown.iter().map(|v| to_py(py, v)).collect()),
    )
}

//! `NativeBatch`: many games of one ruleset stepped together by action id, their seats,
//! legal masks and observations written into the caller's arrays (numpy's, through the
//! buffer protocol), with no Python object made per step: the loop of the vector
//! environment (`tortuga_rules/rl/vector.py`). Generic over the games the extension
//! hosts: a game's own legal actions are keyed by [`Hosted::key_own`] and observed by
//! [`Hosted::observe`].

use std::cell::Cell;

use pyo3::buffer::{Element, PyBuffer};
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;

use crate::engine::entry::Entry;
use crate::engine::memo::{FxMap, Listed};
use crate::engine::shared::{Shared, Text};
use crate::engine::value::Value;
use crate::py::game::{layout_index, AnyGame, Legal, NativeGame, Played};
use crate::py::hosted::Hosted;

/// `value` written into `out` so that different values (of any type) write differently.
pub(crate) fn value_key(value: &Value, out: &mut String) {
    use std::fmt::Write;
    let _ = match value {
        Value::None => write!(out, "|N"),
        Value::Bool(b) => write!(out, "|B{}", *b as u8),
        Value::Int(i) => write!(out, "|I{}", i),
        Value::Str(s) => write!(out, "|S{}:{}", s.len(), s),
        Value::Named(k, i) => write!(out, "|E{}.{}", k, i),
        Value::Tuple(t) => {
            let _ = write!(out, "|T{}(", t.len());
            t.iter().for_each(|x| value_key(x, out));
            write!(out, ")")
        }
    };
}

/// The ids of remembered turn-action listings, by the action's number and the listing's
/// address (each listing held with its ids).
type Listings = FxMap<(usize, usize), (Shared<Listed>, Shared<[i64]>)>;

/// Games stepped together by the ids of an action space.
#[pyclass(module = "tortuga_rules._native")]
pub(crate) struct NativeBatch {
    games: Vec<Option<AnyGame>>,
    /// each game's legal actions' ids, in its listing's order (made by `observe`)
    ids: Vec<Vec<i64>>,
    /// a legal action's key -> its id (-1: outside the space)
    known: FxMap<String, i64>,
    /// `resolve(kind, args)`: the id of an action never keyed before, or -1
    resolve: PyObject,
    /// the ids of a turn action's remembered listing (shared with the memo, so met again
    /// and again), by the action's number and the listing's address: the listing is held
    /// here, so its address names no other while it is remembered
    listings: Listings,
    /// how the observation's entries are found (None: observed in Python)
    observing: Option<Observing>,
    key: String,
}

/// The writable cells of `buffer`, which must hold `count` items, contiguous.
fn cells<'a, T: Element>(
    py: Python<'a>,
    buffer: &'a PyBuffer<T>,
    count: usize,
    what: &str,
) -> PyResult<&'a [Cell<T>]> {
    match buffer.as_mut_slice(py) {
        Some(c) if c.len() == count => Ok(c),
        Some(c) => Err(PyValueError::new_err(format!(
            "{}: {} items, not {}",
            what,
            c.len(),
            count
        ))),
        None => Err(PyValueError::new_err(format!(
            "{}: a writable contiguous array",
            what
        ))),
    }
}

impl NativeBatch {
    fn slot(&self, i: usize) -> PyResult<&AnyGame> {
        self.games
            .get(i)
            .and_then(|g| g.as_ref())
            .ok_or_else(|| PyIndexError::new_err(format!("no game at {}", i)))
    }
}

/// What a batch knows of action ids, lent to one game's listing.
struct Known<'a> {
    ids: &'a mut FxMap<String, i64>,
    listings: &'a mut Listings,
    resolve: &'a PyObject,
    key: &'a mut String,
}

/// What `observe` writes of one game: its row of the mask and of the observation.
struct Rows<'a> {
    mask: &'a [Cell<i8>],
    obs: Option<&'a [Cell<u8>]>,
    observing: Option<&'a mut Observing>,
}

impl<X: Hosted> Played<X> {
    /// The ids of the legal actions now, in the listing's order, each found by its key in
    /// `known` (or, the first time, asked of `resolve`).
    fn legal_ids(&mut self, py: Python<'_>, known: &mut Known<'_>) -> PyResult<Vec<i64>> {
        let legal = self.legal_list()?;
        let mut ids = Vec::with_capacity(legal.len);
        for (count, group) in legal.groups.iter() {
            if let Legal::Action(k, listed, _) = group {
                let at = (*k, Shared::as_ptr(listed) as *const u8 as usize);
                if let Some((_, found)) = known.listings.get(&at) {
                    ids.extend_from_slice(found);
                    continue;
                }
                let first = ids.len();
                for j in 0..*count {
                    ids.push(self.legal_id(py, known, group.clone().at(j))?);
                }
                if known.listings.len() >= 1 << 14 {
                    known.listings.clear(); // bounded: the memo's listings come and go
                }
                known
                    .listings
                    .insert(at, (listed.clone(), Shared::from(&ids[first..])));
                continue;
            }
            for j in 0..*count {
                ids.push(self.legal_id(py, known, group.clone().at(j))?);
            }
        }
        Ok(ids)
    }

    /// The id of legal action `l`, found by its key (the first time, asked of Python).
    fn legal_id(&self, py: Python<'_>, known: &mut Known<'_>, l: Legal) -> PyResult<i64> {
        let key = &mut *known.key;
        key.clear();
        match &l {
            Legal::Choice(i) => {
                let d = self.game.decision.as_ref().expect("a choice");
                key.push_str("choose:");
                key.push_str(d.name.as_deref().unwrap_or(""));
                value_key(&d.options[*i], key);
            }
            other => X::key_own(&self.game, other, key),
        }
        let id = match known.ids.get(key.as_str()) {
            Some(id) => *id,
            None => {
                let (kind, args) = self.legal_one(py, &l);
                let id: i64 = known.resolve.call1(py, (kind, args))?.extract(py)?;
                if known.ids.len() >= 1 << 16 {
                    known.ids.clear(); // bounded: choices among numbers a program computes
                }
                known.ids.insert(key.clone(), id);
                id
            }
        };
        if id < 0 {
            let (kind, args) = self.legal_one(py, &l);
            return Err(PyValueError::new_err(format!(
                "a legal action outside the action space: {} {}",
                kind.bind(py),
                args.bind(py)
            )));
        }
        Ok(id)
    }

    /// The seat deciding (-1: the game is over), its mask and observation written.
    fn observe_into(&self, ids: &[i64], rows: Rows<'_>) -> i64 {
        rows.mask.iter().for_each(|c| c.set(0));
        for id in ids {
            if let Some(c) = rows.mask.get(*id as usize) {
                c.set(1);
            }
        }
        let seat = match &self.game.decision {
            Some(d) if self.game.outcome.is_none() => d.seat.int().unwrap_or(-1),
            _ => -1,
        };
        if let (Some(obs), Some(o)) = (rows.obs, rows.observing) {
            let mut out = std::mem::take(&mut o.scratch);
            out.clear();
            out.resize(obs.len(), 0);
            if seat >= 0 {
                X::observe(&self.game, seat, &mut |entry, value| {
                    if let Some(x) = out.get_mut(o.place(&entry)) {
                        *x += value;
                    }
                });
            }
            for (c, x) in obs.iter().zip(out.iter()) {
                c.set((*x).clamp(0, 255) as u8);
            }
            o.scratch = out;
        }
        seat
    }
}

/// How a batch finds an observation's entries: by name in the encoder's layout, and
/// then by the entry's key (each name spelt once, not each step).
struct Observing {
    layout: FxMap<String, usize>,
    /// an entry's fast key -> its position (`usize::MAX`: not in the layout)
    fast: FxMap<(u64, u64, u64, u64), usize>,
    /// the shared texts the fast keys are told by, held so that none's address is reused
    held: Vec<Text>,
    /// an entry's key (of any parts) -> its position
    entries: FxMap<Vec<u8>, usize>,
    key: Vec<u8>,
    name: String,
    scratch: Vec<i64>,
}

impl Observing {
    /// Where `entry` is in the observation (`usize::MAX`: nowhere).
    fn place(&mut self, entry: &Entry<'_>) -> usize {
        if let Some(fast) = entry.fast_key() {
            if let Some(at) = self.fast.get(&fast.words) {
                return *at;
            }
            if self.fast.len() >= 1 << 16 {
                self.fast.clear(); // bounded: texts made afresh each game pile up otherwise
                self.held.clear();
            }
            let at = self.spelt(entry);
            self.held
                .extend(fast.texts.iter().flatten().map(|t| (*t).clone()));
            self.fast.insert(fast.words, at);
            return at;
        }
        self.key.clear();
        entry.key(&mut self.key);
        if let Some(at) = self.entries.get(self.key.as_slice()) {
            return *at;
        }
        let at = self.spelt(entry);
        if self.entries.len() < 1 << 16 {
            self.entries.insert(self.key.clone(), at);
        }
        at
    }

    /// Where the entry of `entry`'s name is in the layout.
    fn spelt(&mut self, entry: &Entry<'_>) -> usize {
        self.name.clear();
        entry.spell(&mut self.name);
        self.layout
            .get(self.name.as_str())
            .copied()
            .unwrap_or(usize::MAX)
    }
}

#[pymethods]
impl NativeBatch {
    /// `size` empty places for games; `resolve(kind, args)` gives an action's id (-1 if
    /// the space has none), asked once per action; `layout`, the observation encoder's
    /// entry names (None: the observations are made in Python).
    #[new]
    #[pyo3(signature = (size, resolve, layout=None))]
    fn new(size: usize, resolve: PyObject, layout: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        Ok(NativeBatch {
            games: (0..size).map(|_| None).collect(),
            ids: vec![Vec::new(); size],
            known: FxMap::default(),
            resolve,
            listings: FxMap::default(),
            observing: layout.map(layout_index).transpose()?.map(|l| Observing {
                layout: l.0.iter().map(|(k, v)| (k.clone(), *v)).collect(),
                fast: FxMap::default(),
                held: Vec::new(),
                entries: FxMap::default(),
                key: Vec::new(),
                name: String::new(),
                scratch: Vec::new(),
            }),
            key: String::new(),
        })
    }

    /// How many places for games.
    fn __len__(&self) -> usize {
        self.games.len()
    }

    /// Put a copy of `game` at place `i` (a new game, after the one there ended).
    fn set(&mut self, i: usize, game: &NativeGame) -> PyResult<()> {
        let slot = self
            .games
            .get_mut(i)
            .ok_or_else(|| PyIndexError::new_err(format!("no place {}", i)))?;
        *slot = Some(game.played.clone());
        self.ids[i].clear();
        Ok(())
    }

    /// A copy of the game at place `i`.
    fn game(&self, i: usize) -> PyResult<NativeGame> {
        Ok(NativeGame {
            played: self.slot(i)?.clone(),
        })
    }

    /// Whether the native engine encodes the games' observations (`layout` given and
    /// the game's encoder built natively).
    fn observes(&self) -> PyResult<bool> {
        if self.observing.is_none() {
            return Ok(false);
        }
        let any = self.slot(0)?;
        let mut note = |_: Entry<'_>, _: i64| {};
        Ok(match any {
            AnyGame::Kit(p) => crate::engine::ext::KitGame::observe(&p.game, 0, &mut note),
            AnyGame::Tortuga1667(p) => {
                crate::games::tortuga1667::Tortuga1667::observe(&p.game, 0, &mut note)
            }
        })
    }

    /// Each game's seat deciding into `seats` (int64, -1 for a game over), its legal
    /// actions' ids as a 0/1 row of `mask` (int8, games x actions) and, given `obs`
    /// (uint8, games x entries), the deciding seat's observation.
    #[pyo3(signature = (seats, mask, obs=None))]
    fn observe(
        &mut self,
        py: Python<'_>,
        seats: &Bound<'_, PyAny>,
        mask: &Bound<'_, PyAny>,
        obs: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        let n = self.games.len();
        let (seats_b, mask_b) = (PyBuffer::<i64>::get(seats)?, PyBuffer::<i8>::get(mask)?);
        let obs_b = obs.map(PyBuffer::<u8>::get).transpose()?;
        let width = mask_b.item_count() / n.max(1);
        let seat_cells = cells(py, &seats_b, n, "seats")?;
        let mask_cells = cells(py, &mask_b, n * width, "mask")?;
        let (obs_cells, size) = match &obs_b {
            Some(b) => {
                let size = b.item_count() / n.max(1);
                (Some(cells(py, b, n * size, "obs")?), size)
            }
            None => (None, 0),
        };
        for i in 0..n {
            let mut known = Known {
                ids: &mut self.known,
                listings: &mut self.listings,
                resolve: &self.resolve,
                key: &mut self.key,
            };
            let any = self.games[i]
                .as_mut()
                .ok_or_else(|| PyIndexError::new_err(format!("no game at {}", i)))?;
            let rows = Rows {
                mask: &mask_cells[i * width..(i + 1) * width],
                obs: obs_cells.map(|o| &o[i * size..(i + 1) * size]),
                observing: self.observing.as_mut(),
            };
            let (ids, seat) = match any {
                AnyGame::Kit(p) => {
                    let ids = p.legal_ids(py, &mut known)?;
                    let seat = p.observe_into(&ids, rows);
                    (ids, seat)
                }
                AnyGame::Tortuga1667(p) => {
                    let ids = p.legal_ids(py, &mut known)?;
                    let seat = p.observe_into(&ids, rows);
                    (ids, seat)
                }
            };
            seat_cells[i].set(seat);
            self.ids[i] = ids;
        }
        Ok(())
    }

    /// Play each game's action of `actions` (int64, one id per game, legal as `observe`
    /// last listed them; a game over takes none, its entry read as nothing). Every id is
    /// checked before any game moves. Returns the places whose game is now over.
    fn step(&mut self, py: Python<'_>, actions: &Bound<'_, PyAny>) -> PyResult<Vec<usize>> {
        let acts = PyBuffer::<i64>::get(actions)?.to_vec(py)?;
        if acts.len() != self.games.len() {
            return Err(PyValueError::new_err(format!(
                "{} actions for {} games",
                acts.len(),
                self.games.len()
            )));
        }
        let mut picks = Vec::with_capacity(acts.len());
        for (i, a) in acts.iter().enumerate() {
            let ids = &self.ids[i];
            if ids.is_empty() {
                picks.push(None); // over (or never observed): nothing to play
                continue;
            }
            match ids.iter().position(|id| id == a) {
                Some(j) => picks.push(Some(j)),
                None => {
                    return Err(PyValueError::new_err(format!(
                        "game {}: action {} is not legal now",
                        i, a
                    )))
                }
            }
        }
        let mut over = Vec::new();
        for (i, pick) in picks.into_iter().enumerate() {
            let Some(j) = pick else { continue };
            self.ids[i].clear();
            let any = self.games[i].as_mut().expect("an observed game");
            let done = match any {
                AnyGame::Kit(p) => {
                    p.step(j)?;
                    p.is_terminal()
                }
                AnyGame::Tortuga1667(p) => {
                    p.step(j)?;
                    p.is_terminal()
                }
            };
            if done {
                over.push(i);
            }
        }
        Ok(over)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(v: &Value) -> String {
        let mut out = String::new();
        value_key(v, &mut out);
        out
    }

    #[test]
    fn values_of_different_types_key_differently() {
        let values = [
            Value::None,
            Value::Bool(true),
            Value::Int(1),
            Value::text("1"),
            Value::Named(0, 1),
            Value::tuple(vec![Value::Int(1)]),
            Value::tuple(vec![Value::text("1|I2")]),
            Value::tuple(vec![Value::text("1"), Value::Int(2)]),
        ];
        let keys: std::collections::HashSet<String> = values.iter().map(key).collect();
        assert_eq!(keys.len(), values.len());
    }
}

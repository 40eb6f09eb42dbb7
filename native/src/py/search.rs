//! `NativeSearch`: the iterations of the search player (ISMCTS, `bots/ismcts.py`) run in
//! the native engine - a world drawn, the tree walked ([`crate::engine::tree`]), one node
//! added, the playout, the result backed up - for any game the extension hosts.
//!
//! What is a game's own goes through what it already has: the world is drawn by the
//! game's native sampler ([`NativeSampler`], no call into Python) where it has one, else
//! by its `native_sample` (a Python callable handed in, drawing natively), the playout is
//! [`Played::play_out_with`] by the game's policy name, the result its native `worth`
//! (or, for a game that does not judge natively, a Python callable's). Actions are the
//! tree's children by a key equal for two actions exactly when the reference's `Action`
//! objects are equal (a choice's value as Python compares it: a truth value or a named
//! number as the number); sides by the sampled world's names for them.

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;

use crate::engine::memo::{FxMap, Listed};
use crate::engine::mt::PyRandom;
use crate::engine::shared::Shared;
use crate::engine::tree::{Tree, ROOT};
use crate::engine::value::Value;
use crate::py::game::{AnyGame, Legal, LegalList, NativeGame, Played};
use crate::py::hosted::Hosted;
use crate::py::random::Generator;
use crate::py::sampler::NativeSampler;

/// A search's tree and what its iterations draw from and call.
#[pyclass(module = "tortuga_rules._native")]
pub(crate) struct NativeSearch {
    tree: Tree,
    generator: Py<Generator>,
    /// `sample(seed)`: a world, `(NativeGame, (side of each seat, ...))`
    sample: PyObject,
    /// the real position, and the game's sampler drawing its worlds natively (None: they
    /// are drawn by `sample`)
    real: Py<NativeGame>,
    sampler: Option<Py<NativeSampler>>,
    /// each seat's side in the world being walked, interned (kept for its buffer)
    sides: Vec<u32>,
    /// `judge(world)`: each seat's result, for a game whose `worth` is not native
    judge: PyObject,
    policy: String,
    depth: usize,
    c: f64,
    /// the observer's side, interned
    me: u32,
    /// the real position's legal actions' keys, interned, in its order
    root_keys: Vec<u32>,
    /// a key being written (kept for its buffer)
    key: String,
    /// the keys of each turn action's listing met, by the action's number and the
    /// listing's address (the listing held, so the address is no other's while here)
    listings: FxMap<(usize, usize), (Shared<Listed>, Vec<u32>)>,
    /// the keys of the decision being walked (kept for its buffer)
    keys: Vec<u32>,
}

#[pymethods]
impl NativeSearch {
    /// A search from `real` (the real position, natively) for the observer on side `me`,
    /// drawing from `generator`, its worlds from `sampler` if given (the same worlds and
    /// sides as `sample` draws from the same seed) else `sample`, results not judged
    /// natively by `judge`, playouts by `policy` for at most `depth` decisions, UCB constant `c`;
    /// `prior` (`(visits, (total, ...))`, one total per legal action of `real`, in its
    /// order) starts the root's children on `me`'s side - or `drawn_prior`
    /// (`(visits, seed)`): the totals made natively ([`NativeSearch::drawn_totals`]).
    #[new]
    #[allow(clippy::too_many_arguments)]
    #[pyo3(signature = (real, me, generator, sample, judge, policy, depth, c, prior=None, sampler=None, drawn_prior=None))]
    fn new(
        real: &Bound<'_, NativeGame>,
        me: &str,
        generator: Py<Generator>,
        sample: PyObject,
        judge: PyObject,
        policy: String,
        depth: usize,
        c: f64,
        prior: Option<(f64, Vec<f64>)>,
        sampler: Option<Py<NativeSampler>>,
        drawn_prior: Option<(f64, u64)>,
    ) -> PyResult<NativeSearch> {
        let mut s = NativeSearch {
            tree: Tree::new(),
            generator,
            sample,
            real: real.clone().unbind(),
            sampler,
            sides: Vec::new(),
            judge,
            policy,
            depth,
            c,
            me: 0,
            root_keys: Vec::new(),
            key: String::new(),
            keys: Vec::new(),
            listings: FxMap::default(),
        };
        s.me = s.tree.intern(me);
        {
            let mut game = real.borrow_mut();
            match &mut game.played {
                AnyGame::Kit(p) => s.start(p)?,
                AnyGame::Tortuga1667(p) => s.start(p)?,
            }
        }
        let prior = match drawn_prior {
            Some((visits, seed)) => Some((visits, s.drawn_totals(real.py(), visits, seed)?)),
            None => prior,
        };
        if let Some((visits, totals)) = prior {
            if totals.len() != s.root_keys.len() {
                return Err(PyValueError::new_err(format!(
                    "a prior of {} actions for {} legal ones",
                    totals.len(),
                    s.root_keys.len()
                )));
            }
            for (key, total) in s.root_keys.clone().into_iter().zip(totals) {
                let child = s.tree.add(ROOT, s.me, key);
                let n = s.tree.node_mut(child);
                (n.visits, n.avail, n.total) = (visits, visits, total);
            }
        }
        Ok(s)
    }

    /// Whether a search takes `drawn_prior` (a build before it did not).
    #[classattr]
    const DRAWS_PRIOR: bool = true;

    /// Run `iterations` iterations.
    fn run(&mut self, py: Python<'_>, iterations: usize) -> PyResult<()> {
        for _ in 0..iterations {
            self.iterate(py)?;
        }
        Ok(())
    }

    /// The root's child on `me`'s side for each legal action of the real position, in
    /// its order: `(visits, avail, total)`, or None for an action never tried.
    fn root(&self) -> Vec<Option<(f64, f64, f64)>> {
        self.root_keys
            .iter()
            .map(|key| {
                self.tree.child(ROOT, self.me, *key).map(|c| {
                    let n = self.tree.node(c);
                    (n.visits, n.avail, n.total)
                })
            })
            .collect()
    }

    /// How many nodes the tree has (the root's included).
    fn __len__(&self) -> usize {
        self.tree.len()
    }
}

impl NativeSearch {
    /// The real position's legal actions keyed, and the policy checked.
    fn start<X: Hosted>(&mut self, p: &mut Played<X>) -> PyResult<()> {
        if self.policy != "random" && X::POLICY != Some(self.policy.as_str()) {
            return Err(PyValueError::new_err(format!(
                "no native playout policy {:?} for this game",
                self.policy
            )));
        }
        let legal = p.legal_list()?;
        self.key_all(p, &legal);
        self.root_keys = std::mem::take(&mut self.keys);
        Ok(())
    }

    /// The prior's totals as the reference's `IsmctsBot._root` makes them: in the world
    /// the sampler draws from `seed`, each legal action scored by the game's native prior
    /// ([`Hosted::prior`]) and valued `visits * (0.5 + 0.5 * tanh(score))`.
    fn drawn_totals(&mut self, py: Python<'_>, visits: f64, seed: u64) -> PyResult<Vec<f64>> {
        let sampler = self
            .sampler
            .as_ref()
            .ok_or_else(|| PyValueError::new_err("a drawn prior needs a native sampler"))?;
        let mut world = sampler
            .get()
            .redraw(&self.real.borrow(py).played, seed, |_| {})?;
        let scores = match &mut world {
            AnyGame::Kit(p) => self.prior_scores(p)?,
            AnyGame::Tortuga1667(p) => self.prior_scores(p)?,
        };
        Ok(scores
            .into_iter()
            .map(|score| prior_total(visits, score))
            .collect())
    }

    /// The game's native prior of each legal action of world `p` (the real position's,
    /// in its order: checked).
    fn prior_scores<X: Hosted>(&mut self, p: &mut Played<X>) -> PyResult<Vec<f64>> {
        let legal = p.legal_list()?;
        self.key_all(p, &legal);
        if self.keys != self.root_keys {
            return Err(PyValueError::new_err(
                "the prior's world lists other actions than the real position",
            ));
        }
        let mut after = |i: usize| {
            let mut next = p.copy();
            next.step(i).ok().map(|()| next.game)
        };
        X::prior(&p.game, &legal, &mut after)
            .ok_or_else(|| PyValueError::new_err("no native prior for this game"))
    }

    /// One iteration: a world, the walk, the playout, the backup.
    fn iterate(&mut self, py: Python<'_>) -> PyResult<()> {
        let seed = self.generator.borrow_mut(py).r.bits(63);
        let Some(sampler) = self.sampler.as_ref().map(|s| s.clone_ref(py)) else {
            return self.iterate_sampled(py, seed);
        };
        let mut sides = std::mem::take(&mut self.sides);
        sides.clear();
        let mut world = {
            let real = self.real.borrow(py);
            let tree = &mut self.tree;
            sampler
                .get()
                .redraw(&real.played, seed, |s| sides.push(tree.intern(s)))?
        };
        let walked = self.walk_any(py, &mut world, &sides);
        self.sides = sides;
        let (path, worth) = walked?;
        self.back_up(py, &path, worth, || {
            Ok(Py::new(py, NativeGame { played: world })?.into_any())
        })
    }

    /// One iteration whose world `sample(seed)` draws in Python.
    fn iterate_sampled(&mut self, py: Python<'_>, seed: u64) -> PyResult<()> {
        let drawn = self.sample.bind(py).call1((seed,))?;
        let (world, sides): (Bound<'_, NativeGame>, Vec<String>) = drawn.extract()?;
        let sides: Vec<u32> = sides.iter().map(|s| self.tree.intern(s)).collect();
        let (path, worth) = self.walk_any(py, &mut world.borrow_mut().played, &sides)?;
        self.back_up(py, &path, worth, || Ok(world.into_any().unbind()))
    }

    /// Back up each seat's result through `path`: the world's native `worth`, or
    /// `judge`'s of the world (made by `world` only then).
    fn back_up(
        &mut self,
        py: Python<'_>,
        path: &[(usize, usize)],
        worth: Option<Vec<f64>>,
        world: impl FnOnce() -> PyResult<PyObject>,
    ) -> PyResult<()> {
        let result = match worth {
            Some(result) => result,
            None => self.judge.bind(py).call1((world()?,))?.extract()?,
        };
        self.tree
            .back_up(path, &result)
            .map_err(PyValueError::new_err)
    }

    /// [`Self::walk`] in `world`, whichever game it is of, drawing from the search's
    /// generator.
    #[allow(clippy::type_complexity)]
    fn walk_any(
        &mut self,
        py: Python<'_>,
        world: &mut AnyGame,
        sides: &[u32],
    ) -> PyResult<(Vec<(usize, usize)>, Option<Vec<f64>>)> {
        let generator = self.generator.clone_ref(py);
        let mut generator = generator.borrow_mut(py);
        match world {
            AnyGame::Kit(p) => self.walk(p, sides, &mut generator.r),
            AnyGame::Tortuga1667(p) => self.walk(p, sides, &mut generator.r),
        }
    }

    /// Down the tree from the root in world `p` (each seat's side `sides`) to a node
    /// added, then the playout: the nodes reached with the seat that chose each, and the
    /// world's worth if the game judges natively.
    #[allow(clippy::type_complexity)]
    fn walk<X: Hosted>(
        &mut self,
        p: &mut Played<X>,
        sides: &[u32],
        rnd: &mut PyRandom,
    ) -> PyResult<(Vec<(usize, usize)>, Option<Vec<f64>>)> {
        let mut path = Vec::new();
        let mut node = ROOT;
        while !p.is_terminal() {
            let legal = p.legal_list()?;
            let seat = seat_of(&p.game)?;
            let side = *sides.get(seat).ok_or_else(|| {
                PyValueError::new_err(format!("no side for seat {} of {}", seat, sides.len()))
            })?;
            self.key_all(p, &legal);
            let keys = &self.keys;
            let went = self
                .tree
                .descend(node, side, keys, self.c, |n| rnd.below(n))
                .ok_or_else(|| PyRuntimeError::new_err("a decision with no legal action"))?;
            // the first action equal to the one taken is played (as the reference's
            // `legal.index` finds it)
            let at = keys
                .iter()
                .position(|k| *k == keys[went.at])
                .unwrap_or(went.at);
            p.step(at)?;
            path.push((went.child, seat));
            if went.added {
                break;
            }
            node = went.child;
        }
        p.play_out_with(&self.policy, rnd, self.depth)?;
        Ok((path, p.worth()))
    }

    /// The keys of the legal actions `legal` of `p`, interned, into `self.keys`.
    fn key_all<X: Hosted>(&mut self, p: &Played<X>, legal: &LegalList) {
        self.keys.clear();
        for (count, group) in legal.groups.iter() {
            if let Legal::Action(k, listed, _) = group {
                // a turn action's listing comes back from the memo: keyed once
                let at = (*k, Shared::as_ptr(listed) as usize);
                if let Some((_, keys)) = self.listings.get(&at) {
                    self.keys.extend_from_slice(keys);
                    continue;
                }
                let first = self.keys.len();
                self.key_group(p, group, *count);
                if self.listings.len() >= 1 << 14 {
                    self.listings.clear(); // bounded: the memo's listings come and go
                }
                let keys = self.keys[first..].to_vec();
                self.listings.insert(at, (listed.clone(), keys));
                continue;
            }
            self.key_group(p, group, *count);
        }
    }

    /// The keys of the `count` legal actions of `group`, interned, onto `self.keys`.
    fn key_group<X: Hosted>(&mut self, p: &Played<X>, group: &Legal, count: usize) {
        for j in 0..count {
            self.key.clear();
            action_key(p, &group.clone().at(j), &mut self.key);
            let id = self.tree.intern(&self.key);
            self.keys.push(id);
        }
    }
}

/// A root child's total from the prior's `score` of its action, with `visits` virtual
/// visits: the reference's `prior * (0.5 + 0.5 * math.tanh(score))`, the same operations
/// in its order (Rust's `tanh` and Python's are both the C library's: tested).
fn prior_total(visits: f64, score: f64) -> f64 {
    visits * (0.5 + 0.5 * score.tanh())
}

/// The seat whose decision `g` waits for.
fn seat_of<X: Hosted>(g: &crate::engine::machine::Game<X>) -> PyResult<usize> {
    match g.decision.as_ref().map(|d| &d.seat) {
        Some(Value::Int(s)) if *s >= 0 => Ok(*s as usize),
        _ => Err(PyRuntimeError::new_err(
            "a decision with no seat to take it",
        )),
    }
}

/// Legal action `l` of `p` written into `out` as a key equal for two actions exactly
/// when the reference's `Action` objects are equal: a choice's by its name and value as
/// Python compares values, another's by its game ([`Hosted::key_own`]).
fn action_key<X: Hosted>(p: &Played<X>, l: &Legal, out: &mut String) {
    match l {
        Legal::Choice(i) => {
            let d = p.game.decision.as_ref().expect("a choice is pending");
            out.push_str("choose:");
            out.push_str(d.name.as_deref().unwrap_or(""));
            out.push(':');
            equal_key(&d.options[*i], out);
        }
        other => X::key_own(&p.game, other, out),
    }
}

/// `value` written into `out` so that values Python finds equal are written alike: a
/// truth value and a named number (an `IntEnum`) as the number they equal.
fn equal_key(value: &Value, out: &mut String) {
    use std::fmt::Write;
    let _ = match value {
        Value::None => write!(out, "|N"),
        Value::Bool(b) => write!(out, "|I{}", *b as u8),
        Value::Int(i) => write!(out, "|I{}", i),
        Value::Named(_, i) => write!(out, "|I{}", i),
        Value::Str(s) => write!(out, "|S{}:{}", s.len(), s),
        Value::Tuple(t) => {
            let _ = write!(out, "|T{}(", t.len());
            t.iter().for_each(|x| equal_key(x, out));
            write!(out, ")")
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(v: &Value) -> String {
        let mut out = String::new();
        equal_key(v, &mut out);
        out
    }

    #[test]
    fn prior_totals_are_python_s_bit_for_bit() {
        // (score, `10.0 * (0.5 + 0.5 * math.tanh(score))`) as CPython 3.11 computes them,
        // their bits: the rules of thumb's sums, the end's 100, random scores
        let cases: [(u64, u64); 30] = [
            (0x0, 0x4014000000000000),
            (0x8000000000000000, 0x4014000000000000),
            (0x1a56e1fc2f8f359, 0x4014000000000000),
            (0x3fd3333333333333, 0x4019d3854473d68e),
            (0xbfd3333333333333, 0x400c58f5771852e4),
            (0x3fe0000000000000, 0x401d3e0a334b0b6c),
            (0x3ff0000000000000, 0x40219dae58968c1e),
            (0xbff0000000000000, 0x3ff3128d3b4b9f0e),
            (0x3fe3333333333334, 0x401ebdb19bc3c01e),
            (0x3fe6eeeeeeeeeeef, 0x402025fdbf59cb7e),
            (0x4004000000000000, 0x4023ddbb8be3438d),
            (0xc004000000000000, 0x3fb1223a0e5e39b0),
            (0x4033000000000000, 0x4024000000000000),
            (0x4034000000000000, 0x4024000000000000),
            (0x4059000000000000, 0x4024000000000000),
            (0xc059000000000000, 0x0),
            (0x405919999999999a, 0x4024000000000000),
            (0xc058e66666666666, 0x0),
            (0xc00766938372453e, 0x3f9d66830a203da0),
            (0x40063c5ab66b09f0, 0x4023ec595ce6d21a),
            (0x4000e1aef0813e26, 0x4023b5dca41aec2b),
            (0xbfff59e5ee1d0148, 0x3fc8edf31091099c),
            (0xbfa2b2a87a632180, 0x4013451aafcce22c),
            (0xbfd9dc4ea1c6bbf0, 0x4008a9b464341592),
            (0x3ff367660612e768, 0x402260006c903bc0),
            (0x40027a7181adfcc8, 0x4023ce0657b62af0),
            (0xc009fe345c18de9c, 0x3f8ecc4f51b37500),
            (0xc00e2f8e10da7c9a, 0x3f759d6a4ae0f580),
            (0x40057d2ceb1e5414, 0x4023e85587bb562a),
            (0xbfe1362d6c8fde38, 0x40045861b37bf2fc),
        ];
        for (score, total) in cases {
            let score = f64::from_bits(score);
            assert_eq!(prior_total(10.0, score).to_bits(), total, "score {}", score);
        }
    }

    #[test]
    fn values_python_finds_equal_key_alike_and_others_apart() {
        assert_eq!(key(&Value::Bool(true)), key(&Value::Int(1)));
        assert_eq!(key(&Value::Named(3, 2)), key(&Value::Int(2)));
        let apart = [
            Value::None,
            Value::Int(1),
            Value::text("1"),
            Value::tuple(vec![Value::Int(1)]),
            Value::tuple(vec![Value::text("1|I2")]),
            Value::tuple(vec![Value::text("1"), Value::Int(2)]),
        ];
        let keys: std::collections::HashSet<String> = apart.iter().map(key).collect();
        assert_eq!(keys.len(), apart.len());
    }
}

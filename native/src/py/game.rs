//! `NativeGame`: a game played in place by the native engine, its legal actions listed,
//! its playouts and its handover to Python.

use std::cell::RefCell;
use std::collections::HashMap;

use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::engine::ext::KitGame;
use crate::engine::fail::Fail;
use crate::engine::machine::Game;
use crate::engine::shared::{Shared, Text};
use crate::games::tortuga1667::Tortuga1667;
use crate::py::convert::*;
use crate::py::hosted::Hosted;
use crate::py::NativeFailure;

/// One legal action as the native engine lists it.
#[derive(Clone)]
pub(crate) enum Legal {
    Choice(usize),
    /// a turn action: its number, the argument combinations listed for it, which one
    Action(usize, Shared<crate::engine::memo::Listed>, usize),
    Vote(bool, Vec<Text>),
}

/// The legal actions of a decision, in groups: the options of a choice, each turn action's
/// listing (shared with the memo), each vote play.
#[derive(Default, Clone)]
pub(crate) struct LegalList {
    pub(crate) groups: Vec<(usize, Legal)>,
    pub(crate) len: usize,
}

impl LegalList {
    pub(crate) fn push(&mut self, count: usize, group: Legal) {
        if count > 0 {
            self.groups.push((count, group));
            self.len += count;
        }
    }

    /// Which group holds legal action number `index`, and its place in the group.
    fn locate(&self, index: usize) -> Option<(usize, usize)> {
        let mut at = index;
        for (g, (count, _)) in self.groups.iter().enumerate() {
            if at < *count {
                return Some((g, at));
            }
            at -= count;
        }
        None
    }

    /// Legal action number `index`, if there is one, taken out of the list.
    fn take(mut self, index: usize) -> Option<Legal> {
        let (g, at) = self.locate(index)?;
        Some(self.groups.swap_remove(g).1.at(at))
    }

    /// Legal action number `index`, if there is one.
    pub(crate) fn get(&self, index: usize) -> Option<Legal> {
        let (g, at) = self.locate(index)?;
        Some(self.groups[g].1.clone().at(at))
    }
}

impl Legal {
    /// Option `at` of this group.
    pub(crate) fn at(self, at: usize) -> Legal {
        match self {
            Legal::Choice(_) => Legal::Choice(at),
            Legal::Action(k, listed, _) => Legal::Action(k, listed, at),
            other => other,
        }
    }
}

/// A game of `X` played in place: its legal actions listed once, stopped at a failing
/// step.
#[derive(Clone)]
pub(crate) struct Played<X: Hosted> {
    pub(crate) game: Game<X>,
    pub(crate) broken: bool,
    pub(crate) legal: Option<Shared<LegalList>>,
}

impl<X: Hosted> Played<X> {
    pub(crate) fn new(game: Game<X>) -> Played<X> {
        Played {
            game,
            broken: false,
            legal: None,
        }
    }

    /// `game` played on as this one is (stopped at a failing step or not), its legal
    /// actions listed afresh: what a redrawn copy is.
    pub(crate) fn holding(&self, game: Game<X>) -> Played<X> {
        Played {
            game,
            broken: self.broken,
            legal: None,
        }
    }
}

/// A game of any game the extension hosts.
// Not boxed: a `NativeGame` holds exactly one, and every call would pay the indirection.
#[allow(clippy::large_enum_variant)]
#[derive(Clone)]
pub(crate) enum AnyGame {
    Kit(Played<KitGame>),
    Tortuga1667(Played<Tortuga1667>),
}

/// `$body` with `$p` the [`Played`] game of `$any`, whichever game it is of.
macro_rules! each {
    ($any:expr, $p:ident => $body:expr) => {
        match $any {
            AnyGame::Kit($p) => $body,
            AnyGame::Tortuga1667($p) => $body,
        }
    };
}

/// A game of the same game as `$any`, made by `$body` of `$p`, its [`Played`] game.
macro_rules! each_new {
    ($any:expr, $p:ident => $body:expr) => {
        NativeGame {
            played: match $any {
                AnyGame::Kit($p) => AnyGame::Kit($body),
                AnyGame::Tortuga1667($p) => AnyGame::Tortuga1667($body),
            },
        }
    };
}

/// A game played in place by the native engine.
#[pyclass(module = "tortuga_rules._native")]
pub(crate) struct NativeGame {
    pub(crate) played: AnyGame,
}

impl<X: Hosted> Played<X> {
    pub(crate) fn legal_list(&mut self) -> PyResult<Shared<LegalList>> {
        if let Some(l) = &self.legal {
            return Ok(l.clone());
        }
        let list = Shared::new(self.listed()?);
        self.legal = Some(list.clone());
        Ok(list)
    }

    /// The legal actions now, listed (a mistake of this engine is the listing's failure,
    /// and the game stops there).
    fn listed(&mut self) -> PyResult<LegalList> {
        let g = &self.game;
        let listed = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| Self::list(g)));
        match listed {
            Ok(list) => list,
            Err(_) => Err(self.cannot_list()),
        }
    }

    /// A listing's mistake: the game stops here.
    fn cannot_list(&mut self) -> PyErr {
        self.broken = true;
        NativeFailure::new_err((
            "native".to_string(),
            0usize,
            "NativeError: the native engine cannot list this position's actions".to_string(),
            "other",
            None::<String>,
        ))
    }

    /// Legal action number `below(state, count)` of the `count` there are now (None:
    /// there are none, and `state` is not drawn from), where it is drawn without a
    /// [`LegalList`] (a choice's option, or what the game draws itself:
    /// [`Hosted::drawn_own`]); None where it is not, and `state` is not drawn from.
    fn drawn(&mut self, state: &mut u64) -> Option<PyResult<Option<Legal>>> {
        let g = &self.game;
        let d = g.decision.as_ref()?;
        let mut draw = |n: usize| crate::engine::rng::below(state, n);
        let drawn = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            if d.kind.as_ref() == "choose" {
                let n = d.options.len();
                return Some(Ok((n > 0).then(|| Legal::Choice(draw(n)))));
            }
            X::drawn_own(g, d, &mut draw)
        }));
        match drawn {
            Ok(drawn) => drawn,
            Err(_) => Some(Err(self.cannot_list())),
        }
    }

    /// [`Hosted::picked`], a mistake of this engine the listing's failure.
    fn picked(&mut self, rnd: &mut crate::engine::mt::PyRandom) -> Option<PyResult<Option<Legal>>> {
        let g = &self.game;
        let picked = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| X::picked(g, rnd)));
        picked.unwrap_or_else(|_| Some(Err(self.cannot_list())))
    }

    fn list(g: &Game<X>) -> PyResult<LegalList> {
        let mut list = LegalList::default();
        if let Some(d) = &g.decision {
            if d.kind.as_ref() == "choose" {
                list.push(d.options.len(), Legal::Choice(0));
            } else {
                X::list_own(g, d, &mut list)?;
            }
        }
        Ok(list)
    }

    /// Play on by `policy` drawing from `rnd`, at most `depth` decisions (`play_out`).
    pub(crate) fn play_out_with(
        &mut self,
        policy: &str,
        rnd: &mut crate::engine::mt::PyRandom,
        depth: usize,
    ) -> PyResult<usize> {
        let reflex = match policy {
            "random" => false,
            own if X::POLICY == Some(own) => true,
            other => {
                return Err(PyValueError::new_err(format!(
                    "no native playout policy {:?} for this game",
                    other
                )))
            }
        };
        let mut steps = 0;
        while steps < depth && self.game.outcome.is_none() {
            if reflex && self.legal.is_none() {
                // picked without a list where the game can: the same draws, the same pick
                if let Some(picked) = self.picked(rnd) {
                    let Some(chosen) = picked? else { break };
                    if self.broken {
                        return Err(PyValueError::new_err("this game stopped at a failing step"));
                    }
                    self.play(chosen)?;
                    steps += 1;
                    continue;
                }
            }
            let legal = self.legal_list()?;
            if legal.len == 0 {
                break;
            }
            let i = if reflex {
                X::pick(&self.game, &legal, rnd)
            } else {
                rnd.below(legal.len)
            };
            self.step(i)?;
            steps += 1;
        }
        Ok(steps)
    }

    /// One legal action's kind and arguments (`((name, value), ...)`).
    pub(crate) fn legal_one(&self, py: Python<'_>, l: &Legal) -> (PyObject, PyObject) {
        let g = &self.game;
        let pair = |name: &str, v: PyObject| py_tuple(py, vec![py_text(py, name), v]);
        match l {
            Legal::Choice(i) => {
                let d = g.decision.as_ref().expect("a choice");
                let name = d.name.as_deref().unwrap_or("");
                (
                    py_text(py, "choose"),
                    py_tuple(py, vec![pair(name, to_py(py, &d.options[*i]))]),
                )
            }
            other => X::describe(py, g, other),
        }
    }

    pub(crate) fn step(&mut self, index: usize) -> PyResult<()> {
        if self.broken {
            return Err(PyValueError::new_err("this game stopped at a failing step"));
        }
        let legal = self.legal_list()?;
        let chosen = legal
            .get(index)
            .ok_or_else(|| PyIndexError::new_err(format!("option {} of {}", index, legal.len)))?;
        self.legal = None;
        self.play(chosen)
    }

    /// Play `chosen`, one of the legal actions now.
    fn play(&mut self, chosen: Legal) -> PyResult<()> {
        let g = &mut self.game;
        // A mistake of this engine must not cross into Python as a panic: it becomes the
        // step's failure, and the game stops there.
        let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            g.begin_step();
            let out = match chosen {
                Legal::Choice(i) => g.resume_choice(i).and_then(|_| g.run()),
                other => X::play_own(g, other),
            };
            g.end_step();
            out
        }));
        let out = run.unwrap_or_else(|panic| {
            let why = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            Err(crate::engine::machine::Failure {
                program: Shared::from("native"),
                pc: 0,
                fail: Fail::other(
                    "NativeError",
                    format!("the native engine cannot play this position ({})", why),
                ),
                clause: None,
            })
        });
        out.map_err(|f| {
            self.broken = true;
            failure_to_py(f)
        })
    }
}

impl<X: Hosted> Played<X> {
    /// The seat the game waits for (None once it is over).
    pub(crate) fn current_player(&self, py: Python<'_>) -> PyObject {
        match &self.game.decision {
            None => py.None(),
            Some(d) => to_py(py, &d.seat),
        }
    }

    /// How the game ended, `(winners, chests, reason, scores)`, or None.
    pub(crate) fn outcome(&self, py: Python<'_>) -> PyObject {
        match &self.game.outcome {
            None => py.None(),
            Some(o) => py_tuple(
                py,
                vec![
                    py_tuple(py, o.winners.iter().map(|x| to_py(py, x)).collect()),
                    py_tuple(
                        py,
                        o.chests
                            .iter()
                            .map(|(t, n)| py_tuple(py, vec![to_py(py, t), py_int(py, *n)]))
                            .collect(),
                    ),
                    to_py(py, &o.reason),
                    py_ints(py, &o.scores),
                ],
            ),
        }
    }

    pub(crate) fn is_terminal(&self) -> bool {
        self.game.outcome.is_some()
    }

    /// Each seat's worth of the position as search backs it up, if the game judges
    /// natively ([`Hosted::worth`]).
    pub(crate) fn worth(&self) -> Option<Vec<f64>> {
        X::worth(&self.game)
    }

    pub(crate) fn step_number(&self) -> i64 {
        self.game.step
    }

    /// The log of the last step, as the state's `events` hold it (empty unless recording).
    pub(crate) fn events(&self, py: Python<'_>) -> PyObject {
        py_tuple(
            py,
            self.game
                .events
                .iter()
                .map(|e| event_to_py(py, e))
                .collect(),
        )
    }

    /// The pending decision as `(seat, kind, name, options, clause)`, or None.
    pub(crate) fn decision(&self, py: Python<'_>) -> PyObject {
        match &self.game.decision {
            None => py.None(),
            Some(d) => decision_to_py(py, d),
        }
    }

    /// The pending decision's kind ("action", "choose", "vote"), or None.
    pub(crate) fn decision_kind(&self, py: Python<'_>) -> PyObject {
        match &self.game.decision {
            None => py.None(),
            Some(d) => py_text(py, &d.kind),
        }
    }

    /// How many legal actions the pending decision has (0 once the game is over).
    pub(crate) fn option_count(&mut self) -> PyResult<usize> {
        Ok(self.legal_list()?.len)
    }

    /// The legal actions made by `make(kind, args)` (the reference's `Action`): a turn
    /// action's are made once per remembered listing and handed out again after.
    pub(crate) fn legal_actions(
        &mut self,
        py: Python<'_>,
        make: &Bound<'_, PyAny>,
    ) -> PyResult<PyObject> {
        let legal = self.legal_list()?;
        let mut out: Vec<PyObject> = Vec::with_capacity(legal.len);
        let mut first = 0; // the number of the group's first action
        for (count, group) in legal.groups.iter() {
            if let Legal::Action(_, listed, _) = group {
                let made = match listed.made.get().and_then(|m| m.downcast_ref::<PyObject>()) {
                    Some(m) => m.clone_ref(py),
                    None => {
                        let acts = (0..*count)
                            .map(|i| {
                                let (kind, args) =
                                    self.legal_one(py, &legal.get(first + i).expect("an action"));
                                make.call1((kind, args)).map(|a| a.unbind())
                            })
                            .collect::<PyResult<Vec<_>>>()?;
                        let t = py_tuple(py, acts);
                        // the listing now holds Python actions too: one more each, counted
                        // as the reference counts the actions a listing holds
                        let memo =
                            X::memo(&self.game.rules).expect("a game with turn actions has a memo");
                        if crate::engine::budget::charge(memo, *count) {
                            let _ = listed.made.set(Box::new(t.clone_ref(py)));
                        }
                        t
                    }
                };
                out.extend(
                    made.bind(py)
                        .downcast::<PyTuple>()?
                        .iter()
                        .map(|a| a.unbind()),
                );
            } else {
                for j in first..first + count {
                    let (kind, args) = self.legal_one(py, &legal.get(j).expect("an action"));
                    out.push(make.call1((kind, args))?.unbind());
                }
            }
            first += count;
        }
        Ok(py_tuple(py, out))
    }

    /// Take legal action number `index` and play on.
    pub(crate) fn apply(&mut self, index: usize) -> PyResult<()> {
        self.step(index)
    }

    /// Play on to the end choosing uniformly at random with a generator seeded by `seed`
    /// (its own, not the game's), at most `max_steps` decisions; how many were taken.
    pub(crate) fn random_playout(&mut self, seed: u64, max_steps: usize) -> PyResult<usize> {
        let mut state = seed;
        let mut steps = 0;
        while steps < max_steps {
            if self.legal.is_none() {
                // drawn without a list where the game can: the same draw of the same count
                if let Some(drawn) = self.drawn(&mut state) {
                    let Some(chosen) = drawn? else { break };
                    if self.broken {
                        return Err(PyValueError::new_err("this game stopped at a failing step"));
                    }
                    self.play(chosen)?;
                    steps += 1;
                    continue;
                }
            }
            // the list made and used here (not kept for Python), the pick taken out of it
            let listed = match self.legal.take() {
                Some(list) => Shared::try_unwrap(list).unwrap_or_else(|shared| (*shared).clone()),
                None => self.listed()?,
            };
            if listed.len == 0 {
                break;
            }
            let i = crate::engine::rng::below(&mut state, listed.len);
            if self.broken {
                return Err(PyValueError::new_err("this game stopped at a failing step"));
            }
            self.play(listed.take(i).expect("an index below the count"))?;
            steps += 1;
        }
        Ok(steps)
    }

    /// Play on by the playout policy `policy` for at most `depth` decisions, drawing from
    /// Python's generator whose `getstate()[1]` is `random_state` exactly as the reference
    /// policy draws: "random" (`legal[rnd.randrange(len(legal))]`) or "reflex-1667"
    /// (Tortuga 1667's heuristic player without look-ahead). Returns the decisions taken
    /// and the generator's state after them, for `setstate`.
    pub(crate) fn play_out(
        &mut self,
        policy: &str,
        random_state: Vec<u64>,
        depth: usize,
    ) -> PyResult<(usize, Vec<u64>)> {
        let mut rnd = crate::engine::mt::PyRandom::from_state(&random_state)
            .ok_or_else(|| PyValueError::new_err("not the state of a Python random.Random"))?;
        let steps = self.play_out_with(policy, &mut rnd, depth)?;
        Ok((steps, rnd.state()))
    }

    /// `play_out` drawing from a native [`crate::py::random::Generator`] (its state stays here).
    pub(crate) fn play_out_drawing(
        &mut self,
        policy: &str,
        generator: &mut crate::py::random::Generator,
        depth: usize,
    ) -> PyResult<usize> {
        self.play_out_with(policy, &mut generator.r, depth)
    }

    /// The values logged by the last step's events of `kind` (each event's own values),
    /// without the rest of the log (a recording game).
    pub(crate) fn logged(&self, py: Python<'_>, kind: &str) -> PyObject {
        let found: Vec<PyObject> = self
            .game
            .events
            .iter()
            .filter(|e| e.kind == kind)
            .map(|e| py_tuple(py, e.args.iter().map(|a| to_py(py, a)).collect()))
            .collect();
        py_tuple(py, found)
    }

    /// How many seats play.
    pub(crate) fn players(&self) -> i64 {
        self.game.players
    }

    /// A copy to play on separately.
    pub(crate) fn copy(&self) -> Played<X> {
        Played {
            game: self.game.clone(),
            broken: self.broken,
            legal: self.legal.clone(),
        }
    }

    /// A copy to play on separately whose next steps log or not as `record` says (the
    /// log of the step that led here is kept when it logs; a quiet copy starts with none).
    pub(crate) fn reopened(&mut self, record: bool) -> Played<X> {
        if record {
            let mut next = self.copy();
            next.game.record = true;
            return next;
        }
        let events = std::mem::take(&mut self.game.events);
        let mut next = self.copy();
        self.game.events = events;
        next.game.record = false;
        next
    }

    /// The game after legal action number `index`, logged if `record`, as a new game:
    /// this one is left as it is (the immutable states of the public API). A failing step
    /// raises, and nothing is made.
    pub(crate) fn stepped(&mut self, index: usize, record: bool) -> PyResult<Played<X>> {
        let legal = self.legal_list()?;
        // the next step logs afresh: the old log is not copied
        let events = std::mem::take(&mut self.game.events);
        let mut game = self.game.clone();
        self.game.events = events;
        game.record = record;
        let mut next = Played {
            game,
            broken: self.broken,
            legal: Some(legal),
        };
        next.step(index)?;
        Ok(next)
    }

    /// The state's fields as the reference engine holds them (plain values).
    pub(crate) fn fields<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let g = &self.game;
        let d = PyDict::new(py);
        d.set_item("players", g.players)?;
        X::write_own(py, g, &d)?;
        d.set_item("rng", g.rng)?;
        d.set_item(
            "rigged",
            py_tuple(
                py,
                g.rigged
                    .iter()
                    .map(|(p, v)| py_tuple(py, vec![py_text(py, p), to_py(py, v)]))
                    .collect(),
            ),
        )?;
        d.set_item(
            "decision",
            match &g.decision {
                None => py.None(),
                Some(x) => decision_to_py(py, x),
            },
        )?;
        // The names are looked up before any Python value is made: making one may run
        // Python code (a collection's finalizers), and no borrow is held across it.
        let named: Vec<Vec<Text>> = {
            let names = crate::engine::shared::locked(&g.rules.names);
            g.frames
                .iter()
                .map(|fr| {
                    fr.env
                        .iter()
                        .map(|(k, _)| names.names[k as usize].clone())
                        .collect()
                })
                .collect()
        };
        d.set_item(
            "frames",
            py_tuple(
                py,
                g.frames
                    .iter()
                    .zip(named.iter())
                    .map(|(fr, keys)| {
                        let env = py_tuple(
                            py,
                            fr.env
                                .iter()
                                .zip(keys.iter())
                                .map(|((_, v), k)| py_tuple(py, vec![py_text(py, k), to_py(py, v)]))
                                .collect(),
                        );
                        py_tuple(
                            py,
                            vec![
                                py_text(py, &g.rules.programs[fr.prog].key),
                                py_int(py, fr.pc as i64),
                                env,
                            ],
                        )
                    })
                    .collect(),
            ),
        )?;
        d.set_item("outcome", self.outcome(py))?;
        d.set_item("step", g.step)?;
        d.set_item(
            "events",
            py_tuple(py, g.events.iter().map(|e| event_to_py(py, e)).collect()),
        )?;
        Ok(d)
    }
}

#[pymethods]
impl NativeGame {
    /// The seat the game waits for (None once it is over).
    #[getter]
    fn current_player(&self, py: Python<'_>) -> PyObject {
        each!(&self.played, p => p.current_player(py))
    }

    /// How the game ended, `(winners, chests, reason, scores)`, or None.
    #[getter]
    fn outcome(&self, py: Python<'_>) -> PyObject {
        each!(&self.played, p => p.outcome(py))
    }

    #[getter]
    fn is_terminal(&self) -> bool {
        each!(&self.played, p => p.is_terminal())
    }

    /// What the position is worth to each seat as search backs it up - the game's
    /// `returns` once it is over, its `heuristic` before - or None where the game does not
    /// judge natively (then search reads the position and asks the game in Python).
    fn worth(&self) -> Option<Vec<f64>> {
        each!(&self.played, p => p.worth())
    }

    #[getter]
    fn step_number(&self) -> i64 {
        each!(&self.played, p => p.step_number())
    }

    /// The log of the last step, as the state's `events` hold it (empty unless recording).
    #[getter]
    fn events(&self, py: Python<'_>) -> PyObject {
        each!(&self.played, p => p.events(py))
    }

    /// The pending decision as `(seat, kind, name, options, clause)`, or None.
    #[getter]
    fn decision(&self, py: Python<'_>) -> PyObject {
        each!(&self.played, p => p.decision(py))
    }

    /// The pending decision's kind ("action", "choose", "vote"), or None.
    #[getter]
    fn decision_kind(&self, py: Python<'_>) -> PyObject {
        each!(&self.played, p => p.decision_kind(py))
    }

    /// How many legal actions the pending decision has (0 once the game is over).
    fn option_count(&mut self) -> PyResult<usize> {
        each!(&mut self.played, p => p.option_count())
    }

    /// The legal actions made by `make(kind, args)` (the reference's `Action`): a turn
    /// action's are made once per remembered listing and handed out again after.
    fn legal_actions(&mut self, py: Python<'_>, make: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        each!(&mut self.played, p => p.legal_actions(py, make))
    }

    /// Take legal action number `index` and play on.
    fn apply(&mut self, index: usize) -> PyResult<()> {
        each!(&mut self.played, p => p.apply(index))
    }

    /// Play on to the end choosing uniformly at random with a generator seeded by `seed`
    /// (its own, not the game's), at most `max_steps` decisions; how many were taken.
    fn random_playout(&mut self, seed: u64, max_steps: usize) -> PyResult<usize> {
        each!(&mut self.played, p => p.random_playout(seed, max_steps))
    }

    /// Play on by the playout policy `policy` for at most `depth` decisions, drawing from
    /// Python's generator whose `getstate()[1]` is `random_state` exactly as the reference
    /// policy draws: "random" (`legal[rnd.randrange(len(legal))]`) or the game's own
    /// ("reflex-1667": Tortuga 1667's heuristic player without look-ahead). Returns the
    /// decisions taken and the generator's state after them, for `setstate`.
    fn play_out(
        &mut self,
        policy: &str,
        random_state: Vec<u64>,
        depth: usize,
    ) -> PyResult<(usize, Vec<u64>)> {
        each!(&mut self.played, p => p.play_out(policy, random_state, depth))
    }

    /// `play_out` drawing from a native [`crate::py::random::Generator`] (its state stays here).
    fn play_out_drawing(
        &mut self,
        policy: &str,
        generator: &mut crate::py::random::Generator,
        depth: usize,
    ) -> PyResult<usize> {
        each!(&mut self.played, p => p.play_out_drawing(policy, generator, depth))
    }

    /// The values logged by the last step's events of `kind` (each event's own values),
    /// without the rest of the log (a recording game).
    fn logged(&self, py: Python<'_>, kind: &str) -> PyObject {
        each!(&self.played, p => p.logged(py, kind))
    }

    /// The observation of `seat` for learning agents, as `layout` (the encoder's entry
    /// names, in order) numbers it: one byte per entry, clipped to 0..255. Tortuga 1667's
    /// only; a ValueError for a game whose encoder the native engine does not have.
    fn observation(
        &self,
        py: Python<'_>,
        seat: i64,
        layout: &Bound<'_, PyAny>,
    ) -> PyResult<PyObject> {
        let AnyGame::Tortuga1667(p) = &self.played else {
            return Err(PyValueError::new_err(
                "the native engine encodes only Tortuga 1667",
            ));
        };
        let index = layout_index(layout)?;
        let mut out = vec![0i64; index.1];
        let mut name = String::new();
        p.game.observation_1667(seat, &mut |entry, value| {
            name.clear();
            entry.spell(&mut name);
            if let Some(i) = index.0.get(&name) {
                out[*i] += value;
            }
        });
        let bytes: Vec<u8> = out.iter().map(|x| (*x).clamp(0, 255) as u8).collect();
        Ok(pyo3::types::PyBytes::new(py, &bytes).into_any().unbind())
    }

    /// A copy with what `seat` cannot see redrawn, drawing from `generator` (Tortuga
    /// 1667's determinisation; `final_card` lies among the event deck's `last` places).
    fn redrawn_1667(
        &self,
        seat: usize,
        generator: &mut crate::py::random::Generator,
        final_card: &str,
        last: usize,
    ) -> PyResult<NativeGame> {
        let played = crate::py::sampler::redrawn_1667(
            &self.played,
            seat,
            &mut generator.r,
            final_card,
            last,
        )?;
        Ok(NativeGame { played })
    }

    /// A copy with what `seat` cannot see redrawn, drawing from `generator` (a component
    /// kit game's determinisation, `game/kit/determinize.py`'s draws).
    fn redrawn_kit(
        &self,
        seat: usize,
        generator: &mut crate::py::random::Generator,
    ) -> PyResult<NativeGame> {
        let played = crate::py::sampler::redrawn_kit(&self.played, seat, &mut generator.r)?;
        Ok(NativeGame { played })
    }

    /// How many seats play.
    #[getter]
    fn players(&self) -> i64 {
        each!(&self.played, p => p.players())
    }

    /// Each seat's loyalty card (Tortuga 1667), as the reference holds them (none for
    /// another game).
    #[getter]
    fn loyalty(&self, py: Python<'_>) -> PyObject {
        match &self.played {
            AnyGame::Tortuga1667(p) => py_tuple(
                py,
                p.game.own.loyalty.iter().map(|v| to_py(py, v)).collect(),
            ),
            AnyGame::Kit(_) => py_tuple(py, Vec::new()),
        }
    }

    /// A copy to play on separately.
    fn copy(&self) -> NativeGame {
        each_new!(&self.played, p => p.copy())
    }

    /// A copy to play on separately whose next steps log or not as `record` says (the
    /// log of the step that led here is kept when it logs; a quiet copy starts with none).
    fn reopened(&mut self, record: bool) -> NativeGame {
        each_new!(&mut self.played, p => p.reopened(record))
    }

    /// The game after legal action number `index`, logged if `record`, as a new game:
    /// this one is left as it is (the immutable states of the public API). A failing step
    /// raises, and nothing is made.
    fn stepped(&mut self, index: usize, record: bool) -> PyResult<NativeGame> {
        Ok(each_new!(&mut self.played, p => p.stepped(index, record)?))
    }

    /// The state's fields as the reference engine holds them (plain values).
    fn fields<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        each!(&self.played, p => p.fields(py))
    }
}

/// An encoder layout's names' positions, and how many names it has.
pub(crate) type Layout = Shared<(HashMap<String, usize>, usize)>;

thread_local! {
    /// Each encoder layout seen (by the tuple's identity): its names' positions.
    static LAYOUTS: RefCell<Vec<(usize, Layout, PyObject)>> = const { RefCell::new(Vec::new()) };
}

/// The position of each name of `layout` (a tuple of names), made once per layout object.
pub(crate) fn layout_index(layout: &Bound<'_, PyAny>) -> PyResult<Layout> {
    let key = layout.as_ptr() as usize;
    if let Some(found) = LAYOUTS.with(|l| {
        l.borrow()
            .iter()
            .find(|(k, _, _)| *k == key)
            .map(|(_, m, _)| m.clone())
    }) {
        return Ok(found);
    }
    let mut map = HashMap::new();
    let mut n = 0;
    for (i, name) in layout.try_iter()?.enumerate() {
        map.insert(name?.extract::<String>()?, i);
        n = i + 1;
    }
    let made = Shared::new((map, n));
    // the layout object is kept alive here, so its identity is never another's; the oldest
    // is forgotten past a few dozen (a process making environment after environment)
    LAYOUTS.with(|l| {
        let mut l = l.borrow_mut();
        if l.len() >= 32 {
            l.remove(0);
        }
        l.push((key, made.clone(), layout.clone().unbind()));
    });
    Ok(made)
}

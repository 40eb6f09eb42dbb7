//! `NativeRules`: a compiled ruleset the native engine runs.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::engine::ext::{Ext, KitGame};
use crate::engine::machine::Game;
use crate::engine::rules::Rules;
use crate::engine::shared::{locked, try_locked, Shared};
use crate::games::tortuga1667::Tortuga1667;
use crate::py::fields::read_game;
use crate::py::hosted::Hosted;
use crate::py::{convert::*, game::*};

// -- the Python classes ---------------------------------------------------------------------

// Threads. `NativeRules` and `NativeGame` are `Send` and `Sync` by construction, so any
// Python thread may make, use and drop them (the server builds rules and moves bots in
// worker threads): their values are counted atomically (`Shared` is an `Arc`,
// `engine/shared.rs`), and what the games of one ruleset share and change - its
// legal-action memo, its names, its fixed texts - is behind mutexes, never locked across
// Python code (the lock order in `engine/budget.rs`). `NativeRules` is frozen; PyO3
// borrows a `NativeGame` for each call, so a call into a game another thread is inside
// gets PyO3's "Already borrowed" RuntimeError. Every call holds the GIL throughout
// (nothing here releases it), so the locks are never contended today. (The build targets
// CPython's stable ABI, which free-threaded Pythons, those without a GIL, do not offer.)

/// A compiled ruleset the native engine runs (made by `tortuga_rules.game.native`). Its
/// legal-action memo counts against the process's one budget ([`crate::engine::budget`]),
/// which reaches it through a weak reference to this object.
#[pyclass(module = "tortuga_rules._native", frozen, weakref)]
pub(crate) struct NativeRules {
    pub(crate) rules: AnyRules,
}

/// The rules a rules description (format v1, `engine/desc.rs`) describes, of the game
/// its `game` names.
fn read_rules(text: &str) -> Result<AnyRules, String> {
    use crate::engine::desc;
    let file = desc::parse(text)?;
    Ok(match file.game.as_str() {
        KitGame::ID => AnyRules::Kit(Shared::new(desc::build(file, desc::kit_part)?)),
        Tortuga1667::ID => AnyRules::Tortuga1667(Shared::new(desc::build(
            file,
            crate::games::tortuga1667::desc::read,
        )?)),
        other => {
            return Err(format!(
                "the game {:?}: this engine does not know it",
                other
            ))
        }
    })
}

/// The rules of any game the extension hosts.
pub(crate) enum AnyRules {
    Kit(Shared<Rules<KitGame>>),
    Tortuga1667(Shared<Rules<Tortuga1667>>),
}

/// `$body` with `$r` the shared rules of `$any`, whichever game they are of.
macro_rules! each_rules {
    ($any:expr, $r:ident => $body:expr) => {
        match $any {
            AnyRules::Kit($r) => $body,
            AnyRules::Tortuga1667($r) => $body,
        }
    };
}

impl AnyRules {
    /// Their legal-action memo, if they have one.
    fn memo(&self) -> Option<&std::sync::Mutex<crate::engine::memo::Memo>> {
        each_rules!(self, r => memo_of(r))
    }
}

fn memo_of<X: Hosted>(rules: &Rules<X>) -> Option<&std::sync::Mutex<crate::engine::memo::Memo>> {
    X::memo(rules)
}

impl Drop for NativeRules {
    /// Its Python object is gone: its memo is emptied, gives back what it held and
    /// remembers no more (games of these rules that live on play without it).
    fn drop(&mut self) {
        let Some(memo) = self.rules.memo() else {
            return;
        };
        let taken = try_locked(memo).map(|mut memo| {
            memo.closed = true;
            memo.take()
        });
        if let Some(taken) = taken {
            crate::engine::budget::release(taken.held);
        }
    }
}

impl NativeRules {
    /// Everything its memo holds, taken out (the memo left empty), to drop once its lock
    /// is given back; None for rules without one (or a memo locked elsewhere: never,
    /// holding the GIL, since no lock is held across a call into Python).
    pub(crate) fn empty_memo(&self) -> Option<crate::engine::memo::Memo> {
        let taken = try_locked(self.rules.memo()?)?.take();
        Some(taken)
    }
}

#[pymethods]
impl NativeRules {
    /// Read a rules description, format v1 (the JSON text `tortuga_rules.game.nativeformat`
    /// writes); a ValueError says why the native engine cannot run it. Its memo joins the
    /// budget every memo of the process shares.
    #[staticmethod]
    fn from_json(py: Python<'_>, text: &str) -> PyResult<Py<Self>> {
        let rules = read_rules(text).map_err(PyValueError::new_err)?;
        let made = Py::new(py, NativeRules { rules })?;
        crate::py::budget::register(made.bind(py).as_any())?;
        Ok(made)
    }

    /// Read the rules description in the file at `path` (`tortuga-rules compile -o`): an
    /// OSError where it cannot be read, a ValueError where it cannot be run.
    #[staticmethod]
    fn load(py: Python<'_>, path: std::path::PathBuf) -> PyResult<Py<Self>> {
        let text = std::fs::read_to_string(&path)?;
        Self::from_json(py, &text)
    }

    /// What this ruleset's legal-action memo holds, as the shared budget counts it.
    #[getter]
    fn memo_items(&self) -> usize {
        self.rules.memo().map_or(0, |m| locked(m).held)
    }

    /// A new game of `players` dealt from the generator state `rng` (the game's setup,
    /// natively: Tortuga 1667's, or the component kit's); a ValueError where these rules
    /// have no native setup.
    fn new_game(&self, players: i64, rng: u64, record: bool) -> PyResult<NativeGame> {
        let played = match &self.rules {
            AnyRules::Kit(r) => AnyGame::Kit(new_game(r, players, rng, record)?),
            AnyRules::Tortuga1667(r) => AnyGame::Tortuga1667(new_game(r, players, rng, record)?),
        };
        Ok(NativeGame { played })
    }

    /// A native game from a state's fields (`record`: keep each step's log).
    fn game(&self, f: &Bound<'_, PyDict>, record: bool) -> PyResult<NativeGame> {
        let played = match &self.rules {
            AnyRules::Kit(r) => AnyGame::Kit(Played::new(
                read_game(r, f, record).map_err(PyValueError::new_err)?,
            )),
            AnyRules::Tortuga1667(r) => AnyGame::Tortuga1667(Played::new(
                read_game(r, f, record).map_err(PyValueError::new_err)?,
            )),
        };
        Ok(NativeGame { played })
    }

    /// How many programs the description held.
    #[getter]
    fn programs(&self) -> usize {
        each_rules!(&self.rules, r => r.programs.len())
    }
}

/// A new game of `rules` for `players`, dealt from the generator state `rng`.
fn new_game<X: Hosted>(
    rules: &Shared<Rules<X>>,
    players: i64,
    rng: u64,
    record: bool,
) -> PyResult<Played<X>> {
    if !X::can_set_up(rules) || !(1..=64).contains(&players) {
        return Err(PyValueError::new_err("no native setup for these rules"));
    }
    let mut game = Game::new(rules.clone(), players, record);
    game.rng = rng;
    let dealt = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| X::setup(&mut game)));
    match dealt {
        Ok(Ok(())) => Ok(Played::new(game)),
        Ok(Err(f)) => Err(failure_to_py(f)),
        Err(_) => Err(PyValueError::new_err("the native setup failed")),
    }
}

//! The memo budget's side in Python ([`crate::engine::budget`]): the registries of every
//! native ruleset's Python object and of the reference engine's memos, emptied together,
//! and the functions Python calls.

use std::sync::{Mutex, MutexGuard};

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyWeakrefMethods, PyWeakrefReference};

use crate::engine::budget;

/// A weak reference to every native ruleset's Python object (whose memo is emptied with
/// the others).
pub(crate) static NATIVE: Mutex<Vec<Py<PyWeakrefReference>>> = Mutex::new(Vec::new());
/// The reference engine's memos (`tortuga_rules.data.ruleset.MEMOS`: a dict of weak
/// references to them), once handed over.
pub(crate) static REFERENCE: Mutex<Option<Py<PyDict>>> = Mutex::new(None);

pub(crate) fn locked<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Remember `rules` (a native ruleset's Python object, weakly) so its memo is emptied
/// with the others; the registry's dead references are dropped at the same time.
pub fn register(rules: &Bound<'_, PyAny>) -> PyResult<()> {
    let weak = PyWeakrefReference::new(rules)?.unbind();
    let py = rules.py();
    let dead: Vec<Py<PyWeakrefReference>> = {
        let mut all = locked(&NATIVE);
        let (live, dead) = std::mem::take(&mut *all)
            .into_iter()
            .partition(|w| w.bind(py).upgrade().is_some());
        *all = live;
        all.push(weak);
        dead
    };
    drop(dead); // after the lock
    Ok(())
}

/// Empty every memo of every ruleset of both engines (the engine's budget then starts its
/// count over): what [`budget::forget_all`] calls once the extension is loaded.
pub fn forget_all() {
    Python::with_gil(|py| {
        let rules: Vec<Bound<'_, PyAny>> = locked(&NATIVE)
            .iter()
            .filter_map(|w| w.bind(py).upgrade())
            .collect();
        for r in rules.iter() {
            if let Ok(r) = r.downcast::<crate::py::rules::NativeRules>() {
                drop(r.get().empty_memo());
            }
        }
        let registry = locked(&REFERENCE).as_ref().map(|d| d.clone_ref(py));
        if let Some(registry) = registry {
            let memos: Vec<Bound<'_, PyDict>> = registry
                .bind(py)
                .values()
                .iter()
                .filter_map(|w| {
                    w.downcast::<PyWeakrefReference>()
                        .ok()
                        .and_then(|w| w.upgrade())
                })
                .filter_map(|m| m.downcast_into::<PyDict>().ok())
                .collect();
            memos.iter().for_each(|m| m.clear());
        }
    });
}

// -- what Python asks ---------------------------------------------------------------------

/// Count `weight` more remembered by one of the reference engine's memos (emptying every
/// memo first when that would pass the budget).
#[pyfunction]
pub fn charge_reference(weight: usize) {
    budget::charge_unowned(weight);
}

/// What every legal-action memo of the process holds now (both engines), as the budget
/// counts it.
#[pyfunction]
pub fn memo_items() -> usize {
    budget::held()
}

/// Empty every legal-action memo of the process (both engines).
#[pyfunction]
pub fn forget_memos() {
    budget::forget_all();
}

/// Set what the memos may hold at once (at least 1), returning the budget it replaces;
/// the memos are emptied when they hold more.
#[pyfunction]
pub fn set_memo_budget(items: usize) -> usize {
    budget::set_budget(items)
}

/// The reference engine's memos, a dict of weak references to them
/// (`tortuga_rules.data.ruleset.MEMOS`), emptied with the native ones.
#[pyfunction]
pub fn share_memos(registry: Bound<'_, PyDict>) {
    *locked(&REFERENCE) = Some(registry.unbind());
}

//! One budget for every legal-action memo of the process, on both engines.
//!
//! Each native ruleset remembers its turn actions' answers ([`crate::rules::Memo`]), and
//! the reference engine its own (`tortuga_rules.data.ruleset.Memo`, filled by
//! `game/legality.py`, which charges this budget through [`charge_reference`]). All of
//! them count what they hold against one number, [`MEMO_BUDGET`] unless set otherwise: an
//! answer counts one, and one more per action it lists - a native listing's Python
//! `Action`s, once made, one more each. When a new answer would pass the budget, every
//! memo of every ruleset of both engines is emptied at once - idle rulesets' too - and
//! the count starts over, so a process holds at most the budget's worth however many
//! rulesets it plays (`benchmarks/memory_soak.py`).
//!
//! Threads: the count is an atomic and the registries are behind mutexes holding only
//! Python references (`Py`, which any thread may hold); the memos themselves are reached
//! through their rulesets' Python objects, holding the GIL (the note on threads in
//! `lib.rs`). A memo is emptied by taking its tables out under a short borrow and
//! dropping them after it, and nothing here runs Python code: dropping a listing only
//! frees its `Action`s, and the reference's memos are emptied with `dict.clear`.

use std::cell::RefCell;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::sync::{Mutex, MutexGuard};

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyWeakrefMethods, PyWeakrefReference};

use crate::rules::Memo;

/// What every legal-action memo of the process may hold at once, by default (the
/// reference's `legality.MEMO_BUDGET`): answers and the actions they list, about 60 bytes
/// each on the reference engine.
pub const MEMO_BUDGET: usize = 200_000;

static BUDGET: AtomicUsize = AtomicUsize::new(MEMO_BUDGET);
static HELD: AtomicUsize = AtomicUsize::new(0);
/// A weak reference to every native ruleset's Python object (whose memo is emptied with
/// the others).
static NATIVE: Mutex<Vec<Py<PyWeakrefReference>>> = Mutex::new(Vec::new());
/// The reference engine's memos (`tortuga_rules.data.ruleset.MEMOS`: a dict of weak
/// references to them), once handed over.
static REFERENCE: Mutex<Option<Py<PyDict>>> = Mutex::new(None);

fn locked<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Whether remembering `weight` more, with `held` remembered, stays within `budget`.
fn fits(held: usize, weight: usize, budget: usize) -> bool {
    held.saturating_add(weight) <= budget
}

/// Count `weight` more against the budget, emptying every memo first when it would pass
/// it. The caller holds no borrow of any memo.
fn spend(weight: usize) {
    if !fits(HELD.load(Relaxed), weight, BUDGET.load(Relaxed)) {
        forget_all();
    }
    HELD.store(HELD.load(Relaxed).saturating_add(weight), Relaxed);
}

/// Count `weight` more held by `memo` (about to remember an answer, or to make a
/// listing's actions); false where the memo no longer remembers (closed). Every memo,
/// `memo` too, may be emptied first. No borrow of `memo` may be held.
pub fn charge(memo: &RefCell<Memo>, weight: usize) -> bool {
    if memo.borrow().closed {
        return false;
    }
    spend(weight);
    memo.borrow_mut().held += weight;
    true
}

/// What every memo holds now, as the budget counts it.
pub fn held() -> usize {
    HELD.load(Relaxed)
}

/// Give back what a memo held that is gone (its ruleset's Python object freed).
pub fn release(weight: usize) {
    HELD.store(HELD.load(Relaxed).saturating_sub(weight), Relaxed);
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

/// Empty every memo of every ruleset of both engines, and start the count over.
pub fn forget_all() {
    Python::with_gil(|py| {
        let rules: Vec<Bound<'_, PyAny>> = locked(&NATIVE)
            .iter()
            .filter_map(|w| w.bind(py).upgrade())
            .collect();
        for r in rules.iter() {
            if let Ok(r) = r.downcast::<crate::NativeRules>() {
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
        HELD.store(0, Relaxed);
    });
}

// -- what Python asks ---------------------------------------------------------------------

/// Count `weight` more remembered by one of the reference engine's memos (emptying every
/// memo first when that would pass the budget).
#[pyfunction]
pub fn charge_reference(weight: usize) {
    spend(weight);
}

/// What every legal-action memo of the process holds now (both engines), as the budget
/// counts it.
#[pyfunction]
pub fn memo_items() -> usize {
    held()
}

/// Empty every legal-action memo of the process (both engines).
#[pyfunction]
pub fn forget_memos() {
    forget_all();
}

/// Set what the memos may hold at once (at least 1), returning the budget it replaces;
/// the memos are emptied when they hold more.
#[pyfunction]
pub fn set_memo_budget(items: usize) -> usize {
    let old = BUDGET.swap(items.max(1), Relaxed);
    if held() > items {
        forget_all();
    }
    old
}

/// The reference engine's memos, a dict of weak references to them
/// (`tortuga_rules.data.ruleset.MEMOS`), emptied with the native ones.
#[pyfunction]
pub fn share_memos(registry: Bound<'_, PyDict>) {
    *locked(&REFERENCE) = Some(registry.unbind());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_answer_fits_while_the_budget_holds_it() {
        assert!(fits(0, 10, 10));
        assert!(fits(9, 1, 10));
        assert!(!fits(9, 2, 10));
        assert!(!fits(usize::MAX, 1, 10));
    }

    #[test]
    fn a_memo_taken_out_is_left_empty_and_as_open_as_it_was() {
        let mut memo = Memo::new(3);
        memo.listings[1].insert(crate::rules::MemoKey::Short(7), None);
        memo.held = 5;
        let old = memo.take();
        assert_eq!((old.held, memo.held), (5, 0));
        assert!(memo.listings[1]
            .get(&crate::rules::MemoKey::Short(7))
            .is_none());
        assert!(old.listings[1]
            .get(&crate::rules::MemoKey::Short(7))
            .is_some());
        assert_eq!(memo.allowed.len(), 3);
        memo.closed = true;
        assert!(memo.take().held == 0 && memo.closed);
    }

    #[test]
    fn a_closed_memo_charges_nothing() {
        let memo = RefCell::new(Memo::new(1));
        memo.borrow_mut().closed = true;
        let before = held();
        assert!(!charge(&memo, 3));
        assert_eq!((held(), memo.borrow().held), (before, 0));
    }

    #[test]
    fn what_a_gone_memo_held_is_given_back() {
        release(usize::MAX); // nothing is held below none
        assert_eq!(held(), 0);
    }
}

//! One budget for every legal-action memo of the process, on both engines.
//!
//! Each native ruleset remembers its turn actions' answers ([`crate::engine::memo::Memo`]), and
//! the reference engine its own (`tortuga_rules.data.ruleset.Memo`, filled by
//! `game/legality.py`, which charges this budget through `_native.charge_reference`, [`crate::py::budget`]). All of
//! them count what they hold against one number, [`MEMO_BUDGET`] unless set otherwise: an
//! answer counts one, and one more per action it lists - a native listing's Python
//! `Action`s, once made, one more each. When a new answer would pass the budget, every
//! memo of every ruleset of both engines is emptied at once - idle rulesets' too - and
//! the count starts over, so a process holds at most the budget's worth however many
//! rulesets it plays (`benchmarks/memory_soak.py`).
//!
//! Threads: the count is an atomic; the registries of memos are the Python extension's
//! ([`crate::py::budget`]), behind mutexes holding only Python references (`Py`, which
//! any thread may hold); the memos themselves are reached through their rulesets' Python
//! objects, holding the GIL (the note on threads in `py/rules.rs`). A memo is emptied by
//! taking its tables out under a short lock (`try_lock`: a memo locked elsewhere is left
//! as it is) and dropping them after it, and nothing here runs Python code: dropping a
//! listing only frees its `Action`s, and the reference's memos are emptied with
//! `dict.clear`.
//!
//! Lock order. A memo, a ruleset's names and its fixed texts are each behind a mutex,
//! locked for one lookup or insert at a time; the only nesting is a memo's text numbers
//! (inside the memo) read while its keys are built. No lock is held while Python code may
//! run or the GIL be taken, [`charge`] included (it may empty every memo, which runs
//! Python): Python may hand the GIL to another thread, which would then wait for the lock
//! holding the GIL. Taking a lock while holding the GIL is fine.

use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::sync::Mutex;
use std::sync::OnceLock;

use crate::engine::memo::Memo;
use crate::engine::shared::locked;

/// What every legal-action memo of the process may hold at once, by default (the
/// reference's `legality.MEMO_BUDGET`): answers and the actions they list, about 60 bytes
/// each on the reference engine.
pub const MEMO_BUDGET: usize = 200_000;

static BUDGET: AtomicUsize = AtomicUsize::new(MEMO_BUDGET);
static HELD: AtomicUsize = AtomicUsize::new(0);
/// What empties every memo of the process (both engines' and every ruleset's), set by the
/// Python extension when it loads; without it (the engine alone) only the count restarts.
static FORGET: OnceLock<fn()> = OnceLock::new();

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
/// `memo` too, may be emptied first. No lock of `memo` may be held.
pub fn charge(memo: &Mutex<Memo>, weight: usize) -> bool {
    if locked(memo).closed {
        return false;
    }
    spend(weight);
    locked(memo).held += weight;
    true
}

/// Count `weight` more remembered by a memo the engine does not hold (the reference
/// engine's), emptying every memo first when that would pass the budget.
pub fn charge_unowned(weight: usize) {
    spend(weight);
}

/// What every memo holds now, as the budget counts it.
pub fn held() -> usize {
    HELD.load(Relaxed)
}

/// Give back what a memo held that is gone (its ruleset's Python object freed).
pub fn release(weight: usize) {
    HELD.store(HELD.load(Relaxed).saturating_sub(weight), Relaxed);
}

/// Set what empties every memo ([`forget_all`]): once, by the Python extension.
pub fn set_forget(forget: fn()) {
    let _ = FORGET.set(forget);
}

/// Empty every memo of every ruleset of both engines, and start the count over.
pub fn forget_all() {
    if let Some(forget) = FORGET.get() {
        forget();
    }
    HELD.store(0, Relaxed);
}

/// Set what the memos may hold at once (at least 1), returning the budget it replaces;
/// the memos are emptied when they hold more.
pub fn set_budget(items: usize) -> usize {
    let old = BUDGET.swap(items.max(1), Relaxed);
    if held() > items {
        forget_all();
    }
    old
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
        memo.listings[1].insert(crate::engine::memo::MemoKey::Short(7), None);
        memo.held = 5;
        let old = memo.take();
        assert_eq!((old.held, memo.held), (5, 0));
        assert!(memo.listings[1]
            .get(&crate::engine::memo::MemoKey::Short(7))
            .is_none());
        assert!(old.listings[1]
            .get(&crate::engine::memo::MemoKey::Short(7))
            .is_some());
        assert_eq!(memo.listings.len(), 3);
        memo.closed = true;
        assert!(memo.take().held == 0 && memo.closed);
    }

    #[test]
    fn a_closed_memo_charges_nothing() {
        let memo = Mutex::new(Memo::new(1));
        locked(&memo).closed = true;
        let before = held();
        assert!(!charge(&memo, 3));
        assert_eq!((held(), locked(&memo).held), (before, 0));
    }

    #[test]
    fn what_a_gone_memo_held_is_given_back() {
        release(usize::MAX); // nothing is held below none
        assert_eq!(held(), 0);
    }
}

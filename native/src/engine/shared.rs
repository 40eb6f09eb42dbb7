//! The engine's shared values: every value the engine shares by counting is a [`Shared`],
//! every shared text a [`Text`], so how they are counted is decided here, once: an `Arc`,
//! counted atomically, so the values are `Send` and `Sync` and any thread may hold them
//! (the note on threads in `py/rules.rs`; what the atomic counts cost, measured, is in
//! docs/engine.md).

use std::sync::Arc;

/// A value shared by counting.
pub type Shared<T> = Arc<T>;

/// A shared text.
pub type Text = Shared<str>;

/// `mutex` locked, whether or not a thread panicked holding it (the engine's state is
/// never left half-changed across a panic that matters: a listing that panics breaks its
/// game, and the memo keeps only whole answers), as a `RefCell` would be borrowed.
pub fn locked<T: ?Sized>(mutex: &std::sync::Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

/// `mutex` locked if no one holds it (as a `RefCell`'s `try_borrow_mut`), else None.
pub fn try_locked<T: ?Sized>(mutex: &std::sync::Mutex<T>) -> Option<std::sync::MutexGuard<'_, T>> {
    match mutex.try_lock() {
        Ok(guard) => Some(guard),
        Err(std::sync::TryLockError::Poisoned(e)) => Some(e.into_inner()),
        Err(std::sync::TryLockError::WouldBlock) => None,
    }
}

/// A few answers kept by where a text of the engine's own code lives (a `&'static str`
/// never moves or changes), read without a lock: each text has one slot, the first answer
/// put there stays, and a text whose slot holds another's is answered by the caller's
/// slower way (behind its lock) every time.
#[derive(Debug)]
pub struct ByPlace<V> {
    slots: [std::sync::OnceLock<(usize, usize, V)>; BY_PLACE_SLOTS],
}

const BY_PLACE_SLOTS: usize = 64;

impl<V> Default for ByPlace<V> {
    fn default() -> Self {
        ByPlace {
            slots: std::array::from_fn(|_| std::sync::OnceLock::new()),
        }
    }
}

impl<V> ByPlace<V> {
    fn slot(&self, text: &'static str) -> &std::sync::OnceLock<(usize, usize, V)> {
        let h = (text.as_ptr() as u64 ^ text.len() as u64).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        &self.slots[(h >> 58) as usize]
    }

    /// What was put for `text`, if its slot holds it.
    #[inline]
    pub fn get(&self, text: &'static str) -> Option<&V> {
        match self.slot(text).get() {
            Some((p, n, v)) if *p == text.as_ptr() as usize && *n == text.len() => Some(v),
            _ => None,
        }
    }

    /// Keep `value` for `text`, if its slot is free.
    pub fn put(&self, text: &'static str, value: V) {
        let _ = self
            .slot(text)
            .set((text.as_ptr() as usize, text.len(), value));
    }
}

/// The longest text [`interned`] shares: names of zones, tokens, sides and the like.
const INTERNED_LONGEST: usize = 40;

type Table = std::collections::HashMap<Box<str>, Text>;

thread_local! {
    /// The texts shared while a ruleset is read on this thread (None otherwise: the table
    /// lives only while an [`Interning`] does, so no shared text outlives it here - a
    /// thread's own values are dropped when it ends, perhaps not holding the GIL).
    static INTERNED: std::cell::RefCell<Option<Table>> = const { std::cell::RefCell::new(None) };
}

/// While alive, equal short texts made on this thread through [`interned`] are one shared
/// text: a ruleset's names (its zones', tracks', sides', the literals of its programs)
/// then compare equal by their address (`Rc`'s `==` looks at it first), and the kit finds
/// a name without comparing its letters. Dropped, the table goes.
pub struct Interning(());

impl Interning {
    pub fn start() -> Interning {
        INTERNED.with(|t| *t.borrow_mut() = Some(Table::new()));
        Interning(())
    }
}

impl Drop for Interning {
    fn drop(&mut self) {
        let table = INTERNED.with(|t| t.borrow_mut().take());
        drop(table);
    }
}

/// `text` as a shared text: while an [`Interning`] lives, the same one for every equal
/// short text.
pub fn interned(text: &str) -> Text {
    if text.len() > INTERNED_LONGEST {
        return Shared::from(text);
    }
    INTERNED.with(|table| match table.borrow_mut().as_mut() {
        None => Shared::from(text),
        Some(table) => table
            .entry(Box::from(text))
            .or_insert_with(|| Shared::from(text))
            .clone(),
    })
}

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

/// A value a copy shares and a write makes its own (copy on write): cloning it counts one
/// more holder instead of copying, and the first change through a shared one copies it
/// then (`Arc::make_mut`). For a state's parts a step seldom changes - its decks, say - so
/// that a copy of a position (each immutable state the public API hands out, each world a
/// search draws) costs a count, not a copy of every card and its text's count. A part
/// written at most steps is better copied: each first write pays an atomic exchange.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Cow<T: Clone>(Shared<T>);

impl<T: Clone> Cow<T> {
    pub fn new(value: T) -> Self {
        Cow(Shared::new(value))
    }
}

impl<T: Clone> From<T> for Cow<T> {
    fn from(value: T) -> Self {
        Cow::new(value)
    }
}

impl<X: Clone> FromIterator<X> for Cow<Vec<X>> {
    fn from_iter<I: IntoIterator<Item = X>>(items: I) -> Self {
        Cow::new(items.into_iter().collect())
    }
}

impl<T: Clone> std::ops::Deref for Cow<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: Clone> std::ops::DerefMut for Cow<T> {
    fn deref_mut(&mut self) -> &mut T {
        Shared::make_mut(&mut self.0)
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_copy_shares_until_one_side_writes_and_the_other_never_sees_it() {
        let first: Cow<Vec<Text>> = vec![Text::from("a"), Text::from("b")].into();
        let mut second = first.clone();
        assert!(
            Shared::ptr_eq(&first.0, &second.0),
            "a copy counts, it does not copy"
        );
        second.remove(0);
        assert_eq!(first.len(), 2, "the copy written to is its own");
        assert_eq!(&**second, &[Text::from("b")]);
        assert!(!Shared::ptr_eq(&first.0, &second.0));
        let mut alone: Cow<Vec<i64>> = (0..3).collect();
        let before = Shared::as_ptr(&alone.0);
        alone.push(3);
        assert_eq!(
            Shared::as_ptr(&alone.0),
            before,
            "held alone, a write copies nothing"
        );
        assert_eq!(*alone, vec![0, 1, 2, 3]);
    }
}

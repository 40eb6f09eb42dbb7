//! The engine's shared values: every value the engine shares by counting is a [`Shared`],
//! every shared text a [`Text`], so how they are counted is decided here, once. Today
//! that is `Rc` (a count without atomics: the extension's values are used only holding
//! the GIL, the note on threads in `py/rules.rs`); `Arc` makes them `Send` and `Sync`.

use std::rc::Rc;

/// A value shared by counting.
pub type Shared<T> = Rc<T>;

/// A shared text.
pub type Text = Shared<str>;

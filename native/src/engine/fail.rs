//! How a step fails, in the reference engine's words: the exception a Python word would
//! have raised, so that the located error is the same text.

/// A failure while a step runs (boxed: every expression returns a result, and a small one
/// is cheaper to pass back than the failure's texts).
#[derive(Debug, Clone)]
pub struct Fail(pub Box<FailKind>);

/// What a [`Fail`] is.
#[derive(Debug, Clone)]
pub enum FailKind {
    /// A `ValueError`: its message is the whole detail.
    Value(String),
    /// Any other Python exception: `"{kind}: {message}"`.
    Other(&'static str, String),
    /// A fixed draw that cannot be taken (the reference's `RiggedError`).
    Rigged(String),
    /// The step ran over its instruction or event budget.
    Budget,
}

impl Fail {
    pub fn value(msg: impl Into<String>) -> Fail {
        Fail(Box::new(FailKind::Value(msg.into())))
    }

    /// Any other Python exception, `kind`, with `msg`.
    pub fn other(kind: &'static str, msg: impl Into<String>) -> Fail {
        Fail(Box::new(FailKind::Other(kind, msg.into())))
    }

    pub fn rigged(msg: impl Into<String>) -> Fail {
        Fail(Box::new(FailKind::Rigged(msg.into())))
    }

    pub fn budget() -> Fail {
        Fail(Box::new(FailKind::Budget))
    }

    pub fn type_error(msg: impl Into<String>) -> Fail {
        Fail::other("TypeError", msg)
    }

    pub fn index_error(msg: impl Into<String>) -> Fail {
        Fail::other("IndexError", msg)
    }

    pub fn key_error(repr: String) -> Fail {
        Fail::other("KeyError", repr)
    }

    /// The text the reference engine's located error carries.
    pub fn detail(&self) -> String {
        match &*self.0 {
            FailKind::Value(m) => m.clone(),
            FailKind::Other(kind, m) => format!("{}: {}", kind, m),
            FailKind::Rigged(m) => m.clone(),
            FailKind::Budget => String::new(),
        }
    }
}

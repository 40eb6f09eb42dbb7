//! How a step fails, in the reference engine's words: the exception a Python word would
//! have raised, so that the located error is the same text.

/// A failure while a step runs.
#[derive(Debug, Clone)]
pub enum Fail {
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
        Fail::Value(msg.into())
    }

    pub fn type_error(msg: impl Into<String>) -> Fail {
        Fail::Other("TypeError", msg.into())
    }

    pub fn index_error(msg: impl Into<String>) -> Fail {
        Fail::Other("IndexError", msg.into())
    }

    pub fn key_error(repr: String) -> Fail {
        Fail::Other("KeyError", repr)
    }

    /// The text the reference engine's located error carries.
    pub fn detail(&self) -> String {
        match self {
            Fail::Value(m) => m.clone(),
            Fail::Other(kind, m) => format!("{}: {}", kind, m),
            Fail::Rigged(m) => m.clone(),
            Fail::Budget => String::new(),
        }
    }
}

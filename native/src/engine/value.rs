//! The DSL's values, with Python's meaning: what `==`, `<`, `in` and truth are for the
//! values the reference engine holds (`None`, `bool`, `int`, `str`, `tuple`).

use std::cmp::Ordering;
use std::fmt::Write;

use crate::engine::fail::Fail;
use crate::engine::shared::{Shared, Text};

/// One value of a running program or of the state.
#[derive(Clone, Debug, Default)]
pub enum Value {
    #[default]
    None,
    Bool(bool),
    Int(i64),
    Str(Text),
    Tuple(Shared<[Value]>),
    /// A member of a game's named set (Python's `Named`, an `IntEnum`): the set, the number.
    Named(u16, i64),
}

/// The named sets of every ruleset read (by any thread): each set's class name and its
/// members' names, by number (a game's enums, read from its description).
static NAMED: std::sync::Mutex<NamedSets> = std::sync::Mutex::new(Vec::new());

/// Each named set's class name and its members' names, by number.
type NamedSets = Vec<(String, Vec<(i64, String)>)>;

fn named() -> std::sync::MutexGuard<'static, NamedSets> {
    NAMED.lock().unwrap_or_else(|e| e.into_inner())
}

/// The set number of the named set called `class`, registered with its members once.
pub fn named_set(class: &str, members: Vec<(i64, String)>) -> u16 {
    let mut n = named();
    if let Some(i) = n.iter().position(|(c, _)| c == class) {
        return i as u16;
    }
    n.push((class.to_string(), members));
    (n.len() - 1) as u16
}

/// The set number of `class`, if registered.
pub fn named_kind(class: &str) -> Option<u16> {
    named()
        .iter()
        .position(|(c, _)| c == class)
        .map(|i| i as u16)
}

fn named_class(kind: u16) -> String {
    named()
        .get(kind as usize)
        .map(|(c, _)| c.clone())
        .unwrap_or_default()
}

fn named_name(kind: u16, v: i64) -> String {
    named()
        .get(kind as usize)
        .and_then(|(_, ms)| {
            ms.iter()
                .find(|(i, _)| *i == v)
                .map(|(_, name)| name.clone())
        })
        .unwrap_or_else(|| v.to_string())
}

impl Value {
    pub fn text(s: &str) -> Value {
        Value::Str(Shared::from(s))
    }

    pub fn tuple(items: Vec<Value>) -> Value {
        Value::Tuple(Shared::from(items))
    }

    /// Python's `type(x).__name__`, for messages and sort keys.
    pub fn type_name(&self) -> String {
        match self {
            Value::None => "NoneType".into(),
            Value::Bool(_) => "bool".into(),
            Value::Int(_) => "int".into(),
            Value::Str(_) => "str".into(),
            Value::Tuple(_) => "tuple".into(),
            Value::Named(k, _) => named_class(*k),
        }
    }

    /// Python's truth value.
    pub fn truthy(&self) -> bool {
        match self {
            Value::None => false,
            Value::Bool(b) => *b,
            Value::Int(i) => *i != 0,
            Value::Str(s) => !s.is_empty(),
            Value::Tuple(t) => !t.is_empty(),
            Value::Named(_, i) => *i != 0,
        }
    }

    /// The number a `bool` or `int` stands for (Python's bool is an int).
    pub fn numeric(&self) -> Option<i64> {
        match self {
            Value::Bool(b) => Some(*b as i64),
            Value::Int(i) | Value::Named(_, i) => Some(*i),
            _ => None,
        }
    }

    /// An `int` that is not a `bool` (what the DSL's arithmetic takes).
    pub fn int(&self) -> Option<i64> {
        match self {
            Value::Int(i) => Some(*i),
            _ => None,
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::Str(s) => Some(s),
            _ => None,
        }
    }

    pub fn items(&self) -> Option<&[Value]> {
        match self {
            Value::Tuple(t) => Some(t),
            _ => None,
        }
    }

    /// Python's `==`.
    // Not `PartialEq`: Python's equality is not structural (`1 == True`, a named value
    // equals its number), and the derived one is not wanted anywhere.
    #[allow(clippy::should_implement_trait)]
    pub fn eq(&self, other: &Value) -> bool {
        match (self, other) {
            (Value::None, Value::None) => true,
            (Value::Str(a), Value::Str(b)) => a == b,
            (Value::Tuple(a), Value::Tuple(b)) => {
                Shared::ptr_eq(a, b)
                    || (a.len() == b.len() && a.iter().zip(b.iter()).all(|(x, y)| x.eq(y)))
            }
            _ => match (self.numeric(), other.numeric()) {
                (Some(a), Some(b)) => a == b,
                _ => false,
            },
        }
    }

    /// Python's ordering (`<` and friends); a TypeError for values it does not order.
    pub fn cmp_py(&self, other: &Value, op: &str) -> Result<Ordering, Fail> {
        match (self, other) {
            (Value::Str(a), Value::Str(b)) => Ok(a.as_ref().cmp(b.as_ref())),
            (Value::Tuple(a), Value::Tuple(b)) => {
                for (x, y) in a.iter().zip(b.iter()) {
                    if !x.eq(y) {
                        return x.cmp_py(y, op);
                    }
                }
                Ok(a.len().cmp(&b.len()))
            }
            _ => match (self.numeric(), other.numeric()) {
                (Some(a), Some(b)) => Ok(a.cmp(&b)),
                _ => Err(Fail::type_error(format!(
                    "'{}' not supported between instances of '{}' and '{}'",
                    op,
                    self.type_name(),
                    other.type_name()
                ))),
            },
        }
    }

    /// Python's `item in self`.
    pub fn contains(&self, item: &Value) -> Result<bool, Fail> {
        match self {
            Value::Tuple(t) => Ok(t.iter().any(|x| x.eq(item))),
            Value::Str(s) => match item {
                Value::Str(sub) => Ok(s.contains(sub.as_ref())),
                _ => Err(Fail::type_error(format!(
                    "'in <string>' requires string as left operand, not {}",
                    item.type_name()
                ))),
            },
            _ => Err(Fail::type_error(format!(
                "argument of type '{}' is not iterable",
                self.type_name()
            ))),
        }
    }

    /// Python's `len(self)`.
    pub fn len_py(&self) -> Result<usize, Fail> {
        match self {
            Value::Tuple(t) => Ok(t.len()),
            Value::Str(s) => Ok(s.chars().count()),
            _ => Err(Fail::type_error(format!(
                "object of type '{}' has no len()",
                self.type_name()
            ))),
        }
    }

    /// `tuple(self)`: a list's items, a text's characters.
    pub fn to_items(&self) -> Result<Shared<[Value]>, Fail> {
        match self {
            Value::Tuple(t) => Ok(t.clone()),
            Value::Str(s) => Ok(s.chars().map(|c| Value::text(&c.to_string())).collect()),
            _ => Err(Fail::type_error(format!(
                "'{}' object is not iterable",
                self.type_name()
            ))),
        }
    }

    /// Python's `self[i]` on a tuple or text, negative positions from the end.
    pub fn subscript(&self, i: i64) -> Result<Value, Fail> {
        match self {
            Value::Tuple(t) => match py_index(t.len(), i) {
                Some(k) => Ok(t[k].clone()),
                None => Err(Fail::index_error("tuple index out of range")),
            },
            Value::Str(s) => {
                let chars: Vec<char> = s.chars().collect();
                match py_index(chars.len(), i) {
                    Some(k) => Ok(Value::text(&chars[k].to_string())),
                    None => Err(Fail::index_error("string index out of range")),
                }
            }
            _ => Err(Fail::type_error(format!(
                "'{}' object is not subscriptable",
                self.type_name()
            ))),
        }
    }

    /// Python's `repr(self)`.
    pub fn repr(&self) -> String {
        let mut out = String::new();
        self.write_repr(&mut out);
        out
    }

    fn write_repr(&self, out: &mut String) {
        match self {
            Value::None => out.push_str("None"),
            Value::Bool(true) => out.push_str("True"),
            Value::Bool(false) => out.push_str("False"),
            Value::Int(i) => {
                let _ = write!(out, "{}", i);
            }
            Value::Str(s) => out.push_str(&str_repr(s)),
            Value::Named(k, i) => out.push_str(&named_name(*k, *i)),
            Value::Tuple(t) => {
                out.push('(');
                for (k, x) in t.iter().enumerate() {
                    if k > 0 {
                        out.push_str(", ");
                    }
                    x.write_repr(out);
                }
                if t.len() == 1 {
                    out.push(',');
                }
                out.push(')');
            }
        }
    }

    /// The order `sorted(..., key=lambda x: (type(x).__name__, x))` gives (a bag's).
    pub fn sort_key_cmp(&self, other: &Value) -> Ordering {
        let by_type = self.type_name().cmp(&other.type_name());
        if by_type != Ordering::Equal {
            return by_type;
        }
        self.cmp_py(other, "<").unwrap_or(Ordering::Equal)
    }

    /// The order `dsl/kit.py`'s `_sort_key` gives (`distinct`): by kind, then by value, a
    /// list by its items' keys, none equal to none.
    pub fn distinct_cmp(&self, other: &Value) -> Ordering {
        let by_type = self.type_name().cmp(&other.type_name());
        if by_type != Ordering::Equal {
            return by_type;
        }
        match (self, other) {
            (Value::Tuple(a), Value::Tuple(b)) => {
                for (x, y) in a.iter().zip(b.iter()) {
                    let o = x.distinct_cmp(y);
                    if o != Ordering::Equal {
                        return o;
                    }
                }
                a.len().cmp(&b.len())
            }
            _ => self.cmp_py(other, "<").unwrap_or(Ordering::Equal),
        }
    }
}

/// Python's position `i` in a sequence of `len` items (negative: from the end).
pub fn py_index(len: usize, i: i64) -> Option<usize> {
    let n = len as i64;
    let k = if i < 0 { i + n } else { i };
    if 0 <= k && k < n {
        Some(k as usize)
    } else {
        None
    }
}

/// Python's `repr` of a text.
pub fn str_repr(s: &str) -> String {
    let quote = if s.contains('\'') && !s.contains('"') {
        '"'
    } else {
        '\''
    };
    let mut out = String::with_capacity(s.len() + 2);
    out.push(quote);
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                let _ = write!(out, "\\x{:02x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push(quote);
    out
}

/// A number written with thousands separators (Python's `f"{n:,}"`).
pub fn grouped(n: i64) -> String {
    let digits = n.unsigned_abs().to_string();
    let mut out = String::new();
    for (k, c) in digits.chars().enumerate() {
        if k > 0 && (digits.len() - k).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    if n < 0 {
        format!("-{}", out)
    } else {
        out
    }
}

/// Sort by Python's key `(type(x).__name__, x)` (stable).
pub fn sort_tokens(items: &mut [Value]) {
    items.sort_by(|a, b| a.sort_key_cmp(b));
}

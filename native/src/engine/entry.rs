//! The name of an observation's entry in parts (`family.part.part`, as a game's Python
//! encoder spells it), so that a reader can find the entry without spelling it each time:
//! [`Entry::key`] writes the parts as bytes that tell apart every name they spell.

use std::fmt::Write;

use crate::engine::shared::Text;
use crate::engine::value::Value;

/// One part of an entry's name after its family.
#[derive(Clone, Copy)]
pub enum Part<'a> {
    /// a whole number, in decimal
    Int(i64),
    /// a text as it is
    Str(&'a str),
    /// a text written in the program, as it is
    Const(&'static str),
    /// a shared text (the state's), as it is
    Held(&'a Text),
    /// a value as Python's `repr` spells it (a named value: its name)
    Repr(&'a Value),
    /// a value as Python's `str` spells it (a text as it is, another value as `repr`)
    Text(&'a Value),
}

/// An observation's entry: its family and the parts after it.
#[derive(Clone, Copy)]
pub struct Entry<'a> {
    pub family: &'static str,
    pub parts: &'a [Part<'a>],
}

/// A part reduced to what spells it.
enum Spelt<'a> {
    Int(i64),
    Named(u16, i64),
    Bool(bool),
    Const(&'static str),
    /// a text as it is
    Str(&'a str),
    /// a shared text as it is
    Held(&'a Text),
    /// a shared text as `repr` spells it
    Quoted(&'a Text),
    /// any other value, as `repr` spells it
    Other(&'a Value),
}

impl<'a> Part<'a> {
    fn spelt(self) -> Spelt<'a> {
        let value = |v: &'a Value, quoted: bool| match v {
            Value::Int(i) => Spelt::Int(*i),
            Value::Named(k, i) => Spelt::Named(*k, *i),
            Value::Bool(b) => Spelt::Bool(*b),
            Value::Str(t) if quoted => Spelt::Quoted(t),
            Value::Str(t) => Spelt::Held(t),
            other => Spelt::Other(other),
        };
        match self {
            Part::Int(i) => Spelt::Int(i),
            Part::Str(s) => Spelt::Str(s),
            Part::Const(s) => Spelt::Const(s),
            Part::Held(t) => Spelt::Held(t),
            Part::Repr(v) => value(v, true),
            Part::Text(v) => value(v, false),
        }
    }
}

impl<'a> Entry<'a> {
    /// The entry's name, written into `out`: `family.part.part`.
    pub fn spell(&self, out: &mut String) {
        out.push_str(self.family);
        for p in self.parts {
            out.push('.');
            match p.spelt() {
                Spelt::Int(i) => {
                    let _ = write!(out, "{}", i);
                }
                Spelt::Str(s) | Spelt::Const(s) => out.push_str(s),
                Spelt::Held(t) => out.push_str(t),
                Spelt::Named(k, i) => out.push_str(&Value::Named(k, i).repr()),
                Spelt::Bool(b) => out.push_str(if b { "True" } else { "False" }),
                Spelt::Quoted(t) => out.push_str(&Value::Str(t.clone()).repr()),
                Spelt::Other(v) => out.push_str(&v.repr()),
            }
        }
    }

    /// The entry's name, spelt.
    pub fn name(&self) -> String {
        let mut out = String::new();
        self.spell(&mut out);
        out
    }

    /// Bytes written into `out` that differ for entries of different names (two keys of
    /// one name may differ: the family is told by its text's address). Numbers are
    /// written as bytes, not spelt.
    pub fn key(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&address(self.family).to_le_bytes());
        for p in self.parts {
            match p.spelt() {
                Spelt::Int(i) => {
                    out.push(b'i');
                    out.extend_from_slice(&i.to_le_bytes());
                }
                Spelt::Named(k, i) => {
                    out.push(b'n');
                    out.extend_from_slice(&k.to_le_bytes());
                    out.extend_from_slice(&i.to_le_bytes());
                }
                Spelt::Bool(b) => out.extend_from_slice(&[b'b', b as u8]),
                Spelt::Str(s) | Spelt::Const(s) => text_key(b's', s, out),
                Spelt::Held(t) => text_key(b's', t, out),
                Spelt::Quoted(t) => text_key(b'q', t, out),
                Spelt::Other(v) => text_key(b'r', &v.repr(), out),
            }
        }
    }

    /// The entry's [`FastKey`], or None where its parts have none.
    pub fn fast_key(&self) -> Option<FastKey<'a>> {
        if self.parts.len() > 2 {
            return None;
        }
        let mut tags = self.parts.len() as u64;
        let mut words = [0u64; 2];
        let mut texts = [None, None];
        for (n, p) in self.parts.iter().enumerate() {
            let (tag, word) = match p.spelt() {
                Spelt::Int(i) => (1, i as u64),
                Spelt::Named(k, i) => (2 | (k as u64) << 8, i as u64),
                Spelt::Bool(b) => (3, b as u64),
                Spelt::Const(s) => (4, address(s)),
                // a shared text's address is its own while it lives: no other text's
                Spelt::Held(t) => {
                    texts[n] = Some(t);
                    (5, t.as_ptr() as u64)
                }
                Spelt::Quoted(t) => {
                    texts[n] = Some(t);
                    (6, t.as_ptr() as u64)
                }
                Spelt::Str(_) | Spelt::Other(_) => return None,
            };
            tags |= tag << (8 + 28 * n);
            words[n] = word;
        }
        Some(FastKey {
            words: (address(self.family), tags, words[0], words[1]),
            texts,
        })
    }
}

/// An entry's key of four words, where its parts allow one: whole numbers, named values,
/// truth values, texts written in the program and shared texts, at most two. A shared
/// text is told by its address: its key names it only while the text lives, so whoever
/// keeps the key keeps [`FastKey::texts`] too.
pub struct FastKey<'a> {
    pub words: (u64, u64, u64, u64),
    pub texts: [Option<&'a Text>; 2],
}

/// A text's address and length in one word (no text written in the program is 65,536
/// bytes long, and every address lies below 2^48 on the platforms built for: x86-64 and
/// AArch64 user space). The length tells apart two texts at one address, one the start
/// of the other.
fn address(s: &str) -> u64 {
    (s.as_ptr() as u64) << 16 | (s.len() as u64 & 0xffff)
}

fn text_key(tag: u8, s: &str, out: &mut Vec<u8>) {
    out.push(tag);
    out.extend_from_slice(&(s.len() as u32).to_le_bytes());
    out.extend_from_slice(s.as_bytes());
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(e: &Entry<'_>) -> Vec<u8> {
        let mut out = Vec::new();
        e.key(&mut out);
        out
    }

    #[test]
    fn an_entry_is_spelt_as_its_family_and_parts_joined_by_dots() {
        let card = Value::text("spy");
        let e = Entry {
            family: "kept",
            parts: &[Part::Int(3), Part::Text(&card)],
        };
        assert_eq!(e.name(), "kept.3.spy");
        let r = Entry {
            family: "seat",
            parts: &[Part::Repr(&card)],
        };
        assert_eq!(r.name(), "seat.'spy'");
    }

    #[test]
    fn entries_of_different_names_have_different_keys() {
        let (a, b) = (Value::text("ab"), Value::text("a"));
        let entries = [
            Entry {
                family: "x",
                parts: &[Part::Int(1), Part::Int(2)],
            },
            Entry {
                family: "x",
                parts: &[Part::Int(12)],
            },
            Entry {
                family: "x",
                parts: &[Part::Text(&a)],
            },
            Entry {
                family: "x",
                parts: &[Part::Repr(&a)],
            },
            Entry {
                family: "x",
                parts: &[Part::Str("a"), Part::Str("b")],
            },
            Entry {
                family: "x",
                parts: &[Part::Text(&b)],
            },
            Entry {
                family: "xy",
                parts: &[],
            },
        ];
        let keys: std::collections::HashSet<Vec<u8>> = entries.iter().map(key).collect();
        assert_eq!(keys.len(), entries.len());
    }

    #[test]
    fn fast_keys_differ_by_part_type_and_hold_the_shared_texts() {
        let held: Text = Text::from("spy");
        let (one, yes, named, text) = (
            Value::Int(1),
            Value::Bool(true),
            Value::Named(0, 1),
            Value::Str(held.clone()),
        );
        let parts = [
            Part::Int(1),
            Part::Repr(&yes),
            Part::Repr(&named),
            Part::Const("spy"),
            Part::Held(&held),
            Part::Repr(&text),
        ];
        let words: std::collections::HashSet<(u64, u64, u64, u64)> = parts
            .iter()
            .map(|p| {
                let e = Entry {
                    family: "x",
                    parts: std::slice::from_ref(p),
                };
                e.fast_key().expect("a fast key").words
            })
            .collect();
        assert_eq!(words.len(), parts.len());
        let same = Entry {
            family: "x",
            parts: &[Part::Repr(&one)],
        };
        let int = Entry {
            family: "x",
            parts: &[Part::Int(1)],
        };
        assert_eq!(
            same.fast_key().unwrap().words,
            int.fast_key().unwrap().words
        );
        let e = Entry {
            family: "x",
            parts: &[Part::Held(&held), Part::Int(2)],
        };
        assert!(e.fast_key().unwrap().texts[0].is_some());
        let long = Entry {
            family: "x",
            parts: &[Part::Int(1), Part::Int(2), Part::Int(3)],
        };
        assert!(long.fast_key().is_none());
    }
}

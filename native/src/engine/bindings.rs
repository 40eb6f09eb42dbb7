//! The names a running program has bound (a frame's `env`): kept in the order they were
//! first bound (the order the reference's frame holds them in, which a state read back
//! keeps), and found by number without a search once a frame binds more than a few.

use crate::engine::value::Value;

/// What an expression reads its names from: a frame's [`Bindings`], or a few names bound
/// for a query (a plain list).
pub trait Lookup {
    /// The value bound to name number `name`, if any.
    fn lookup(&self, name: u32) -> Option<&Value>;
}

impl Lookup for [(u32, Value)] {
    #[inline]
    fn lookup(&self, name: u32) -> Option<&Value> {
        self.iter().find(|(k, _)| *k == name).map(|(_, v)| v)
    }
}

impl Lookup for Vec<(u32, Value)> {
    #[inline]
    fn lookup(&self, name: u32) -> Option<&Value> {
        self.as_slice().lookup(name)
    }
}

/// How many names a frame binds before they are found through an index: fewer are found
/// as fast by looking through them, and a frame that binds few (most of Tortuga 1667's)
/// makes no index.
const INDEXED_FROM: usize = 8;

/// A frame's bound names and their values, in the order first bound.
#[derive(Debug, Clone, Default)]
pub struct Bindings {
    /// each name and its value, side by side (one allocation a frame)
    pairs: Vec<(u32, Value)>,
    /// by name number, its position plus one (0: unbound); empty while the frame binds
    /// fewer than [`INDEXED_FROM`] names
    at: Vec<u32>,
}

impl Bindings {
    /// Bind `name` to `value`: a name bound already keeps its place.
    #[inline]
    pub fn set(&mut self, name: u32, value: Value) {
        if let Some(i) = self.position(name) {
            self.pairs[i].1 = value;
            return;
        }
        self.pairs.push((name, value));
        if !self.at.is_empty() {
            self.index(name, self.pairs.len());
        } else if self.pairs.len() >= INDEXED_FROM {
            let most = self.pairs.iter().map(|(k, _)| *k).max().unwrap_or(0) as usize;
            self.at = vec![0; most + 1];
            for (k, (name, _)) in self.pairs.iter().enumerate() {
                self.at[*name as usize] = k as u32 + 1;
            }
        }
    }

    /// Each bound name and its value, in the order first bound.
    pub fn iter(&self) -> impl Iterator<Item = (u32, &Value)> {
        self.pairs.iter().map(|(k, v)| (*k, v))
    }

    #[inline]
    fn position(&self, name: u32) -> Option<usize> {
        if self.at.is_empty() {
            return self.pairs.iter().position(|(k, _)| *k == name);
        }
        match self.at.get(name as usize) {
            Some(&p) if p > 0 => Some(p as usize - 1),
            _ => None,
        }
    }

    fn index(&mut self, name: u32, place: usize) {
        let n = name as usize;
        if self.at.len() <= n {
            self.at.resize(n + 1, 0);
        }
        self.at[n] = place as u32;
    }
}

impl Lookup for Bindings {
    #[inline]
    fn lookup(&self, name: u32) -> Option<&Value> {
        self.position(name).map(|i| &self.pairs[i].1)
    }
}

impl From<Vec<(u32, Value)>> for Bindings {
    /// The names of `items` bound in order (a name given twice keeps its first place and
    /// its last value): the list itself kept when it binds few names, each once.
    fn from(items: Vec<(u32, Value)>) -> Bindings {
        let each_once = || {
            items
                .iter()
                .enumerate()
                .all(|(i, (k, _))| items[..i].iter().all(|(j, _)| j != k))
        };
        if items.len() < INDEXED_FROM && each_once() {
            return Bindings {
                pairs: items,
                at: Vec::new(),
            };
        }
        let mut b = Bindings {
            pairs: Vec::with_capacity(items.len() + 4),
            at: Vec::new(),
        };
        for (k, v) in items {
            b.set(k, v);
        }
        b
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_keep_the_order_first_bound_and_are_found_alike_with_or_without_the_index() {
        for many in [3u32, 20] {
            let mut b = Bindings::default();
            for k in (0..many).rev() {
                b.set(k * 3, Value::Int(k as i64));
            }
            b.set(0, Value::Int(-1)); // bound again: keeps its place, the last
            assert_eq!(b.at.is_empty(), many < INDEXED_FROM as u32);
            let order: Vec<u32> = b.iter().map(|(k, _)| k).collect();
            let want: Vec<u32> = (0..many).rev().map(|k| k * 3).collect();
            assert_eq!(order, want);
            for k in 0..many {
                let v = if k == 0 { -1 } else { k as i64 };
                assert_eq!(b.lookup(k * 3).and_then(|v| v.int()), Some(v));
                assert!(b.lookup(k * 3 + 1).is_none());
            }
            assert!(b.lookup(10_000).is_none());
        }
    }

    #[test]
    fn a_list_given_binds_its_names_as_set_one_by_one() {
        for many in [2u32, 5, 12] {
            let mut items: Vec<(u32, Value)> =
                (0..many).map(|k| (k * 2, Value::Int(k as i64))).collect();
            items.push((0, Value::Int(-1))); // given twice: its first place, its last value
            let b = Bindings::from(items.clone());
            let mut one_by_one = Bindings::default();
            items.into_iter().for_each(|(k, v)| one_by_one.set(k, v));
            let seen = |b: &Bindings| -> Vec<(u32, Option<i64>)> {
                b.iter().map(|(k, v)| (k, v.int())).collect()
            };
            assert_eq!(seen(&b), seen(&one_by_one));
            assert_eq!(b.lookup(0).and_then(|v| v.int()), Some(-1));
        }
    }
}

//! The legal-action memo: listings remembered by packed keys of the facets they read,
//! in open-addressed tables, counted against the process's one budget
//! ([`crate::engine::budget`]).

use std::cell::RefCell;
use std::collections::HashMap;

use crate::engine::shared::{Shared, Text};
use crate::engine::value::Value;

/// One part of a memo key that does not pack (see [`MemoKey`]).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Key {
    I(i64),
    S(Text),
}

/// One action's argument combinations as listed, and what the host made of them (once:
/// the same listing hands Python the same action objects).
#[derive(Debug, Default)]
pub struct Listed {
    pub combos: Vec<Vec<Value>>,
    pub made: std::sync::OnceLock<Box<dyn std::any::Any + Send + Sync>>,
    /// Each combination's class (a byte) as a host's playout policy sorts them, found
    /// once a listing: a policy that scores by class reads these bytes in a row instead
    /// of every combination's values again (a byte a combination, held with them).
    pub classes: std::sync::OnceLock<Box<[u8]>>,
}

/// A fast hash for memo keys (FxHash: a multiply and a rotate a word; keys are the
/// engine's own facts, not an attacker's, and a clash only costs a comparison). The
/// result is rotated so the table's bucket (its low bits) sees every word's high bytes.
#[derive(Default, Clone, Copy)]
pub struct FxHasher(u64);

impl std::hash::Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_i64(&mut self, x: i64) {
        self.write_u64(x as u64);
    }

    fn write_u128(&mut self, x: u128) {
        self.write_u64(x as u64);
        self.write_u64((x >> 64) as u64);
    }

    fn write_usize(&mut self, x: usize) {
        self.write_u64(x as u64);
    }

    fn finish(&self) -> u64 {
        self.0.rotate_left(26)
    }
}

pub type FxMap<K, V> = HashMap<K, V, std::hash::BuildHasherDefault<FxHasher>>;

/// Bytes of a packed memo key.
pub const PACKED_BYTES: usize = 32;

/// A memo key of small numbers, a byte each ([`key_byte`]: a zero byte is padding, so
/// keys of different lengths differ), kept inline in the table: finding it reads one slot,
/// not a key stored apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Packed(pub [u64; PACKED_BYTES / 8]);

impl std::hash::Hash for Packed {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.0.iter().for_each(|w| h.write_u64(*w));
    }
}

/// Where the parts of a memo key go as it is built: packed, or as parts.
pub trait KeySink {
    fn int(&mut self, v: i64);
    fn text(&mut self, s: &Text);
}

/// Packs one facet's numbers, a byte each ([`key_byte`]), into one 128-bit number, or
/// notes that it cannot (a number that does not pack, a text without a number in `texts`,
/// or more than 16 of them). Texts pack as their number in `texts` (given on first sight,
/// at most 250: one text, one number, while the rules live).
pub struct Packer<'a> {
    pub bits: u128,
    pub n: usize,
    pub failed: bool,
    pub texts: &'a RefCell<TextIds>,
}

/// The numbers memo keys give texts (card and mark names): by text, and by where a text
/// lives for the texts it keeps alive (so no other text can come to live there, and
/// the same place is the same text), most found without hashing or comparing letters.
#[derive(Debug, Default)]
pub struct TextIds {
    by_text: FxMap<Text, u8>,
    by_place: FxMap<usize, u8>,
    kept: Vec<Text>,
}

/// How many texts [`TextIds`] keeps alive to find them by place.
const PLACES_KEPT: usize = 4096;

impl TextIds {
    fn id(&mut self, s: &Text) -> Option<u8> {
        let place = s.as_ptr() as usize;
        if let Some(i) = self.by_place.get(&place) {
            return Some(*i);
        }
        let i = match self.by_text.get(s) {
            Some(i) => *i,
            None => {
                let next = self.by_text.len();
                if next >= 250 {
                    return None;
                }
                self.by_text.insert(s.clone(), next as u8);
                next as u8
            }
        };
        if self.kept.len() < PLACES_KEPT {
            self.kept.push(s.clone());
            self.by_place.insert(place, i);
        }
        Some(i)
    }
}

impl<'a> Packer<'a> {
    pub fn new(texts: &'a RefCell<TextIds>) -> Packer<'a> {
        Packer {
            bits: 0,
            n: 0,
            failed: false,
            texts,
        }
    }
}

/// The byte a number of a memo key packs as: the number + 2 for -1..=253, so a zero byte
/// is only ever padding; None for any other number.
#[inline(always)]
fn key_byte(v: i64) -> Option<u8> {
    (-1..=253).contains(&v).then(|| (v + 2) as u8)
}

/// A packed memo key being put together from packed facets, held in two 128-bit numbers
/// (in registers: never written a byte at a time and read back whole).
#[derive(Clone, Copy)]
pub struct KeyBits {
    lo: u128,
    hi: u128,
    n: usize,
}

impl KeyBits {
    /// A key starting with the number `first`, if it packs.
    pub fn new(first: i64) -> Option<KeyBits> {
        key_byte(first).map(|b| KeyBits {
            lo: b as u128,
            hi: 0,
            n: 1,
        })
    }

    /// This key followed by the `n` bytes of `bits` (a facet packed), or None when it
    /// would not fit.
    pub fn then(self, bits: u128, n: usize) -> Option<KeyBits> {
        if self.n + n > PACKED_BYTES {
            return None;
        }
        let (mut lo, mut hi, at) = (self.lo, self.hi, 8 * self.n as u32);
        if at < 128 {
            lo |= bits << at;
            if at > 0 {
                hi |= bits >> (128 - at);
            }
        } else {
            hi |= bits << (at - 128);
        }
        Some(KeyBits {
            lo,
            hi,
            n: self.n + n,
        })
    }

    /// The key: short when its bytes fit in 16.
    pub fn key(self) -> MemoKey {
        if self.n <= 16 {
            return MemoKey::Short(self.lo);
        }
        MemoKey::Packed(Packed([
            self.lo as u64,
            (self.lo >> 64) as u64,
            self.hi as u64,
            (self.hi >> 64) as u64,
        ]))
    }
}

impl KeySink for Packer<'_> {
    fn int(&mut self, v: i64) {
        match key_byte(v) {
            Some(b) if self.n < 16 => {
                self.bits |= (b as u128) << (8 * self.n);
                self.n += 1;
            }
            _ => self.failed = true,
        }
    }

    fn text(&mut self, s: &Text) {
        match self.texts.borrow_mut().id(s) {
            Some(i) => self.int(i as i64),
            None => self.failed = true,
        }
    }
}

impl KeySink for Vec<Key> {
    fn int(&mut self, v: i64) {
        self.push(Key::I(v));
    }

    fn text(&mut self, s: &Text) {
        self.push(Key::S(s.clone()));
    }
}

/// A memo key: packed when it can be (in 16 bytes, or in 32), else its parts.
pub enum MemoKey {
    Short(u128),
    Packed(Packed),
    Long(Vec<Key>),
}

/// Ask the memory for what `at` points to now (where the machine can), to read it later.
// The crate's one `unsafe`: the intrinsic is `unsafe` though it only hints (it reads
// nothing and cannot fault); a listing's keys are all prefetched before any is read, and
// the listings they find before any is counted.
#[allow(unsafe_code)]
#[inline(always)]
pub fn prefetch<T: ?Sized>(at: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch only hints; the address is of a live value.
    unsafe {
        std::arch::x86_64::_mm_prefetch(
            at as *const T as *const i8,
            std::arch::x86_64::_MM_HINT_T0,
        );
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = at;
}

/// A table of short keys (16 bytes, never all zero: a key's first byte is a number + 2)
/// open-addressed in one array of slots, key beside value: finding a key reads one slot,
/// and the slot can be asked for before it is needed ([`Open::prefetch`]).
#[derive(Debug)]
pub struct Open<V> {
    slots: Vec<([u64; 2], V)>,
    len: usize,
}

impl<V> Default for Open<V> {
    fn default() -> Self {
        Open {
            slots: Vec::new(),
            len: 0,
        }
    }
}

const EMPTY: [u64; 2] = [0, 0];

fn short_words(k: u128) -> [u64; 2] {
    [k as u64, (k >> 64) as u64]
}

impl<V: Clone + Default> Open<V> {
    /// Where `key`'s search starts (the high bits of a multiplicative hash).
    fn home(&self, key: [u64; 2]) -> usize {
        const K: u64 = 0x51_7c_c1_b7_27_22_0a_95;
        let h = (key[0].wrapping_mul(K).rotate_left(26) ^ key[1]).wrapping_mul(K);
        let bits = self.slots.len().trailing_zeros();
        (h >> (64 - bits)) as usize
    }

    /// Ask the memory for `key`'s slot now (where the machine can), to read it later.
    // The crate's one `unsafe`: the intrinsic is `unsafe` though it only hints (it reads
    // nothing and cannot fault); a listing's keys are all prefetched before any is read.
    pub fn prefetch(&self, key: u128) {
        if self.slots.is_empty() {
            return;
        }
        prefetch(&self.slots[self.home(short_words(key))]);
    }

    pub fn get(&self, key: u128) -> Option<V> {
        self.peek(key).cloned()
    }

    /// `key`'s value, borrowed.
    pub fn peek(&self, key: u128) -> Option<&V> {
        if self.slots.is_empty() {
            return None;
        }
        let key = short_words(key);
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        loop {
            let (k, v) = &self.slots[i];
            if *k == key {
                return Some(v);
            }
            if *k == EMPTY {
                return None;
            }
            i = (i + 1) & mask;
        }
    }

    pub fn insert(&mut self, key: u128, value: V) {
        if (self.len + 1) * 2 > self.slots.len() {
            self.grow();
        }
        let key = short_words(key);
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        loop {
            let slot = &mut self.slots[i];
            if slot.0 == key {
                slot.1 = value;
                return;
            }
            if slot.0 == EMPTY {
                *slot = (key, value);
                self.len += 1;
                return;
            }
            i = (i + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let size = (self.slots.len() * 2).max(64);
        let old = std::mem::replace(&mut self.slots, vec![(EMPTY, V::default()); size]);
        self.len = 0;
        for (k, v) in old {
            if k != EMPTY {
                self.insert((k[0] as u128) | ((k[1] as u128) << 64), v);
            }
        }
    }
}

/// One action's remembered answers, by short, packed and long keys (most keys are short:
/// their table's slots are the smallest, and its size decides how often it is in the
/// cache).
#[derive(Debug)]
pub struct Table<V> {
    short: Open<V>,
    packed: FxMap<Packed, V>,
    long: FxMap<Vec<Key>, V>,
}

impl<V> Default for Table<V> {
    fn default() -> Self {
        Table {
            short: Default::default(),
            packed: Default::default(),
            long: Default::default(),
        }
    }
}

impl<V: Clone + Default> Table<V> {
    pub fn get(&self, key: &MemoKey) -> Option<V> {
        self.peek(key).cloned()
    }

    /// `key`'s value, borrowed.
    pub fn peek(&self, key: &MemoKey) -> Option<&V> {
        match key {
            MemoKey::Short(k) => self.short.peek(*k),
            MemoKey::Packed(p) => self.packed.get(p),
            MemoKey::Long(k) => self.long.get(k.as_slice()),
        }
    }

    /// Ask for `key`'s place early (short keys).
    pub fn prefetch(&self, key: &MemoKey) {
        if let MemoKey::Short(k) = key {
            self.short.prefetch(*k);
        }
    }

    pub fn insert(&mut self, key: MemoKey, value: V) {
        match key {
            MemoKey::Short(k) => self.short.insert(k, value),
            MemoKey::Packed(p) => {
                self.packed.insert(p, value);
            }
            MemoKey::Long(k) => {
                self.long.insert(k, value);
            }
        }
    }
}

/// What the legal-action memo remembers, per action: its listing (None: it lists nothing,
/// or its preconditions do not hold where they read no facet its parameters do not).
/// Other preconditions are not remembered: they are asked afresh at each listing (keyed
/// by the wider facets they read, their entries were new at half the turns and filled the
/// budget; a precondition is one test). What it holds is counted against the process's one budget
/// ([`crate::engine::budget`]), which empties it with every other memo when it is spent.
#[derive(Debug, Default)]
pub struct Memo {
    pub listings: Vec<Table<Option<Shared<Listed>>>>,
    /// what this memo holds, as the budget counts it
    pub held: usize,
    /// no longer remembering: its ruleset's Python object is gone (what it held was
    /// given back to the budget), though games of these rules may still play
    pub closed: bool,
    /// the numbers of texts in packed memo keys (kept while the rules live: emptying the
    /// memo keeps them), borrowed by a [`Packer`] while the memo is locked
    pub texts: RefCell<TextIds>,
}

impl Memo {
    /// A memo with an empty table for each of `actions` actions.
    pub fn new(actions: usize) -> Memo {
        Memo {
            listings: (0..actions).map(|_| Table::default()).collect(),
            held: 0,
            closed: false,
            texts: RefCell::default(),
        }
    }

    /// Everything this memo holds, taken out (it is left empty, holding nothing): dropped
    /// by the caller once no borrow of the memo is held, since dropping a listing may free
    /// Python objects.
    pub fn take(&mut self) -> Memo {
        let fresh = Memo {
            closed: self.closed,
            texts: std::mem::take(&mut self.texts),
            ..Memo::new(self.listings.len())
        };
        std::mem::replace(self, fresh)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The key a packer's numbers make after a first number (as a listing's key is made).
    fn packed_key(first: i64, ints: &[i64]) -> Option<u128> {
        let texts = RefCell::new(TextIds::default());
        let mut p = Packer::new(&texts);
        ints.iter().for_each(|v| p.int(*v));
        if p.failed {
            return None;
        }
        match KeyBits::new(first)?.then(p.bits, p.n)?.key() {
            MemoKey::Short(k) => Some(k),
            _ => None,
        }
    }

    #[test]
    fn an_open_table_finds_every_key_it_was_given_across_its_growth() {
        let mut t: Open<i64> = Open::default();
        assert_eq!(t.get(5), None);
        for k in 1..=1000u128 {
            t.insert(k << 64 | k, k as i64);
        }
        assert_eq!(t.len, 1000);
        assert!(t.slots.len() >= 2000 && t.slots.len().is_power_of_two());
        assert!((1..=1000u128).all(|k| t.get(k << 64 | k) == Some(k as i64)));
        assert_eq!(t.get(1001 << 64 | 1001), None);
        t.insert(7 << 64 | 7, -7);
        assert_eq!((t.get(7 << 64 | 7), t.len), (Some(-7), 1000));
    }

    #[test]
    fn keys_with_one_home_are_found_by_probing_past_each_other() {
        let mut t: Open<u32> = Open::default();
        t.insert(1, 1);
        let home = t.home(short_words(1));
        let same: Vec<u128> = (2..100_000u128)
            .filter(|k| t.home(short_words(*k)) == home)
            .take(3)
            .collect();
        assert_eq!(same.len(), 3);
        for (i, k) in same.iter().enumerate() {
            t.insert(*k, i as u32 + 2);
        }
        assert_eq!(t.get(1), Some(1));
        for (i, k) in same.iter().enumerate() {
            assert_eq!(t.get(*k), Some(i as u32 + 2));
        }
    }

    #[test]
    fn no_key_is_the_empty_slots_mark() {
        for v in -1..=253 {
            let key = KeyBits::new(v).expect("a number that packs").key();
            assert!(matches!(key, MemoKey::Short(k) if short_words(k) != EMPTY));
        }
        assert!(KeyBits::new(-2).is_none());
        assert!(KeyBits::new(254).is_none());
    }

    #[test]
    fn a_table_keeps_short_packed_and_long_keys_apart() {
        let mut t: Table<i32> = Table::default();
        let short = KeyBits::new(3).unwrap().key();
        let packed = KeyBits::new(3).unwrap().then(u128::MAX, 16).unwrap().key();
        let long = MemoKey::Long(vec![Key::I(3), Key::S(Shared::from("card"))]);
        assert!(matches!(packed, MemoKey::Packed(_)));
        t.insert(short, 1);
        t.insert(packed, 2);
        t.insert(long, 3);
        assert_eq!((t.short.len, t.packed.len(), t.long.len()), (1, 1, 1));
        assert_eq!(t.get(&KeyBits::new(3).unwrap().key()), Some(1));
        let packed = KeyBits::new(3).unwrap().then(u128::MAX, 16).unwrap().key();
        assert_eq!(t.get(&packed), Some(2));
        let long = MemoKey::Long(vec![Key::I(3), Key::S(Shared::from("card"))]);
        assert_eq!(t.get(&long), Some(3));
        assert_eq!(t.get(&MemoKey::Long(vec![Key::I(3)])), None);
    }

    #[test]
    fn a_memo_taken_keeps_one_empty_table_per_action_and_stays_closed() {
        let mut memo = Memo::new(3);
        memo.closed = true;
        memo.held = 4;
        memo.listings[1].insert(KeyBits::new(0).unwrap().key(), None);
        let taken = memo.take();
        assert_eq!((taken.held, taken.listings[1].short.len), (4, 1));
        assert_eq!(memo.listings.len(), 3);
        assert_eq!((memo.held, memo.closed), (0, true));
        assert!(memo.listings[1]
            .get(&KeyBits::new(0).unwrap().key())
            .is_none());
    }

    #[test]
    fn texts_are_numbered_once_up_to_250_then_a_packer_gives_up() {
        let texts = RefCell::new(TextIds::default());
        let names: Vec<Text> = (0..251).map(|i| Shared::from(format!("card{i}"))).collect();
        let mut p = Packer::new(&texts);
        for name in &names[..10] {
            p.text(name);
        }
        assert!(!p.failed);
        // the same text elsewhere in memory has the same number
        let again: Text = Shared::from("card3");
        assert_eq!(texts.borrow_mut().id(&again), Some(3));
        for (i, name) in names[..250].iter().enumerate() {
            assert_eq!(texts.borrow_mut().id(name), Some(i as u8));
        }
        let mut p = Packer::new(&texts);
        p.text(&names[250]);
        assert!(p.failed);
    }

    #[test]
    fn text_places_are_kept_only_up_to_their_limit() {
        let mut ids = TextIds::default();
        for i in 0..PLACES_KEPT + 100 {
            let copy: Text = Shared::from(format!("mark{}", i % 10));
            assert_eq!(ids.id(&copy), Some((i % 10) as u8));
        }
        assert_eq!(
            (ids.kept.len(), ids.by_place.len()),
            (PLACES_KEPT, PLACES_KEPT)
        );
        assert_eq!(ids.by_text.len(), 10);
    }

    #[test]
    fn a_key_fits_in_32_bytes_and_no_more() {
        let k = KeyBits::new(0).unwrap().then(u128::MAX, 16).unwrap();
        let full = k.then(1, 15).expect("32 bytes fit");
        assert!(matches!(full.key(), MemoKey::Packed(_)));
        assert!(full.then(0, 1).is_none());
        assert!(k.then(1, 16).is_none());
        // 16 bytes are short, 17 are not
        let sixteen = KeyBits::new(0).unwrap().then(1, 15).unwrap();
        assert!(matches!(sixteen.key(), MemoKey::Short(_)));
        assert!(matches!(
            sixteen.then(1, 1).unwrap().key(),
            MemoKey::Packed(_)
        ));
    }

    #[test]
    fn equal_facets_make_equal_keys_and_their_order_matters() {
        assert_eq!(packed_key(1, &[4, 0, -1]), packed_key(1, &[4, 0, -1]));
        assert_ne!(packed_key(1, &[4, 0]), packed_key(1, &[0, 4]));
        assert_ne!(packed_key(1, &[4]), packed_key(1, &[4, -1]));
        assert_ne!(packed_key(1, &[4]), packed_key(2, &[4]));
    }

    #[test]
    fn a_packer_gives_up_on_a_large_number_or_a_seventeenth() {
        assert_eq!(packed_key(0, &[254]), None);
        assert_eq!(packed_key(0, &[-2]), None);
        assert!(packed_key(0, &[1; 15]).is_some());
        assert_eq!(packed_key(0, &[1; 17]), None);
        let mut parts: Vec<Key> = Vec::new();
        parts.int(254);
        parts.text(&Shared::from("x"));
        assert_eq!(parts, vec![Key::I(254), Key::S(Shared::from("x"))]);
    }
}

//! The compiled rules the native engine runs: the ruleset's programs (the compiler's flat
//! instructions, their expressions as trees) and the component kit's tables, read once
//! from the description `tortuga_rules.game.native` makes of a compiled `Ruleset`.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use crate::value::Value;
use crate::words::{Func, Verb};

/// A DSL type a verb's argument is checked against when it runs.
#[derive(Debug, Clone)]
pub enum Ty {
    Any,
    /// the type or none (a shared zone's "seat")
    Maybe(Box<Ty>),
    Seat,
    Int,
    Text,
    Bool,
    Nothing,
    /// a member of a game's named set (its number)
    Named(u16),
    /// Tortuga 1667's row slot: a number from 1 to the row's length
    Slot,
    List(Box<Ty>),
    Tuple(Vec<Ty>),
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Arith {
    Add,
    Sub,
    Mul,
    Div,
    Mod,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Cmp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

/// An expression as the compiler wrote it (`Source.ir`).
#[derive(Debug, Clone)]
pub enum Expr {
    Lit(Value),
    Env(u32),
    Call(Func, Vec<Expr>),
    Op(Arith, Box<Expr>, Box<Expr>),
    Cmp(Cmp, Box<Expr>, Box<Expr>),
    In(Box<Expr>, Box<Expr>),
    And(Vec<Expr>),
    Or(Vec<Expr>),
    Not(Box<Expr>),
    Neg(Box<Expr>),
    List(Vec<Expr>),
    Index(Box<Expr>, Box<Expr>),
    At(Box<Expr>, Box<Expr>),
    Len(Box<Expr>),
    Check(Rc<Ty>, Rc<str>, Box<Expr>),
}

/// One instruction of a program, numbered as the reference numbers it.
#[derive(Debug, Clone)]
pub enum Instr {
    Call {
        verb: Verb,
        args: Vec<Expr>,
        clause: Option<Rc<str>>,
    },
    Let {
        name: u32,
        value: Expr,
        clause: Option<Rc<str>>,
    },
    Choose {
        name: u32,
        domain: Expr,
        chooser: Expr,
        clause: Option<Rc<str>>,
        secret: u8,
    },
    JumpIfNot {
        test: Expr,
        target: usize,
    },
    Jump(usize),
}

#[derive(Debug)]
pub struct Program {
    pub key: Rc<str>,
    pub code: Vec<Instr>,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Seen {
    All,
    Owner,
    Nobody,
}

#[derive(Debug, Clone)]
pub struct ZoneDef {
    pub name: Rc<str>,
    pub per_seat: bool,
    pub seen: Seen,
    pub bag: bool,
}

#[derive(Debug, Clone)]
pub struct Track {
    pub name: Rc<str>,
    pub low: i64,
    pub high: i64,
}

/// The component kit's equipment (`model/kit.py`'s `Kit`).
#[derive(Debug, Default)]
pub struct Kit {
    pub tracks: Vec<Track>,
    pub counters: Vec<Rc<str>>,
    /// every zone, shared ones first (the kit's order)
    pub zones: Vec<ZoneDef>,
    /// each die's faces, by letter
    pub faces: Vec<(Rc<str>, Counts)>,
    pub wild: Option<Rc<str>>,
    pub values: Vec<(Rc<str>, i64)>,
    /// the constant lists every program starts with, in order
    pub lists: Vec<(u32, Value)>,
    /// each effect: its name, its parameters, its program
    pub effects: Vec<(Rc<str>, Vec<u32>, usize)>,
    /// where tracks and counters start, and the shared and each seat's own zones' tokens
    pub track_starts: Vec<i64>,
    pub counter_starts: Vec<i64>,
    pub shared_starts: Vec<Value>,
    pub own_starts: Vec<Value>,
    /// the programs a new game runs: `play`, then `setup` above it (run first)
    pub setup_programs: Vec<usize>,
    /// the dice's letters as a message lists them (`A, B, C`, or `none`)
    pub letters: Rc<str>,
    /// each counter's range, by counter: its least value and its greatest (None: the
    /// game's last seat)
    pub ranges: Vec<(i64, Option<i64>)>,
    /// what a seat may hold in secret (`hold`), where the rules declare it
    pub held: Option<Held>,
}

/// What a seat may hold in secret (`components: held`, `model/kit.py`'s `Kit.holds`).
#[derive(Debug, Default)]
pub struct Held {
    /// the shapes a held value may have (one is enough)
    pub shapes: Vec<Shape>,
    /// the shapes as the rules file writes them (`[side, letters] or none`)
    pub words: Rc<str>,
    /// the tokens a `token` shape is: every token a zone of tokens starts with
    pub tokens: Vec<Value>,
}

/// A held value's shape: a word of `model/kit.py`'s `SHAPES`, or a list of shapes.
#[derive(Debug, Clone, PartialEq)]
pub enum Shape {
    Seat,
    Int,
    Text,
    Bool,
    Nothing,
    Side,
    Letters,
    Token,
    Any,
    Tuple(Vec<Shape>),
}

/// Names interned as numbers (a frame's bound names).
#[derive(Debug, Default)]
pub struct Names {
    pub names: Vec<Rc<str>>,
    pub index: FxMap<Rc<str>, u32>,
    /// the numbers of names the engine's own code asks for, by where their text lives (a
    /// `&'static str` never moves or changes: no text is hashed or compared)
    pub fixed: FxMap<(usize, usize), u32>,
}

impl Names {
    /// The number of `name`, a text of the engine's own code.
    pub fn fixed(&mut self, name: &'static str) -> u32 {
        let at = (name.as_ptr() as usize, name.len());
        if let Some(&i) = self.fixed.get(&at) {
            return i;
        }
        let i = self.intern(name);
        self.fixed.insert(at, i);
        i
    }

    pub fn intern(&mut self, name: &str) -> u32 {
        if let Some(&i) = self.index.get(name) {
            return i;
        }
        let rc: Rc<str> = Rc::from(name);
        let i = self.names.len() as u32;
        self.names.push(rc.clone());
        self.index.insert(rc, i);
        i
    }
}

/// A guarded program: run `program` when `guard` holds.
#[derive(Debug, Clone)]
pub struct Guarded {
    pub guard: Expr,
    pub program: usize,
}

/// A parameter of a turn action: its candidate values, each filter with the parameter bound.
#[derive(Debug)]
pub struct Param {
    pub name: u32,
    pub label: Rc<str>,
    pub values: Expr,
    pub filters: Vec<Expr>,
}

/// A turn action of the catalogue.
#[derive(Debug)]
pub struct ActionDef {
    pub id: Rc<str>,
    pub clause: Rc<str>,
    /// the role it needs, as a bit of [`T1667::roles`]
    pub role: u32,
    pub params: Vec<Param>,
    pub requires: Vec<Expr>,
    pub program: usize,
    /// the state facets its parameters' values depend on (None: not known, never remembered)
    pub depends: Option<Vec<Facet>>,
    /// [`ActionDef::requires_in_listing`], once
    pub requires_in_listing: bool,
    /// the state facets its preconditions depend on
    pub requires_depends: Option<Vec<Facet>>,
}

impl ActionDef {
    /// Whether its listing's memo entry also answers its preconditions: they read no facet
    /// its parameters do not (then one entry a position says both, None where they fail).
    pub fn requires_in_listing(&self) -> bool {
        match (&self.depends, &self.requires_depends) {
            _ if self.requires.is_empty() => true,
            (Some(d), Some(r)) => r.iter().all(|f| d.contains(f)),
            _ => false,
        }
    }
}

/// A part of a state a DSL function declares it reads (`functions.py`'s `FACETS`): legal
/// actions are remembered keyed by exactly the facets their expressions read.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Facet {
    Actor,
    Players,
    Lines,
    Places,
    LineSizes,
    Chests,
    Sunk,
    RowMask,
    HandSizes,
    Hands,
    Kept,
    Marks,
    VoteDeck,
    Revealed,
}

/// How many kinds of [`Facet`] there are.
pub const FACETS: usize = 14;

impl Facet {
    pub fn parse(name: &str) -> Option<Facet> {
        Some(match name {
            "actor" => Facet::Actor,
            "players" => Facet::Players,
            "lines" => Facet::Lines,
            "places" => Facet::Places,
            "line_sizes" => Facet::LineSizes,
            "chests" => Facet::Chests,
            "sunk" => Facet::Sunk,
            "row_mask" => Facet::RowMask,
            "hand_sizes" => Facet::HandSizes,
            "hands" => Facet::Hands,
            "kept" => Facet::Kept,
            "marks" => Facet::Marks,
            "vote_deck" => Facet::VoteDeck,
            "revealed" => Facet::Revealed,
            _ => return None,
        })
    }
}

/// One part of a memo key that does not pack (see [`MemoKey`]).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Key {
    I(i64),
    S(Rc<str>),
}

/// One action's argument combinations as listed, and the Python actions made of them
/// (once: the same listing hands Python the same objects).
#[derive(Debug, Default)]
pub struct Listed {
    pub combos: Vec<Vec<Value>>,
    pub made: std::cell::OnceCell<pyo3::Py<pyo3::PyAny>>,
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
    fn text(&mut self, s: &Rc<str>);
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
    by_text: FxMap<Rc<str>, u8>,
    by_place: FxMap<usize, u8>,
    kept: Vec<Rc<str>>,
}

/// How many texts [`TextIds`] keeps alive to find them by place.
const PLACES_KEPT: usize = 4096;

impl TextIds {
    fn id(&mut self, s: &Rc<str>) -> Option<u8> {
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

    fn text(&mut self, s: &Rc<str>) {
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

    fn text(&mut self, s: &Rc<str>) {
        self.push(Key::S(s.clone()));
    }
}

/// A memo key: packed when it can be (in 16 bytes, or in 32), else its parts.
pub enum MemoKey {
    Short(u128),
    Packed(Packed),
    Long(Vec<Key>),
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
    pub fn prefetch(&self, key: u128) {
        if self.slots.is_empty() {
            return;
        }
        let _slot = &self.slots[self.home(short_words(key))];
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a prefetch only hints; the address is of a live slot.
        unsafe {
            std::arch::x86_64::_mm_prefetch(
                _slot as *const _ as *const i8,
                std::arch::x86_64::_MM_HINT_T0,
            );
        }
    }

    pub fn get(&self, key: u128) -> Option<V> {
        if self.slots.is_empty() {
            return None;
        }
        let key = short_words(key);
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        loop {
            let (k, v) = &self.slots[i];
            if *k == key {
                return Some(v.clone());
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
        match key {
            MemoKey::Short(k) => self.short.get(*k),
            MemoKey::Packed(p) => self.packed.get(p).cloned(),
            MemoKey::Long(k) => self.long.get(k.as_slice()).cloned(),
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

/// What the legal-action memo remembers, per action: whether its preconditions hold (for
/// an action whose listing does not say it), and its listing (None: its preconditions do
/// not hold). What it holds is counted against the process's one budget
/// ([`crate::budget`]), which empties it with every other memo when it is spent.
#[derive(Debug, Default)]
pub struct Memo {
    pub allowed: Vec<Table<bool>>,
    pub listings: Vec<Table<Option<Rc<Listed>>>>,
    /// what this memo holds, as the budget counts it
    pub held: usize,
    /// no longer remembering: its ruleset's Python object is gone (what it held was
    /// given back to the budget), though games of these rules may still play
    pub closed: bool,
}

impl Memo {
    /// A memo with an empty table for each of `actions` actions.
    pub fn new(actions: usize) -> Memo {
        Memo {
            allowed: (0..actions).map(|_| Table::default()).collect(),
            listings: (0..actions).map(|_| Table::default()).collect(),
            held: 0,
            closed: false,
        }
    }

    /// Everything this memo holds, taken out (it is left empty, holding nothing): dropped
    /// by the caller once no borrow of the memo is held, since dropping a listing may free
    /// Python objects.
    pub fn take(&mut self) -> Memo {
        let fresh = Memo {
            closed: self.closed,
            ..Memo::new(self.allowed.len())
        };
        std::mem::replace(self, fresh)
    }
}

/// A vote: who takes part, the section counted, when it succeeds, its effect.
#[derive(Debug)]
pub struct VoteDef {
    pub id: Rc<str>,
    pub participants: Expr,
    pub participants_clause: Rc<str>,
    pub section: Rc<str>,
    pub success: Option<Expr>,
    pub success_clause: Option<Rc<str>>,
    pub program: usize,
}

/// An answer a kept card gives to an event: its name, guard, program and clause.
#[derive(Debug)]
pub struct Answer {
    pub name: Rc<str>,
    pub guard: Expr,
    pub program: usize,
    pub clause: Rc<str>,
}

/// Names with a number each: a die's faces (side, pips), a vote card section's icons
/// (icon, count).
pub type Counts = Vec<(Rc<str>, i64)>;

/// A card that lets its owner sit out votes: (card, votes, clause, done clause).
pub type SitOut = (Rc<str>, i64, Rc<str>, Rc<str>);

/// A kept card's answers to an event: (card, the causes it answers, its answers).
pub type Reaction = (Rc<str>, Vec<Rc<str>>, Vec<Answer>);

/// Tortuga 1667's tables (`games/tortuga1667/ruleset.py`'s `TortugaRuleset`).
#[derive(Debug, Default)]
pub struct T1667 {
    pub place_kind: u16,
    pub spot_kind: u16,
    pub capacity: Vec<i64>,
    pub adjacent: Vec<Vec<i64>>,
    pub holds: Vec<Vec<i64>>,
    pub actions: Vec<ActionDef>,
    pub votes: Vec<VoteDef>,
    /// card id -> program
    pub event_programs: FxMap<Rc<str>, usize>,
    /// section -> icon names
    pub section_icons: Vec<(Rc<str>, Vec<Rc<str>>)>,
    /// vote card -> section -> ((icon, count), ...)
    pub vote_cards: FxMap<Rc<str>, Vec<(Rc<str>, Counts)>>,
    pub checks_pawns: Vec<Guarded>,
    pub checks_kept: Vec<Guarded>,
    pub before_turn: Vec<Guarded>,
    pub after_reveal: Vec<Guarded>,
    /// (card, votes, clause, done clause)
    pub sit_outs: Vec<SitOut>,
    /// (card, how many at once, clause, only the next vote)
    pub vote_plays: Vec<(Rc<str>, i64, Rc<str>, bool)>,
    /// event -> ((card, causes, answers), ...)
    pub reactions: Vec<(Rc<str>, Vec<Reaction>)>,
    pub actions_default: i64,
    pub actions_by_players: Vec<(i64, i64)>,
    pub row_size: usize,
    pub first_player_ship: i64,
    /// the role names, by bit
    pub roles: Vec<Rc<str>>,
    /// the bits of the roles a seat's place gives (`roles.py`): anyone, governor, captain,
    /// first mate, cabin boy
    pub role_bits: [u32; 5],
    /// the legal-action memo (shared by every game of these rules; its budget is the
    /// process's, [`crate::budget`])
    pub memo: RefCell<Memo>,
    /// the numbers of texts in packed memo keys
    pub text_ids: RefCell<TextIds>,
    /// the name `actor` (every turn action's expressions read it)
    pub actor: u32,
    /// what the setup deals (`setup1667.rs`)
    pub setup: crate::setup1667::Setup,
}

impl T1667 {
    pub fn vote(&self, kind: &str) -> Option<&VoteDef> {
        self.votes.iter().find(|v| v.id.as_ref() == kind)
    }

    pub fn role_bit(&self, name: &str) -> u32 {
        self.roles
            .iter()
            .position(|r| r.as_ref() == name)
            .map(|i| 1 << i)
            .unwrap_or(0)
    }
}

/// A ruleset the native engine runs.
#[derive(Debug)]
pub struct Rules {
    pub programs: Vec<Rc<Program>>,
    pub by_key: FxMap<Rc<str>, usize>,
    /// the engine's own programs (`builtin:<name>`), by name
    pub builtins: Vec<(Rc<str>, usize)>,
    pub options: Vec<(Rc<str>, Value)>,
    pub kit: Kit,
    pub t: Option<T1667>,
    pub names: RefCell<Names>,
    /// texts of the engine's own code made once (decision kinds, clauses), by where the
    /// text lives
    pub fixed_texts: RefCell<FxMap<(usize, usize), Rc<str>>>,
}

impl Rules {
    pub fn name(&self, id: u32) -> Rc<str> {
        self.names.borrow().names[id as usize].clone()
    }

    pub fn option(&self, name: &str) -> Option<&Value> {
        self.options
            .iter()
            .find(|(k, _)| k.as_ref() == name)
            .map(|(_, v)| v)
    }

    pub fn program(&self, key: &str) -> Option<usize> {
        self.by_key.get(key).copied()
    }

    /// The engine's own program `builtin:<name>` (found without building its key).
    /// `text` (of the engine's own code) as a shared text, made once.
    pub fn text(&self, text: &'static str) -> Rc<str> {
        let at = (text.as_ptr() as usize, text.len());
        self.fixed_texts
            .borrow_mut()
            .entry(at)
            .or_insert_with(|| Rc::from(text))
            .clone()
    }

    pub fn builtin(&self, name: &str) -> Option<usize> {
        self.builtins
            .iter()
            .find(|(n, _)| n.as_ref() == name)
            .map(|(_, i)| *i)
    }

    pub fn zone(&self, name: &str) -> Option<&ZoneDef> {
        self.kit.zones.iter().find(|z| z.name.as_ref() == name)
    }

    pub fn zone_names(&self) -> String {
        self.kit
            .zones
            .iter()
            .map(|z| z.name.as_ref())
            .collect::<Vec<_>>()
            .join(", ")
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
        let long = MemoKey::Long(vec![Key::I(3), Key::S(Rc::from("card"))]);
        assert!(matches!(packed, MemoKey::Packed(_)));
        t.insert(short, 1);
        t.insert(packed, 2);
        t.insert(long, 3);
        assert_eq!((t.short.len, t.packed.len(), t.long.len()), (1, 1, 1));
        assert_eq!(t.get(&KeyBits::new(3).unwrap().key()), Some(1));
        let packed = KeyBits::new(3).unwrap().then(u128::MAX, 16).unwrap().key();
        assert_eq!(t.get(&packed), Some(2));
        let long = MemoKey::Long(vec![Key::I(3), Key::S(Rc::from("card"))]);
        assert_eq!(t.get(&long), Some(3));
        assert_eq!(t.get(&MemoKey::Long(vec![Key::I(3)])), None);
    }

    #[test]
    fn a_memo_taken_keeps_one_empty_table_per_action_and_stays_closed() {
        let mut memo = Memo::new(3);
        memo.closed = true;
        memo.held = 4;
        memo.allowed[1].insert(KeyBits::new(0).unwrap().key(), true);
        let taken = memo.take();
        assert_eq!((taken.held, taken.allowed[1].short.len), (4, 1));
        assert_eq!((memo.allowed.len(), memo.listings.len()), (3, 3));
        assert_eq!((memo.held, memo.closed), (0, true));
        assert_eq!(memo.allowed[1].get(&KeyBits::new(0).unwrap().key()), None);
    }

    #[test]
    fn texts_are_numbered_once_up_to_250_then_a_packer_gives_up() {
        let texts = RefCell::new(TextIds::default());
        let names: Vec<Rc<str>> = (0..251).map(|i| Rc::from(format!("card{i}"))).collect();
        let mut p = Packer::new(&texts);
        for name in &names[..10] {
            p.text(name);
        }
        assert!(!p.failed);
        // the same text elsewhere in memory has the same number
        let again: Rc<str> = Rc::from("card3");
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
            let copy: Rc<str> = Rc::from(format!("mark{}", i % 10));
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
        parts.text(&Rc::from("x"));
        assert_eq!(parts, vec![Key::I(254), Key::S(Rc::from("x"))]);
    }
}

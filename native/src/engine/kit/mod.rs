//! The component kit (`model/kit.py`): its equipment as the rules declare it, its verbs
//! (`verbs`), its functions (`funcs`) and its setup (`setup`).

use crate::engine::shared::Text;
use crate::engine::value::Value;

pub mod funcs;
pub mod redraw;
pub mod setup;
pub mod verbs;

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Seen {
    All,
    Owner,
    Nobody,
}

#[derive(Debug, Clone)]
pub struct ZoneDef {
    pub name: Text,
    pub per_seat: bool,
    pub seen: Seen,
    pub bag: bool,
    /// whether it holds dice (a determinisation rolls them afresh)
    pub dice: bool,
}

#[derive(Debug, Clone)]
pub struct Track {
    pub name: Text,
    pub low: i64,
    pub high: i64,
}

/// The component kit's equipment (`model/kit.py`'s `Kit`).
#[derive(Debug, Default)]
pub struct Kit {
    pub tracks: Vec<Track>,
    pub counters: Vec<Text>,
    /// every zone, shared ones first (the kit's order)
    pub zones: Vec<ZoneDef>,
    /// each zone's place among the shared zones or among each seat's own ([`Kit::place_zones`])
    pub zone_places: Vec<usize>,
    /// how many zones each seat has of its own
    pub own_zones: usize,
    /// each die's faces, by letter
    pub faces: Vec<(Text, Counts)>,
    pub wild: Option<Text>,
    pub values: Vec<(Text, i64)>,
    /// the constant lists every program starts with, in order
    pub lists: Vec<(u32, Value)>,
    /// each effect: its name, its parameters, its program
    pub effects: Vec<(Text, Vec<u32>, usize)>,
    /// where tracks and counters start, and the shared and each seat's own zones' tokens
    pub track_starts: Vec<i64>,
    pub counter_starts: Vec<i64>,
    pub shared_starts: Vec<Value>,
    pub own_starts: Vec<Value>,
    /// the programs a new game runs: `play`, then `setup` above it (run first)
    pub setup_programs: Vec<usize>,
    /// the dice's letters as a message lists them (`A, B, C`, or `none`)
    pub letters: Text,
    /// each counter's range, by counter: its least value and its greatest (None: the
    /// game's last seat)
    pub ranges: Vec<(i64, Option<i64>)>,
    /// what a seat may hold in secret (`hold`), where the rules declare it
    pub held: Option<Held>,
}

impl Kit {
    /// Number the zones: each one's place among the shared zones or among a seat's own.
    pub fn place_zones(&mut self) {
        let (mut shared, mut own) = (0, 0);
        self.zone_places = self
            .zones
            .iter()
            .map(|z| {
                let counter = if z.per_seat { &mut own } else { &mut shared };
                *counter += 1;
                *counter - 1
            })
            .collect();
        self.own_zones = own;
    }
}

/// What a seat may hold in secret (`components: held`, `model/kit.py`'s `Kit.holds`).
#[derive(Debug, Default)]
pub struct Held {
    /// the shapes a held value may have (one is enough)
    pub shapes: Vec<Shape>,
    /// the shapes as the rules file writes them (`[side, letters] or none`)
    pub words: Text,
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

/// Names with a number each: a die's faces (side, pips), a vote card section's icons
/// (icon, count).
pub type Counts = Vec<(Text, i64)>;

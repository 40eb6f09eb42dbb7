//! The compiled rules the native engine runs: the ruleset's programs (the compiler's flat
//! instructions, their expressions as trees) and the component kit's tables, read once
//! from the rules description of a compiled `Ruleset` (format v1, `engine/desc.rs`).

use std::sync::Mutex;

use crate::engine::ext::Ext;
use crate::engine::ir::{Names, Program};
use crate::engine::kit::{Kit, ZoneDef};
use crate::engine::memo::FxMap;
use crate::engine::shared::{locked, ByPlace, Shared, Text};
use crate::engine::value::Value;

/// A ruleset of game `X` the native engine runs.
#[derive(Debug)]
pub struct Rules<X: Ext> {
    pub programs: Vec<Shared<Program>>,
    pub by_key: FxMap<Text, usize>,
    /// the engine's own programs (`builtin:<name>`), by name
    pub builtins: Vec<(Text, usize)>,
    pub options: Vec<(Text, Value)>,
    pub kit: Kit,
    /// the game's own tables
    pub tables: X::Tables,
    pub names: Mutex<Names>,
    /// texts of the engine's own code made once (decision kinds, clauses), by where the
    /// text lives
    pub fixed_texts: Mutex<FxMap<(usize, usize), Text>>,
    /// the same texts, and the numbers of the names the engine's code asks for
    /// ([`Names::fixed`]), found again without a lock
    pub by_place: ByPlace<Text>,
    pub fixed_names: ByPlace<u32>,
}

#[cfg(test)]
impl Rules<crate::engine::ext::KitGame> {
    /// Rules of `programs` alone, the names `names` known in that order (numbers from 0):
    /// what the engine's unit tests run, with no kit and no game.
    pub(crate) fn bare(programs: Vec<Shared<Program>>, names: &[&str]) -> Self {
        let mut known = Names::default();
        for name in names {
            known.intern(name);
        }
        Rules {
            programs,
            by_key: Default::default(),
            builtins: Vec::new(),
            options: Vec::new(),
            kit: Kit::default(),
            tables: (),
            names: Mutex::new(known),
            fixed_texts: Default::default(),
            by_place: Default::default(),
            fixed_names: Default::default(),
        }
    }
}

impl<X: Ext> Rules<X> {
    pub fn name(&self, id: u32) -> Text {
        locked(&self.names).names[id as usize].clone()
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
    pub fn text(&self, text: &'static str) -> Text {
        if let Some(t) = self.by_place.get(text) {
            return t.clone();
        }
        let at = (text.as_ptr() as usize, text.len());
        let made = locked(&self.fixed_texts)
            .entry(at)
            .or_insert_with(|| Shared::from(text))
            .clone();
        self.by_place.put(text, made.clone());
        made
    }

    /// The number of `name`, a name of the engine's own code ([`Names::fixed`]).
    pub fn fixed_name(&self, name: &'static str) -> u32 {
        if let Some(&i) = self.fixed_names.get(name) {
            return i;
        }
        let i = locked(&self.names).fixed(name);
        self.fixed_names.put(name, i);
        i
    }

    pub fn builtin(&self, name: &str) -> Option<usize> {
        self.builtins
            .iter()
            .find(|(n, _)| n.as_ref() == name)
            .map(|(_, i)| *i)
    }

    /// The zone called `name` (a text; compared by its address first: the rules' names
    /// are shared).
    pub fn zone(&self, name: &Value) -> Option<&ZoneDef> {
        match name {
            Value::Str(text) => self.kit.zones.iter().find(|z| z.name == *text),
            _ => None,
        }
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

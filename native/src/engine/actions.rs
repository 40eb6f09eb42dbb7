//! Turn actions as the rules declare them: their parameters, preconditions and the facets
//! of a state their expressions read (what their listings are remembered by).

use crate::engine::ir::Expr;
use crate::engine::shared::Text;

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
    pub label: Text,
    pub values: Expr,
    pub filters: Vec<Expr>,
}

/// A turn action of the catalogue.
#[derive(Debug)]
pub struct ActionDef {
    pub id: Text,
    pub clause: Text,
    /// the role it needs, as a bit of the game's roles
    pub role: u32,
    pub params: Vec<Param>,
    pub requires: Vec<Expr>,
    pub program: usize,
    /// the state facets its parameters' values depend on (None: not known, never remembered)
    pub depends: Option<Vec<FacetId>>,
    /// [`ActionDef::requires_in_listing`], once
    pub requires_in_listing: bool,
    /// the state facets its preconditions depend on
    pub requires_depends: Option<Vec<FacetId>>,
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

/// A part of a state a DSL function declares it reads (`functions.py`'s `FACETS`), by its
/// number in the game's list of facets: legal actions are remembered keyed by exactly the
/// facets their expressions read.
pub type FacetId = u8;

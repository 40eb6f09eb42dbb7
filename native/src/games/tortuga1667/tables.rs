//! Tortuga 1667's tables (`games/tortuga1667/ruleset.py`'s `TortugaRuleset`), read once
//! with the rules.

use std::sync::{Mutex, OnceLock};

use crate::engine::actions::{ActionDef, Guarded};
use crate::engine::ir::Expr;
use crate::engine::kit::Counts;
use crate::engine::memo::{FxMap, Memo};
use crate::engine::shared::Text;

/// A vote: who takes part, the section counted, when it succeeds, its effect.
#[derive(Debug)]
pub struct VoteDef {
    pub id: Text,
    pub participants: Expr,
    pub participants_clause: Text,
    pub section: Text,
    pub success: Option<Expr>,
    pub success_clause: Option<Text>,
    pub program: usize,
}

/// An answer a kept card gives to an event: its name, guard, program and clause.
#[derive(Debug)]
pub struct Answer {
    pub name: Text,
    pub guard: Expr,
    pub program: usize,
    pub clause: Text,
}

/// A card that lets its owner sit out votes: (card, votes, clause, done clause).
pub type SitOut = (Text, i64, Text, Text);

/// A kept card's answers to an event: (card, the causes it answers, its answers).
pub type Reaction = (Text, Vec<Text>, Vec<Answer>);

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
    pub event_programs: FxMap<Text, usize>,
    /// section -> icon names
    pub section_icons: Vec<(Text, Vec<Text>)>,
    /// vote card -> section -> ((icon, count), ...)
    pub vote_cards: FxMap<Text, Vec<(Text, Counts)>>,
    pub checks_pawns: Vec<Guarded>,
    pub checks_kept: Vec<Guarded>,
    pub before_turn: Vec<Guarded>,
    pub after_reveal: Vec<Guarded>,
    /// (card, votes, clause, done clause)
    pub sit_outs: Vec<SitOut>,
    /// (card, how many at once, clause, only the next vote)
    pub vote_plays: Vec<(Text, i64, Text, bool)>,
    /// event -> ((card, causes, answers), ...)
    pub reactions: Vec<(Text, Vec<Reaction>)>,
    pub actions_default: i64,
    pub actions_by_players: Vec<(i64, i64)>,
    pub row_size: usize,
    pub first_player_ship: i64,
    /// the role names, by bit
    pub roles: Vec<Text>,
    /// the bits of the roles a seat's place gives (`roles.py`): anyone, governor, captain,
    /// first mate, cabin boy
    pub role_bits: [u32; 5],
    /// the legal-action memo (shared by every game of these rules; its budget is the
    /// process's, [`crate::engine::budget`])
    pub memo: Mutex<Memo>,
    /// the turn actions as the playout policy reads them ([`T1667::actions_read`])
    pub actions_read: OnceLock<Vec<crate::games::tortuga1667::reflex::ActionRead>>,
    /// the vote cards as the playout policy reads them ([`T1667::cards_read`])
    pub cards_read: OnceLock<crate::games::tortuga1667::reflex::CardsRead>,
    /// the name `actor` (every turn action's expressions read it)
    pub actor: u32,
    /// what the setup deals (`setup.rs`)
    pub setup: crate::games::tortuga1667::setup::Setup,
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

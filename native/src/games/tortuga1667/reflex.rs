//! Tortuga 1667's playout policy, natively: the heuristic player's rules of thumb without
//! look-ahead (`games/tortuga1667/bot.py`: `reflex`, `Judge.guess`; `sides.py`), scoring
//! each legal action exactly as the reference does - the same constants, the same float
//! sums in the same order, the same draw of Python's generator per action - so a search's
//! playouts take the same actions on either engine (tested).

use std::cell::OnceCell;

use crate::engine::actions::Param;
use crate::engine::kit::Counts;
use crate::engine::memo::FxMap;
use crate::engine::mt::PyRandom;
use crate::engine::shared::Text;
use crate::engine::value::Value;
use crate::games::tortuga1667::tables::T1667;
use crate::games::tortuga1667::Game;

/// Points of the rules of thumb, in chests (`bot.py`).
const ATTACK: f64 = 0.8;
const MUTINY: f64 = 0.5;
const BRAWL: f64 = 0.4;
const MOVE: f64 = 0.3;
const LOOK: f64 = 0.1;
const HURRY: f64 = 0.6;
const LEVEL: f64 = 0.2;
const WAIT: f64 = -0.2;
const IMPATIENCE: f64 = 1.0 / 60.0;
/// What the end of the game counts in `Judge.ahead`: a win or a loss outweighs any lead.
const END: f64 = 100.0;

/// Places and chest spots by number (`components.py`).
const TORTUGA: i64 = 2;
const GALLEON: usize = 0;
const TORTUGA_BRITISH: usize = 5;
const TORTUGA_FRENCH: usize = 6;

/// A legal action as the judge reads it.
pub enum Act<'a> {
    /// a choice's option
    Choose(&'a Value),
    /// a turn action: its number in the rules and its arguments' values
    Turn(usize, &'a [Value]),
    /// vote cards played
    Vote(&'a [Text]),
}

/// A turn action's rule of thumb ([`Judge::rule`]): the same bonus for every combination
/// of its arguments, or one read from each.
pub enum Rule {
    Same(f64),
    Each(ActionRead),
}

/// Which rule of thumb a turn action follows, by its id.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Thumb {
    Attack,
    Mutiny,
    Brawl,
    Maroon,
    Row,
    View,
    Reveal,
    Force,
    Vote,
    Other,
}

/// A turn action as the judge reads it, found once a ruleset ([`T1667::actions_read`])
/// rather than by its id and its parameters' labels each time it is scored: its rule of
/// thumb and the argument that rule reads (a maroon's `target`, a row's `to`, a vote's
/// `cards` or else `card`).
#[derive(Debug, Clone, Copy)]
pub struct ActionRead {
    thumb: Thumb,
    arg: Option<usize>,
}

impl ActionRead {
    /// Whether the rule reads its argument as a small number ([`ActionRead::key`]): a
    /// row's place or a maroon's seat.
    pub fn keyed(&self) -> bool {
        matches!(self.thumb, Thumb::Row | Thumb::Maroon)
    }

    /// What a keyed rule reads of its argument `arg`: a row's place (a named value's
    /// number), a maroon's seat (an int); None if it has none.
    fn key(&self, arg: Option<&Value>) -> Option<i64> {
        match (self.thumb, arg) {
            (Thumb::Row, Some(Value::Named(_, place))) => Some(*place),
            (Thumb::Maroon, Some(v)) => v.int(),
            _ => None,
        }
    }

    fn new(id: &str, params: &[Param]) -> ActionRead {
        let at = |name: &str| params.iter().position(|p| p.label.as_ref() == name);
        let (thumb, arg) = match id {
            "attack" => (Thumb::Attack, None),
            "mutiny" => (Thumb::Mutiny, None),
            "brawl" => (Thumb::Brawl, None),
            "maroon" => (Thumb::Maroon, at("target")),
            "row" => (Thumb::Row, at("to")),
            "view" => (Thumb::View, None),
            "reveal" => (Thumb::Reveal, None),
            "force" => (Thumb::Force, None),
            "vote" => (Thumb::Vote, at("cards").or_else(|| at("card"))),
            _ => (Thumb::Other, None),
        };
        ActionRead { thumb, arg }
    }
}

/// The reflex's pick as `_best` makes it (noise 1e-3): each legal action in turn, its
/// score jittered by a draw of Python's generator, the first best kept.
pub struct Best<'r> {
    rnd: &'r mut PyRandom,
    score: f64,
    at: usize,
    seen: usize,
}

impl<'r> Best<'r> {
    pub fn new(rnd: &'r mut PyRandom) -> Best<'r> {
        Best {
            rnd,
            score: f64::NEG_INFINITY,
            at: 0,
            seen: 0,
        }
    }

    /// The next legal action, scored `guess` by the judge.
    #[inline]
    pub fn offer(&mut self, guess: f64) {
        let score = guess + self.rnd.random() * 1e-3;
        if score > self.score {
            self.score = score;
            self.at = self.seen;
        }
        self.seen += 1;
    }

    /// The number of the best action offered.
    pub fn at(&self) -> usize {
        self.at
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Team {
    British = 0,
    French = 1,
    Dutch = 2,
}

/// Where a combination sends a chest, by its chest class (a byte; see
/// [`Judge::chest_classes`]): nowhere, then to each team in [`Team`]'s order.
const CHEST_CLASSES: [Option<Team>; 4] = [
    None,
    Some(Team::British),
    Some(Team::French),
    Some(Team::Dutch),
];

fn team_of(v: &Value) -> Team {
    match v {
        Value::Str(s) if s.as_ref() == "british" => Team::British,
        Value::Str(s) if s.as_ref() == "french" => Team::French,
        _ => Team::Dutch,
    }
}

/// (British, French) chests: both ships' holds and the Tortuga areas.
fn totals(c: &[i64]) -> (i64, i64) {
    (c[1] + c[3] + c[5], c[2] + c[4] + c[6])
}

/// The team whose hold or area chest spot `spot` is (1, 3, 5 British; 2, 4, 6 French).
fn spot_team(spot: i64) -> Option<Team> {
    match spot {
        1 | 3 | 5 => Some(Team::British),
        2 | 4 | 6 => Some(Team::French),
        _ => None,
    }
}

/// What the judge reads of each vote card, found once a ruleset ([`T1667::cards_read`])
/// rather than by name each time a vote is scored: how the card pushes each vote
/// (`sides.vote_push` of the vote's section) and what keeping it is worth to each team.
#[derive(Debug, Default)]
pub struct CardsRead {
    /// card -> its row in `push` and `worth`
    row: FxMap<Text, usize>,
    /// a row a card: its push in each vote's section (in the order of the rules' votes),
    /// then in the section "" (a vote the rules do not list)
    push: Vec<i64>,
    /// a row a card: its worth to the British, the French and the Dutch
    worth: Vec<[f64; 3]>,
    /// the sections read, the votes' and ""
    sections: usize,
}

impl CardsRead {
    /// Each card of `cards` (card -> section -> icons) read for votes counting
    /// `sections`, in order.
    pub fn new(cards: &FxMap<Text, Vec<(Text, Counts)>>, sections: &[&str]) -> CardsRead {
        let mut read = CardsRead {
            sections: sections.len() + 1,
            ..CardsRead::default()
        };
        for (card, secs) in cards {
            read.row.insert(card.clone(), read.worth.len());
            let icons = |section: &str| {
                secs.iter()
                    .find(|(s, _)| s.as_ref() == section)
                    .map(|(_, icons)| icons.as_slice())
                    .unwrap_or(&[])
            };
            for section in sections.iter().copied().chain([""]) {
                read.push.push(vote_push(icons(section), section));
            }
            let middle = icons("middle");
            read.worth
                .push([Team::British, Team::French, Team::Dutch].map(|t| keep_worth(middle, t)));
        }
        read
    }

    /// Card `card`'s row, if the rules list it.
    fn row(&self, card: &str) -> Option<usize> {
        self.row.get(card).copied()
    }
}

impl T1667 {
    /// The turn actions as the judge reads them, by number, read the first time they are
    /// asked for.
    pub fn actions_read(&self) -> &[ActionRead] {
        self.actions_read.get_or_init(|| {
            self.actions
                .iter()
                .map(|a| ActionRead::new(&a.id, &a.params))
                .collect()
        })
    }

    /// The vote cards as the judge reads them, read the first time they are asked for.
    pub fn cards_read(&self) -> &CardsRead {
        self.cards_read.get_or_init(|| {
            let sections: Vec<&str> = self.votes.iter().map(|v| v.section.as_ref()).collect();
            CardsRead::new(&self.vote_cards, &sections)
        })
    }
}

/// `sides.vote_push`: how a card's `icons` in `section` push a vote.
fn vote_push(icons: &[(Text, i64)], section: &str) -> i64 {
    if section == "middle" {
        return icons
            .iter()
            .map(|(i, n)| match i.as_ref() {
                "british" => *n,
                "french" => -*n,
                _ => 0,
            })
            .sum();
    }
    icons
        .iter()
        .map(|(i, n)| {
            n * match i.as_ref() {
                "cannon" | "torch" | "skull" => 1,
                "water" | "helm" => -1,
                _ => 0,
            }
        })
        .sum()
}

/// What keeping a card whose middle section shows `icons` is worth to `team`.
fn keep_worth(icons: &[(Text, i64)], team: Team) -> f64 {
    // dict(icons): an icon listed twice counts once, with its last count
    let last = |i: usize| !icons[i + 1..].iter().any(|(x, _)| *x == icons[i].0);
    if team == Team::Dutch {
        let flags: i64 = (0..icons.len())
            .filter(|i| last(*i))
            .map(|i| icons[i].1)
            .sum();
        return 0.5 * flags as f64;
    }
    let mine = if team == Team::British {
        "british"
    } else {
        "french"
    };
    icons
        .iter()
        .rev()
        .find(|(i, _)| i.as_ref() == mine)
        .map(|(_, n)| *n)
        .unwrap_or(0) as f64
}

/// One seat's reading of one (determinised) position.
pub struct Judge<'a> {
    g: &'a Game,
    seat: i64,
    team: Team,
    lead_now: f64,
    /// the vote being collected as [`Judge::vote`] reads it, read once: its section's
    /// column in [`CardsRead`] and which way this seat wants it to go
    voting: OnceCell<(usize, i64)>,
}

impl<'a> Judge<'a> {
    pub fn new(g: &'a Game, seat: i64) -> Judge<'a> {
        let team = team_of(&g.own.loyalty[seat as usize]);
        let mut j = Judge {
            g,
            seat,
            team,
            lead_now: 0.0,
            voting: OnceCell::new(),
        };
        j.lead_now = j.lead(&g.own.chests);
        j
    }

    fn margin(&self, british: i64, french: i64) -> i64 {
        if self.team == Team::British {
            british - french
        } else {
            french - british
        }
    }

    fn lead(&self, chests: &[i64]) -> f64 {
        let (b, f) = totals(chests);
        if self.team == Team::Dutch {
            -((b - f).abs() as f64)
        } else {
            self.margin(b, f) as f64
        }
    }

    /// Some(true/false) if `other`'s loyalty is known to be (not) this seat's.
    fn friend(&self, other: i64) -> Option<bool> {
        if other == self.seat {
            return Some(true);
        }
        let marks = self.g.own.marks.get(other as usize)?;
        if !marks.iter().any(|m| m.as_ref() == "loyalty-open") {
            return None;
        }
        Some(team_of(&self.g.own.loyalty[other as usize]) == self.team && self.team != Team::Dutch)
    }

    fn ship_favour(&self, ship: i64) -> f64 {
        if self.team == Team::Dutch {
            return 0.0;
        }
        let c = &self.g.own.chests;
        let (b, f) = if ship == 0 {
            (c[1], c[2])
        } else {
            (c[3], c[4])
        };
        self.margin(b, f) as f64
    }

    fn here(&self) -> Option<i64> {
        self.g
            .own
            .lines
            .iter()
            .position(|l| l.contains(&self.seat))
            .map(|p| p as i64)
    }

    /// `Judge.guess`: the rule of thumb, and where the action puts a chest.
    pub fn guess(&self, act: &Act) -> f64 {
        let goes = match act {
            Act::Choose(v) => self.chest_team(v),
            Act::Turn(_, values) => values.last().and_then(|v| self.chest_team(v)),
            Act::Vote(_) => None,
        };
        self.chest_said(self.bonus(act), goes)
    }

    /// `bonus` and what a chest going to `goes` adds (`Judge.guess`'s sum).
    fn chest_said(&self, bonus: f64, goes: Option<Team>) -> f64 {
        match goes {
            Some(team) if self.team != Team::Dutch => {
                bonus + if team == self.team { 1.0 } else { -1.0 }
            }
            _ => bonus,
        }
    }

    /// `Judge.score`: the change in lead one step after the action ([`Judge::ahead`], the
    /// position it leads to `after`) and its rule of thumb - search's prior, without a
    /// chest's guess.
    pub fn score(&self, act: &Act, after: Option<&Game>) -> f64 {
        self.ahead(after) + self.bonus(act)
    }

    /// `Judge.ahead`: the change in lead from here to `after`, the position one step on
    /// (None: the step failed, 0), the end of the game counting most.
    pub fn ahead(&self, after: Option<&Game>) -> f64 {
        let Some(after) = after else {
            return 0.0;
        };
        if let Some(o) = &after.outcome {
            let team = &self.g.own.loyalty[self.seat as usize];
            return if o.winners.iter().any(|w| same_text(w, team)) {
                END
            } else {
                -END
            };
        }
        self.lead(&after.own.chests) - self.lead_now
    }

    /// Turn action `k`'s rule of thumb read once for all its combinations: a force,
    /// view or reveal scores the same bonus whatever its arguments.
    pub fn rule(&self, k: usize) -> Rule {
        let read = self.g.rules.tables.actions_read()[k];
        match read.thumb {
            Thumb::Maroon | Thumb::Row | Thumb::Vote => Rule::Each(read),
            _ => Rule::Same(self.turn_bonus(read, &[])),
        }
    }

    /// [`Judge::guess`] of a turn action of `rule` with arguments `values`.
    pub fn guess_turn(&self, rule: &Rule, values: &[Value]) -> f64 {
        let bonus = match rule {
            Rule::Same(bonus) => *bonus,
            Rule::Each(read) => self.turn_bonus(*read, values),
        };
        self.chest_said(bonus, values.last().and_then(|v| self.chest_team(v)))
    }

    /// Each of `combos`' class for [`Judge::class_guesses`]: where its last value sends a
    /// chest (0 nowhere, then British, French, Dutch) - a fact of the listing alone.
    pub fn chest_classes(&self, combos: &[Vec<Value>]) -> Box<[u8]> {
        combos.iter().map(|c| self.chest_class(c)).collect()
    }

    /// The number of where `values`' last value sends a chest in [`CHEST_CLASSES`].
    fn chest_class(&self, values: &[Value]) -> u8 {
        values
            .last()
            .and_then(|v| self.chest_team(v))
            .map_or(0, |team| team as u8 + 1)
    }

    /// Each of `combos`' class for [`Judge::keyed_guess`], for a rule read from one
    /// argument as a small number (`read` [`ActionRead::keyed`]): its chest class, and
    /// that number (1 to 63; 0 none) above it - a fact of the listing alone. Empty if a
    /// combination's number does not fit.
    pub fn keyed_classes(&self, read: ActionRead, combos: &[Vec<Value>]) -> Box<[u8]> {
        let class = |c: &Vec<Value>| {
            let key = match read.key(read.arg.map(|i| &c[i])) {
                None => 0,
                Some(k @ 0..=62) => k as u8 + 1,
                Some(_) => return None,
            };
            Some(key << 2 | self.chest_class(c))
        };
        combos
            .iter()
            .map(class)
            .collect::<Option<Box<[u8]>>>()
            .unwrap_or_default()
    }

    /// [`Judge::guess_turn`] of a combination of `read`'s rule whose class of
    /// [`Judge::keyed_classes`] is `class`.
    pub fn keyed_guess(&self, read: ActionRead, class: u8) -> f64 {
        let key = (class >> 2).checked_sub(1).map(i64::from);
        let bonus = match read.thumb {
            Thumb::Row => self.row(key),
            Thumb::Maroon => self.maroon(key),
            _ => unreachable!("a keyed rule"),
        };
        self.chest_said(bonus, CHEST_CLASSES[(class & 3) as usize])
    }

    /// [`Judge::guess_turn`] of a combination of each class of [`Judge::chest_classes`],
    /// for a rule scoring every combination's arguments alike ([`Rule::Same`]'s `bonus`).
    pub fn class_guesses(&self, bonus: f64) -> [f64; 4] {
        CHEST_CLASSES.map(|goes| self.chest_said(bonus, goes))
    }

    fn chest_team(&self, v: &Value) -> Option<Team> {
        let spot_kind = self.g.rules.tables.spot_kind;
        let v = match v {
            Value::Tuple(items) => items.last()?,
            other => other,
        };
        match v {
            Value::Named(k, s) if *k == spot_kind => spot_team(*s),
            _ => None,
        }
    }

    fn bonus(&self, act: &Act) -> f64 {
        match act {
            Act::Choose(_) => 0.0,
            Act::Vote(cards) => self.vote(cards),
            Act::Turn(k, values) => self.turn_bonus(self.g.rules.tables.actions_read()[*k], values),
        }
    }

    /// The rule of thumb of a turn action read as `read`, its arguments `values`.
    fn turn_bonus(&self, read: ActionRead, values: &[Value]) -> f64 {
        let arg = read.arg.map(|i| &values[i]);
        match read.thumb {
            Thumb::Attack => self.attack(),
            Thumb::Mutiny => self.mutiny(),
            Thumb::Brawl => self.brawl(),
            Thumb::Maroon => self.maroon(read.key(arg)),
            Thumb::Row => self.row(read.key(arg)),
            Thumb::View => LOOK,
            Thumb::Reveal => self.reveal(),
            Thumb::Force => self.reveal() - LOOK,
            Thumb::Vote => match arg {
                Some(Value::Str(c)) => self.vote(std::slice::from_ref(c)),
                Some(Value::Tuple(cs)) => {
                    let cards: Vec<Text> = cs
                        .iter()
                        .filter_map(|c| match c {
                            Value::Str(s) => Some(s.clone()),
                            _ => None,
                        })
                        .collect();
                    self.vote(&cards)
                }
                _ => 0.0,
            },
            Thumb::Other => 0.0,
        }
    }

    fn vote(&self, cards: &[Text]) -> f64 {
        if self.g.own.vote.is_none() {
            return 0.0;
        }
        let read = self.g.rules.tables.cards_read();
        let (column, want) = *self.voting.get_or_init(|| {
            let kind = &self.g.own.vote.as_ref().expect("a vote").kind;
            let t = &self.g.rules.tables;
            let at = t.votes.iter().position(|v| v.id == *kind);
            (at.unwrap_or(t.votes.len()), self.want())
        });
        let (mut push, mut keep) = (0, 0.0);
        for c in cards {
            // a card the rules do not list has no icons: it pushes nothing, is worth 0
            let (pushes, worth) = match read.row(c) {
                Some(row) => (
                    read.push[row * read.sections + column],
                    read.worth[row][self.team as usize],
                ),
                None => (0, 0.0),
            };
            push += pushes;
            keep += worth;
        }
        (10 * want * push) as f64 - keep
    }

    fn want(&self) -> i64 {
        let g = self.g;
        let vote = g.own.vote.as_ref().expect("a vote");
        if vote.kind.as_ref() == "brawl" {
            if self.team == Team::Dutch {
                let (b, f) = totals(&g.own.chests);
                return if b == f {
                    0
                } else if b < f {
                    1
                } else {
                    -1
                };
            }
            return if self.team == Team::British { 1 } else { -1 };
        }
        let line = g.own.lines.get(vote.place as usize);
        let captain = line.and_then(|l| l.first().copied()).unwrap_or(vote.caller);
        if vote.kind.as_ref() == "attack" {
            return match self.friend(captain) {
                None => 0,
                Some(true) => 1,
                Some(false) => -1,
            };
        }
        if vote.caller == self.seat {
            return 1;
        }
        match self.friend(captain) {
            Some(false) => 1,
            Some(true) => -1,
            None => 0,
        }
    }

    fn attack(&self) -> f64 {
        let c = &self.g.own.chests;
        if c[GALLEON] > 0 || c[1..5].iter().any(|k| *k != 0) {
            ATTACK
        } else {
            -ATTACK
        }
    }

    fn mutiny(&self) -> f64 {
        let lines = &self.g.own.lines;
        match (0..2).find(|p| lines[*p].contains(&self.seat)) {
            Some(ship) => {
                if self.friend(lines[ship][0]) == Some(true) {
                    -MUTINY
                } else {
                    MUTINY
                }
            }
            None => 0.0,
        }
    }

    fn brawl(&self) -> f64 {
        if self.team == Team::Dutch {
            return -BRAWL;
        }
        let c = &self.g.own.chests;
        if self.margin(c[TORTUGA_BRITISH], c[TORTUGA_FRENCH]) < 0 {
            BRAWL
        } else {
            -BRAWL
        }
    }

    fn maroon(&self, target: Option<i64>) -> f64 {
        match target.and_then(|s| self.friend(s)) {
            Some(true) => -2.0 * MUTINY,
            Some(false) => MUTINY,
            None => 0.0,
        }
    }

    fn row(&self, to: Option<i64>) -> f64 {
        let (Some(here), Some(to)) = (self.here(), to) else {
            return 0.0;
        };
        let (is_ship, is_boat) = (|p: i64| p <= 1, |p: i64| p >= 3);
        if is_ship(here) {
            let better = self.ship_favour(1 - here) > f64::max(0.0, self.ship_favour(here));
            return if is_boat(to) && better { MOVE } else { -MOVE };
        }
        if is_boat(here) {
            return if is_ship(to) && self.ship_favour(to) > 0.0 {
                MOVE
            } else {
                0.0
            };
        }
        debug_assert_eq!(here, TORTUGA);
        // a rowboat's ship: the Flying Dutchman's boat is 3, the Jolly Roger's 4
        if is_boat(to) && self.ship_favour(to - 3) > 0.0 {
            MOVE
        } else {
            -MOVE
        }
    }

    fn reveal(&self) -> f64 {
        let lead = self.lead_now;
        let clock = if lead > 0.0 || (lead == 0.0 && self.team == Team::Dutch) {
            HURRY
        } else if lead == 0.0 {
            LEVEL
        } else {
            WAIT
        };
        clock + IMPATIENCE * self.g.own.turn_number as f64
    }
}

/// What a position is worth to each seat, as search backs it up (`outcome.py`: `returns`
/// once the game is over - 1 for each seat of a winning team, else 0 - and `heuristic`
/// before: the team chests' lead through `tanh`, the Dutch wanting them level), with the
/// reference's float operations in its order, so a search decides alike on either engine.
pub fn worth(g: &Game) -> Vec<f64> {
    if let Some(o) = &g.outcome {
        return g
            .own
            .loyalty
            .iter()
            .map(|team| {
                if o.winners.iter().any(|w| same_text(w, team)) {
                    1.0
                } else {
                    0.0
                }
            })
            .collect();
    }
    let (british, french) = totals(&g.own.chests);
    let lead = ((british - french) as f64 / 2.0).tanh() / 2.0;
    g.own
        .loyalty
        .iter()
        .map(|team| match team_of(team) {
            Team::British => 0.5 + lead,
            Team::French => 0.5 - lead,
            Team::Dutch => 1.0 - (2.0 * lead).abs(),
        })
        .collect()
}

/// Whether two values read the same as text (the reference compares `str` of each).
fn same_text(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Str(x), Value::Str(y)) => x.as_ref() == y.as_ref(),
        _ => a.eq(b),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::ir::Expr;

    fn text(s: &str) -> Text {
        Text::from(s)
    }

    fn counts(icons: &[(&str, i64)]) -> Counts {
        icons.iter().map(|(i, n)| (text(i), *n)).collect()
    }

    #[test]
    fn a_card_is_read_as_its_icons_say() {
        let mut cards = FxMap::default();
        let middle = counts(&[("british", 2), ("french", 1), ("british", 3)]);
        let left = counts(&[("cannon", 1), ("water", 2), ("helm", 1), ("skull", 4)]);
        cards.insert(
            text("c"),
            vec![(text("middle"), middle), (text("left"), left)],
        );
        let read = CardsRead::new(&cards, &["left", "middle", "right"]);
        let row = read.row("c").expect("a listed card");
        let pushes = &read.push[row * read.sections..(row + 1) * read.sections];
        // left: 1 - 2 - 1 + 4; middle: British 2 + 3 against French 1; right and "": none
        assert_eq!(pushes, &[2, 4, 0, 0]);
        // the last count of an icon listed twice; the Dutch half of every flag
        assert_eq!(read.worth[row], [3.0, 1.0, 2.0]);
        assert_eq!(read.row("unlisted"), None);
    }

    fn params(labels: &[&str]) -> Vec<Param> {
        labels
            .iter()
            .map(|l| Param {
                name: 0,
                label: text(l),
                values: Expr::Lit(Value::None),
                filters: vec![],
            })
            .collect()
    }

    #[test]
    fn an_action_is_read_by_its_id_and_labels() {
        let read = |id: &str, labels: &[&str]| {
            let r = ActionRead::new(id, &params(labels));
            (r.thumb, r.arg)
        };
        assert_eq!(read("row", &["who", "to"]), (Thumb::Row, Some(1)));
        assert_eq!(read("maroon", &["target"]), (Thumb::Maroon, Some(0)));
        assert_eq!(read("vote", &["card", "cards"]), (Thumb::Vote, Some(1)));
        assert_eq!(read("vote", &["card"]), (Thumb::Vote, Some(0)));
        assert_eq!(read("reveal", &["to"]), (Thumb::Reveal, None));
        assert_eq!(read("dance", &[]), (Thumb::Other, None));
    }

    #[test]
    fn a_keyed_rule_reads_a_place_or_a_seat() {
        let row = ActionRead::new("row", &params(&["to"]));
        let maroon = ActionRead::new("maroon", &params(&["target"]));
        assert!(row.keyed() && maroon.keyed());
        assert!(!ActionRead::new("vote", &params(&["card"])).keyed());
        assert_eq!(row.key(Some(&Value::Named(1, 4))), Some(4));
        assert_eq!(row.key(Some(&Value::Int(4))), None);
        assert_eq!(maroon.key(Some(&Value::Int(3))), Some(3));
        assert_eq!(maroon.key(None), None);
    }
}

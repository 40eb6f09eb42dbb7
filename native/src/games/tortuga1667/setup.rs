//! Tortuga 1667's setup, natively: `games/tortuga1667/setup.py` step for step - loyalty
//! and vote cards dealt, the event deck built, the treasure set out, pawns placed - with
//! the same draws from the game's generator and the same log, so a game dealt here is the
//! game `new_game` deals (`tests/test_native.py`). Its tables come from the game's
//! description (`games/tortuga1667/native.py`, `setup`).

use crate::engine::fail::Fail;
use crate::engine::machine::{log, Failure, TO_ALL, TO_NOBODY};
use crate::engine::shared::{Shared, Text};
use crate::engine::value::Value;
use crate::games::tortuga1667::card_of;
use crate::games::tortuga1667::state::TState;
use crate::games::tortuga1667::Game;

/// What the setup reads of a ruleset.
#[derive(Debug, Default)]
pub struct Setup {
    /// the loyalty cards of each player count, in the order they are shuffled from
    pub loyalty: Vec<(i64, Vec<Text>)>,
    /// "none", "one-each" (one British and one French card face up) or every card open
    pub loyalty_open: Text,
    /// the vote cards, sorted
    pub vote_cards: Vec<Text>,
    pub hand_size: usize,
    pub treasure: Vec<i64>,
    pub pawn_order: Vec<i64>,
    pub places: usize,
    /// the event deck: each card's copies, sorted by card
    pub counts: Vec<(Text, i64)>,
    pub starred_pool: Vec<Text>,
    pub starred_choose: usize,
    pub starred_avoid: Vec<(i64, Vec<Text>)>,
    pub removals: Vec<(i64, Vec<Text>)>,
    pub final_card: Text,
    /// 0: the game-ender at the bottom; k: shuffled in with the last k - 1 cards
    pub among_last: usize,
    pub remove_from_top: usize,
    pub start_play: usize,
    pub treasure_program: Option<usize>,
    pub pawns_program: Option<usize>,
}

fn by_players(table: &[(i64, Vec<Text>)], n: i64) -> &[Text] {
    table
        .iter()
        .find(|(k, _)| *k == n)
        .map(|(_, v)| v.as_slice())
        .unwrap_or(&[])
}

fn strs(xs: &[Text]) -> Vec<Value> {
    xs.iter().map(|x| Value::Str(x.clone())).collect()
}

fn cards(xs: Vec<Value>) -> Result<Vec<Text>, Fail> {
    xs.iter().map(card_of).collect()
}

impl Game {
    /// Deal a game of `self.players` from the generator state `self.rng` (the new state
    /// waits for its first decision, as `new_game`'s).
    pub fn setup_1667(&mut self) -> Result<(), Failure> {
        let rules = self.rules.clone();
        let s = &rules.tables.setup;
        let n = self.players;
        let fail = |fail| Failure {
            program: Shared::from("setup"),
            pc: 0,
            fail,
            clause: None,
        };
        self.own = TState {
            lines: vec![Vec::new(); s.places],
            sunk: vec![false, false],
            chests: s.treasure.clone(),
            hands: vec![Vec::new(); n as usize],
            kept: vec![Vec::new(); n as usize].into(),
            marks: vec![Vec::new(); n as usize].into(),
            seen: vec![0; n as usize],
            starred: Value::tuple(Vec::new()),
            ..Default::default()
        };
        self.step = -1;
        log!(
            self,
            Some(self.rules.text("setup.players")),
            "players",
            TO_ALL,
            vec![Value::Int(n)]
        );
        self.deal_loyalty(s).map_err(fail)?;
        self.deal_votes(s).map_err(fail)?;
        self.build_event_deck(s).map_err(fail)?;
        log!(
            self,
            Some(self.rules.text("setup.treasure")),
            "treasure",
            TO_ALL,
            vec![Value::tuple(
                self.own.chests.iter().map(|c| Value::Int(*c)).collect()
            )]
        );
        self.push_program(s.start_play, Vec::new());
        if let Some(p) = s.treasure_program {
            self.push_program(p, Vec::new());
        }
        self.place_pawns(s).map_err(fail)?;
        self.run()?;
        self.end_step();
        Ok(())
    }

    fn deal_loyalty(&mut self, s: &Setup) -> Result<(), Fail> {
        let dealt = by_players(&s.loyalty, self.players);
        self.own.loyalty = self.shuffled(strs(dealt), "setup")?.into();
        log!(
            self,
            Some(self.rules.text("setup.loyalty")),
            "loyalty-dealt",
            TO_ALL,
            vec![Value::tuple(strs(dealt))]
        );
        if s.loyalty_open.as_ref() != "none" {
            let mut seats: Vec<i64> = (0..self.players).collect();
            if s.loyalty_open.as_ref() == "one-each" {
                seats.clear();
                for team in ["british", "french"] {
                    let of: Vec<Value> = self
                        .own
                        .loyalty
                        .iter()
                        .enumerate()
                        .filter(|(_, t)| t.as_str() == Some(team))
                        .map(|(i, _)| Value::Int(i as i64))
                        .collect();
                    if !of.is_empty() {
                        seats.push(self.pick(&of, "open-loyalty")?.int().unwrap_or(0));
                    }
                }
                seats.sort();
            }
            for seat in &seats {
                self.add_mark(*seat as usize, Shared::from("loyalty-open"));
            }
            let open = seats
                .iter()
                .map(|s| Value::tuple(vec![Value::Int(*s), self.own.loyalty[*s as usize].clone()]))
                .collect();
            log!(
                self,
                Some(self.rules.text("setup.loyalty.open")),
                "loyalty-open",
                TO_ALL,
                vec![Value::tuple(open)]
            );
        }
        for seat in 0..self.players {
            let team = self.own.loyalty[seat as usize].clone();
            log!(
                self,
                Some(self.rules.text("setup.loyalty.secret")),
                "loyalty",
                seat,
                vec![Value::Int(seat), team]
            );
        }
        Ok(())
    }

    fn deal_votes(&mut self, s: &Setup) -> Result<(), Fail> {
        let deck = cards(self.shuffled(strs(&s.vote_cards), "setup")?)?;
        let (n, k) = (self.players as usize, s.hand_size);
        for seat in 0..n {
            let mut hand: Vec<Text> = deck.iter().skip(seat * k).take(k).cloned().collect();
            hand.sort();
            self.own.hands[seat] = hand;
        }
        self.own.vote_deck = deck.iter().skip(n * k).cloned().collect();
        for seat in 0..n {
            let hand = Value::tuple(strs(&self.own.hands[seat]));
            log!(
                self,
                Some(self.rules.text("setup.vote-hands")),
                "hand",
                seat as i64,
                vec![Value::Int(seat as i64), hand]
            );
        }
        Ok(())
    }

    fn build_event_deck(&mut self, s: &Setup) -> Result<(), Fail> {
        let n = self.players;
        let avoid = by_players(&s.starred_avoid, n);
        let mut pool: Vec<Text> = s
            .starred_pool
            .iter()
            .filter(|c| !avoid.contains(c))
            .cloned()
            .collect();
        if pool.len() < s.starred_choose {
            pool = s.starred_pool.clone();
        } else if !avoid.is_empty() {
            log!(
                self,
                Some(self.rules.text("setup.events.starred-small-games")),
                "starred-avoided",
                TO_ALL,
                vec![Value::tuple(strs(avoid))]
            );
        }
        let mut starred = cards(self.shuffled(strs(&pool), "setup")?)?;
        starred.truncate(s.starred_choose);
        starred.sort();
        self.own.starred = Value::tuple(strs(&starred));
        let removed = by_players(&s.removals, n);
        log!(
            self,
            Some(self.rules.text("setup.events.starred")),
            "starred",
            TO_NOBODY,
            vec![self.own.starred.clone()]
        );
        if !removed.is_empty() {
            let mut boxed = removed.to_vec();
            boxed.sort();
            log!(
                self,
                Some(self.rules.text("setup.events.small-games")),
                "removed",
                TO_ALL,
                vec![Value::tuple(strs(&boxed))]
            );
        }
        // deck_copies: the counts less this player count's removals, the starred cards
        // (one each), and the game-ender, set aside to go in last
        let mut copies: Vec<(Text, i64)> = s
            .counts
            .iter()
            .filter(|(c, _)| !removed.contains(c))
            .cloned()
            .collect();
        for c in &starred {
            if !removed.contains(c) {
                match copies.iter_mut().find(|(id, _)| id == c) {
                    Some(e) => e.1 += 1,
                    None => copies.push((c.clone(), 1)),
                }
            }
        }
        let mut ids: Vec<Text> = Vec::new();
        for (c, k) in &copies {
            for _ in 0..*k {
                ids.push(c.clone());
            }
        }
        ids.sort();
        let mut deck = cards(self.shuffled(strs(&ids), "setup")?)?;
        if s.among_last == 0 {
            deck.push(s.final_card.clone());
        } else {
            let k = s.among_last - 1;
            let cut = deck.len().saturating_sub(k);
            let mut tail: Vec<Text> = deck.split_off(cut);
            tail.push(s.final_card.clone());
            let tail = cards(self.shuffled(strs(&tail), "setup")?)?;
            deck.extend(tail);
        }
        if s.remove_from_top > 0 {
            let boxed = s.remove_from_top.min(deck.len());
            self.own.removed = deck.drain(..boxed).collect();
            log!(
                self,
                Some(self.rules.text("setup.events.short-game")),
                "boxed",
                TO_ALL,
                vec![Value::Int(s.remove_from_top as i64)]
            );
        }
        let size = deck.len() as i64;
        self.own.event_deck = deck.into();
        log!(
            self,
            Some(self.rules.text("setup.events.armada-bottom")),
            "event-deck",
            TO_ALL,
            vec![Value::Int(size), Value::Bool(s.among_last == 0)]
        );
        self.deal_row()?;
        let dealt = self.own.row.iter().filter(|c| c.is_some()).count() as i64;
        log!(
            self,
            Some(self.rules.text("setup.events.row")),
            "row-dealt",
            TO_ALL,
            vec![Value::Int(dealt)]
        );
        Ok(())
    }

    fn place_pawns(&mut self, s: &Setup) -> Result<(), Fail> {
        let order: Vec<Value> = (0..self.players).map(Value::Int).collect();
        let seats: Vec<i64> = self
            .shuffled(order, "setup")?
            .iter()
            .map(|v| v.int().unwrap_or(0))
            .collect();
        let drawn = Value::tuple(seats.iter().map(|x| Value::Int(*x)).collect());
        if let Some(p) = s.pawns_program {
            log!(
                self,
                Some(self.rules.text("setup.pawns")),
                "pawn-draw",
                TO_ALL,
                vec![drawn.clone()]
            );
            let env = self.env_of(&[("drawn", drawn)]);
            self.push_program(p, env);
            return Ok(());
        }
        for (i, seat) in seats.iter().enumerate() {
            let place = s.pawn_order[i % s.pawn_order.len()] as usize;
            self.own.lines[place].push(*seat);
        }
        let lines = self
            .own
            .lines
            .iter()
            .take(2)
            .map(|l| Value::tuple(l.iter().map(|x| Value::Int(*x)).collect()))
            .collect();
        log!(
            self,
            Some(self.rules.text("setup.pawns")),
            "pawns",
            TO_ALL,
            vec![Value::tuple(lines)]
        );
        Ok(())
    }
}

//! Tortuga 1667's words, natively: the twin of `games/tortuga1667/verbs.py`,
//! `functions.py`, `roles.py`, `voting.py` and its rule procedures (`procedures/`): turns,
//! pawns, hands, checks, chests, the row, reveals, votes, reactions and the ending. Every
//! rule a card, action or vote brings stays in the compiled programs these words serve.

use std::rc::Rc;

use crate::eval::{combinations, number, show};
use crate::fail::Fail;
use crate::game::{log, position as at, seat_index, set_env, After, Game, TO_ALL};
use crate::rules::{Guarded, MemoKey, T1667};
use crate::value::{grouped, Value};
use crate::words::{Internal, TFunc, TVerb};

type R<T> = Result<T, Fail>;
type Env = Vec<(u32, Value)>;

const TORTUGA: i64 = 2;
const MAX_OPTIONS: usize = 10_000;

/// A way to play vote cards: whether several at once (a card's `vote_play`), and the
/// cards.
pub type VotePlay = (bool, Vec<Rc<str>>);

/// A vote being collected (`model/state.py`'s `Vote`).
#[derive(Clone, Debug)]
pub struct VoteState {
    pub kind: Rc<str>,
    pub caller: i64,
    pub place: i64,
    pub participants: Vec<i64>,
    pub played: Vec<(i64, Vec<Rc<str>>)>,
    pub revealed: Vec<Rc<str>>,
}

/// Tortuga 1667's own fields of a state (`games/tortuga1667/state.py`).
#[derive(Clone, Debug, Default)]
pub struct TState {
    pub loyalty: Vec<Value>,
    pub lines: Vec<Vec<i64>>,
    pub sunk: Vec<bool>,
    pub chests: Vec<i64>,
    pub hands: Vec<Vec<Rc<str>>>,
    pub vote_deck: Vec<Rc<str>>,
    pub event_deck: Vec<Rc<str>>,
    pub row: Vec<Option<Rc<str>>>,
    pub discard: Vec<Rc<str>>,
    pub resolving: Vec<Rc<str>>,
    pub removed: Vec<Rc<str>>,
    pub kept: Vec<Vec<Rc<str>>>,
    pub marks: Vec<Vec<Rc<str>>>,
    pub seen: Vec<i64>,
    pub starred: Value,
    pub turn: i64,
    pub actions_left: i64,
    pub turn_number: i64,
    pub vote: Option<VoteState>,
    pub tiebreak: i64,
    pub tie_level: i64,
}

/// The facets of one position for one seat as packed memo-key parts, each packed when an
/// action's key first needs it: its bytes and their count ([`NOT_YET`]: not packed yet,
/// [`WONT`]: it does not pack).
struct Facts<'a> {
    texts: &'a std::cell::RefCell<crate::rules::TextIds>,
    bits: [u128; crate::rules::FACETS],
    lens: [u8; crate::rules::FACETS],
}

const NOT_YET: u8 = 255;
const WONT: u8 = 254;

impl<'a> Facts<'a> {
    fn new(texts: &'a std::cell::RefCell<crate::rules::TextIds>) -> Facts<'a> {
        Facts {
            texts,
            bits: [0; crate::rules::FACETS],
            lens: [NOT_YET; crate::rules::FACETS],
        }
    }
}

fn text(s: &Rc<str>) -> Value {
    Value::Str(s.clone())
}

fn texts(xs: &[Rc<str>]) -> Value {
    Value::tuple(xs.iter().map(text).collect())
}

fn ints(xs: &[i64]) -> Value {
    Value::tuple(xs.iter().map(|x| Value::Int(*x)).collect())
}

pub(crate) fn card_of(v: &Value) -> R<Rc<str>> {
    match v {
        Value::Str(s) => Ok(s.clone()),
        other => Err(Fail::type_error(format!("a card id, not {}", other.repr()))),
    }
}

fn list_remove(xs: &mut Vec<Rc<str>>, x: &str) -> R<()> {
    match xs.iter().position(|c| c.as_ref() == x) {
        Some(i) => {
            xs.remove(i);
            Ok(())
        }
        None => Err(Fail::value("list.remove(x): x not in list")),
    }
}

impl Game {
    fn tr(&self) -> &T1667 {
        self.rules.t.as_ref().expect("Tortuga 1667's tables")
    }

    pub fn place(&self, p: i64) -> Value {
        Value::Named(self.tr().place_kind, p)
    }

    pub fn spot(&self, s: i64) -> Value {
        Value::Named(self.tr().spot_kind, s)
    }

    fn seat_at(&self, v: &Value) -> R<usize> {
        seat_index(v, self.players)
    }

    /// The place where `seat`'s pawn stands.
    pub fn where_(&self, seat: i64) -> R<i64> {
        for (p, line) in self.t.lines.iter().enumerate() {
            if line.contains(&seat) {
                return Ok(p as i64);
            }
        }
        Err(Fail::other(
            "AssertionError",
            format!("seat {} has no pawn on the board", seat),
        ))
    }

    fn evaluate(&self, guard: &crate::rules::Expr, env: &[(u32, Value)]) -> R<bool> {
        Ok(self.eval(guard, env)?.truthy())
    }

    fn name_id(&self, name: &'static str) -> u32 {
        self.rules.names.borrow_mut().fixed(name)
    }

    /// An environment binding `pairs` (names of the engine's own code).
    pub(crate) fn env_of(&self, pairs: &[(&'static str, Value)]) -> Env {
        let mut names = self.rules.names.borrow_mut();
        pairs
            .iter()
            .map(|(k, v)| (names.fixed(k), v.clone()))
            .collect()
    }

    fn builtin(&self, name: &str) -> usize {
        self.rules.builtin(name).expect("a builtin program")
    }

    /// `items` in a random order, or the order fixed for `purpose` (`Workspace.shuffled`).
    pub fn shuffled(&mut self, items: Vec<Value>, purpose: &str) -> R<Vec<Value>> {
        if let Some((p, v)) = self.rigged.first() {
            if p.as_ref() == purpose {
                let v = v.clone();
                self.rigged.remove(0);
                let fixed = v.to_items()?.to_vec();
                let key = |xs: &[Value]| {
                    let mut k: Vec<String> = xs.iter().map(py_str).collect();
                    k.sort();
                    k
                };
                if key(&fixed) != key(&items) {
                    let shown: Vec<String> = fixed.iter().map(|x| x.repr()).collect();
                    let want: Vec<String> = key(&items)
                        .iter()
                        .map(|x| crate::value::str_repr(x))
                        .collect();
                    return Err(Fail::rigged(format!(
                        "the fixed {} [{}] is not an order of [{}]",
                        purpose,
                        shown.join(", "),
                        want.join(", ")
                    )));
                }
                return Ok(fixed);
            }
        }
        let mut out = items;
        let n = out.len();
        for i in (1..n).rev() {
            let j = crate::rng::below(&mut self.rng, i + 1);
            out.swap(i, j);
        }
        Ok(out)
    }

    // -- checks, chests, pawns, hands ----------------------------------------------------

    fn standing_checks(&mut self, pawns: bool) -> R<()> {
        let rules = self.rules.clone();
        let t = rules.t.as_ref().expect("tables");
        let checks: &Vec<Guarded> = if pawns {
            &t.checks_pawns
        } else {
            &t.checks_kept
        };
        for g in checks {
            if self.evaluate(&g.guard, &[])? {
                self.push_program(g.program, Vec::new());
            }
        }
        Ok(())
    }

    fn move_chests(&mut self, src: usize, dst: usize, count: i64, clause: Option<Rc<str>>) {
        let count = count.min(self.t.chests[src]);
        if count <= 0 || src == dst {
            return;
        }
        self.t.chests[src] -= count;
        self.t.chests[dst] += count;
        log!(
            self,
            clause,
            "chests",
            TO_ALL,
            vec![
                self.spot(src as i64),
                self.spot(dst as i64),
                Value::Int(count)
            ]
        );
    }

    fn move_to_back(&mut self, seat: i64, dest: i64, clause: &str, kind: &'static str) -> R<()> {
        let src = self.where_(seat)?;
        let line = &mut self.t.lines[src as usize];
        let i = line.iter().position(|s| *s == seat).unwrap_or(0);
        line.remove(i);
        self.t.lines[dest as usize].push(seat);
        log!(
            self,
            Some(Rc::from(clause)),
            kind,
            TO_ALL,
            vec![Value::Int(seat), self.place(src), self.place(dest)]
        );
        self.standing_checks(true)
    }

    fn maroon(&mut self, seat: i64) -> R<()> {
        let src = self.where_(seat)?;
        if src == TORTUGA {
            self.move_to_back(seat, TORTUGA, "maroon.from-tortuga.back", "maroon")?;
            let hand = self.t.hands[seat as usize].clone();
            let program = self.rules.program("marooning:lose-card");
            if !hand.is_empty() {
                if let Some(p) = program {
                    let env = self.env_of(&[("seat", Value::Int(seat))]);
                    self.push_program(p, env);
                } else {
                    let card =
                        self.pick(&hand.iter().map(text).collect::<Vec<_>>(), "lost-card")?;
                    self.lose_vote_card(
                        seat,
                        &card_of(&card)?,
                        Some(self.rules.text("maroon.from-tortuga.lose-card")),
                    )?;
                }
            }
            Ok(())
        } else if src >= 3 {
            self.move_to_back(seat, TORTUGA, "maroon.from-rowboat", "maroon")
        } else {
            self.move_to_back(seat, TORTUGA, "maroon.from-ship", "maroon")
        }
    }

    fn add_kept(&mut self, seat: usize, card: Rc<str>) -> R<()> {
        self.t.kept[seat].push(card.clone());
        log!(
            self,
            None,
            "keep",
            TO_ALL,
            vec![Value::Int(seat as i64), text(&card)]
        );
        self.standing_checks(false)
    }

    fn remove_kept(&mut self, seat: usize, card: &Rc<str>) {
        let kept = &mut self.t.kept[seat];
        if let Some(i) = kept.iter().position(|c| c == card) {
            kept.remove(i);
            self.t.discard.push(card.clone());
            log!(
                self,
                None,
                "discard-kept",
                TO_ALL,
                vec![Value::Int(seat as i64), text(card)]
            );
        }
    }

    pub(crate) fn add_mark(&mut self, seat: usize, name: Rc<str>) {
        self.t.marks[seat].push(name);
    }

    fn remove_mark(&mut self, seat: usize, name: &str) -> bool {
        let marks = &mut self.t.marks[seat];
        match marks.iter().position(|m| m.as_ref() == name) {
            Some(i) => {
                marks.remove(i);
                true
            }
            None => false,
        }
    }

    fn draw_vote_card(&mut self, seat: usize, clause: Option<Rc<str>>) -> bool {
        if self.t.vote_deck.is_empty() {
            return false;
        }
        let card = self.t.vote_deck.remove(0);
        self.t.hands[seat].push(card.clone());
        log!(
            self,
            clause.clone(),
            "vote-draw",
            TO_ALL,
            vec![Value::Int(seat as i64)]
        );
        log!(
            self,
            clause,
            "vote-drew",
            seat as i64,
            vec![Value::Int(seat as i64), text(&card)]
        );
        true
    }

    fn lose_vote_card(&mut self, seat: i64, card: &Rc<str>, clause: Option<Rc<str>>) -> R<()> {
        list_remove(&mut self.t.hands[seat as usize], card)?;
        self.t.vote_deck.push(card.clone());
        log!(
            self,
            clause.clone(),
            "lose-card",
            TO_ALL,
            vec![Value::Int(seat)]
        );
        log!(
            self,
            clause,
            "lost-card",
            seat,
            vec![Value::Int(seat), text(card)]
        );
        Ok(())
    }

    /// `give_vote(src, dst, card)`: `src` gives `card` from their hand to `dst`; the
    /// table sees a vote card change hands (`give-vote`), only the two players which
    /// (`gave-vote`, once to each). A card not in `src`'s hand is refused as the reference
    /// refuses it, naming the hand (checked before `dst` is read, as there).
    fn give_vote(&mut self, src: &Value, dst: &Value, card: &Value) -> R<()> {
        let s = self.seat_at(src)?;
        let hand = &self.t.hands[s];
        if !hand.iter().any(|c| matches!(card, Value::Str(x) if x == c)) {
            let mut held: Vec<&Rc<str>> = hand.iter().collect();
            held.sort();
            let shown: Vec<String> = held.iter().map(|c| show(&text(c))).collect();
            let shown = if shown.is_empty() {
                "empty".to_string()
            } else {
                shown.join(", ")
            };
            return Err(Fail::value(format!(
                "seat {} holds no vote card {} to give (their hand: {})",
                src.repr(),
                show(card),
                shown
            )));
        }
        let card = card_of(card)?;
        list_remove(&mut self.t.hands[s], &card)?;
        let d = self.seat_at(dst)?;
        self.t.hands[d].push(card.clone());
        log!(
            self,
            None,
            "give-vote",
            TO_ALL,
            vec![src.clone(), dst.clone()]
        );
        let args = vec![src.clone(), dst.clone(), text(&card)];
        log!(self, None, "gave-vote", s as i64, args.clone());
        if d != s {
            log!(self, None, "gave-vote", d as i64, args);
        }
        Ok(())
    }

    // -- the row ---------------------------------------------------------------------------

    fn forget_slots(&mut self, mask: i64) {
        if self.t.seen.iter().any(|s| s & mask != 0) {
            for s in self.t.seen.iter_mut() {
                *s &= !mask;
            }
        }
    }

    fn peek(&mut self, seat: usize, slots: &Value) -> R<()> {
        let slots = slots.to_items()?;
        let mut mask = 0i64;
        let mut cards = Vec::new();
        for s in slots.iter() {
            let k = number(s)?;
            mask |= 1 << (k - 1);
        }
        self.t.seen[seat] |= mask;
        for s in slots.iter() {
            let k = number(s)?;
            let card = crate::value::py_index(self.t.row.len(), k - 1)
                .map(|i| self.t.row[i].clone())
                .ok_or_else(|| Fail::index_error("tuple index out of range"))?;
            cards.push(Value::tuple(vec![
                s.clone(),
                card.map(|c| text(&c)).unwrap_or(Value::None),
            ]));
        }
        let clause: Option<Rc<str>> = Some(self.rules.text("action.view.secret"));
        log!(
            self,
            clause.clone(),
            "peek",
            TO_ALL,
            vec![Value::Int(seat as i64), Value::tuple(slots.to_vec())]
        );
        log!(
            self,
            clause,
            "peek-cards",
            seat as i64,
            vec![Value::Int(seat as i64), Value::tuple(cards)]
        );
        Ok(())
    }

    fn take_resolving(&mut self, card: &str) -> bool {
        match self.t.resolving.iter().rposition(|c| c.as_ref() == card) {
            Some(i) => {
                self.t.resolving.remove(i);
                true
            }
            None => false,
        }
    }

    fn reshuffle_row(&mut self) -> R<()> {
        let slots: Vec<usize> = (0..self.t.row.len())
            .filter(|i| self.t.row[*i].is_some())
            .collect();
        let cards: Vec<Value> = slots
            .iter()
            .map(|i| text(self.t.row[*i].as_ref().unwrap()))
            .collect();
        let cards = self.shuffled(cards, "row-reshuffle")?;
        for (i, c) in slots.iter().zip(cards.iter()) {
            self.t.row[*i] = Some(card_of(c)?);
        }
        let n = self.t.row.len();
        self.forget_slots((1 << n) - 1);
        let listed = Value::tuple(slots.iter().map(|i| Value::Int(*i as i64 + 1)).collect());
        log!(
            self,
            Some(Rc::from("end.row-reshuffle")),
            "row-reshuffle",
            TO_ALL,
            vec![listed]
        );
        Ok(())
    }

    pub(crate) fn deal_row(&mut self) -> R<()> {
        let size = self.tr().row_size;
        let deck = std::mem::take(&mut self.t.event_deck);
        self.t.row = (0..size).map(|i| deck.get(i).cloned()).collect();
        self.t.event_deck = deck.into_iter().skip(size).collect();
        self.forget_slots((1 << size) - 1);
        if self.t.event_deck.is_empty() && self.option_true("reshuffle_row_at_deck_end") {
            self.reshuffle_row()?;
        }
        Ok(())
    }

    fn option_true(&self, name: &str) -> bool {
        self.rules.option(name).map(|v| v.truthy()).unwrap_or(false)
    }

    fn option_text(&self, name: &str, default: &str) -> String {
        match self.rules.option(name) {
            Some(Value::Str(s)) => s.to_string(),
            _ => default.to_string(),
        }
    }

    // -- reveals ---------------------------------------------------------------------------

    fn reveal(&mut self, slot: &Value, revealer: &Value) -> R<()> {
        let k = number(slot)?;
        let i = crate::value::py_index(self.t.row.len(), k - 1)
            .ok_or_else(|| Fail::index_error("tuple index out of range"))?;
        let card = self.t.row[i].clone();
        if card.is_none() {
            return Err(Fail::value(format!(
                "row slot {} holds no card to reveal",
                slot.repr()
            )));
        }
        self.t.row[i] = None;
        self.forget_slots(1 << (k - 1));
        let card_v = card.as_ref().map(text).unwrap_or(Value::None);
        log!(
            self,
            Some(Rc::from("event.reveal")),
            "reveal",
            TO_ALL,
            vec![revealer.clone(), slot.clone(), card_v.clone()]
        );
        let card = card.ok_or_else(|| Fail::key_error("None".into()))?;
        self.t.resolving.push(card.clone());
        let env = self.env_of(&[("slot", slot.clone()), ("card", card_v.clone())]);
        let finish = self.builtin("finish-reveal");
        self.push_program(finish, env);
        let env = self.env_of(&[
            ("revealer", revealer.clone()),
            ("slot", slot.clone()),
            ("card", card_v),
        ]);
        let rules = self.rules.clone();
        let t = rules.t.as_ref().expect("tables");
        for g in t.after_reveal.iter().rev() {
            if self.evaluate(&g.guard, &env)? {
                self.push_program(g.program, env.clone());
            }
        }
        let program = *t
            .event_programs
            .get(&card)
            .ok_or_else(|| Fail::key_error(crate::value::str_repr(&card)))?;
        self.push_program(program, env);
        Ok(())
    }

    fn env_get(&self, fi: usize, name: &'static str) -> Option<Value> {
        let id = self.name_id(name);
        self.frames[fi]
            .env
            .iter()
            .find(|(k, _)| *k == id)
            .map(|(_, v)| v.clone())
    }

    fn env_need(&self, fi: usize, name: &'static str) -> R<Value> {
        self.env_get(fi, name)
            .ok_or_else(|| Fail::key_error(crate::value::str_repr(name)))
    }

    fn finish_reveal(&mut self, fi: usize) -> R<After> {
        let card = card_of(&self.env_need(fi, "card")?)?;
        if self.take_resolving(&card) {
            self.t.discard.push(card.clone());
            log!(
                self,
                Some(Rc::from("event.discard")),
                "discard",
                TO_ALL,
                vec![text(&card)]
            );
        }
        if self.outcome.is_some() || matches!(self.judge_tiebreak()?, After::Halt) {
            return Ok(After::Halt);
        }
        let slot = number(&self.env_need(fi, "slot")?)?;
        let i = (slot - 1) as usize;
        if self.t.row[i].is_none() && !self.t.event_deck.is_empty() {
            let c = self.t.event_deck.remove(0);
            self.t.row[i] = Some(c);
            log!(
                self,
                Some(Rc::from("event.refill")),
                "refill",
                TO_ALL,
                vec![Value::Int(slot)]
            );
            if self.t.event_deck.is_empty() && self.option_true("reshuffle_row_at_deck_end") {
                self.reshuffle_row()?;
            }
        }
        if self.t.tiebreak != 0
            && self.t.event_deck.is_empty()
            && self.t.row.iter().all(|c| c.is_none())
        {
            return self.start_tiebreak("end.tie-breaker.rebuild");
        }
        Ok(After::Go)
    }

    // -- the ending --------------------------------------------------------------------------

    fn team_totals(&self) -> (i64, i64) {
        let c = &self.t.chests;
        (c[1] + c[3] + c[5], c[2] + c[4] + c[6])
    }

    fn finish_teams(&mut self, winners: Vec<&str>, clause: &str) -> After {
        let (brit, french) = self.team_totals();
        self.outcome = Some(crate::game::Outcome {
            winners: winners.iter().map(|w| Value::text(w)).collect(),
            chests: vec![
                (Value::text("british"), brit),
                (Value::text("french"), french),
            ],
            reason: Value::text(clause),
            scores: Vec::new(),
        });
        self.decision = None;
        let w = Value::tuple(winners.iter().map(|x| Value::text(x)).collect());
        log!(
            self,
            Some(Rc::from(clause)),
            "game-over",
            TO_ALL,
            vec![w, Value::Int(brit), Value::Int(french)]
        );
        After::Halt
    }

    fn end_game(&mut self, fi: usize) -> R<After> {
        let (brit, french) = self.team_totals();
        log!(
            self,
            Some(Rc::from("end.score")),
            "score",
            TO_ALL,
            vec![Value::Int(brit), Value::Int(french)]
        );
        if brit != french {
            return Ok(self.finish_teams(
                vec![if brit > french { "british" } else { "french" }],
                "end.score",
            ));
        }
        if self.players % 2 != 0 {
            return Ok(self.finish_teams(vec!["dutch"], "end.tie.odd"));
        }
        if let Some(Value::Str(card)) = self.env_get(fi, "card") {
            if self.take_resolving(&card) {
                self.t.removed.push(card);
            }
        }
        self.t.tie_level = brit;
        self.start_tiebreak("end.tie.even")
    }

    fn start_tiebreak(&mut self, clause: &str) -> R<After> {
        self.t.tiebreak += 1;
        let rounds = self
            .rules
            .option("tiebreak_rounds")
            .and_then(|v| v.numeric())
            .unwrap_or(0);
        if self.t.tiebreak > rounds {
            return Ok(self.finish_teams(vec!["british", "french"], "end.tie-breaker.draw"));
        }
        let mut pool = self.t.discard.clone();
        let mut unrevealed = self.t.event_deck.clone();
        unrevealed.extend(self.t.row.iter().flatten().cloned());
        if self.option_text("tiebreak_pool", "discard-and-unrevealed") == "discard-and-unrevealed" {
            pool.extend(unrevealed);
        } else {
            self.t.removed.extend(unrevealed);
        }
        self.t.discard.clear();
        let n = pool.len();
        let shuffled = self.shuffled(pool.iter().map(text).collect(), "tiebreak-deck")?;
        self.t.event_deck = shuffled.iter().map(card_of).collect::<R<_>>()?;
        self.deal_row()?;
        log!(
            self,
            Some(Rc::from(clause)),
            "tiebreak",
            TO_ALL,
            vec![Value::Int(self.t.tiebreak), Value::Int(n as i64)]
        );
        Ok(After::Go)
    }

    fn judge_tiebreak(&mut self) -> R<After> {
        if self.t.tiebreak == 0 || self.outcome.is_some() {
            return Ok(After::Go);
        }
        let (brit, french) = self.team_totals();
        if brit == french {
            return Ok(After::Go);
        }
        let (leader, total) = if brit > french {
            ("british", brit)
        } else {
            ("french", french)
        };
        if self.option_text("tiebreak_win", "lead") == "gain" && total <= self.t.tie_level {
            return Ok(After::Go);
        }
        log!(
            self,
            Some(Rc::from("end.tie-breaker.judged")),
            "rule",
            TO_ALL,
            vec![]
        );
        Ok(self.finish_teams(vec![leader], "end.tie-breaker.lead"))
    }

    // -- turns -------------------------------------------------------------------------------

    fn decide_plain(&mut self, seat: i64, kind: &'static str, clause: &'static str) {
        self.decision = Some(crate::game::Decision {
            seat: Value::Int(seat),
            kind: self.rules.text(kind),
            name: None,
            options: Rc::from(Vec::new()),
            clause: Some(self.rules.text(clause)),
        });
    }

    fn start_turn(&mut self, seat: i64) -> R<After> {
        self.t.turn = seat;
        let t = self.tr();
        let per_turn = t
            .actions_by_players
            .iter()
            .find(|(p, _)| *p == self.players)
            .map(|(_, a)| *a)
            .unwrap_or(t.actions_default);
        self.t.actions_left = per_turn;
        self.t.turn_number += 1;
        log!(
            self,
            Some(Rc::from("turn.order")),
            "turn",
            TO_ALL,
            vec![Value::Int(seat), Value::Int(self.t.turn_number)]
        );
        let env = self.env_of(&[("seat", Value::Int(seat))]);
        let rules = self.rules.clone();
        let mut hooks = Vec::new();
        for g in rules.t.as_ref().expect("tables").before_turn.iter() {
            if self.evaluate(&g.guard, &env)? {
                hooks.push(g.program);
            }
        }
        if hooks.is_empty() {
            self.decide_plain(seat, "action", "turn.actions");
            return Ok(After::Suspend);
        }
        let begin = self.builtin("begin-turn");
        self.push_program(begin, env.clone());
        for p in hooks.into_iter().rev() {
            self.push_program(p, env.clone());
        }
        Ok(After::Go)
    }

    fn begin_turn(&mut self) -> R<After> {
        if self.outcome.is_some() {
            return Ok(After::Halt);
        }
        if self.t.actions_left <= 0 {
            return self.start_turn((self.t.turn + 1).rem_euclid(self.players));
        }
        self.decide_plain(self.t.turn, "action", "turn.actions");
        Ok(After::Suspend)
    }

    fn finish_action(&mut self) -> R<After> {
        if self.outcome.is_some() || matches!(self.judge_tiebreak()?, After::Halt) {
            return Ok(After::Halt);
        }
        self.t.actions_left -= 1;
        let left = self.t.actions_left;
        if left > 0 {
            log!(
                self,
                Some(Rc::from("turn.actions")),
                "actions-left",
                TO_ALL,
                vec![Value::Int(self.t.turn), Value::Int(left)]
            );
            self.decide_plain(self.t.turn, "action", "turn.actions");
            return Ok(After::Suspend);
        }
        self.start_turn((self.t.turn + 1).rem_euclid(self.players))
    }

    fn start_play(&mut self) -> R<After> {
        let first = self.tr().first_player_ship;
        for place in [first, 1 - first, TORTUGA] {
            if let Some(s) = self.t.lines[place as usize].first() {
                self.t.turn = *s;
                break;
            }
        }
        log!(
            self,
            Some(Rc::from("setup.first-player")),
            "first-player",
            TO_ALL,
            vec![Value::Int(self.t.turn)]
        );
        self.start_turn(self.t.turn)
    }

    // -- votes -------------------------------------------------------------------------------

    fn call_vote(&mut self, kind: Rc<str>, caller: i64) -> R<After> {
        let cause: Rc<str> = Rc::from(format!("vote:{}", kind).as_str());
        let rules = self.rules.clone();
        let t = rules.t.as_ref().expect("tables");
        let mut owners: Vec<i64> = Vec::new();
        for (event, entries) in t.reactions.iter() {
            if event.as_ref() != "vote-call" {
                continue;
            }
            for (card, causes, _) in entries {
                if causes.contains(&cause) {
                    for (s, k) in self.t.kept.iter().enumerate() {
                        if k.contains(card) && !owners.contains(&(s as i64)) {
                            owners.push(s as i64);
                        }
                    }
                }
            }
        }
        owners.sort();
        if owners.is_empty() {
            return self.open_vote(kind, caller);
        }
        let env = self.env_of(&[("kind", text(&kind)), ("caller", Value::Int(caller))]);
        let open = self.builtin("open-vote");
        self.push_program(open, env);
        let place = self.where_(caller)?;
        let ask = self.builtin("ask");
        for owner in owners.into_iter().rev() {
            let env = self.env_of(&[
                ("event", Value::text("vote-call")),
                ("owner", Value::Int(owner)),
                ("cause", text(&cause)),
                ("caller", Value::Int(caller)),
                ("place", self.place(place)),
            ]);
            self.push_program(ask, env);
        }
        Ok(After::Go)
    }

    fn open_vote(&mut self, kind: Rc<str>, caller: i64) -> R<After> {
        let rules = self.rules.clone();
        let t = rules.t.as_ref().expect("tables");
        let vdef = t
            .vote(&kind)
            .ok_or_else(|| Fail::key_error(crate::value::str_repr(&kind)))?;
        let place = self.where_(caller)?;
        let env = self.env_of(&[("caller", Value::Int(caller)), ("place", self.place(place))]);
        let candidates = self.eval(&vdef.participants, &env)?.to_items()?;
        let mut participants = Vec::new();
        let mut left_out = Vec::new();
        for s in candidates.iter() {
            let k = self.seat_at(s)?;
            if self.t.hands[k].is_empty() {
                left_out.push(number(s)?);
            } else {
                participants.push(number(s)?);
            }
        }
        if !t.sit_outs.is_empty() {
            let mut kept = Vec::new();
            for s in participants {
                if !self.sits_out(s as usize, &kind)? {
                    kept.push(s);
                }
            }
            participants = kept;
        }
        log!(
            self,
            Some(vdef.participants_clause.clone()),
            "vote-call",
            TO_ALL,
            vec![
                text(&kind),
                Value::Int(caller),
                self.place(place),
                ints(&participants)
            ]
        );
        if !left_out.is_empty() {
            log!(
                self,
                Some(Rc::from("vote.participants.no-cards")),
                "vote-no-cards",
                TO_ALL,
                vec![ints(&left_out)]
            );
        }
        let mut boats = Vec::new();
        for b in t.adjacent[place as usize].iter() {
            if *b >= 3 {
                boats.extend(self.t.lines[*b as usize].iter().copied());
            }
        }
        if !boats.is_empty() {
            log!(
                self,
                Some(Rc::from("vote.participants.rowboat")),
                "vote-rowboat",
                TO_ALL,
                vec![ints(&boats)]
            );
        }
        let first = participants.first().copied();
        self.t.vote = Some(VoteState {
            kind,
            caller,
            place,
            participants,
            played: Vec::new(),
            revealed: Vec::new(),
        });
        if let Some(s) = first {
            self.decide_plain(s, "vote", "vote.procedure.play");
            return Ok(After::Suspend);
        }
        self.resolve_vote()
    }

    fn sits_out(&mut self, seat: usize, kind: &Rc<str>) -> R<bool> {
        let rules = self.rules.clone();
        let t = rules.t.as_ref().expect("tables");
        for (card, votes, clause, done) in t.sit_outs.iter() {
            if self.t.kept[seat].contains(card) {
                let name: Rc<str> = Rc::from(format!("{}-skipped", card).as_str());
                self.add_mark(seat, name.clone());
                log!(
                    self,
                    Some(clause.clone()),
                    "sits-out",
                    TO_ALL,
                    vec![Value::Int(seat as i64), text(kind), text(card)]
                );
                if self.t.marks[seat].iter().filter(|m| **m == name).count() as i64 >= *votes {
                    self.t.marks[seat].retain(|m| *m != name);
                    self.set_running_clause(Some(done.clone()));
                    self.remove_kept(seat, card);
                }
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// The pending voter puts `cards` face down (`GameKind.answer`); After::Go: run on.
    pub fn play_vote(&mut self, cards: Vec<Rc<str>>) -> R<After> {
        let seat = self
            .decision
            .as_ref()
            .and_then(|d| d.seat.int())
            .unwrap_or(0);
        let s = seat as usize;
        for c in cards.iter() {
            list_remove(&mut self.t.hands[s], c)?;
        }
        let rules = self.rules.clone();
        let t = rules.t.as_ref().expect("tables");
        if cards.len() > 1 {
            for (card, n, clause, _) in t.vote_plays.iter() {
                if *n == cards.len() as i64 && self.t.kept[s].contains(card) {
                    self.set_running_clause(Some(clause.clone()));
                    log!(self, Some(clause.clone()), "rule", TO_ALL, vec![]);
                    self.remove_kept(s, card);
                    break;
                }
            }
        } else {
            for (card, _, clause, only_next) in t.vote_plays.iter() {
                let lapsed: Rc<str> = Rc::from(format!("{}-lapsed", card).as_str());
                if *only_next && self.t.kept[s].contains(card) && !self.t.marks[s].contains(&lapsed)
                {
                    self.add_mark(s, lapsed.clone());
                    log!(
                        self,
                        Some(clause.clone()),
                        "mark",
                        TO_ALL,
                        vec![ints(&[seat]), text(&lapsed)]
                    );
                }
            }
        }
        let vote = self
            .t
            .vote
            .as_mut()
            .ok_or_else(|| Fail::value("no vote is being collected"))?;
        vote.played.push((seat, cards.clone()));
        vote.revealed.clear();
        let played = vote.played.len();
        let next = vote.participants.get(played).copied();
        self.decision = None;
        let clause: Option<Rc<str>> = Some(self.rules.text("vote.procedure.play"));
        log!(
            self,
            clause.clone(),
            "vote-played",
            TO_ALL,
            vec![Value::Int(seat), Value::Int(cards.len() as i64)]
        );
        log!(
            self,
            clause,
            "vote-played-cards",
            seat,
            vec![Value::Int(seat), texts(&cards)]
        );
        if let Some(n) = next {
            self.decide_plain(n, "vote", "vote.procedure.play");
            return Ok(After::Suspend);
        }
        self.resolve_vote()
    }

    fn resolve_vote(&mut self) -> R<After> {
        let rules = self.rules.clone();
        let t = rules.t.as_ref().expect("tables");
        let vote = self.t.vote.clone().expect("a vote");
        let vdef = t
            .vote(&vote.kind)
            .ok_or_else(|| Fail::key_error(crate::value::str_repr(&vote.kind)))?;
        let mut cards: Vec<Rc<str>> = vote
            .played
            .iter()
            .flat_map(|(_, cs)| cs.iter().cloned())
            .collect();
        if !self.t.vote_deck.is_empty() {
            let c = self.t.vote_deck.remove(0);
            cards.push(c);
            log!(
                self,
                Some(Rc::from("vote.procedure.deck-card")),
                "vote-deck-card",
                TO_ALL,
                vec![]
            );
        }
        cards.sort();
        if let Some(v) = self.t.vote.as_mut() {
            v.revealed = cards.clone();
        }
        let icons: Vec<Rc<str>> = t
            .section_icons
            .iter()
            .find(|(s, _)| *s == vdef.section)
            .map(|(_, i)| i.clone())
            .unwrap_or_default();
        let mut counts: Vec<(Rc<str>, i64)> = icons.iter().map(|i| (i.clone(), 0)).collect();
        let mut doubles = Vec::new();
        for c in cards.iter() {
            let card = t
                .vote_cards
                .get(c)
                .ok_or_else(|| Fail::key_error(crate::value::str_repr(c)))?;
            let section = card
                .iter()
                .find(|(s, _)| *s == vdef.section)
                .map(|(_, x)| x.clone())
                .unwrap_or_default();
            for (icon, k) in section.iter() {
                match counts.iter_mut().find(|(i, _)| i == icon) {
                    Some(slot) => slot.1 += k,
                    None => return Err(Fail::key_error(crate::value::str_repr(icon))),
                }
                if *k > 1 {
                    doubles.push(c.clone());
                }
            }
        }
        let mut env = self.env_of(&[
            ("caller", Value::Int(vote.caller)),
            ("place", self.place(vote.place)),
            ("cards", texts(&cards)),
        ]);
        {
            let mut names = self.rules.names.borrow_mut(); // the rules' icons
            env.extend(
                counts
                    .iter()
                    .map(|(icon, k)| (names.intern(icon), Value::Int(*k))),
            );
        }
        let mut sorted = counts.clone();
        sorted.sort_by(|a, b| a.0.cmp(&b.0));
        let listed = Value::tuple(
            sorted
                .iter()
                .map(|(i, k)| Value::tuple(vec![text(i), Value::Int(*k)]))
                .collect(),
        );
        log!(
            self,
            Some(Rc::from("vote.procedure.count")),
            "vote-reveal",
            TO_ALL,
            vec![text(&vote.kind), texts(&cards), listed]
        );
        if !doubles.is_empty() {
            log!(
                self,
                Some(Rc::from("vote.double-icons")),
                "double-icons",
                TO_ALL,
                vec![texts(&doubles)]
            );
        }
        let finish = self.builtin("finish-vote");
        self.push_program(finish, Vec::new());
        if let Some(success) = &vdef.success {
            let ok = self.evaluate(success, &env)?;
            log!(
                self,
                vdef.success_clause.clone(),
                "vote-result",
                TO_ALL,
                vec![text(&vote.kind), Value::Bool(ok)]
            );
            if !ok {
                return Ok(After::Go);
            }
        }
        self.push_program(vdef.program, env);
        Ok(After::Go)
    }

    fn finish_vote(&mut self) -> R<After> {
        let vote = self.t.vote.clone().expect("a vote");
        let cards = self.shuffled(vote.revealed.iter().map(text).collect(), "vote-return")?;
        let n = cards.len();
        for c in cards.iter() {
            self.t.vote_deck.push(card_of(c)?);
        }
        log!(
            self,
            Some(Rc::from("vote.procedure.return")),
            "vote-return",
            TO_ALL,
            vec![Value::Int(n as i64)]
        );
        for (seat, _) in vote.played.iter() {
            if !self.draw_vote_card(*seat as usize, Some(self.rules.text("vote.procedure.draw"))) {
                break;
            }
        }
        self.t.vote = None;
        self.judge_tiebreak()
    }

    // -- reactions -----------------------------------------------------------------------------

    fn options_for(
        &mut self,
        event: &str,
        owner: i64,
        env: &[(&'static str, Value)],
    ) -> R<Vec<Rc<str>>> {
        let mut full: Vec<(&str, Value)> = env.to_vec();
        full.push(("owner", Value::Int(owner)));
        let env = self.env_of(&full);
        let cause = full
            .iter()
            .find(|(k, _)| *k == "cause")
            .map(|(_, v)| v.clone())
            .unwrap_or(Value::None);
        let rules = self.rules.clone();
        let t = rules.t.as_ref().expect("tables");
        let mut names: Vec<Rc<str>> = Vec::new();
        if let Some((_, entries)) = t.reactions.iter().find(|(e, _)| e.as_ref() == event) {
            for (card, causes, answers) in entries {
                let caused = matches!(&cause, Value::Str(c) if causes.contains(c));
                if self.t.kept[owner as usize].contains(card) && caused {
                    for a in answers {
                        if self.evaluate(&a.guard, &env)? && !names.contains(&a.name) {
                            names.push(a.name.clone());
                        }
                    }
                }
            }
        }
        if names.is_empty() {
            return Ok(names);
        }
        names.push(Rc::from(if event == "maroon" { "accept" } else { "stay" }));
        Ok(names)
    }

    /// Offer `owner` their answers to `event`; false if no card of theirs answers it.
    fn offer(&mut self, event: &str, owner: i64, env: Vec<(&'static str, Value)>) -> R<bool> {
        let options = self.options_for(event, owner, &env)?;
        if options.is_empty() {
            return Ok(false);
        }
        let mut pairs = env;
        pairs.push(("owner", Value::Int(owner)));
        pairs.push(("event", Value::text(event)));
        pairs.push(("answers", texts(&options)));
        let env = self.env_of(&pairs);
        let react = self.builtin("react");
        self.push_program(react, env);
        Ok(true)
    }

    fn respond(&mut self, fi: usize) -> R<After> {
        let event = self.env_need(fi, "event")?;
        let owner = number(&self.env_need(fi, "owner")?)?;
        let answer = self.env_need(fi, "answer")?;
        let event = card_of(&event)?;
        let decline = if event.as_ref() == "maroon" {
            "accept"
        } else {
            "stay"
        };
        if answer.eq(&Value::text(decline)) {
            if event.as_ref() == "maroon" {
                self.maroon(owner)?;
            }
            return Ok(After::Go);
        }
        let rules = self.rules.clone();
        let t = rules.t.as_ref().expect("tables");
        let entries = &t
            .reactions
            .iter()
            .find(|(e, _)| *e == event)
            .ok_or_else(|| Fail::key_error(crate::value::str_repr(&event)))?
            .1;
        for (card, _, answers) in entries {
            for a in answers {
                if Value::Str(a.name.clone()).eq(&answer)
                    && self.t.kept[owner as usize].contains(card)
                {
                    log!(self, Some(a.clause.clone()), "rule", TO_ALL, vec![]);
                    let skip: Vec<u32> = ["answers", "answer", "event"]
                        .iter()
                        .map(|n| self.name_id(n))
                        .collect();
                    let env: Env = self.frames[fi]
                        .env
                        .iter()
                        .filter(|(k, _)| !skip.contains(k))
                        .cloned()
                        .collect();
                    self.push_program(a.program, env);
                    return Ok(After::Go);
                }
            }
        }
        Err(Fail::other(
            "AssertionError",
            format!(
                "no card of seat {} answers {} with {}",
                owner,
                event,
                answer.repr()
            ),
        ))
    }

    // -- the verbs -------------------------------------------------------------------------------

    pub fn verb_1667(&mut self, verb: TVerb, a: &[Value], fi: usize) -> R<After> {
        match verb {
            TVerb::Maroon => {
                let seat = number(&a[0])?;
                let cause = Value::Str(
                    self.rules.programs[self.frames[self.frames.len() - 1].prog]
                        .key
                        .clone(),
                );
                if self.offer("maroon", seat, vec![("cause", cause)])? {
                    return Ok(After::Go);
                }
                self.maroon(seat)?;
            }
            TVerb::MaroonAnyway => self.maroon(number(&a[0])?)?,
            TVerb::Move => {
                self.move_to_back(number(&a[0])?, number(&a[1])?, "move.back-of-line", "move")?
            }
            TVerb::MoveChest => {
                let (s, d) = (
                    at(&a[0], self.t.chests.len())?,
                    at(&a[1], self.t.chests.len())?,
                );
                self.move_chests(s, d, 1, None);
            }
            TVerb::Gather => {
                let d = at(&a[0], self.t.chests.len())?;
                for src in a[1..].iter() {
                    let s = at(src, self.t.chests.len())?;
                    self.move_chests(s, d, self.t.chests[s], None);
                }
            }
            TVerb::Share => {
                let n = self.t.chests.len();
                let (x, y) = (at(&a[0], n)?, at(&a[1], n)?);
                let srcs: Vec<usize> = a[2..].iter().map(|v| at(v, n)).collect::<R<_>>()?;
                let total = self.t.chests[x]
                    + self.t.chests[y]
                    + srcs.iter().map(|s| self.t.chests[*s]).sum::<i64>();
                let want_b = total.div_euclid(2);
                for s in srcs {
                    self.move_chests(s, x, self.t.chests[s], None);
                }
                let have_b = self.t.chests[y];
                if have_b > want_b {
                    self.move_chests(y, x, have_b - want_b, None);
                } else {
                    self.move_chests(x, y, want_b - have_b, None);
                }
            }
            TVerb::Peek => {
                let s = self.seat_at(&a[0])?;
                self.peek(s, &a[1])?;
            }
            TVerb::Reveal => self.reveal(&a[0], &a[1])?,
            TVerb::ReshuffleLine => {
                let p = at(&a[0], self.t.lines.len())?;
                let line: Vec<Value> = self.t.lines[p].iter().map(|s| Value::Int(*s)).collect();
                let new = self.shuffled(line, "line-reshuffle")?;
                self.t.lines[p] = new.iter().map(number).collect::<R<_>>()?;
                log!(
                    self,
                    None,
                    "line-reshuffle",
                    TO_ALL,
                    vec![a[0].clone(), Value::tuple(new)]
                );
                self.standing_checks(true)?;
            }
            TVerb::SwapPlaces => {
                let (x, y) = (number(&a[0])?, number(&a[1])?);
                if x == y {
                    return Ok(After::Go);
                }
                let (px, py) = (self.where_(x)?, self.where_(y)?);
                let ix = self.t.lines[px as usize]
                    .iter()
                    .position(|s| *s == x)
                    .unwrap_or(0);
                let iy = self.t.lines[py as usize]
                    .iter()
                    .position(|s| *s == y)
                    .unwrap_or(0);
                self.t.lines[px as usize][ix] = y;
                self.t.lines[py as usize][iy] = x;
                log!(
                    self,
                    None,
                    "swap-places",
                    TO_ALL,
                    vec![Value::Int(x), Value::Int(y), self.place(px), self.place(py)]
                );
                self.standing_checks(true)?;
            }
            TVerb::Sink => {
                let boat = number(&a[0])?;
                let i = crate::value::py_index(self.t.sunk.len(), boat - 3)
                    .ok_or_else(|| Fail::index_error("list assignment index out of range"))?;
                self.t.sunk[i] = true;
                log!(self, None, "sink", TO_ALL, vec![a[0].clone()]);
                let line = self.t.lines[at(&a[0], self.t.lines.len())?].clone();
                for s in line {
                    self.maroon(s)?;
                }
            }
            TVerb::SwapLoyalties => {
                let (x, y) = (self.seat_at(&a[0])?, self.seat_at(&a[1])?);
                let pair = vec![self.t.loyalty[x].clone(), self.t.loyalty[y].clone()];
                let new = self.shuffled(pair, "loyalty-swap")?;
                self.t.loyalty[x] = new[0].clone();
                self.t.loyalty[y] = new[1].clone();
                log!(
                    self,
                    None,
                    "loyalty-swap",
                    TO_ALL,
                    vec![a[0].clone(), a[1].clone()]
                );
                log!(
                    self,
                    None,
                    "loyalty",
                    x as i64,
                    vec![a[0].clone(), new[0].clone()]
                );
                log!(
                    self,
                    None,
                    "loyalty",
                    y as i64,
                    vec![a[1].clone(), new[1].clone()]
                );
                let mut hidden = Vec::new();
                for (s, v) in [(x, &a[0]), (y, &a[1])] {
                    if self.remove_mark(s, "loyalty-open") {
                        hidden.push(v.clone());
                    }
                }
                if !hidden.is_empty() {
                    log!(
                        self,
                        None,
                        "loyalty-hidden",
                        TO_ALL,
                        vec![Value::tuple(hidden)]
                    );
                }
            }
            TVerb::Keep => {
                let card = card_of(&a[0])?;
                if self.take_resolving(&card) {
                    let s = self.seat_at(&a[1])?;
                    self.add_kept(s, card)?;
                }
            }
            TVerb::DiscardKept => {
                let s = self.seat_at(&a[0])?;
                self.remove_kept(s, &card_of(&a[1])?);
            }
            TVerb::DrawVote => {
                let s = self.seat_at(&a[0])?;
                self.draw_vote_card(s, None);
            }
            TVerb::VoteToTop => {
                let s = self.seat_at(&a[0])?;
                let card = card_of(&a[1])?;
                list_remove(&mut self.t.hands[s], &card)?;
                self.t.vote_deck.insert(0, card);
                log!(self, None, "vote-to-top", TO_ALL, vec![a[0].clone()]);
            }
            TVerb::LoseVote => {
                let s = self.seat_at(&a[0])?;
                self.lose_vote_card(s as i64, &card_of(&a[1])?, None)?;
            }
            TVerb::HandToDeck => {
                let s = self.seat_at(&a[0])?;
                let hand = std::mem::take(&mut self.t.hands[s]);
                let n = hand.len();
                self.t.vote_deck.extend(hand);
                log!(
                    self,
                    None,
                    "hand-to-deck",
                    TO_ALL,
                    vec![a[0].clone(), Value::Int(n as i64)]
                );
            }
            TVerb::TakeVote => {
                let card = card_of(&a[0])?;
                let s = self.seat_at(&a[1])?;
                list_remove(&mut self.t.vote_deck, &card)?;
                self.t.hands[s].push(card.clone());
                log!(self, None, "take-vote", TO_ALL, vec![a[1].clone()]);
                log!(
                    self,
                    None,
                    "took-vote",
                    s as i64,
                    vec![a[1].clone(), text(&card)]
                );
            }
            TVerb::GiveVote => self.give_vote(&a[0], &a[1], &a[2])?,
            TVerb::ShuffleVotes => {
                let deck: Vec<Value> = self.t.vote_deck.iter().map(text).collect();
                let new = self.shuffled(deck, "vote-deck-shuffle")?;
                self.t.vote_deck = new.iter().map(card_of).collect::<R<_>>()?;
                log!(self, None, "vote-deck-shuffle", TO_ALL, vec![]);
            }
            TVerb::MaroonAll => {
                let p = at(&a[0], self.t.lines.len())?;
                let line = self.t.lines[p].clone();
                for s in line.into_iter().rev() {
                    self.maroon(s)?;
                }
            }
            TVerb::Discard => {
                let card = card_of(&a[0])?;
                if self.take_resolving(&card) {
                    self.t.discard.push(card.clone());
                    log!(self, None, "discard", TO_ALL, vec![text(&card)]);
                }
            }
            TVerb::Vote => {
                let kind = card_of(&a[0])?;
                let votes = &self.rules.t.as_ref().expect("tables").votes;
                if !votes.iter().any(|v| v.id == kind) {
                    let mut ids: Vec<&str> = votes.iter().map(|v| v.id.as_ref()).collect();
                    ids.sort_unstable();
                    return Err(Fail::value(format!(
                        "no vote named {} (the votes: {})",
                        show(&a[0]),
                        ids.join(", ")
                    )));
                }
                return self.call_vote(kind, number(&a[1])?);
            }
            TVerb::EndGame => return self.end_game(fi),
            TVerb::PlaceChest => {
                let s = at(&a[0], self.t.chests.len())?;
                self.t.chests[s] += 1;
                log!(self, None, "place-chest", TO_ALL, vec![a[0].clone()]);
            }
            TVerb::Mark => {
                let name = card_of(&a[1])?;
                let seats = a[0].to_items()?;
                for s in seats.iter() {
                    let k = self.seat_at(s)?;
                    self.add_mark(k, name.clone());
                }
                log!(
                    self,
                    None,
                    "mark",
                    TO_ALL,
                    vec![Value::tuple(seats.to_vec()), a[1].clone()]
                );
            }
            TVerb::Unmark => {
                let s = self.seat_at(&a[0])?;
                if self.remove_mark(s, &card_of(&a[1])?) {
                    log!(
                        self,
                        None,
                        "unmark",
                        TO_ALL,
                        vec![a[0].clone(), a[1].clone()]
                    );
                }
            }
            TVerb::ExtraAction => {
                self.t.actions_left += 1;
                log!(
                    self,
                    None,
                    "extra-action",
                    TO_ALL,
                    vec![Value::Int(self.t.turn)]
                );
            }
            TVerb::SkipTurn => {
                self.t.actions_left = 0;
                log!(
                    self,
                    None,
                    "turn-skipped",
                    TO_ALL,
                    vec![Value::Int(self.t.turn)]
                );
            }
            TVerb::Cite => {}
            TVerb::PlacePawn => {
                let p = at(&a[1], self.t.lines.len())?;
                self.t.lines[p].push(number(&a[0])?);
                log!(
                    self,
                    None,
                    "place-pawn",
                    TO_ALL,
                    vec![a[0].clone(), a[1].clone()]
                );
            }
            TVerb::PlacePawnAt => {
                let spot = a[1].to_items()?;
                let (place, space) = (spot[0].clone(), number(&spot[1])?);
                let mut rank = 0;
                for pair in a[2].to_items()?.iter() {
                    if pair.subscript(0)?.eq(&place) && number(&pair.subscript(1)?)? < space {
                        rank += 1;
                    }
                }
                let p = at(&place, self.t.lines.len())?;
                let rank = rank.min(self.t.lines[p].len());
                self.t.lines[p].insert(rank, number(&a[0])?);
                log!(self, None, "place-pawn", TO_ALL, vec![a[0].clone(), place]);
            }
            TVerb::Stop => {
                let top = self.frames.len() - 1;
                self.frames[top].pc = self.rules.programs[self.frames[top].prog].code.len();
            }
        }
        Ok(After::Go)
    }

    pub fn internal_1667(&mut self, step: Internal, fi: usize) -> R<After> {
        match step {
            Internal::FinishAction => self.finish_action(),
            Internal::FinishReveal => self.finish_reveal(fi),
            Internal::FinishVote => self.finish_vote(),
            Internal::StartPlay => self.start_play(),
            Internal::BeginTurn => self.begin_turn(),
            Internal::OpenVote => {
                let kind = card_of(&self.env_need(fi, "kind")?)?;
                let caller = number(&self.env_need(fi, "caller")?)?;
                self.open_vote(kind, caller)
            }
            Internal::Ask => {
                let owner = number(&self.env_need(fi, "owner")?)?;
                let event = card_of(&self.env_need(fi, "event")?)?;
                let env = vec![
                    ("cause", self.env_need(fi, "cause")?),
                    ("caller", self.env_need(fi, "caller")?),
                    ("place", self.env_need(fi, "place")?),
                ];
                self.offer(&event, owner, env)?;
                Ok(After::Go)
            }
            Internal::Respond => self.respond(fi),
        }
    }

    // -- the functions ---------------------------------------------------------------------------

    pub fn function_1667(&self, f: TFunc, a: &[Value], _env: &[(u32, Value)]) -> R<Value> {
        let t = self.tr();
        Ok(match f {
            TFunc::Location => self.place(self.where_(number(&a[0])?)?),
            TFunc::Crew => ints(&self.t.lines[at(&a[0], self.t.lines.len())?]),
            TFunc::Captain => self.t.lines[at(&a[0], self.t.lines.len())?]
                .first()
                .map(|s| Value::Int(*s))
                .unwrap_or(Value::None),
            TFunc::Chests => Value::Int(self.t.chests[at(&a[0], self.t.chests.len())?]),
            TFunc::Holds => {
                let h = &t.holds[at(&a[0], t.holds.len())?];
                Value::tuple(h.iter().map(|s| self.spot(*s)).collect())
            }
            TFunc::Nonempty => {
                let mut out = Vec::new();
                for s in a[0].to_items()?.iter() {
                    if self.t.chests[at(s, self.t.chests.len())?] != 0 {
                        out.push(s.clone());
                    }
                }
                Value::tuple(out)
            }
            TFunc::ChestMoves => {
                let (srcs, dsts) = (a[0].to_items()?, a[1].to_items()?);
                let mut out = Vec::new();
                for x in srcs.iter() {
                    if self.t.chests[at(x, self.t.chests.len())?] != 0 {
                        for y in dsts.iter() {
                            if !x.eq(y) {
                                out.push(Value::tuple(vec![x.clone(), y.clone()]));
                            }
                        }
                    }
                }
                Value::tuple(out)
            }
            TFunc::Transfers => {
                let spots = a[0].to_items()?;
                let mut out = Vec::new();
                for x in spots.iter() {
                    for y in spots.iter() {
                        if !x.eq(y) && self.t.chests[at(x, self.t.chests.len())?] != 0 {
                            out.push(Value::tuple(vec![x.clone(), y.clone()]));
                        }
                    }
                }
                Value::tuple(out)
            }
            TFunc::OtherShip => {
                let p = number(&a[0])?;
                let i = crate::value::py_index(2, 1 - p)
                    .ok_or_else(|| Fail::index_error("tuple index out of range"))?;
                self.place(i as i64)
            }
            TFunc::RightOf => Value::Int((number(&a[0])? - 1).rem_euclid(self.players)),
            TFunc::LeftOf => Value::Int((number(&a[0])? + 1).rem_euclid(self.players)),
            TFunc::Rowboats => {
                let out: Vec<Value> = [3i64, 4]
                    .iter()
                    .filter(|b| !self.t.sunk[(**b - 3) as usize])
                    .map(|b| self.place(*b))
                    .collect();
                Value::tuple(out)
            }
            TFunc::IsBoat => Value::Bool(match &a[0] {
                Value::None => false,
                v => v.cmp_py(&Value::Int(3), ">=")?.is_ge(),
            }),
            TFunc::IsShip => Value::Bool(match &a[0] {
                Value::None => false,
                v => v.cmp_py(&Value::Int(1), "<=")?.is_le(),
            }),
            TFunc::Adjacent => {
                let adj = &t.adjacent[at(&a[0], t.adjacent.len())?];
                Value::tuple(adj.iter().map(|p| self.place(*p)).collect())
            }
            TFunc::WithRoom => {
                let mut out = Vec::new();
                for p in a[0].to_items()?.iter() {
                    let i = at(p, self.t.lines.len())?;
                    if (self.t.lines[i].len() as i64) < t.capacity[i] {
                        out.push(p.clone());
                    }
                }
                Value::tuple(out)
            }
            TFunc::Revealed => Value::Int(
                (self.t.discard.len()
                    + self.t.resolving.len()
                    + self.t.kept.iter().map(|k| k.len()).sum::<usize>()) as i64,
            ),
            TFunc::KeptCount => {
                let card = card_of(&a[1])?;
                let mut n = 0;
                for s in a[0].to_items()?.iter() {
                    n += self.t.kept[self.seat_at(s)?]
                        .iter()
                        .filter(|c| **c == card)
                        .count();
                }
                Value::Int(n as i64)
            }
            TFunc::Hand => {
                let mut h = self.t.hands[self.seat_at(&a[0])?].clone();
                h.sort();
                texts(&h)
            }
            TFunc::VoteDeckCards => {
                let mut d = self.t.vote_deck.clone();
                d.sort();
                texts(&d)
            }
            TFunc::Marks => {
                let name = card_of(&a[1])?;
                Value::Int(
                    self.t.marks[self.seat_at(&a[0])?]
                        .iter()
                        .filter(|m| **m == name)
                        .count() as i64,
                )
            }
            TFunc::Holder => {
                let card = card_of(&a[0])?;
                self.t
                    .kept
                    .iter()
                    .position(|k| k.contains(&card))
                    .map(|s| Value::Int(s as i64))
                    .unwrap_or(Value::None)
            }
            TFunc::HasRoom => {
                let i = at(&a[0], self.t.lines.len())?;
                Value::Bool((self.t.lines[i].len() as i64) < t.capacity[i])
            }
            TFunc::Sunk => {
                let p = number(&a[0])?;
                Value::Bool(
                    p >= 3
                        && self.t.sunk[crate::value::py_index(self.t.sunk.len(), p - 3)
                            .ok_or_else(|| Fail::index_error("tuple index out of range"))?],
                )
            }
            TFunc::FaceDown => Value::tuple(
                self.t
                    .row
                    .iter()
                    .enumerate()
                    .filter(|(_, c)| c.is_some())
                    .map(|(i, _)| Value::Int(i as i64 + 1))
                    .collect(),
            ),
            TFunc::HandSize => Value::Int(self.t.hands[self.seat_at(&a[0])?].len() as i64),
            TFunc::FreeSpots => {
                let taken = a[0].to_items()?;
                let mut out = Vec::new();
                for p in [0i64, 1, TORTUGA] {
                    let cap = t.capacity[p as usize];
                    let top = if p == TORTUGA {
                        cap.min(self.players)
                    } else {
                        cap
                    };
                    for s in 1..=top {
                        let pair = Value::tuple(vec![self.place(p), Value::Int(s)]);
                        if !taken.iter().any(|x| x.eq(&pair)) {
                            out.push(pair);
                        }
                    }
                }
                Value::tuple(out)
            }
        })
    }

    // -- what a seat may do --------------------------------------------------------------------

    /// The roles `seat` holds, as bits of the rules' role names (`roles.py`).
    pub fn role_bits(&self, seat: i64) -> u32 {
        let [anyone, governor, captain, first_mate, cabin_boy] = self.tr().role_bits;
        for (p, line) in self.t.lines.iter().enumerate() {
            if let Some(i) = line.iter().position(|s| *s == seat) {
                let mut bits = anyone;
                if p >= 2 {
                    if p == 2 && i == 0 {
                        bits |= governor;
                    }
                    return bits;
                }
                if i == 0 {
                    bits |= captain;
                } else if i == 1 {
                    bits |= first_mate;
                }
                if i == line.len() - 1 {
                    bits |= cabin_boy;
                }
                return bits;
            }
        }
        0
    }

    /// Every turn action `seat` may take: `(action number, its argument combinations)` in
    /// the reference's order (`legality.py`'s `_turn_actions`), remembered as the reference
    /// remembers them: keyed by exactly the facets the action's expressions read.
    #[allow(clippy::type_complexity)]
    pub fn turn_actions(
        &self,
        seat: i64,
    ) -> Result<Vec<(usize, Rc<crate::rules::Listed>)>, (usize, Fail)> {
        let t = self.tr();
        let roles = self.role_bits(seat);
        let mut facts = Facts::new(&t.text_ids);
        // Every key first, each table slot asked for as its key is known: the lookups
        // then wait for memory together, not one after another.
        let mut keys = Vec::with_capacity(t.actions.len());
        {
            let memo = t.memo.borrow();
            for (k, act) in t.actions.iter().enumerate() {
                if act.role & roles == 0 {
                    continue;
                }
                let allowed = match &act.requires_depends {
                    Some(f) if !act.requires_in_listing => Some(self.memo_key(f, seat, &mut facts)),
                    _ => None,
                };
                let listing = act
                    .depends
                    .as_ref()
                    .map(|f| self.memo_key(f, seat, &mut facts));
                allowed.iter().for_each(|key| memo.allowed[k].prefetch(key));
                listing
                    .iter()
                    .for_each(|key| memo.listings[k].prefetch(key));
                keys.push((k, allowed, listing));
            }
        }
        let mut out = Vec::new();
        for (k, allowed, listing) in keys {
            if let Some(combos) = self.listed(k, seat, allowed, listing).map_err(|f| (k, f))? {
                out.push((k, combos));
            }
        }
        Ok(out)
    }

    /// Action `k`'s listing for `seat` (None where its preconditions do not hold or it
    /// lists nothing), remembered by `listing`, the key of the facets its parameters depend on; its
    /// preconditions are remembered apart, by `allowed`, when they read other facets.
    fn listed(
        &self,
        k: usize,
        seat: i64,
        allowed: Option<MemoKey>,
        listing: Option<MemoKey>,
    ) -> R<Option<Rc<crate::rules::Listed>>> {
        let act = &self.tr().actions[k];
        if !act.requires_in_listing && !self.allowed_remembered(k, seat, allowed)? {
            return Ok(None);
        }
        if let Some(key) = &listing {
            if let Some(found) = self.tr().memo.borrow().listings[k].get(key) {
                return Ok(found);
            }
        }
        let ok = !act.requires_in_listing || self.allowed(k, seat)?;
        // an empty listing is remembered as None too: the memo's answer then says whether
        // there is anything to list without reading the listing
        let listed = if ok {
            Some(self.action_options(k, seat)?).filter(|l| !l.combos.is_empty())
        } else {
            None
        };
        if let Some(key) = listing {
            let memo = &self.tr().memo;
            if crate::budget::charge(memo, 1 + listed.as_ref().map_or(0, |l| l.combos.len())) {
                memo.borrow_mut().listings[k].insert(key, listed.clone());
            }
        }
        Ok(listed)
    }

    /// Whether every precondition of action `k` holds for `seat`, remembered by `key`, the
    /// key of the facets they read.
    fn allowed_remembered(&self, k: usize, seat: i64, key: Option<MemoKey>) -> R<bool> {
        if let Some(key) = &key {
            if let Some(ok) = self.tr().memo.borrow().allowed[k].get(key) {
                return Ok(ok);
            }
        }
        let ok = self.allowed(k, seat)?;
        if let Some(key) = key {
            let memo = &self.tr().memo;
            if crate::budget::charge(memo, 1) {
                memo.borrow_mut().allowed[k].insert(key, ok);
            }
        }
        Ok(ok)
    }

    /// Whether every precondition of action `k` holds for `seat`.
    fn allowed(&self, k: usize, seat: i64) -> R<bool> {
        let act = &self.tr().actions[k];
        if act.requires.is_empty() {
            return Ok(true);
        }
        let env: Env = vec![(self.tr().actor, Value::Int(seat))];
        for test in act.requires.iter() {
            if !self.evaluate(test, &env)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Action `k`'s argument combinations for `seat`.
    fn action_options(&self, k: usize, seat: i64) -> R<Rc<crate::rules::Listed>> {
        let act = &self.tr().actions[k];
        let env: Env = vec![(self.tr().actor, Value::Int(seat))];
        let mut domains: Vec<Vec<Value>> = Vec::with_capacity(act.params.len());
        for p in act.params.iter() {
            let values = self.eval(&p.values, &env)?.to_items()?;
            if p.filters.is_empty() {
                domains.push(values.to_vec());
                continue;
            }
            let mut fenv = env.clone();
            fenv.push((p.name, Value::None));
            let last = fenv.len() - 1;
            let mut kept = Vec::new();
            for v in values.iter() {
                fenv[last].1 = v.clone();
                let mut all = true;
                for test in p.filters.iter() {
                    if !self.evaluate(test, &fenv)? {
                        all = false;
                        break;
                    }
                }
                if all {
                    kept.push(v.clone());
                }
            }
            domains.push(kept);
        }
        let total: usize = if domains.is_empty() {
            0
        } else {
            domains.iter().map(|d| d.len()).product()
        };
        if domains.len() > 1 && total > MAX_OPTIONS
            || domains.len() == 1 && domains[0].len() > MAX_OPTIONS
        {
            let sizes: Vec<String> = domains.iter().map(|d| d.len().to_string()).collect();
            return Err(Fail::value(format!(
                "{} would have more than {} options ({})",
                act.id,
                grouped(MAX_OPTIONS as i64),
                sizes.join(" x ")
            )));
        }
        let mut combos = Vec::new();
        product(&domains, &mut |combo| combos.push(combo.to_vec()));
        Ok(Rc::new(crate::rules::Listed {
            combos,
            made: Default::default(),
        }))
    }

    /// The memo key of `facets` in this state, for `seat` acting: packed when its parts are
    /// small numbers and known texts (nearly always), else the parts themselves. Each facet
    /// is packed once a listing (`facts`), as the reference takes each once.
    fn memo_key(
        &self,
        facets: &[crate::rules::Facet],
        seat: i64,
        facts: &mut Facts,
    ) -> crate::rules::MemoKey {
        let mut key = crate::rules::KeyBits::new(self.players);
        for f in facets {
            let Some(k) = key else { break };
            let i = *f as usize;
            if facts.lens[i] == NOT_YET {
                let one = self.facet_packed(*f, seat, facts.texts);
                facts.bits[i] = one.bits;
                facts.lens[i] = if one.failed { WONT } else { one.n as u8 };
            }
            key = match facts.lens[i] {
                WONT => None,
                n => k.then(facts.bits[i], n as usize),
            };
        }
        if let Some(k) = key {
            return k.key();
        }
        let mut parts = vec![crate::rules::Key::I(self.players)];
        facets
            .iter()
            .for_each(|f| self.facet_parts(*f, seat, &mut parts));
        crate::rules::MemoKey::Long(parts)
    }

    /// Facet `f` in this state, for `seat` acting, packed.
    #[inline(never)]
    fn facet_packed<'a>(
        &self,
        f: crate::rules::Facet,
        seat: i64,
        texts: &'a std::cell::RefCell<crate::rules::TextIds>,
    ) -> crate::rules::Packer<'a> {
        let mut one = crate::rules::Packer::new(texts);
        self.facet_parts(f, seat, &mut one);
        one
    }

    /// The parts of the memo key of facet `f` in this state, for `seat` acting, into `key`.
    fn facet_parts(&self, f: crate::rules::Facet, seat: i64, key: &mut impl crate::rules::KeySink) {
        use crate::rules::Facet;
        let t = &self.t;
        fn strings(key: &mut impl crate::rules::KeySink, xs: &[Rc<str>]) {
            key.int(xs.len() as i64);
            xs.iter().for_each(|x| key.text(x));
        }
        match f {
            Facet::Actor => key.int(seat),
            Facet::Players => {}
            Facet::Lines => {
                for line in t.lines.iter() {
                    key.int(line.len() as i64);
                    line.iter().for_each(|s| key.int(*s));
                }
            }
            Facet::Places => {
                for s in 0..self.players {
                    let p = t
                        .lines
                        .iter()
                        .position(|l| l.contains(&s))
                        .map(|p| p as i64)
                        .unwrap_or(-1);
                    key.int(p);
                }
            }
            Facet::LineSizes => t.lines.iter().for_each(|l| key.int(l.len() as i64)),
            Facet::Chests => t.chests.iter().for_each(|c| key.int(*c)),
            Facet::Sunk => t.sunk.iter().for_each(|b| key.int(*b as i64)),
            Facet::RowMask => {
                let mask = t
                    .row
                    .iter()
                    .enumerate()
                    .filter(|(_, c)| c.is_some())
                    .fold(0i64, |m, (i, _)| m | 1 << i);
                key.int(mask);
                key.int(t.row.len() as i64);
            }
            Facet::HandSizes => t.hands.iter().for_each(|h| key.int(h.len() as i64)),
            Facet::Hands => t.hands.iter().for_each(|h| strings(key, h)),
            Facet::Kept => t.kept.iter().for_each(|h| strings(key, h)),
            Facet::Marks => t.marks.iter().for_each(|h| strings(key, h)),
            Facet::VoteDeck => strings(key, &t.vote_deck),
            Facet::Revealed => key.int(
                (t.discard.len()
                    + t.resolving.len()
                    + t.kept.iter().map(|k| k.len()).sum::<usize>()) as i64,
            ),
        }
    }

    /// Every play of the pending voter (`voting.py`'s `vote_options`): `(several, cards)`.
    pub fn vote_plays(&self) -> Result<Vec<VotePlay>, String> {
        let t = self.tr();
        let seat = self
            .decision
            .as_ref()
            .and_then(|d| d.seat.int())
            .unwrap_or(0) as usize;
        let mut hand = self.t.hands[seat].clone();
        hand.sort();
        let mut plays: Vec<(bool, Vec<Rc<str>>)> =
            hand.iter().map(|c| (false, vec![c.clone()])).collect();
        for (card, n, _, only_next) in t.vote_plays.iter() {
            let lapsed = |m: &Rc<str>| m.strip_prefix(card.as_ref()) == Some("-lapsed");
            if *only_next && self.t.marks[seat].iter().any(lapsed) {
                continue;
            }
            let n = *n as usize;
            if self.t.kept[seat].contains(card) && hand.len() >= n {
                if binomial(hand.len(), n) > MAX_OPTIONS as u128 {
                    return Err(format!(
                        "playing {} of {} vote cards at once",
                        n,
                        hand.len()
                    ));
                }
                for combo in combinations(hand.len(), n) {
                    plays.push((true, combo.iter().map(|i| hand[*i].clone()).collect()));
                }
            }
        }
        Ok(plays)
    }

    /// Start the turn action `act` with `args` (`transition.start`); then run.
    pub fn start_action(&mut self, act: usize, args: &[Value]) -> Result<(), crate::game::Failure> {
        let rules = self.rules.clone();
        let t = rules.t.as_ref().expect("tables");
        let def = &t.actions[act];
        let seat = self
            .decision
            .as_ref()
            .map(|d| d.seat.clone())
            .unwrap_or(Value::None);
        self.decision = None;
        log!(self, Some(def.clause.clone()), "action", TO_ALL, {
            let pairs: Vec<Value> = def
                .params
                .iter()
                .zip(args.iter())
                .map(|(p, v)| Value::tuple(vec![text(&p.label), v.clone()]))
                .collect();
            vec![
                seat.clone(),
                Value::tuple(vec![text(&def.id), Value::tuple(pairs)]),
            ]
        });
        let mut env: Env = Vec::with_capacity(def.params.len() + 1);
        for (p, v) in def.params.iter().zip(args.iter()) {
            set_env(&mut env, p.name, v.clone());
        }
        let actor = t.actor;
        set_env(&mut env, actor, seat);
        let finish = self.builtin("finish-action");
        self.push_program(finish, Vec::new());
        self.push_program(def.program, env);
        Ok(())
    }
}

/// Python's `str()` of a value, for comparing a fixed order with the items it orders.
fn py_str(v: &Value) -> String {
    match v {
        Value::Str(s) => s.to_string(),
        other => other.repr(),
    }
}

fn product(domains: &[Vec<Value>], emit: &mut dyn FnMut(&[Value])) {
    if domains.is_empty() {
        emit(&[]);
        return;
    }
    if domains.iter().any(|d| d.is_empty()) {
        return;
    }
    let mut idx = vec![0usize; domains.len()];
    let mut combo: Vec<Value> = domains.iter().map(|d| d[0].clone()).collect();
    loop {
        emit(&combo);
        let mut k = domains.len();
        loop {
            if k == 0 {
                return;
            }
            k -= 1;
            idx[k] += 1;
            if idx[k] < domains[k].len() {
                combo[k] = domains[k][idx[k]].clone();
                break;
            }
            idx[k] = 0;
            combo[k] = domains[k][0].clone();
        }
    }
}

fn binomial(n: usize, k: usize) -> u128 {
    let mut r: u128 = 1;
    for i in 0..k {
        r = r * (n - i) as u128 / (i + 1) as u128;
    }
    r
}

impl Game {
    /// Tortuga 1667's observation of `seat` (`observation.py`'s `Observer1667.encode` of
    /// its view): each entry named as the encoder names it, handed to `put` with its value.
    pub fn observation_1667(&self, seat: i64, put: &mut dyn FnMut(&str, i64)) {
        let t = &self.t;
        let s_ = seat as usize;
        let name = |v: &Value| v.repr();
        let text = |v: &Value| match v {
            Value::Str(s) => s.to_string(),
            other => other.repr(),
        };
        put(&format!("me.{}", seat), 1);
        if let Some(l) = t.loyalty.get(s_) {
            put(&format!("my_loyalty.{}", text(l)), 1);
        }
        let over = self.outcome.is_some();
        for (s, l) in t.loyalty.iter().enumerate() {
            if over || t.marks[s].iter().any(|m| m.as_ref() == "loyalty-open") {
                put(&format!("loyalty.{}.{}", s, text(l)), 1);
            }
        }
        for (p, line) in t.lines.iter().enumerate() {
            let place = name(&self.place(p as i64));
            for (rank, s) in line.iter().enumerate() {
                put(&format!("place.{}.{}", s, place), 1);
                put(&format!("rank.{}.{}", s, rank), 1);
            }
        }
        let tr = self.tr();
        for s in 0..self.players {
            let bits = self.role_bits(s);
            for (i, r) in tr.roles.iter().enumerate() {
                if bits & (1 << i) != 0 && r.as_ref() != "anyone" {
                    put(&format!("role.{}.{}", s, r), 1);
                }
            }
        }
        for (i, sunk) in t.sunk.iter().enumerate() {
            if *sunk {
                put(&format!("sunk.{}", name(&self.place(3 + i as i64))), 1);
            }
        }
        for (c, k) in t.chests.iter().enumerate() {
            put(&format!("chests.{}", name(&self.spot(c as i64))), *k);
        }
        for (s, h) in t.hands.iter().enumerate() {
            put(&format!("hand_size.{}", s), h.len() as i64);
        }
        put("vote_deck_size", t.vote_deck.len() as i64);
        put("event_deck_size", t.event_deck.len() as i64);
        put("actions_left", t.actions_left);
        put("tiebreak", (t.tiebreak != 0) as i64);
        put("over", over as i64);
        for c in t.hands[s_].iter() {
            put(&format!("my_hand.{}", c), 1);
        }
        let seen = t.seen[s_];
        for (i, card) in t.row.iter().enumerate() {
            if let Some(card) = card {
                put(&format!("row.{}.face_down", i + 1), 1);
                if (seen >> i) & 1 == 1 {
                    put(&format!("row.{}.{}", i + 1, card), 1);
                }
            }
        }
        for c in t.discard.iter() {
            put(&format!("discard.{}", c), 1);
        }
        for c in t.resolving.iter() {
            put(&format!("resolving.{}", c), 1);
        }
        for (s, cards) in t.kept.iter().enumerate() {
            for c in cards {
                put(&format!("kept.{}.{}", s, c), 1);
            }
        }
        for (s, names) in t.marks.iter().enumerate() {
            for m in names {
                put(&format!("mark.{}.{}", s, m), 1);
            }
        }
        for (s, mask) in t.seen.iter().enumerate() {
            for i in 0..t.row.len() {
                if (mask >> i) & 1 == 1 {
                    put(&format!("looked.{}.{}", s, i + 1), 1);
                }
            }
        }
        put(&format!("turn.{}", t.turn), 1);
        if let Some(d) = &self.decision {
            put(&format!("decision.{}", d.kind), 1);
            put(&format!("decision_seat.{}", name(&d.seat)), 1);
        }
        if let Some(v) = &t.vote {
            put(&format!("vote.{}", v.kind), 1);
            put(&format!("vote_caller.{}", v.caller), 1);
            put(&format!("vote_place.{}", name(&self.place(v.place))), 1);
            for s in v.participants.iter() {
                put(&format!("vote_participant.{}", s), 1);
            }
            for (s, cards) in v.played.iter() {
                put(&format!("voted.{}", s), 1);
                if *s == seat {
                    for c in cards {
                        put(&format!("my_vote.{}", c), 1);
                    }
                }
            }
            for c in v.revealed.iter() {
                put(&format!("revealed.{}", c), 1);
            }
        }
    }
}

//! Tortuga 1667's words, natively: the twin of `games/tortuga1667/verbs.py`,
//! `functions.py`, `roles.py`, `voting.py` and its rule procedures (`procedures/`): turns,
//! pawns, hands, checks, chests, the row, reveals, votes, reactions and the ending. Every
//! rule a card, action or vote brings stays in the compiled programs these words serve.

use super::listing::py_str;
use super::{card_of, ints, list_remove, text, texts, Env, R, TORTUGA};
use crate::engine::actions::Guarded;
use crate::engine::eval::{number, show};
use crate::engine::fail::Fail;
use crate::engine::machine::{log, seat_index, After, TO_ALL};
use crate::engine::shared::{Shared, Text};
use crate::engine::value::Value;
use crate::games::tortuga1667::state::VoteState;
use crate::games::tortuga1667::tables::T1667;
use crate::games::tortuga1667::Game;

impl Game {
    pub(crate) fn tr(&self) -> &T1667 {
        &self.rules.tables
    }

    pub fn place(&self, p: i64) -> Value {
        Value::Named(self.tr().place_kind, p)
    }

    pub fn spot(&self, s: i64) -> Value {
        Value::Named(self.tr().spot_kind, s)
    }

    pub(crate) fn seat_at(&self, v: &Value) -> R<usize> {
        seat_index(v, self.players)
    }

    /// The place where `seat`'s pawn stands.
    pub fn where_(&self, seat: i64) -> R<i64> {
        for (p, line) in self.own.lines.iter().enumerate() {
            if line.contains(&seat) {
                return Ok(p as i64);
            }
        }
        Err(Fail::other(
            "AssertionError",
            format!("seat {} has no pawn on the board", seat),
        ))
    }

    pub(crate) fn evaluate(
        &self,
        guard: &crate::engine::ir::Expr,
        env: &[(u32, Value)],
    ) -> R<bool> {
        Ok(self.eval(guard, env)?.truthy())
    }

    pub(crate) fn name_id(&self, name: &'static str) -> u32 {
        self.rules.fixed_name(name)
    }

    /// An environment binding `pairs` (names of the engine's own code).
    pub(crate) fn env_of(&self, pairs: &[(&'static str, Value)]) -> Env {
        pairs
            .iter()
            .map(|(k, v)| (self.rules.fixed_name(k), v.clone()))
            .collect()
    }

    pub(crate) fn builtin(&self, name: &str) -> usize {
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
                        .map(|x| crate::engine::value::str_repr(x))
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
            let j = crate::engine::rng::below(&mut self.rng, i + 1);
            out.swap(i, j);
        }
        Ok(out)
    }

    // -- checks, chests, pawns, hands ----------------------------------------------------

    pub(crate) fn standing_checks(&mut self, pawns: bool) -> R<()> {
        let rules = self.rules.clone();
        let t = &rules.tables;
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

    pub(crate) fn move_chests(&mut self, src: usize, dst: usize, count: i64, clause: Option<Text>) {
        let count = count.min(self.own.chests[src]);
        if count <= 0 || src == dst {
            return;
        }
        self.own.chests[src] -= count;
        self.own.chests[dst] += count;
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

    pub(crate) fn move_to_back(
        &mut self,
        seat: i64,
        dest: i64,
        clause: &str,
        kind: &'static str,
    ) -> R<()> {
        let src = self.where_(seat)?;
        let line = &mut self.own.lines[src as usize];
        let i = line.iter().position(|s| *s == seat).unwrap_or(0);
        line.remove(i);
        self.own.lines[dest as usize].push(seat);
        log!(
            self,
            Some(Shared::from(clause)),
            kind,
            TO_ALL,
            vec![Value::Int(seat), self.place(src), self.place(dest)]
        );
        self.standing_checks(true)
    }

    pub(crate) fn maroon(&mut self, seat: i64) -> R<()> {
        let src = self.where_(seat)?;
        if src == TORTUGA {
            self.move_to_back(seat, TORTUGA, "maroon.from-tortuga.back", "maroon")?;
            let hand = self.own.hands[seat as usize].clone();
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

    pub(crate) fn add_kept(&mut self, seat: usize, card: Text) -> R<()> {
        self.own.kept[seat].push(card.clone());
        log!(
            self,
            None,
            "keep",
            TO_ALL,
            vec![Value::Int(seat as i64), text(&card)]
        );
        self.standing_checks(false)
    }

    pub(crate) fn remove_kept(&mut self, seat: usize, card: &Text) {
        let kept = &mut self.own.kept[seat];
        if let Some(i) = kept.iter().position(|c| c == card) {
            kept.remove(i);
            self.own.discard.push(card.clone());
            log!(
                self,
                None,
                "discard-kept",
                TO_ALL,
                vec![Value::Int(seat as i64), text(card)]
            );
        }
    }

    pub(crate) fn add_mark(&mut self, seat: usize, name: Text) {
        self.own.marks[seat].push(name);
    }

    pub(crate) fn remove_mark(&mut self, seat: usize, name: &str) -> bool {
        let marks = &mut self.own.marks[seat];
        match marks.iter().position(|m| m.as_ref() == name) {
            Some(i) => {
                marks.remove(i);
                true
            }
            None => false,
        }
    }

    pub(crate) fn draw_vote_card(&mut self, seat: usize, clause: Option<Text>) -> bool {
        if self.own.vote_deck.is_empty() {
            return false;
        }
        let card = self.own.vote_deck.remove(0);
        self.own.hands[seat].push(card.clone());
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

    pub(crate) fn lose_vote_card(&mut self, seat: i64, card: &Text, clause: Option<Text>) -> R<()> {
        list_remove(&mut self.own.hands[seat as usize], card)?;
        self.own.vote_deck.push(card.clone());
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
    pub(crate) fn give_vote(&mut self, src: &Value, dst: &Value, card: &Value) -> R<()> {
        let s = self.seat_at(src)?;
        let hand = &self.own.hands[s];
        if !hand.iter().any(|c| matches!(card, Value::Str(x) if x == c)) {
            let mut held: Vec<&Text> = hand.iter().collect();
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
        list_remove(&mut self.own.hands[s], &card)?;
        let d = self.seat_at(dst)?;
        self.own.hands[d].push(card.clone());
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

    pub(crate) fn forget_slots(&mut self, mask: i64) {
        if self.own.seen.iter().any(|s| s & mask != 0) {
            for s in self.own.seen.iter_mut() {
                *s &= !mask;
            }
        }
    }

    pub(crate) fn peek(&mut self, seat: usize, slots: &Value) -> R<()> {
        let slots = slots.to_items()?;
        let mut mask = 0i64;
        let mut cards = Vec::new();
        for s in slots.iter() {
            let k = number(s)?;
            mask |= 1 << (k - 1);
        }
        self.own.seen[seat] |= mask;
        for s in slots.iter() {
            let k = number(s)?;
            let card = crate::engine::value::py_index(self.own.row.len(), k - 1)
                .map(|i| self.own.row[i].clone())
                .ok_or_else(|| Fail::index_error("tuple index out of range"))?;
            cards.push(Value::tuple(vec![
                s.clone(),
                card.map(|c| text(&c)).unwrap_or(Value::None),
            ]));
        }
        let clause: Option<Text> = Some(self.rules.text("action.view.secret"));
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

    pub(crate) fn take_resolving(&mut self, card: &str) -> bool {
        match self.own.resolving.iter().rposition(|c| c.as_ref() == card) {
            Some(i) => {
                self.own.resolving.remove(i);
                true
            }
            None => false,
        }
    }

    pub(crate) fn reshuffle_row(&mut self) -> R<()> {
        let slots: Vec<usize> = (0..self.own.row.len())
            .filter(|i| self.own.row[*i].is_some())
            .collect();
        let cards: Vec<Value> = slots
            .iter()
            .map(|i| text(self.own.row[*i].as_ref().unwrap()))
            .collect();
        let cards = self.shuffled(cards, "row-reshuffle")?;
        for (i, c) in slots.iter().zip(cards.iter()) {
            self.own.row[*i] = Some(card_of(c)?);
        }
        let n = self.own.row.len();
        self.forget_slots((1 << n) - 1);
        let listed = Value::tuple(slots.iter().map(|i| Value::Int(*i as i64 + 1)).collect());
        log!(
            self,
            Some(Shared::from("end.row-reshuffle")),
            "row-reshuffle",
            TO_ALL,
            vec![listed]
        );
        Ok(())
    }

    pub(crate) fn deal_row(&mut self) -> R<()> {
        let size = self.tr().row_size;
        let deck = std::mem::take(&mut self.own.event_deck); // read, not copied if shared
        self.own.row = (0..size).map(|i| deck.get(i).cloned()).collect();
        self.own.event_deck = deck.iter().skip(size).cloned().collect();
        self.forget_slots((1 << size) - 1);
        if self.own.event_deck.is_empty() && self.option_true("reshuffle_row_at_deck_end") {
            self.reshuffle_row()?;
        }
        Ok(())
    }

    pub(crate) fn option_true(&self, name: &str) -> bool {
        self.rules.option(name).map(|v| v.truthy()).unwrap_or(false)
    }

    pub(crate) fn option_text(&self, name: &str, default: &str) -> String {
        match self.rules.option(name) {
            Some(Value::Str(s)) => s.to_string(),
            _ => default.to_string(),
        }
    }

    // -- reveals ---------------------------------------------------------------------------

    pub(crate) fn reveal(&mut self, slot: &Value, revealer: &Value) -> R<()> {
        let k = number(slot)?;
        let i = crate::engine::value::py_index(self.own.row.len(), k - 1)
            .ok_or_else(|| Fail::index_error("tuple index out of range"))?;
        let card = self.own.row[i].clone();
        if card.is_none() {
            return Err(Fail::value(format!(
                "row slot {} holds no card to reveal",
                slot.repr()
            )));
        }
        self.own.row[i] = None;
        self.forget_slots(1 << (k - 1));
        let card_v = card.as_ref().map(text).unwrap_or(Value::None);
        log!(
            self,
            Some(Shared::from("event.reveal")),
            "reveal",
            TO_ALL,
            vec![revealer.clone(), slot.clone(), card_v.clone()]
        );
        let card = card.ok_or_else(|| Fail::key_error("None".into()))?;
        self.own.resolving.push(card.clone());
        let env = self.env_of(&[("slot", slot.clone()), ("card", card_v.clone())]);
        let finish = self.builtin("finish-reveal");
        self.push_program(finish, env);
        let env = self.env_of(&[
            ("revealer", revealer.clone()),
            ("slot", slot.clone()),
            ("card", card_v),
        ]);
        let rules = self.rules.clone();
        let t = &rules.tables;
        for g in t.after_reveal.iter().rev() {
            if self.evaluate(&g.guard, &env)? {
                self.push_program(g.program, env.clone());
            }
        }
        let program = *t
            .event_programs
            .get(&card)
            .ok_or_else(|| Fail::key_error(crate::engine::value::str_repr(&card)))?;
        self.push_program(program, env);
        Ok(())
    }

    pub(crate) fn env_get(&self, fi: usize, name: &'static str) -> Option<Value> {
        let id = self.name_id(name);
        self.frames[fi]
            .env
            .iter()
            .find(|(k, _)| *k == id)
            .map(|(_, v)| v.clone())
    }

    pub(crate) fn env_need(&self, fi: usize, name: &'static str) -> R<Value> {
        self.env_get(fi, name)
            .ok_or_else(|| Fail::key_error(crate::engine::value::str_repr(name)))
    }

    pub(crate) fn finish_reveal(&mut self, fi: usize) -> R<After> {
        let card = card_of(&self.env_need(fi, "card")?)?;
        if self.take_resolving(&card) {
            self.own.discard.push(card.clone());
            log!(
                self,
                Some(Shared::from("event.discard")),
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
        if self.own.row[i].is_none() && !self.own.event_deck.is_empty() {
            let c = self.own.event_deck.remove(0);
            self.own.row[i] = Some(c);
            log!(
                self,
                Some(Shared::from("event.refill")),
                "refill",
                TO_ALL,
                vec![Value::Int(slot)]
            );
            if self.own.event_deck.is_empty() && self.option_true("reshuffle_row_at_deck_end") {
                self.reshuffle_row()?;
            }
        }
        if self.own.tiebreak != 0
            && self.own.event_deck.is_empty()
            && self.own.row.iter().all(|c| c.is_none())
        {
            return self.start_tiebreak("end.tie-breaker.rebuild");
        }
        Ok(After::Go)
    }

    // -- the ending --------------------------------------------------------------------------

    pub(crate) fn team_totals(&self) -> (i64, i64) {
        let c = &self.own.chests;
        (c[1] + c[3] + c[5], c[2] + c[4] + c[6])
    }

    pub(crate) fn finish_teams(&mut self, winners: Vec<&str>, clause: &str) -> After {
        let (brit, french) = self.team_totals();
        self.outcome = Some(crate::engine::machine::Outcome {
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
            Some(Shared::from(clause)),
            "game-over",
            TO_ALL,
            vec![w, Value::Int(brit), Value::Int(french)]
        );
        After::Halt
    }

    pub(crate) fn end_game(&mut self, fi: usize) -> R<After> {
        let (brit, french) = self.team_totals();
        log!(
            self,
            Some(Shared::from("end.score")),
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
                self.own.removed.push(card);
            }
        }
        self.own.tie_level = brit;
        self.start_tiebreak("end.tie.even")
    }

    pub(crate) fn start_tiebreak(&mut self, clause: &str) -> R<After> {
        self.own.tiebreak += 1;
        let rounds = self
            .rules
            .option("tiebreak_rounds")
            .and_then(|v| v.numeric())
            .unwrap_or(0);
        if self.own.tiebreak > rounds {
            return Ok(self.finish_teams(vec!["british", "french"], "end.tie-breaker.draw"));
        }
        let mut pool = self.own.discard.to_vec();
        let mut unrevealed = self.own.event_deck.to_vec();
        unrevealed.extend(self.own.row.iter().flatten().cloned());
        if self.option_text("tiebreak_pool", "discard-and-unrevealed") == "discard-and-unrevealed" {
            pool.extend(unrevealed);
        } else {
            self.own.removed.extend(unrevealed);
        }
        self.own.discard.clear();
        let n = pool.len();
        let shuffled = self.shuffled(pool.iter().map(text).collect(), "tiebreak-deck")?;
        self.own.event_deck = shuffled.iter().map(card_of).collect::<R<_>>()?;
        self.deal_row()?;
        log!(
            self,
            Some(Shared::from(clause)),
            "tiebreak",
            TO_ALL,
            vec![Value::Int(self.own.tiebreak), Value::Int(n as i64)]
        );
        Ok(After::Go)
    }

    pub(crate) fn judge_tiebreak(&mut self) -> R<After> {
        if self.own.tiebreak == 0 || self.outcome.is_some() {
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
        if self.option_text("tiebreak_win", "lead") == "gain" && total <= self.own.tie_level {
            return Ok(After::Go);
        }
        log!(
            self,
            Some(Shared::from("end.tie-breaker.judged")),
            "rule",
            TO_ALL,
            vec![]
        );
        Ok(self.finish_teams(vec![leader], "end.tie-breaker.lead"))
    }

    // -- turns -------------------------------------------------------------------------------

    pub(crate) fn decide_plain(&mut self, seat: i64, kind: &'static str, clause: &'static str) {
        self.decision = Some(crate::engine::machine::Decision {
            seat: Value::Int(seat),
            kind: self.rules.text(kind),
            name: None,
            options: Shared::default(), // empty, and not made afresh
            clause: Some(self.rules.text(clause)),
        });
    }

    pub(crate) fn start_turn(&mut self, seat: i64) -> R<After> {
        self.own.turn = seat;
        let t = self.tr();
        let per_turn = t
            .actions_by_players
            .iter()
            .find(|(p, _)| *p == self.players)
            .map(|(_, a)| *a)
            .unwrap_or(t.actions_default);
        self.own.actions_left = per_turn;
        self.own.turn_number += 1;
        log!(
            self,
            Some(Shared::from("turn.order")),
            "turn",
            TO_ALL,
            vec![Value::Int(seat), Value::Int(self.own.turn_number)]
        );
        let env = self.env_of(&[("seat", Value::Int(seat))]);
        let rules = self.rules.clone();
        let mut hooks = Vec::new();
        for g in rules.tables.before_turn.iter() {
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

    pub(crate) fn begin_turn(&mut self) -> R<After> {
        if self.outcome.is_some() {
            return Ok(After::Halt);
        }
        if self.own.actions_left <= 0 {
            return self.start_turn((self.own.turn + 1).rem_euclid(self.players));
        }
        self.decide_plain(self.own.turn, "action", "turn.actions");
        Ok(After::Suspend)
    }

    pub(crate) fn finish_action(&mut self) -> R<After> {
        if self.outcome.is_some() || matches!(self.judge_tiebreak()?, After::Halt) {
            return Ok(After::Halt);
        }
        self.own.actions_left -= 1;
        let left = self.own.actions_left;
        if left > 0 {
            log!(
                self,
                Some(Shared::from("turn.actions")),
                "actions-left",
                TO_ALL,
                vec![Value::Int(self.own.turn), Value::Int(left)]
            );
            self.decide_plain(self.own.turn, "action", "turn.actions");
            return Ok(After::Suspend);
        }
        self.start_turn((self.own.turn + 1).rem_euclid(self.players))
    }

    pub(crate) fn start_play(&mut self) -> R<After> {
        let first = self.tr().first_player_ship;
        for place in [first, 1 - first, TORTUGA] {
            if let Some(s) = self.own.lines[place as usize].first() {
                self.own.turn = *s;
                break;
            }
        }
        log!(
            self,
            Some(Shared::from("setup.first-player")),
            "first-player",
            TO_ALL,
            vec![Value::Int(self.own.turn)]
        );
        self.start_turn(self.own.turn)
    }

    // -- votes -------------------------------------------------------------------------------

    pub(crate) fn call_vote(&mut self, kind: Text, caller: i64) -> R<After> {
        let cause: Text = Shared::from(format!("vote:{}", kind).as_str());
        let rules = self.rules.clone();
        let t = &rules.tables;
        let mut owners: Vec<i64> = Vec::new();
        for (event, entries) in t.reactions.iter() {
            if event.as_ref() != "vote-call" {
                continue;
            }
            for (card, causes, _) in entries {
                if causes.contains(&cause) {
                    for (s, k) in self.own.kept.iter().enumerate() {
                        if k.contains(card) && !owners.contains(&(s as i64)) {
                            owners.push(s as i64);
                        }
                    }
                }
            }
        }
        owners.sort();
        if owners.is_empty() {
            return self.open_vote(kind, caller, None);
        }
        // the vote is held where it was called, though an answer may move its caller
        let place = self.where_(caller)?;
        let env = self.env_of(&[
            ("kind", text(&kind)),
            ("caller", Value::Int(caller)),
            ("place", self.place(place)),
        ]);
        let open = self.builtin("open-vote");
        self.push_program(open, env);
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

    /// Count the participants of the vote `caller` called at `place` (None: where the
    /// caller stands), and collect their cards.
    pub(crate) fn open_vote(&mut self, kind: Text, caller: i64, place: Option<i64>) -> R<After> {
        let rules = self.rules.clone();
        let t = &rules.tables;
        let vdef = t
            .vote(&kind)
            .ok_or_else(|| Fail::key_error(crate::engine::value::str_repr(&kind)))?;
        let place = match place {
            Some(p) => p,
            None => self.where_(caller)?,
        };
        let env = self.env_of(&[("caller", Value::Int(caller)), ("place", self.place(place))]);
        let candidates = self.eval(&vdef.participants, &env)?.to_items()?;
        let mut participants = Vec::new();
        let mut left_out = Vec::new();
        for s in candidates.iter() {
            let k = self.seat_at(s)?;
            if self.own.hands[k].is_empty() {
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
                Some(Shared::from("vote.participants.no-cards")),
                "vote-no-cards",
                TO_ALL,
                vec![ints(&left_out)]
            );
        }
        let mut boats = Vec::new();
        for b in t.adjacent[place as usize].iter() {
            if *b >= 3 {
                boats.extend(self.own.lines[*b as usize].iter().copied());
            }
        }
        if !boats.is_empty() {
            log!(
                self,
                Some(Shared::from("vote.participants.rowboat")),
                "vote-rowboat",
                TO_ALL,
                vec![ints(&boats)]
            );
        }
        let first = participants.first().copied();
        self.own.vote = Some(VoteState {
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

    pub(crate) fn sits_out(&mut self, seat: usize, kind: &Text) -> R<bool> {
        let rules = self.rules.clone();
        let t = &rules.tables;
        for (card, votes, clause, done) in t.sit_outs.iter() {
            if self.own.kept[seat].contains(card) {
                let name: Text = Shared::from(format!("{}-skipped", card).as_str());
                self.add_mark(seat, name.clone());
                log!(
                    self,
                    Some(clause.clone()),
                    "sits-out",
                    TO_ALL,
                    vec![Value::Int(seat as i64), text(kind), text(card)]
                );
                if self.own.marks[seat].iter().filter(|m| **m == name).count() as i64 >= *votes {
                    self.own.marks[seat].retain(|m| *m != name);
                    self.set_running_clause(Some(done.clone()));
                    self.remove_kept(seat, card);
                }
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// The pending voter puts `cards` face down (`GameKind.answer`); After::Go: run on.
    pub fn play_vote(&mut self, cards: Vec<Text>) -> R<After> {
        let seat = self
            .decision
            .as_ref()
            .and_then(|d| d.seat.int())
            .unwrap_or(0);
        let s = seat as usize;
        for c in cards.iter() {
            list_remove(&mut self.own.hands[s], c)?;
        }
        let rules = self.rules.clone();
        let t = &rules.tables;
        if cards.len() > 1 {
            for (card, n, clause, _) in t.vote_plays.iter() {
                if *n == cards.len() as i64 && self.own.kept[s].contains(card) {
                    self.set_running_clause(Some(clause.clone()));
                    log!(self, Some(clause.clone()), "rule", TO_ALL, vec![]);
                    self.remove_kept(s, card);
                    break;
                }
            }
        } else {
            for (card, _, clause, only_next) in t.vote_plays.iter() {
                let lapsed: Text = Shared::from(format!("{}-lapsed", card).as_str());
                if *only_next
                    && self.own.kept[s].contains(card)
                    && !self.own.marks[s].contains(&lapsed)
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
            .own
            .vote
            .as_mut()
            .ok_or_else(|| Fail::value("no vote is being collected"))?;
        vote.played.push((seat, cards.clone()));
        vote.revealed.clear();
        let played = vote.played.len();
        let next = vote.participants.get(played).copied();
        self.decision = None;
        let clause: Option<Text> = Some(self.rules.text("vote.procedure.play"));
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

    pub(crate) fn resolve_vote(&mut self) -> R<After> {
        let rules = self.rules.clone();
        let t = &rules.tables;
        let vote = self.own.vote.clone().expect("a vote");
        let vdef = t
            .vote(&vote.kind)
            .ok_or_else(|| Fail::key_error(crate::engine::value::str_repr(&vote.kind)))?;
        let mut cards: Vec<Text> = vote
            .played
            .iter()
            .flat_map(|(_, cs)| cs.iter().cloned())
            .collect();
        if !self.own.vote_deck.is_empty() {
            let c = self.own.vote_deck.remove(0);
            cards.push(c);
            log!(
                self,
                Some(Shared::from("vote.procedure.deck-card")),
                "vote-deck-card",
                TO_ALL,
                vec![]
            );
        }
        cards.sort();
        if let Some(v) = self.own.vote.as_mut() {
            v.revealed = cards.clone();
        }
        let icons: Vec<Text> = t
            .section_icons
            .iter()
            .find(|(s, _)| *s == vdef.section)
            .map(|(_, i)| i.clone())
            .unwrap_or_default();
        let mut counts: Vec<(Text, i64)> = icons.iter().map(|i| (i.clone(), 0)).collect();
        let mut doubles = Vec::new();
        for c in cards.iter() {
            let card = t
                .vote_cards
                .get(c)
                .ok_or_else(|| Fail::key_error(crate::engine::value::str_repr(c)))?;
            let section = card
                .iter()
                .find(|(s, _)| *s == vdef.section)
                .map(|(_, x)| x.clone())
                .unwrap_or_default();
            for (icon, k) in section.iter() {
                match counts.iter_mut().find(|(i, _)| i == icon) {
                    Some(slot) => slot.1 += k,
                    None => return Err(Fail::key_error(crate::engine::value::str_repr(icon))),
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
            let mut names = crate::engine::shared::locked(&self.rules.names); // the rules' icons
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
            Some(Shared::from("vote.procedure.count")),
            "vote-reveal",
            TO_ALL,
            vec![text(&vote.kind), texts(&cards), listed]
        );
        if !doubles.is_empty() {
            log!(
                self,
                Some(Shared::from("vote.double-icons")),
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

    pub(crate) fn finish_vote(&mut self) -> R<After> {
        let vote = self.own.vote.clone().expect("a vote");
        let cards = self.shuffled(vote.revealed.iter().map(text).collect(), "vote-return")?;
        let n = cards.len();
        for c in cards.iter() {
            self.own.vote_deck.push(card_of(c)?);
        }
        log!(
            self,
            Some(Shared::from("vote.procedure.return")),
            "vote-return",
            TO_ALL,
            vec![Value::Int(n as i64)]
        );
        for (seat, _) in vote.played.iter() {
            if !self.draw_vote_card(*seat as usize, Some(self.rules.text("vote.procedure.draw"))) {
                break;
            }
        }
        self.own.vote = None;
        self.judge_tiebreak()
    }

    // -- reactions -----------------------------------------------------------------------------

    pub(crate) fn options_for(
        &mut self,
        event: &str,
        owner: i64,
        env: &[(&'static str, Value)],
    ) -> R<Vec<Text>> {
        let mut full: Vec<(&str, Value)> = env.to_vec();
        full.push(("owner", Value::Int(owner)));
        let env = self.env_of(&full);
        let cause = full
            .iter()
            .find(|(k, _)| *k == "cause")
            .map(|(_, v)| v.clone())
            .unwrap_or(Value::None);
        let rules = self.rules.clone();
        let t = &rules.tables;
        let mut names: Vec<Text> = Vec::new();
        if let Some((_, entries)) = t.reactions.iter().find(|(e, _)| e.as_ref() == event) {
            for (card, causes, answers) in entries {
                let caused = matches!(&cause, Value::Str(c) if causes.contains(c));
                if self.own.kept[owner as usize].contains(card) && caused {
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
        names.push(Shared::from(if event == "maroon" {
            "accept"
        } else {
            "stay"
        }));
        Ok(names)
    }

    /// Offer `owner` their answers to `event`; false if no card of theirs answers it.
    pub(crate) fn offer(
        &mut self,
        event: &str,
        owner: i64,
        env: Vec<(&'static str, Value)>,
    ) -> R<bool> {
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

    pub(crate) fn respond(&mut self, fi: usize) -> R<After> {
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
        let t = &rules.tables;
        let entries = &t
            .reactions
            .iter()
            .find(|(e, _)| *e == event)
            .ok_or_else(|| Fail::key_error(crate::engine::value::str_repr(&event)))?
            .1;
        for (card, _, answers) in entries {
            for a in answers {
                if Value::Str(a.name.clone()).eq(&answer)
                    && self.own.kept[owner as usize].contains(card)
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
                        .map(|(k, v)| (k, v.clone()))
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
}

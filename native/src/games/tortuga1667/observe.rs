//! Tortuga 1667's observation of a seat (`observation.py`'s `Observer1667`).

use crate::engine::value::Value;
use crate::games::tortuga1667::Game;

impl Game {
    /// Tortuga 1667's observation of `seat` (`observation.py`'s `Observer1667.encode` of
    /// its view): each entry named as the encoder names it, handed to `put` with its value.
    pub fn observation_1667(&self, seat: i64, put: &mut dyn FnMut(&str, i64)) {
        let t = &self.own;
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

//! Tortuga 1667's observation of a seat (`observation.py`'s `Observer1667`).

use crate::engine::entry::{Entry, Part};
use crate::games::tortuga1667::Game;

impl Game {
    /// Tortuga 1667's observation of `seat` (`observation.py`'s `Observer1667.encode` of
    /// its view): each entry, named in parts as the encoder names it, handed to `put`
    /// with its value.
    pub fn observation_1667(&self, seat: i64, put: &mut dyn FnMut(Entry<'_>, i64)) {
        let t = &self.own;
        let s_ = seat as usize;
        let mut put = |family: &'static str, parts: &[Part<'_>], value: i64| {
            put(Entry { family, parts }, value)
        };
        use Part::{Const, Held, Int, Repr, Text};
        put("me", &[Int(seat)], 1);
        if let Some(l) = t.loyalty.get(s_) {
            put("my_loyalty", &[Text(l)], 1);
        }
        let over = self.outcome.is_some();
        for (s, l) in t.loyalty.iter().enumerate() {
            if over || t.marks[s].iter().any(|m| m.as_ref() == "loyalty-open") {
                put("loyalty", &[Int(s as i64), Text(l)], 1);
            }
        }
        for (p, line) in t.lines.iter().enumerate() {
            let place = self.place(p as i64);
            for (rank, s) in line.iter().enumerate() {
                put("place", &[Int(*s), Repr(&place)], 1);
                put("rank", &[Int(*s), Int(rank as i64)], 1);
            }
        }
        let tr = self.tr();
        for s in 0..self.players {
            let bits = self.role_bits(s);
            for (i, r) in tr.roles.iter().enumerate() {
                if bits & (1 << i) != 0 && r.as_ref() != "anyone" {
                    put("role", &[Int(s), Held(r)], 1);
                }
            }
        }
        for (i, sunk) in t.sunk.iter().enumerate() {
            if *sunk {
                put("sunk", &[Repr(&self.place(3 + i as i64))], 1);
            }
        }
        for (c, k) in t.chests.iter().enumerate() {
            put("chests", &[Repr(&self.spot(c as i64))], *k);
        }
        for (s, h) in t.hands.iter().enumerate() {
            put("hand_size", &[Int(s as i64)], h.len() as i64);
        }
        put("vote_deck_size", &[], t.vote_deck.len() as i64);
        put("event_deck_size", &[], t.event_deck.len() as i64);
        put("actions_left", &[], t.actions_left);
        put("tiebreak", &[], (t.tiebreak != 0) as i64);
        put("over", &[], over as i64);
        for c in t.hands[s_].iter() {
            put("my_hand", &[Held(c)], 1);
        }
        let seen = t.seen[s_];
        for (i, card) in t.row.iter().enumerate() {
            if let Some(card) = card {
                let slot = i as i64 + 1;
                put("row", &[Int(slot), Const("face_down")], 1);
                if (seen >> i) & 1 == 1 {
                    put("row", &[Int(slot), Held(card)], 1);
                }
            }
        }
        for c in t.discard.iter() {
            put("discard", &[Held(c)], 1);
        }
        for c in t.resolving.iter() {
            put("resolving", &[Held(c)], 1);
        }
        for (s, cards) in t.kept.iter().enumerate() {
            for c in cards {
                put("kept", &[Int(s as i64), Held(c)], 1);
            }
        }
        for (s, names) in t.marks.iter().enumerate() {
            for m in names {
                put("mark", &[Int(s as i64), Held(m)], 1);
            }
        }
        for (s, mask) in t.seen.iter().enumerate() {
            for i in 0..t.row.len() {
                if (mask >> i) & 1 == 1 {
                    put("looked", &[Int(s as i64), Int(i as i64 + 1)], 1);
                }
            }
        }
        put("turn", &[Int(t.turn)], 1);
        if let Some(d) = &self.decision {
            put("decision", &[Held(&d.kind)], 1);
            put("decision_seat", &[Repr(&d.seat)], 1);
        }
        if let Some(v) = &t.vote {
            put("vote", &[Held(&v.kind)], 1);
            put("vote_caller", &[Int(v.caller)], 1);
            put("vote_place", &[Repr(&self.place(v.place))], 1);
            for s in v.participants.iter() {
                put("vote_participant", &[Int(*s)], 1);
            }
            for (s, cards) in v.played.iter() {
                put("voted", &[Int(*s)], 1);
                if *s == seat {
                    for c in cards {
                        put("my_vote", &[Held(c)], 1);
                    }
                }
            }
            for c in v.revealed.iter() {
                put("revealed", &[Held(c)], 1);
            }
        }
    }
}

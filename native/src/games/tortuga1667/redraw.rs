//! Tortuga 1667's determinisation, natively (`games/tortuga1667/determinize.py`): what one
//! seat cannot see redrawn in place - others' unknown loyalties, others' hands with the
//! face-down vote cards and the vote deck, the event deck with the row cards the seat has
//! not looked at - drawing from Python's generator exactly as the reference draws, so a
//! search's worlds are the same on either engine (tested field for field).

use crate::engine::machine::Decision;
use crate::engine::mt::PyRandom;
use crate::engine::shared::{Shared, Text};
use crate::engine::value::Value;
use crate::games::tortuga1667::Game;

fn text(v: &Value) -> Option<&str> {
    match v {
        Value::Str(s) => Some(s),
        _ => None,
    }
}

impl Game {
    /// Redraw what `seat` cannot see (`final`: the event deck's final card; `last`: among
    /// how many of the deck's last places it lies).
    pub fn redraw_1667(&mut self, seat: usize, rnd: &mut PyRandom, final_card: &str, last: usize) {
        self.redraw_loyalties(seat, rnd);
        self.rng = rnd.bits(63);
        self.redraw_vote_cards(seat, rnd);
        self.redraw_event_cards(seat, rnd, final_card, last);
        self.events.clear(); // the seat's world starts with no log (none is recorded)
    }

    /// Seat `seat`'s side, as the search tells sides apart: its loyalty as a text
    /// (`str(team)`, what `games/tortuga1667/native.py`'s `sample` gives); None for a seat
    /// with no loyalty written as one.
    pub fn side_1667(&self, seat: usize) -> Option<&str> {
        self.own.loyalty.get(seat).and_then(text)
    }

    fn redraw_loyalties(&mut self, seat: usize, rnd: &mut PyRandom) {
        let t = &mut self.own;
        let unknown: Vec<usize> = (0..t.loyalty.len())
            .filter(|s| *s != seat && !t.marks[*s].iter().any(|m| m.as_ref() == "loyalty-open"))
            .collect();
        let mut teams: Vec<Value> = unknown.iter().map(|s| t.loyalty[*s].clone()).collect();
        teams.sort_by(|a, b| text(a).cmp(&text(b)));
        rnd.shuffle(&mut teams);
        for (s, team) in unknown.iter().zip(teams) {
            t.loyalty[*s] = team;
        }
    }

    fn redraw_vote_cards(&mut self, seat: usize, rnd: &mut PyRandom) {
        let players = self.own.hands.len();
        if let Some(d) = &self.decision {
            let searching = d.kind.as_ref() == "choose"
                && d.seat.int() == Some(seat as i64)
                && d.options.iter().any(|o| {
                    text(o).is_some_and(|c| self.own.vote_deck.iter().any(|v| v.as_ref() == c))
                });
            if searching {
                return; // the seat is searching the vote deck (Crow's Nest): it sees it all
            }
        }
        let others: Vec<usize> = (0..players).filter(|s| *s != seat).collect();
        let face_down = self
            .own
            .vote
            .as_ref()
            .is_some_and(|v| v.revealed.is_empty());
        let mut pool: Vec<Text> = others
            .iter()
            .flat_map(|s| self.own.hands[*s].iter().cloned())
            .collect();
        pool.extend(self.own.vote_deck.iter().cloned());
        if face_down {
            if let Some(v) = &self.own.vote {
                for (s, cards) in v.played.iter() {
                    if *s as usize != seat {
                        pool.extend(cards.iter().cloned());
                    }
                }
            }
        }
        pool.sort();
        rnd.shuffle(&mut pool);
        // a choice of another seat's among the cards it held (before they are dealt again)
        let chooser = self
            .decision
            .as_ref()
            .and_then(|d| d.seat.int())
            .filter(|c| *c as usize != seat);
        let chooser_hand = chooser
            .and_then(|c| self.own.hands.get(c as usize))
            .cloned();
        let mut at = 0;
        for s in others.iter() {
            let n = self.own.hands[*s].len();
            let mut hand = pool[at..at + n].to_vec();
            hand.sort();
            self.own.hands[*s] = hand;
            at += n;
        }
        if let Some(v) = self.own.vote.as_mut() {
            for (s, cards) in v.played.iter_mut() {
                if *s as usize != seat && face_down {
                    let n = cards.len();
                    *cards = pool[at..at + n].to_vec();
                    at += n;
                }
            }
        }
        // the deck before is only read: taken whole, not copied out of a shared one
        let deck_before = std::mem::replace(&mut self.own.vote_deck, pool[at..].to_vec().into());
        self.redeal_choice(seat, chooser_hand, &deck_before);
    }

    /// Another seat choosing secretly among hidden cards chooses among the new ones: its
    /// hand's (`held`: its cards before they were dealt again), or the vote deck's.
    fn redeal_choice(&mut self, seat: usize, held: Option<Vec<Text>>, deck_before: &[Text]) {
        let Some(d) = self.decision.clone() else {
            return;
        };
        if d.kind.as_ref() != "choose" || d.seat.int() == Some(seat as i64) || d.options.is_empty()
        {
            return;
        }
        let Some(options) = d.options.iter().map(text).collect::<Option<Vec<&str>>>() else {
            return;
        };
        let sorted = |xs: &[Text]| {
            let mut v: Vec<Text> = xs.to_vec();
            v.sort();
            v
        };
        let same =
            |xs: Vec<Text>, ys: &[&str]| xs.iter().map(|x| x.as_ref()).eq(ys.iter().copied());
        let mut mine = options.clone();
        mine.sort();
        let new = match held {
            Some(held) if same(sorted(&held), &mine) => {
                self.own.hands[d.seat.int().unwrap_or(0) as usize].clone()
            }
            _ if same(sorted(deck_before), &options) => sorted(&self.own.vote_deck),
            _ => return,
        };
        let options: Vec<Value> = new.into_iter().map(Value::Str).collect();
        self.decision = Some(Decision {
            options: Shared::from(options),
            ..d
        });
    }

    fn redraw_event_cards(
        &mut self,
        seat: usize,
        rnd: &mut PyRandom,
        final_card: &str,
        last: usize,
    ) {
        let t = &mut self.own;
        let seen = t.seen[seat];
        let hidden: Vec<usize> = (0..t.row.len())
            .filter(|i| t.row[*i].is_some() && (seen >> i) & 1 == 0)
            .collect();
        let deck_len = t.event_deck.len();
        let mut cards: Vec<Text> = t.event_deck.to_vec();
        cards.extend(hidden.iter().map(|i| t.row[*i].clone().expect("a card")));
        cards.sort();
        // where the final card goes: Some(Ok(deck index)) or Some(Err(row slot))
        let mut spot: Option<Result<usize, usize>> = None;
        if let Some(i) = cards.iter().position(|c| c.as_ref() == final_card) {
            cards.remove(i);
            let mut spots: Vec<Result<usize, usize>> = (0..last.min(deck_len))
                .map(|k| Ok(deck_len - 1 - k))
                .collect();
            if deck_len < last {
                spots.extend(hidden.iter().map(|i| Err(*i)));
            }
            if !spots.is_empty() {
                spot = Some(spots[rnd.below(spots.len())]);
            }
        }
        rnd.shuffle(&mut cards);
        for i in hidden.iter() {
            t.row[*i] = Some(if spot == Some(Err(*i)) {
                Shared::from(final_card)
            } else {
                cards.pop().expect("a card for each hidden slot")
            });
        }
        if let Some(Ok(at)) = spot {
            cards.insert(at.min(cards.len()), Shared::from(final_card));
        }
        t.event_deck = cards.into();
    }
}

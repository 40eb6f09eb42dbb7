//! Tortuga 1667's verbs, internal steps and functions (`games/tortuga1667/verbs.py`,
//! `functions.py`): the words its compiled programs call.

use super::{card_of, ints, list_remove, text, texts, R, TORTUGA};
use crate::engine::eval::{number, show};
use crate::engine::fail::Fail;
use crate::engine::machine::{log, position as at, After, TO_ALL};
use crate::engine::value::Value;
use crate::engine::words::words;
use crate::games::tortuga1667::Game;

words!(TFunc {
    Location = "location",
    Crew = "crew",
    Captain = "captain",
    Chests = "chests",
    Holds = "holds",
    Nonempty = "nonempty",
    ChestMoves = "chest_moves",
    Transfers = "transfers",
    OtherShip = "other_ship",
    RightOf = "right_of",
    LeftOf = "left_of",
    Rowboats = "rowboats",
    IsBoat = "is_boat",
    IsShip = "is_ship",
    Adjacent = "adjacent",
    WithRoom = "with_room",
    Revealed = "revealed",
    KeptCount = "kept_count",
    Hand = "hand",
    VoteDeckCards = "vote_deck_cards",
    Marks = "marks",
    Holder = "holder",
    HasRoom = "has_room",
    Sunk = "sunk",
    FaceDown = "face_down",
    HandSize = "hand_size",
    FreeSpots = "free_spots",
});

words!(TVerb {
    Maroon = "maroon",
    MaroonAnyway = "maroon_anyway",
    Move = "move",
    MoveChest = "move_chest",
    Gather = "gather",
    Share = "share",
    Peek = "peek",
    Reveal = "reveal",
    ReshuffleLine = "reshuffle_line",
    SwapPlaces = "swap_places",
    Sink = "sink",
    SwapLoyalties = "swap_loyalties",
    Keep = "keep",
    DiscardKept = "discard_kept",
    DrawVote = "draw_vote",
    VoteToTop = "vote_to_top",
    LoseVote = "lose_vote",
    HandToDeck = "hand_to_deck",
    TakeVote = "take_vote",
    GiveVote = "give_vote",
    ShuffleVotes = "shuffle_votes",
    MaroonAll = "maroon_all",
    Discard = "discard",
    Vote = "vote",
    EndGame = "end_game",
    PlaceChest = "place_chest",
    Mark = "mark",
    Unmark = "unmark",
    ExtraAction = "extra_action",
    SkipTurn = "skip_turn",
    Cite = "cite",
    PlacePawn = "place_pawn",
    PlacePawnAt = "place_pawn_at",
    Stop = "stop",
});

words!(Internal {
    FinishAction = "finish-action",
    FinishReveal = "finish-reveal",
    FinishVote = "finish-vote",
    StartPlay = "start-play",
    BeginTurn = "begin-turn",
    OpenVote = "open-vote",
    Ask = "ask",
    Respond = "respond",
});

/// The number of Tortuga 1667's function called `name` ([`crate::engine::words::Func::Game`]).
pub fn func(name: &str) -> Option<u16> {
    TFunc::parse(name).map(TFunc::index)
}

/// The number of Tortuga 1667's verb called `name` ([`crate::engine::words::Verb::Game`]).
pub fn verb(name: &str) -> Option<u16> {
    TVerb::parse(name).map(TVerb::index)
}

/// The number of Tortuga 1667's engine step called `name` (`finish-action` and the
/// others its builtin programs call: [`crate::engine::words::Verb::Step`]).
pub fn step(name: &str) -> Option<u16> {
    Internal::parse(name).map(Internal::index)
}

/// Tortuga 1667's own DSL types, by name: `slot`, a row slot (a number from 1 to the row's
/// length).
pub fn ty(name: &str) -> Option<u8> {
    (name == "slot").then_some(SLOT)
}

/// The number of the type `slot`.
const SLOT: u8 = 0;

/// Function number `f` of `a`.
pub fn call_func(g: &Game, f: u16, a: &[Value], env: &[(u32, Value)]) -> R<Value> {
    g.function_1667(TFunc::ALL[f as usize], a, env)
}

/// Verb number `v` of `a`, run by frame `fi`.
pub fn call_verb(g: &mut Game, v: u16, a: &[Value], fi: usize) -> R<After> {
    g.verb_1667(TVerb::ALL[v as usize], a, fi)
}

/// Engine step number `s`, run by frame `fi`.
pub fn call_step(g: &mut Game, s: u16, fi: usize) -> R<After> {
    g.internal_1667(Internal::ALL[s as usize], fi)
}

/// Whether `v` is of Tortuga 1667's type number `ty`.
pub fn has_type(g: &Game, ty: u8, v: &Value) -> bool {
    match ty {
        SLOT => matches!(v, Value::Int(i) if 1 <= *i && *i <= g.own.row.len() as i64),
        _ => false,
    }
}

impl Game {
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
                    at(&a[0], self.own.chests.len())?,
                    at(&a[1], self.own.chests.len())?,
                );
                self.move_chests(s, d, 1, None);
            }
            TVerb::Gather => {
                let d = at(&a[0], self.own.chests.len())?;
                for src in a[1..].iter() {
                    let s = at(src, self.own.chests.len())?;
                    self.move_chests(s, d, self.own.chests[s], None);
                }
            }
            TVerb::Share => {
                let n = self.own.chests.len();
                let (x, y) = (at(&a[0], n)?, at(&a[1], n)?);
                let srcs: Vec<usize> = a[2..].iter().map(|v| at(v, n)).collect::<R<_>>()?;
                let total = self.own.chests[x]
                    + self.own.chests[y]
                    + srcs.iter().map(|s| self.own.chests[*s]).sum::<i64>();
                let want_b = total.div_euclid(2);
                for s in srcs {
                    self.move_chests(s, x, self.own.chests[s], None);
                }
                let have_b = self.own.chests[y];
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
                let p = at(&a[0], self.own.lines.len())?;
                let line: Vec<Value> = self.own.lines[p].iter().map(|s| Value::Int(*s)).collect();
                let new = self.shuffled(line, "line-reshuffle")?;
                self.own.lines[p] = new.iter().map(number).collect::<R<_>>()?;
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
                let ix = self.own.lines[px as usize]
                    .iter()
                    .position(|s| *s == x)
                    .unwrap_or(0);
                let iy = self.own.lines[py as usize]
                    .iter()
                    .position(|s| *s == y)
                    .unwrap_or(0);
                self.own.lines[px as usize][ix] = y;
                self.own.lines[py as usize][iy] = x;
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
                let i = crate::engine::value::py_index(self.own.sunk.len(), boat - 3)
                    .ok_or_else(|| Fail::index_error("list assignment index out of range"))?;
                self.own.sunk[i] = true;
                log!(self, None, "sink", TO_ALL, vec![a[0].clone()]);
                let line = self.own.lines[at(&a[0], self.own.lines.len())?].clone();
                for s in line {
                    self.maroon(s)?;
                }
            }
            TVerb::SwapLoyalties => {
                let (x, y) = (self.seat_at(&a[0])?, self.seat_at(&a[1])?);
                let pair = vec![self.own.loyalty[x].clone(), self.own.loyalty[y].clone()];
                let new = self.shuffled(pair, "loyalty-swap")?;
                self.own.loyalty[x] = new[0].clone();
                self.own.loyalty[y] = new[1].clone();
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
                list_remove(&mut self.own.hands[s], &card)?;
                self.own.vote_deck.insert(0, card);
                log!(self, None, "vote-to-top", TO_ALL, vec![a[0].clone()]);
            }
            TVerb::LoseVote => {
                let s = self.seat_at(&a[0])?;
                self.lose_vote_card(s as i64, &card_of(&a[1])?, None)?;
            }
            TVerb::HandToDeck => {
                let s = self.seat_at(&a[0])?;
                let hand = std::mem::take(&mut self.own.hands[s]);
                let n = hand.len();
                self.own.vote_deck.extend(hand);
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
                list_remove(&mut self.own.vote_deck, &card)?;
                self.own.hands[s].push(card.clone());
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
                let deck: Vec<Value> = self.own.vote_deck.iter().map(text).collect();
                let new = self.shuffled(deck, "vote-deck-shuffle")?;
                self.own.vote_deck = new.iter().map(card_of).collect::<R<_>>()?;
                log!(self, None, "vote-deck-shuffle", TO_ALL, vec![]);
            }
            TVerb::MaroonAll => {
                let p = at(&a[0], self.own.lines.len())?;
                let line = self.own.lines[p].clone();
                for s in line.into_iter().rev() {
                    self.maroon(s)?;
                }
            }
            TVerb::Discard => {
                let card = card_of(&a[0])?;
                if self.take_resolving(&card) {
                    self.own.discard.push(card.clone());
                    log!(self, None, "discard", TO_ALL, vec![text(&card)]);
                }
            }
            TVerb::Vote => {
                let kind = card_of(&a[0])?;
                let votes = &self.rules.tables.votes;
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
                let s = at(&a[0], self.own.chests.len())?;
                self.own.chests[s] += 1;
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
                self.own.actions_left += 1;
                log!(
                    self,
                    None,
                    "extra-action",
                    TO_ALL,
                    vec![Value::Int(self.own.turn)]
                );
            }
            TVerb::SkipTurn => {
                self.own.actions_left = 0;
                log!(
                    self,
                    None,
                    "turn-skipped",
                    TO_ALL,
                    vec![Value::Int(self.own.turn)]
                );
            }
            TVerb::Cite => {}
            TVerb::PlacePawn => {
                let p = at(&a[1], self.own.lines.len())?;
                self.own.lines[p].push(number(&a[0])?);
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
                let p = at(&place, self.own.lines.len())?;
                let rank = rank.min(self.own.lines[p].len());
                self.own.lines[p].insert(rank, number(&a[0])?);
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
                // a game saved before votes kept their place has none: where the caller is
                let place = match self.env_get(fi, "place") {
                    Some(p) => Some(at(&p, self.own.lines.len())? as i64),
                    None => None,
                };
                self.open_vote(kind, caller, place)
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
            TFunc::Crew => ints(&self.own.lines[at(&a[0], self.own.lines.len())?]),
            TFunc::Captain => self.own.lines[at(&a[0], self.own.lines.len())?]
                .first()
                .map(|s| Value::Int(*s))
                .unwrap_or(Value::None),
            TFunc::Chests => Value::Int(self.own.chests[at(&a[0], self.own.chests.len())?]),
            TFunc::Holds => {
                let h = &t.holds[at(&a[0], t.holds.len())?];
                Value::tuple(h.iter().map(|s| self.spot(*s)).collect())
            }
            TFunc::Nonempty => {
                let mut out = Vec::new();
                for s in a[0].to_items()?.iter() {
                    if self.own.chests[at(s, self.own.chests.len())?] != 0 {
                        out.push(s.clone());
                    }
                }
                Value::tuple(out)
            }
            TFunc::ChestMoves => {
                let (srcs, dsts) = (a[0].to_items()?, a[1].to_items()?);
                let mut out = Vec::new();
                for x in srcs.iter() {
                    if self.own.chests[at(x, self.own.chests.len())?] != 0 {
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
                        if !x.eq(y) && self.own.chests[at(x, self.own.chests.len())?] != 0 {
                            out.push(Value::tuple(vec![x.clone(), y.clone()]));
                        }
                    }
                }
                Value::tuple(out)
            }
            TFunc::OtherShip => {
                let p = number(&a[0])?;
                let i = crate::engine::value::py_index(2, 1 - p)
                    .ok_or_else(|| Fail::index_error("tuple index out of range"))?;
                self.place(i as i64)
            }
            TFunc::RightOf => Value::Int((number(&a[0])? - 1).rem_euclid(self.players)),
            TFunc::LeftOf => Value::Int((number(&a[0])? + 1).rem_euclid(self.players)),
            TFunc::Rowboats => {
                let out: Vec<Value> = [3i64, 4]
                    .iter()
                    .filter(|b| !self.own.sunk[(**b - 3) as usize])
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
                    let i = at(p, self.own.lines.len())?;
                    if (self.own.lines[i].len() as i64) < t.capacity[i] {
                        out.push(p.clone());
                    }
                }
                Value::tuple(out)
            }
            TFunc::Revealed => Value::Int(
                (self.own.discard.len()
                    + self.own.resolving.len()
                    + self.own.kept.iter().map(|k| k.len()).sum::<usize>()) as i64,
            ),
            TFunc::KeptCount => {
                let card = card_of(&a[1])?;
                let mut n = 0;
                for s in a[0].to_items()?.iter() {
                    n += self.own.kept[self.seat_at(s)?]
                        .iter()
                        .filter(|c| **c == card)
                        .count();
                }
                Value::Int(n as i64)
            }
            TFunc::Hand => {
                let mut h = self.own.hands[self.seat_at(&a[0])?].clone();
                h.sort();
                texts(&h)
            }
            TFunc::VoteDeckCards => {
                let mut d = self.own.vote_deck.clone();
                d.sort();
                texts(&d)
            }
            TFunc::Marks => {
                let name = card_of(&a[1])?;
                Value::Int(
                    self.own.marks[self.seat_at(&a[0])?]
                        .iter()
                        .filter(|m| **m == name)
                        .count() as i64,
                )
            }
            TFunc::Holder => {
                let card = card_of(&a[0])?;
                self.own
                    .kept
                    .iter()
                    .position(|k| k.contains(&card))
                    .map(|s| Value::Int(s as i64))
                    .unwrap_or(Value::None)
            }
            TFunc::HasRoom => {
                let i = at(&a[0], self.own.lines.len())?;
                Value::Bool((self.own.lines[i].len() as i64) < t.capacity[i])
            }
            TFunc::Sunk => {
                let p = number(&a[0])?;
                Value::Bool(
                    p >= 3
                        && self.own.sunk[crate::engine::value::py_index(
                            self.own.sunk.len(),
                            p - 3,
                        )
                        .ok_or_else(|| Fail::index_error("tuple index out of range"))?],
                )
            }
            TFunc::FaceDown => Value::tuple(
                self.own
                    .row
                    .iter()
                    .enumerate()
                    .filter(|(_, c)| c.is_some())
                    .map(|(i, _)| Value::Int(i as i64 + 1))
                    .collect(),
            ),
            TFunc::HandSize => Value::Int(self.own.hands[self.seat_at(&a[0])?].len() as i64),
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::words::{Func, Verb};

    #[test]
    fn the_words_authors_asked_for_are_known_by_their_names() {
        assert_eq!(
            Func::parse("left_of", func),
            Some(Func::Game(TFunc::LeftOf.index()))
        );
        assert_eq!(
            Func::parse("right_of", func),
            Some(Func::Game(TFunc::RightOf.index()))
        );
        assert_eq!(
            Verb::parse("give_vote", verb),
            Some(Verb::Game(TVerb::GiveVote.index()))
        );
        assert_eq!(step("finish-vote"), Some(Internal::FinishVote.index()));
        assert!(matches!(ty("slot"), Some(SLOT)));
    }

    #[test]
    fn a_word_no_game_has_is_not_known() {
        assert_eq!(Func::parse("above_of", func), None);
        assert_eq!(Verb::parse("steal_vote", verb), None);
        assert_eq!(step("give_vote"), None);
        assert_eq!(ty("seat"), None);
    }

    #[test]
    fn every_word_is_found_again_by_its_number() {
        for (i, f) in TFunc::ALL.iter().enumerate() {
            assert_eq!(f.index() as usize, i);
        }
        assert_eq!(TVerb::ALL[TVerb::Stop.index() as usize], TVerb::Stop);
        assert_eq!(Internal::ALL.len(), 8);
    }
}

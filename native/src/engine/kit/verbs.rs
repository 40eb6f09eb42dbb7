//! The component kit's verbs (`dsl/kit.py`, `procedures/kit.py`): moving tokens between
//! zones, tracks and counters, dice, held values, effects and the finish.

use crate::engine::ext::Ext;
use crate::engine::fail::Fail;
use crate::engine::kit::{Seen, Shape};
use crate::engine::machine::{
    log, num, seat_index, set_env, After, Game, Outcome, TO_ALL, TO_NOBODY,
};
use crate::engine::shared::{Shared, Text};
use crate::engine::value::{sort_tokens, Value};
use crate::engine::words::{KitVerb, Verb};

type R<T> = Result<T, Fail>;

impl<X: Ext> Game<X> {
    // -- verbs -------------------------------------------------------------------------

    pub(crate) fn verb(&mut self, verb: Verb, a: &[Value], fi: usize) -> R<After> {
        let verb = match verb {
            Verb::K(k) => k,
            Verb::Game(v) => return X::call_verb(self, v, a, fi),
            Verb::Step(s) => return X::call_step(self, s, fi),
        };
        match verb {
            KitVerb::MoveToken => {
                self.move_many(&a[0], &a[1], vec![a[2].clone()], &a[3], &a[4], "moved")?
            }
            KitVerb::MoveLast => {
                let cur = self.tokens(&a[0], &a[1])?.to_items()?;
                let Some(token) = cur.last().cloned() else {
                    let of = match &a[0] {
                        Value::None => String::new(),
                        seat => format!(" of seat {}", seat.repr()),
                    };
                    return Err(Fail::value(format!(
                        "zone {}{} is empty: it has no token to move",
                        a[1].as_str().unwrap_or(""),
                        of
                    )));
                };
                self.move_many(&a[0], &a[1], vec![token], &a[2], &a[3], "moved")?
            }
            KitVerb::Draw => self.draw(&a[0], &a[1], &a[2], &a[3])?,
            KitVerb::Advance => self.advance(&a[0], &a[1], &a[2])?,
            KitVerb::SetCounter => {
                let i = self.counter_index(&a[0])?;
                let to = num(&a[1])?;
                let (low, high) = self.rules.kit.ranges.get(i).copied().unwrap_or((
                    -crate::engine::eval::MAX_NUMBER,
                    Some(crate::engine::eval::MAX_NUMBER),
                ));
                let high = high.unwrap_or(self.players - 1);
                if !(low <= to && to <= high) {
                    return Err(Fail::value(format!(
                        "counter {} takes {}..{} in this {}-player game, not {}",
                        a[0].as_str().unwrap_or(""),
                        low,
                        high,
                        self.players,
                        a[1].repr()
                    )));
                }
                self.counters[i] = to;
                log!(
                    self,
                    None,
                    "counter",
                    TO_ALL,
                    vec![a[0].clone(), a[1].clone()]
                );
            }
            KitVerb::Roll => self.roll(&a[0], &a[1], &a[2])?,
            KitVerb::MoveDice => {
                let dice = self.tokens(&a[0], &a[1])?;
                let mut moved = Vec::new();
                for d in dice.to_items()?.iter() {
                    if a[2].contains(&d.subscript(0)?)? {
                        moved.push(d.clone());
                    }
                }
                self.move_many(&a[0], &a[1], moved, &a[0], &a[3], "moved")?
            }
            KitVerb::MoveAll => {
                let all = self.tokens(&a[0], &a[1])?.to_items()?.to_vec();
                self.move_many(&a[0], &a[1], all, &a[2], &a[3], "moved")?
            }
            KitVerb::TurnDie => self.turn_die(&a[0], &a[1], &a[2], &a[3])?,
            KitVerb::Hold => {
                let s = seat_index(&a[0], self.players)?;
                if let Some(held) = &self.rules.kit.held {
                    if !held.shapes.iter().any(|shape| self.fits(&a[1], shape)) {
                        return Err(Fail::value(format!(
                            "seat {} may hold {}, not {}",
                            a[0].repr(),
                            held.words,
                            json_shown(&a[1])
                        )));
                    }
                }
                self.held[s] = Some(a[1].clone());
                log!(self, None, "held", TO_ALL, vec![a[0].clone()]);
            }
            KitVerb::RevealHeld => self.reveal_held(&a[0])?,
            KitVerb::Say => {
                let values = Value::tuple(a[1..].to_vec());
                log!(self, None, "said", TO_ALL, vec![a[0].clone(), values]);
            }
            KitVerb::Run => self.run_effect(&a[0], &a[1..])?,
            KitVerb::Finish => {
                self.finish(&a[0], &a[1])?;
                return Ok(After::Halt);
            }
        }
        Ok(After::Go)
    }

    pub(crate) fn slot(&self, seat: &Value, name: &Value) -> R<usize> {
        let Value::Str(text) = name else {
            return Err(Fail::value(format!(
                "no zone {} (the zones: {})",
                name.repr().chars().take(40).collect::<String>(),
                self.rules.zone_names()
            )));
        };
        let name: &str = text;
        let kit = &self.rules.kit;
        if let Some(i) = find_name(kit.zones.iter().map(|z| &z.name), text) {
            let z = &kit.zones[i];
            let place = kit.zone_places[i];
            if !z.per_seat {
                if !matches!(seat, Value::None) {
                    return Err(Fail::value(format!(
                        "{} is a shared zone: name it with seat none",
                        name
                    )));
                }
                return Ok(place);
            }
            let shared = kit.zones.len() - kit.own_zones;
            return match seat {
                Value::Int(s) if 0 <= *s && *s < self.players => {
                    Ok(shared + (*s as usize) * kit.own_zones + place)
                }
                _ => Err(Fail::value(format!(
                    "{} is each seat's own zone: name its seat, not {}",
                    name,
                    seat.repr().chars().take(40).collect::<String>()
                ))),
            };
        }
        Err(Fail::value(format!(
            "no zone {} (the zones: {})",
            crate::engine::value::str_repr(name)
                .chars()
                .take(40)
                .collect::<String>(),
            self.rules.zone_names()
        )))
    }

    pub fn tokens(&self, seat: &Value, name: &Value) -> R<Value> {
        Ok(self.zones[self.slot(seat, name)?].clone())
    }

    pub(crate) fn set_zone(&mut self, seat: &Value, name: &Value, mut value: Vec<Value>) -> R<()> {
        let i = self.slot(seat, name)?;
        let zone = self.rules.zone(name).map(|z| z.bag).unwrap_or(false);
        if zone {
            sort_tokens(&mut value);
        }
        self.zones[i] = Value::tuple(value);
        Ok(())
    }

    /// Whether zone `name` is a bag (kept sorted).
    fn is_bag(&self, name: &Value) -> bool {
        self.rules.zone(name).is_some_and(|z| z.bag)
    }

    /// Take `token` out of the zone at `(slot, bag)`, if it is there.
    fn take_at(&mut self, (i, bag): (usize, bool), token: &Value) -> bool {
        let items = self.zones[i].items().unwrap_or(&[]);
        let Some(k) = items.iter().position(|x| x.eq(token)) else {
            return false;
        };
        let mut v = items.to_vec();
        v.remove(k);
        if bag {
            sort_tokens(&mut v);
        }
        self.zones[i] = Value::tuple(v);
        true
    }

    /// Put `token` at the end of the zone at `(slot, bag)` (a bag sorted again).
    fn put_at(&mut self, (i, bag): (usize, bool), token: Value) {
        let mut v = self.zones[i].items().unwrap_or(&[]).to_vec();
        v.push(token);
        if bag {
            sort_tokens(&mut v);
        }
        self.zones[i] = Value::tuple(v);
    }

    pub(crate) fn audience(&self, name: &Value, owner: &Value) -> R<i64> {
        let zname = name.as_str().unwrap_or("");
        let z = self.rules.zone(name).ok_or_else(|| {
            Fail::value(format!(
                "no zone {} (the zones: {})",
                crate::engine::value::str_repr(zname),
                self.rules.zone_names()
            ))
        })?;
        Ok(match (z.seen, owner) {
            (Seen::All, _) => TO_ALL,
            (Seen::Owner, Value::Int(s)) => *s,
            (Seen::Owner, Value::Bool(b)) => *b as i64,
            _ => TO_NOBODY,
        })
    }

    #[allow(clippy::too_many_arguments)]
    pub(crate) fn move_many(
        &mut self,
        src_seat: &Value,
        src: &Value,
        moved: Vec<Value>,
        dst_seat: &Value,
        dst: &Value,
        kind: &'static str,
    ) -> R<()> {
        if moved.is_empty() {
            return Ok(());
        }
        // each zone found once, the destination only once a token has left the source (the
        // order `take` then `put` fails in, token by token)
        let from = (self.slot(src_seat, src)?, self.is_bag(src));
        let mut to = None;
        for token in moved.iter() {
            if !self.take_at(from, token) {
                return Err(Fail::value(format!(
                    "zone {} has no {}",
                    src.as_str().unwrap_or(""),
                    token.repr()
                )));
            }
            let at = match to {
                Some(at) => at,
                None => *to.insert((self.slot(dst_seat, dst)?, self.is_bag(dst))),
            };
            self.put_at(at, token.clone());
        }
        let a = self.audience(src, src_seat)?;
        let b = self.audience(dst, dst_seat)?;
        if !self.record {
            // the events it would log: one for all, and one per seat told the tokens
            self.logged += move_events(a, b);
            return Ok(());
        }
        let tail = |first: Value| {
            vec![
                first,
                src_seat.clone(),
                src.clone(),
                dst_seat.clone(),
                dst.clone(),
            ]
        };
        if a == TO_ALL || b == TO_ALL {
            log!(self, None, kind, TO_ALL, tail(Value::tuple(moved)));
            return Ok(());
        }
        log!(
            self,
            None,
            kind,
            TO_ALL,
            tail(Value::Int(moved.len() as i64))
        );
        let mut owners: Vec<i64> = [a, b].iter().copied().filter(|s| *s >= 0).collect();
        owners.sort();
        owners.dedup();
        if owners.is_empty() {
            owners.push(TO_NOBODY);
        }
        let moved = Value::tuple(moved);
        for to in owners {
            log!(self, None, kind, to, tail(moved.clone()));
        }
        Ok(())
    }

    pub(crate) fn draw(
        &mut self,
        src_seat: &Value,
        src: &Value,
        dst_seat: &Value,
        dst: &Value,
    ) -> R<()> {
        let cur = self.tokens(src_seat, src)?;
        let items = cur.items().unwrap_or(&[]);
        if items.is_empty() {
            log!(
                self,
                None,
                "zone-empty",
                TO_ALL,
                vec![src_seat.clone(), src.clone()]
            );
            return Ok(());
        }
        let token = self.pick_for(items, "draw", src.as_str().unwrap_or(""))?;
        self.move_many(src_seat, src, vec![token], dst_seat, dst, "drawn")
    }

    pub(crate) fn advance(&mut self, seat: &Value, name: &Value, by: &Value) -> R<()> {
        let i = self.track_index(name)?;
        let s = seat_index(seat, self.players)?;
        let t = &self.rules.kit.tracks[i];
        let old = self.tracks[s][i];
        let new = (old + num(by)?).min(t.high).max(t.low);
        self.tracks[s][i] = new;
        log!(
            self,
            None,
            "track",
            TO_ALL,
            vec![seat.clone(), name.clone(), Value::Int(old), Value::Int(new)]
        );
        Ok(())
    }

    pub fn track_index(&self, name: &Value) -> R<usize> {
        let tracks = &self.rules.kit.tracks;
        let n = name.as_str().unwrap_or("");
        let found = match name {
            Value::Str(text) => find_name(tracks.iter().map(|t| &t.name), text),
            _ => None,
        };
        found.ok_or_else(|| {
            let all: Vec<&str> = tracks.iter().map(|t| t.name.as_ref()).collect();
            Fail::value(format!(
                "no track {} (the tracks: {})",
                crate::engine::value::str_repr(n),
                all.join(", ")
            ))
        })
    }

    pub fn counter_index(&self, name: &Value) -> R<usize> {
        let counters = &self.rules.kit.counters;
        let n = name.as_str().unwrap_or("");
        let found = match name {
            Value::Str(text) => find_name(counters.iter(), text),
            _ => None,
        };
        found.ok_or_else(|| {
            let all: Vec<&str> = counters.iter().map(|c| c.as_ref()).collect();
            Fail::value(format!(
                "no counter {} (the counters: {})",
                crate::engine::value::str_repr(n),
                all.join(", ")
            ))
        })
    }

    /// A die's faces: `(side, pips)` each.
    pub fn faces(&self, letter: &Value) -> R<&[(Text, i64)]> {
        let Value::Str(l) = letter else {
            return Err(Fail::key_error(letter.repr()));
        };
        let faces = &self.rules.kit.faces;
        find_name(faces.iter().map(|(x, _)| x), l)
            .map(|i| faces[i].1.as_slice())
            .ok_or_else(|| Fail::key_error(letter.repr()))
    }

    /// The `(side, pips)` a die (`(letter, face)`) shows.
    pub fn face(&self, die: &Value) -> R<(Text, i64)> {
        let letter = die.subscript(0)?;
        let face = die.subscript(1)?;
        let faces = self.faces(&letter)?;
        let i = face
            .int()
            .ok_or_else(|| Fail::type_error("tuple indices must be integers"))?;
        match crate::engine::value::py_index(faces.len(), i) {
            Some(k) => Ok(faces[k].clone()),
            None => Err(Fail::index_error("tuple index out of range")),
        }
    }

    /// The face a die of `letter` comes up on: a side at random (or the one fixed for
    /// `roll:<letter>`), its first face.
    fn roll_die(&mut self, letter: &Value) -> R<usize> {
        let n = self.faces(letter)?.len();
        let side = if self.rigged.is_empty() {
            let r = crate::engine::rng::below(&mut self.rng, n);
            Value::Str(self.faces(letter)?[r].0.clone())
        } else {
            let sides: Vec<Value> = self
                .faces(letter)?
                .iter()
                .map(|(s, _)| Value::Str(s.clone()))
                .collect();
            self.pick(&sides, &format!("roll:{}", letter.as_str().unwrap_or("")))?
        };
        let faces = self.faces(letter)?;
        Ok(faces
            .iter()
            .position(|(s, _)| Value::Str(s.clone()).eq(&side))
            .unwrap_or(0))
    }

    pub(crate) fn roll(&mut self, seat: &Value, src: &Value, dst: &Value) -> R<()> {
        let dice = self.tokens(seat, src)?.to_items()?;
        let mut rolled = Vec::with_capacity(dice.len());
        let mut shown = Vec::with_capacity(dice.len());
        for d in dice.iter() {
            let letter = d.subscript(0)?;
            let face = self.roll_die(&letter)?;
            rolled.push(Value::tuple(vec![letter.clone(), Value::Int(face as i64)]));
            if self.record {
                // only a kept log shows the sides rolled
                let (side, pips) = self.faces(&letter)?[face].clone();
                shown.push(Value::tuple(vec![
                    letter,
                    Value::Str(side),
                    Value::Int(pips),
                ]));
            }
        }
        self.set_zone(seat, src, Vec::new())?;
        let mut now = self.tokens(seat, dst)?.to_items()?.to_vec();
        let n = rolled.len();
        now.extend(rolled);
        self.set_zone(seat, dst, now)?;
        let to = self.audience(dst, seat)?;
        if to == TO_ALL {
            log!(
                self,
                None,
                "rolled",
                TO_ALL,
                vec![seat.clone(), Value::tuple(shown), Value::Bool(true)]
            );
        } else {
            log!(
                self,
                None,
                "rolled",
                TO_ALL,
                vec![seat.clone(), Value::Int(n as i64), Value::Bool(false)]
            );
            let to = if to >= 0 { to } else { TO_NOBODY };
            log!(
                self,
                None,
                "rolled",
                to,
                vec![seat.clone(), Value::tuple(shown), Value::Bool(false)]
            );
        }
        Ok(())
    }

    pub(crate) fn turn_die(
        &mut self,
        seat: &Value,
        name: &Value,
        letter: &Value,
        side: &Value,
    ) -> R<()> {
        let cur = self.tokens(seat, name)?.to_items()?;
        for (i, d) in cur.iter().enumerate() {
            if d.subscript(0)?.eq(letter) {
                let faces = self.faces(letter)?.to_vec();
                let want = side.as_str().unwrap_or("");
                let face = faces
                    .iter()
                    .position(|(s, _)| s.as_ref() == want)
                    .ok_or_else(|| {
                        Fail::value(format!(
                            "die {} has no {} face",
                            letter.as_str().unwrap_or(""),
                            want
                        ))
                    })?;
                let mut v = cur.to_vec();
                v[i] = Value::tuple(vec![letter.clone(), Value::Int(face as i64)]);
                self.set_zone(seat, name, v)?;
                log!(
                    self,
                    None,
                    "die-turned",
                    TO_ALL,
                    vec![
                        seat.clone(),
                        letter.clone(),
                        side.clone(),
                        Value::Int(faces[face].1)
                    ],
                );
                return Ok(());
            }
        }
        Err(Fail::value(format!(
            "seat {} has no die {} in {}",
            seat.repr(),
            letter.as_str().unwrap_or(""),
            name.as_str().unwrap_or("")
        )))
    }

    pub(crate) fn reveal_held(&mut self, seats: &Value) -> R<()> {
        let seats = seats.to_items()?;
        let mut shown = self.shown.clone();
        for s in seats.iter() {
            let k = seat_index(s, self.players)?;
            shown[k] = self.held[k].clone().unwrap_or(Value::None);
        }
        for (k, v) in shown.iter_mut().enumerate() {
            if !seats.iter().any(|s| s.eq(&Value::Int(k as i64))) {
                *v = Value::None;
            }
        }
        for (k, h) in self.held.iter_mut().enumerate() {
            if seats.iter().any(|s| s.eq(&Value::Int(k as i64))) {
                *h = None;
            }
        }
        let picks: Vec<Value> = seats
            .iter()
            .map(|s| {
                let k = seat_index(s, self.players).unwrap_or(0);
                Value::tuple(vec![s.clone(), shown[k].clone()])
            })
            .collect();
        self.shown = shown;
        log!(
            self,
            None,
            "revealed-together",
            TO_ALL,
            vec![Value::tuple(picks)]
        );
        Ok(())
    }

    pub(crate) fn run_effect(&mut self, effect: &Value, args: &[Value]) -> R<()> {
        let name = effect.as_str().unwrap_or("");
        let rules = self.rules.clone();
        let (_, params, prog) = rules
            .kit
            .effects
            .iter()
            .find(|(n, _, _)| n.as_ref() == name)
            .ok_or_else(|| Fail::value(format!("no effect named {}", effect.repr())))?;
        if params.len() != args.len() {
            return Err(Fail::value(format!(
                "effect {} takes {} values, given {}",
                name,
                params.len(),
                args.len()
            )));
        }
        let mut env = rules.kit.lists.clone();
        for (p, v) in params.iter().zip(args.iter()) {
            set_env(&mut env, *p, v.clone());
        }
        self.push_program(*prog, env);
        Ok(())
    }

    /// Whether `value` has `shape` (`model/kit.py`'s `Kit._fits`).
    pub(crate) fn fits(&self, value: &Value, shape: &Shape) -> bool {
        let kit = &self.rules.kit;
        match shape {
            Shape::Tuple(parts) => match value {
                Value::Tuple(xs) => {
                    xs.len() == parts.len()
                        && xs.iter().zip(parts.iter()).all(|(x, p)| self.fits(x, p))
                }
                _ => false,
            },
            Shape::Seat => matches!(value, Value::Int(i) if 0 <= *i && *i < self.players),
            Shape::Int => matches!(value, Value::Int(_)),
            Shape::Text => matches!(value, Value::Str(_)),
            Shape::Bool => matches!(value, Value::Bool(_)),
            Shape::Nothing => matches!(value, Value::None),
            Shape::Side => match value {
                Value::Str(s) => kit
                    .faces
                    .iter()
                    .any(|(_, fs)| fs.iter().any(|(side, _)| side == s)),
                _ => false,
            },
            Shape::Letters => match value {
                Value::Str(s) => {
                    let chars: Vec<char> = s.chars().collect();
                    !chars.is_empty()
                        && chars
                            .iter()
                            .enumerate()
                            .all(|(i, c)| !chars[..i].contains(c))
                        && chars.iter().all(|c| {
                            let mut b = [0u8; 4];
                            let c: &str = c.encode_utf8(&mut b);
                            kit.faces.iter().any(|(l, _)| l.as_ref() == c)
                        })
                }
                _ => false,
            },
            Shape::Token => kit
                .held
                .as_ref()
                .is_some_and(|h| h.tokens.iter().any(|t| t.eq(value))),
            Shape::Any => true,
        }
    }

    pub(crate) fn finish(&mut self, scores: &Value, reason: &Value) -> R<()> {
        let mut out = Vec::new();
        let items = scores.to_items()?;
        for x in items.iter() {
            match x {
                Value::Int(i) => out.push(*i),
                _ => {
                    return Err(Fail::value(format!(
                        "finish takes a number for each seat, not {}",
                        json_shown(scores)
                    )))
                }
            }
        }
        if out.len() as i64 != self.players {
            return Err(Fail::value(format!(
                "finish takes one score per seat ({}), not {}",
                self.players,
                out.len()
            )));
        }
        let best = *out
            .iter()
            .max()
            .ok_or_else(|| Fail::value("max() arg is an empty sequence"))?;
        let winners: Vec<i64> = out
            .iter()
            .enumerate()
            .filter(|(_, x)| **x == best)
            .map(|(s, _)| s as i64)
            .collect();
        self.outcome = Some(Outcome {
            winners: winners.iter().map(|w| Value::Int(*w)).collect(),
            chests: Vec::new(),
            reason: reason.clone(),
            scores: out.clone(),
        });
        self.decision = None;
        let scores = Value::tuple(out.into_iter().map(Value::Int).collect());
        let winners = Value::tuple(winners.into_iter().map(Value::Int).collect());
        log!(self, None, "scores", TO_ALL, vec![scores, winners]);
        Ok(())
    }
}

/// How many events a move of tokens between zones seen by `a` and by `b` logs (each a
/// seat, [`TO_ALL`] or [`TO_NOBODY`]): one telling everyone the tokens where either zone
/// is seen by all; else one telling how many moved, and one telling the tokens to each
/// seat that may see them (or to the referee alone).
/// Where `text` is among `names`: looked for by its address first (the rules' names and
/// their programs' texts are one shared text each, `shared::Interning`), then by its
/// letters (a text a program made).
#[inline]
fn find_name<'a>(names: impl Iterator<Item = &'a Text> + Clone, text: &Text) -> Option<usize> {
    names
        .clone()
        .position(|n| Shared::ptr_eq(n, text))
        .or_else(|| names.into_iter().position(|n| n == text))
}

fn move_events(a: i64, b: i64) -> usize {
    if a == TO_ALL || b == TO_ALL {
        return 1;
    }
    let seats = match (a >= 0, b >= 0) {
        (true, true) if a != b => 2,
        (false, false) => 0,
        _ => 1,
    };
    1 + seats.max(1)
}

/// A value as a rules file writes it (`procedures/kit.py`'s `_shown`: JSON, `none` for
/// none, at most 60 characters).
pub fn json_shown(v: &Value) -> String {
    if matches!(v, Value::None) {
        return "none".to_string();
    }
    let mut out = String::new();
    write_json(v, &mut out);
    crate::engine::eval::cut(out, 60)
}

/// `json.dumps(encode_value(v), ensure_ascii=False)`: lists for lists, named values by name.
fn write_json(v: &Value, out: &mut String) {
    match v {
        Value::None => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Int(i) => out.push_str(&i.to_string()),
        Value::Str(s) => json_text(s, out),
        Value::Named(..) => json_text(&v.repr(), out),
        Value::Tuple(xs) => {
            out.push('[');
            for (k, x) in xs.iter().enumerate() {
                if k > 0 {
                    out.push_str(", ");
                }
                write_json(x, out);
            }
            out.push(']');
        }
    }
}

/// A text as JSON writes it, its non-ASCII characters kept.
fn json_text(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_shown_as_a_rules_file_writes_it() {
        let v = Value::tuple(vec![
            Value::text("ra\"id"),
            Value::None,
            Value::Bool(false),
            Value::Int(-3),
        ]);
        assert_eq!(json_shown(&v), r#"["ra\"id", null, false, -3]"#);
        assert_eq!(json_shown(&Value::None), "none");
        let long = json_shown(&Value::text(&"é".repeat(80)));
        assert_eq!(long.chars().count(), 60);
        assert!(long.ends_with("..."));
    }

    #[test]
    fn a_move_logs_one_event_where_all_see_it_and_one_more_per_seat_told_the_tokens() {
        assert_eq!(move_events(TO_ALL, 0), 1);
        assert_eq!(move_events(TO_NOBODY, TO_ALL), 1);
        assert_eq!(move_events(TO_NOBODY, TO_NOBODY), 2); // how many, and to the referee
        assert_eq!(move_events(TO_NOBODY, 1), 2);
        assert_eq!(move_events(0, 0), 2);
        assert_eq!(move_events(0, 1), 3);
    }
}

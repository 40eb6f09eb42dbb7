//! A component kit game's determinisation, natively (`game/kit/determinize.py`): what one
//! seat cannot see redrawn in place - tokens dealt again among the hidden zones by family,
//! hidden dice dealt again among each owner's hidden dice zones and rolled afresh, other
//! seats' unrevealed secret choices asked again, another seat's pending options computed
//! again - drawing from Python's generator exactly as the reference draws, so a search's
//! worlds are the same on either engine (tested zone for zone).

use std::collections::BTreeMap;

use crate::engine::ext::Ext;
use crate::engine::fail::Fail;
use crate::engine::ir::Instr;
use crate::engine::kit::{Seen, ZoneDef};
use crate::engine::machine::Game;
use crate::engine::mt::PyRandom;
use crate::engine::shared::Shared;
use crate::engine::value::Value;

/// Python's `str(v)`: a text as it is, anything else as its `repr`.
fn py_str(v: &Value) -> String {
    match v {
        Value::Str(s) => s.to_string(),
        other => other.repr(),
    }
}

/// A kit game's side of `seat`, which no state changes: the seat itself, named as
/// `game/kit/loop.py`'s `seat_side` names it.
pub fn seat_side(seat: usize) -> String {
    format!("seat {}", seat + 1)
}

/// One entry of the game's zones: its declaration and its owner (None: shared).
struct Slot<'k> {
    zone: &'k ZoneDef,
    owner: Option<usize>,
}

impl<X: Ext> Game<X> {
    /// Redraw what `seat` cannot see, drawing from `rnd` as `determinize_kit` does.
    pub fn redraw_kit(&mut self, seat: usize, rnd: &mut PyRandom) -> Result<(), Fail> {
        let rules = self.rules.clone();
        let slots = slots(&rules.kit.zones, self.players as usize);
        let hidden: Vec<usize> = (0..slots.len())
            .filter(|i| !may_see(&slots[*i], seat))
            .collect();
        let (dice, tokens): (Vec<usize>, Vec<usize>) =
            hidden.into_iter().partition(|i| slots[*i].zone.dice);
        self.deal_tokens(&slots, &tokens, rnd);
        self.roll_hidden_dice(&slots, &dice, rnd)?;
        self.rng = rnd.bits(63);
        self.events.clear(); // the seat's world starts with no log (none is recorded)
        self.redraw_held(seat, rnd)
    }

    /// Tokens of the hidden zones dealt again among them, each zone keeping how many of
    /// each family it holds (`_deal_tokens`).
    fn deal_tokens(&mut self, slots: &[Slot], hidden: &[usize], rnd: &mut PyRandom) {
        let family = families(&self.rules.kit, slots);
        let mut rows: Vec<Vec<Value>> = hidden
            .iter()
            .map(|i| self.zones[*i].items().unwrap_or(&[]).to_vec())
            .collect();
        // family (as `str` sorts it) -> the (row, position) of its tokens, in order
        let mut places: BTreeMap<String, Vec<(usize, usize)>> = BTreeMap::new();
        for (r, row) in rows.iter().enumerate() {
            for (j, token) in row.iter().enumerate() {
                let fam = family
                    .iter()
                    .find(|(t, _)| t.eq(token))
                    .map_or_else(|| py_str(token), |(_, f)| f.clone());
                places.entry(fam).or_default().push((r, j));
            }
        }
        for spots in places.values() {
            let mut pool: Vec<(String, Value)> = spots
                .iter()
                .map(|(r, j)| (rows[*r][*j].repr(), rows[*r][*j].clone()))
                .collect();
            pool.sort_by(|a, b| a.0.cmp(&b.0));
            rnd.shuffle(&mut pool);
            for ((r, j), (_, token)) in spots.iter().zip(pool) {
                rows[*r][*j] = token;
            }
        }
        for (i, mut row) in hidden.iter().zip(rows) {
            if slots[*i].zone.bag {
                row.sort_by_cached_key(|t| t.repr());
            }
            self.zones[*i] = Value::tuple(row);
        }
    }

    /// Hidden dice dealt again among each owner's hidden dice zones and rolled afresh
    /// (`_roll_dice`).
    fn roll_hidden_dice(
        &mut self,
        slots: &[Slot],
        hidden: &[usize],
        rnd: &mut PyRandom,
    ) -> Result<(), Fail> {
        // owner (as `repr` sorts it: "0" < "None") -> its hidden dice zones, in order
        let mut by_owner: BTreeMap<String, Vec<usize>> = BTreeMap::new();
        for i in hidden {
            let key = slots[*i]
                .owner
                .map_or("None".to_string(), |s| s.to_string());
            by_owner.entry(key).or_default().push(*i);
        }
        for zones in by_owner.values() {
            let mut letters: Vec<Value> = Vec::new();
            for i in zones {
                for die in self.zones[*i].items().unwrap_or(&[]) {
                    letters.push(die.subscript(0)?);
                }
            }
            letters.sort_by(|a, b| a.as_str().cmp(&b.as_str()));
            rnd.shuffle(&mut letters);
            let mut rest = letters.as_slice();
            for i in zones {
                let k = self.zones[*i].items().map_or(0, |d| d.len());
                let mut mine = rest[..k].to_vec();
                rest = &rest[k..];
                mine.sort_by(|a, b| a.as_str().cmp(&b.as_str()));
                let mut dice = Vec::with_capacity(k);
                for letter in mine {
                    let faces = self.faces(&letter)?.len();
                    let face = rnd.below(faces) as i64;
                    dice.push(Value::tuple(vec![letter, Value::Int(face)]));
                }
                self.zones[*i] = Value::tuple(dice);
            }
        }
        Ok(())
    }

    /// The paused choice as the redrawn facts make it (`_redraw_held`): other seats'
    /// unrevealed secret choices drawn again from what they could choose, another seat's
    /// pending options computed again, the paused binding of a secret choice cleared.
    fn redraw_held(&mut self, seat: usize, rnd: &mut PyRandom) -> Result<(), Fail> {
        let (Some(top), Some(decision)) = (self.frames.last(), self.decision.as_ref()) else {
            return Ok(());
        };
        let rules = self.rules.clone();
        let program = &rules.programs[top.prog];
        let Some(Instr::Choose {
            name,
            domain,
            secret,
            chooser_name,
            ..
        }) = program.code.get(top.pc)
        else {
            return Ok(());
        };
        let mut env = top.env.clone();
        let others: Vec<usize> = (0..self.held.len())
            .filter(|s| *s != seat && self.held[*s].is_some())
            .collect();
        // every seat's choice is asked of the world as redrawn, before any is drawn again
        let mut drawn: Vec<(usize, Value)> = Vec::new();
        if let (true, Some(var), false) = (*secret != 0, chooser_name, others.is_empty()) {
            for s in others {
                let mut asked = env.clone();
                asked.set(*var, Value::Int(s as i64));
                let mut options = self.eval(domain, &asked)?.to_items()?.to_vec();
                if options.is_empty() {
                    options.push(Value::None);
                }
                drawn.push((s, options.swap_remove(rnd.below(options.len()))));
            }
        }
        if !decision.seat.eq(&Value::Int(seat as i64)) {
            let options = self.eval(domain, &env)?.to_items()?;
            let options = if options.is_empty() {
                Shared::from(vec![Value::None])
            } else {
                options
            };
            if let Some(d) = self.decision.as_mut() {
                d.options = options;
            }
        }
        for (s, pick) in drawn {
            self.held[s] = Some(pick);
        }
        if *secret != 0 && env.iter().any(|(k, _)| k == *name) {
            env.set(*name, Value::None);
            if let Some(top) = self.frames.last_mut() {
                top.env = env;
            }
        }
        Ok(())
    }
}

/// `(zone, owner)` of each entry of the game's zones, in order: shared zones first, then
/// each seat's own zones, seat by seat (`Kit.slots`).
fn slots(zones: &[ZoneDef], players: usize) -> Vec<Slot<'_>> {
    let mut out: Vec<Slot> = zones
        .iter()
        .filter(|z| !z.per_seat)
        .map(|zone| Slot { zone, owner: None })
        .collect();
    for s in 0..players {
        out.extend(zones.iter().filter(|z| z.per_seat).map(|zone| Slot {
            zone,
            owner: Some(s),
        }));
    }
    out
}

/// Whether `seat` may see a zone (`Kit.may_see`).
fn may_see(slot: &Slot, seat: usize) -> bool {
    match slot.zone.seen {
        Seen::All => true,
        Seen::Owner => slot.owner == Some(seat),
        Seen::Nobody => false,
    }
}

/// Each token the setup sets out and its family: the name of the first zone (in slot
/// order) that starts with it (`_families`).
fn families(kit: &crate::engine::kit::Kit, slots: &[Slot]) -> Vec<(Value, String)> {
    let shared = kit.zones.iter().filter(|z| !z.per_seat).count();
    let mut out: Vec<(Value, String)> = Vec::new();
    for (i, slot) in slots.iter().enumerate() {
        let start = if i < shared {
            kit.shared_starts.get(i)
        } else {
            kit.own_starts
                .get((i - shared) % (kit.zones.len() - shared).max(1))
        };
        for token in start.and_then(|v| v.items()).unwrap_or(&[]) {
            if !out.iter().any(|(t, _)| t.eq(token)) {
                out.push((token.clone(), slot.zone.name.to_string()));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn zone(name: &str, per_seat: bool, seen: Seen) -> ZoneDef {
        ZoneDef {
            name: Shared::from(name),
            per_seat,
            seen,
            bag: false,
            dice: false,
        }
    }

    #[test]
    fn slots_list_shared_zones_then_each_seats_own_and_a_seat_sees_only_what_it_may() {
        let zones = vec![
            zone("bag", false, Seen::Nobody),
            zone("cup", true, Seen::Owner),
            zone("central", false, Seen::All),
            zone("tortuga", true, Seen::All),
        ];
        let slots = slots(&zones, 2);
        let names: Vec<(&str, Option<usize>)> = slots
            .iter()
            .map(|s| (s.zone.name.as_ref(), s.owner))
            .collect();
        assert_eq!(
            names,
            vec![
                ("bag", None),
                ("central", None),
                ("cup", Some(0)),
                ("tortuga", Some(0)),
                ("cup", Some(1)),
                ("tortuga", Some(1)),
            ]
        );
        let seen: Vec<bool> = slots.iter().map(|s| may_see(s, 1)).collect();
        assert_eq!(seen, vec![false, true, false, true, true, true]);
    }

    #[test]
    fn a_family_is_named_as_python_writes_it_with_str() {
        assert_eq!(py_str(&Value::text("bag")), "bag");
        assert_eq!(py_str(&Value::Int(3)), "3");
        assert_eq!(
            py_str(&Value::tuple(vec![Value::text("A"), Value::Int(0)])),
            "('A', 0)"
        );
    }
}

//! The component kit's functions that read dice (`dsl/kit.py`'s `_die`, `of_a_kind`) and
//! count sets (`complete_sets`).

use crate::engine::eval::{combinations, number, show};
use crate::engine::ext::Ext;
use crate::engine::fail::Fail;
use crate::engine::machine::Game;
use crate::engine::shared::{Shared, Text};
use crate::engine::value::Value;

type R<T> = Result<T, Fail>;

impl<X: Ext> Game<X> {
    /// `die` if it is a die of the game's kit (a `[letter, face]` pair); an error in the
    /// rules' words otherwise (`dsl/kit.py`'s `_die`).
    pub(crate) fn die<'v>(&self, die: &'v Value) -> R<&'v Value> {
        let kit = &self.rules.kit;
        let valid = match die {
            Value::Tuple(p) if p.len() == 2 => match (&p[0], &p[1]) {
                (Value::Str(letter), Value::Int(face)) => kit
                    .faces
                    .iter()
                    .any(|(l, fs)| l == letter && 0 <= *face && (*face as usize) < fs.len()),
                _ => false,
            },
            _ => false,
        };
        if valid {
            return Ok(die);
        }
        Err(Fail::value(format!(
            "{} is not a die of this game (a die is a [letter, face] pair: letters {})",
            show(die),
            kit.letters
        )))
    }

    /// `dice`'s items, each checked a die of the game's kit ([`Game::die`]).
    pub(crate) fn dice(&self, dice: &Value) -> R<Shared<[Value]>> {
        let items = dice.to_items()?;
        for d in items.iter() {
            self.die(d)?;
        }
        Ok(items)
    }

    /// `of_a_kind(dice, room)`: every way to set aside dice showing one side.
    pub(crate) fn of_a_kind(&self, dice: &Value, room: &Value) -> R<Value> {
        self.dice(dice)?;
        let pairs = match room {
            Value::Tuple(rs) => rs.iter().all(
                |r| matches!(r, Value::Tuple(p) if p.len() == 2 && matches!(p[1], Value::Int(_))),
            ),
            _ => false,
        };
        if !pairs {
            return Err(Fail::value(format!(
                "of_a_kind's room must be a list of [side, number] pairs, not {}",
                show(room)
            )));
        }
        let mut limit: Vec<(Value, i64)> = Vec::new();
        for pair in room.to_items()?.iter() {
            let (side, k) = (pair.subscript(0)?, number(&pair.subscript(1)?)?);
            match limit.iter_mut().find(|(s, _)| s.eq(&side)) {
                Some(slot) => slot.1 = k,
                None => limit.push((side, k)),
            }
        }
        let dice = dice.to_items()?;
        let wild = self
            .rules
            .kit
            .wild
            .clone()
            .map(Value::Str)
            .unwrap_or(Value::None);
        let mut wilds: Vec<Text> = Vec::new();
        let mut sides = Vec::with_capacity(dice.len());
        for d in dice.iter() {
            let side = Value::Str(self.face(d)?.0);
            let letter = letter_of(d)?;
            if side.eq(&wild) {
                wilds.push(letter.clone());
            }
            sides.push((side, letter));
        }
        let mut out = Vec::new();
        for (face, most) in limit.iter() {
            let plain: Vec<Text> = sides
                .iter()
                .filter(|(s, _)| s.eq(face))
                .map(|(_, l)| l.clone())
                .collect();
            let mut pool: Vec<Text> = plain.iter().chain(wilds.iter()).cloned().collect();
            pool.sort();
            let top = (pool.len() as i64).min(*most);
            for k in 1..=top.max(0) as usize {
                for combo in combinations(pool.len(), k) {
                    if combo.iter().any(|&i| plain.contains(&pool[i])) {
                        let letters: String = combo.iter().map(|&i| pool[i].as_ref()).collect();
                        out.push(Value::tuple(vec![face.clone(), Value::text(&letters)]));
                    }
                }
            }
        }
        let most = limit.iter().map(|(_, k)| *k).max().unwrap_or(0);
        let mut sorted_wilds = wilds.clone();
        sorted_wilds.sort();
        let top = (sorted_wilds.len() as i64).min(most);
        for k in 1..=top.max(0) as usize {
            for combo in combinations(sorted_wilds.len(), k) {
                let letters: String = combo.iter().map(|&i| sorted_wilds[i].as_ref()).collect();
                out.push(Value::tuple(vec![wild.clone(), Value::text(&letters)]));
            }
        }
        Ok(Value::tuple(out))
    }
}

fn letter_of(die: &Value) -> R<Text> {
    match die.subscript(0)? {
        Value::Str(s) => Ok(s),
        other => Err(Fail::type_error(format!(
            "a die's letter, not {}",
            other.repr()
        ))),
    }
}

/// How many complete sets `counts` make with `wild` tokens each standing in for any one
/// missing token: found by halving, in as many steps as `wild` has digits.
pub fn complete_sets(counts: &[i64], wild: i64) -> i64 {
    let Some(&least) = counts.iter().min() else {
        return 0;
    };
    if wild < 0 {
        return 0;
    }
    let missing = |n: i128| -> i128 { counts.iter().map(|&c| (n - c as i128).max(0)).sum() };
    // low makes sets, high cannot
    let (mut low, mut high) = (least as i128, least as i128 + wild as i128 + 1);
    while high - low > 1 {
        let mid = (low + high).div_euclid(2);
        if missing(mid) <= wild as i128 {
            low = mid;
        } else {
            high = mid;
        }
    }
    low as i64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::eval::MAX_NUMBER;

    #[test]
    fn complete_sets_count_by_halving_even_with_a_huge_wild_number() {
        assert_eq!(complete_sets(&[1, 2, 3], MAX_NUMBER), 333_333_333_335);
        assert_eq!(complete_sets(&[2, 0, 1], 0), 0);
        assert_eq!(complete_sets(&[2, 0, 1], 3), 2);
        assert_eq!(complete_sets(&[4], -1), 0);
        assert_eq!(complete_sets(&[], 5), 0);
    }
}

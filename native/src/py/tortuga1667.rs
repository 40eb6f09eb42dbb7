//! Tortuga 1667 hosted: its turn actions and votes listed, named and played, its reflex
//! playout policy, its memo and its own fields handed over.

use std::sync::Mutex;

use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::engine::entry::Entry;
use crate::engine::machine::{After, Decision, Failure};
use crate::engine::memo::{Listed, Memo};
use crate::engine::mt::PyRandom;
use crate::engine::shared::Shared;
use crate::engine::value::Value;
use crate::games::tortuga1667::listing::Unlisted;
use crate::games::tortuga1667::reflex::{Act, Best, Judge, Rule};
use crate::games::tortuga1667::{Game, Rules, Tortuga1667};
use crate::py::batch::value_key;
use crate::py::convert::*;
use crate::py::fields::{fields_1667, read_1667};
use crate::py::game::{Legal, LegalList};
use crate::py::hosted::Hosted;
use crate::py::NativeFailure;

/// A turn action's listing failed: named `listing:` and the action's id (no program is
/// named so), with which of its expressions failed ([`Unlisted`]'s `at`) where a step's
/// failure has its instruction's number.
fn action_failure(g: &Game, unlisted: Unlisted) -> PyErr {
    failure_to_py(Failure {
        program: Shared::from(format!(
            "listing:{}",
            g.rules.tables.actions[unlisted.action].id
        )),
        pc: unlisted.at,
        fail: unlisted.fail,
        clause: None,
    })
}

/// Listing the vote's plays failed.
fn vote_failure(e: String) -> PyErr {
    NativeFailure::new_err(("vote".to_string(), 0usize, e, "vote", None::<String>))
}

/// The number of the turn action `judge` scores best of those `groups` list (each an
/// action number and its listing, in order), each score jittered by a draw of `rnd`.
fn best_turn(judge: &Judge, groups: &[(usize, &Shared<Listed>)], rnd: &mut PyRandom) -> usize {
    let mut best = Best::new(rnd);
    for (k, listed) in groups {
        offer_turn(&mut best, judge, *k, listed, listed.combos.len());
    }
    best.at()
}

/// The first `count` of turn action `k`'s combinations `listed` offered to `best`, scored
/// by `judge` (the action's rule of thumb read once for all of them; where it scores
/// every combination's arguments alike, each combination's guess is its chest class's,
/// the classes found once a listing).
fn offer_turn(best: &mut Best, judge: &Judge, k: usize, listed: &Listed, count: usize) {
    let rule = judge.rule(k);
    match &rule {
        Rule::Same(bonus) => {
            let guesses = judge.class_guesses(*bonus);
            let classes = listed
                .classes
                .get_or_init(|| judge.chest_classes(&listed.combos));
            return classes[..count]
                .iter()
                .for_each(|c| best.offer(guesses[*c as usize]));
        }
        Rule::Each(read) if read.keyed() => {
            let classes = listed
                .classes
                .get_or_init(|| judge.keyed_classes(*read, &listed.combos));
            // a listing whose numbers do not fit a class byte is scored below, one by one
            if classes.len() >= count {
                // combinations of a class come together (a row's places in order): each
                // class's guess made once a run
                let mut last: Option<(u8, f64)> = None;
                for c in classes[..count].iter().copied() {
                    let guess = match last {
                        Some((class, guess)) if class == c => guess,
                        _ => judge.keyed_guess(*read, c),
                    };
                    last = Some((c, guess));
                    best.offer(guess);
                }
                return;
            }
        }
        Rule::Each(_) => {}
    }
    listed.combos[..count]
        .iter()
        .for_each(|c| best.offer(judge.guess_turn(&rule, c)));
}

/// Which of `groups` holds their combination number `at` together, and its place there
/// (None: they list nothing).
fn at_in(groups: &[(usize, &Shared<Listed>)], mut at: usize) -> Option<(usize, usize)> {
    for (g, (_, listed)) in groups.iter().enumerate() {
        if at < listed.combos.len() {
            return Some((g, at));
        }
        at -= listed.combos.len();
    }
    None
}

impl Hosted for Tortuga1667 {
    const KINDS: &'static [&'static str] = &["choose", "action", "vote"];
    const POLICY: Option<&'static str> = Some("reflex-1667");

    /// A turn's actions, each listed (shared with the memo), or a vote's plays.
    fn list_own(g: &Game, d: &Decision, list: &mut LegalList) -> PyResult<()> {
        if d.kind.as_ref() == "action" {
            let seat = d.seat.int().unwrap_or(-1);
            return match g.turn_actions(seat) {
                Ok(v) => {
                    v.into_iter().for_each(|(k, listed)| {
                        list.push(listed.combos.len(), Legal::Action(k, listed, 0))
                    });
                    Ok(())
                }
                Err(unlisted) => Err(action_failure(g, unlisted)),
            };
        }
        match g.vote_plays() {
            Ok(v) => {
                v.into_iter()
                    .for_each(|(many, cards)| list.push(1, Legal::Vote(many, cards)));
                Ok(())
            }
            Err(e) => Err(vote_failure(e)),
        }
    }

    /// A turn action drawn (votes are listed).
    fn drawn_own(
        g: &Game,
        d: &Decision,
        draw: &mut dyn FnMut(usize) -> usize,
    ) -> Option<PyResult<Option<Legal>>> {
        if d.kind.as_ref() != "action" {
            return None;
        }
        Some(
            match g.turn_action_drawn(d.seat.int().unwrap_or(-1), draw) {
                Ok(drawn) => Ok(drawn.map(|(k, listed, at)| Legal::Action(k, listed, at))),
                Err(unlisted) => Err(action_failure(g, unlisted)),
            },
        )
    }

    fn describe(py: Python<'_>, g: &Game, l: &Legal) -> (PyObject, PyObject) {
        let pair = |name: &str, v: PyObject| py_tuple(py, vec![py_text(py, name), v]);
        match l {
            Legal::Action(k, combos, i) => {
                let def = &g.rules.tables.actions[*k];
                let args = def
                    .params
                    .iter()
                    .zip(combos.combos[*i].iter())
                    .map(|(p, v)| pair(&p.label, to_py(py, v)))
                    .collect();
                (py_text(py, &def.id), py_tuple(py, args))
            }
            Legal::Vote(many, cards) => {
                let arg = if *many {
                    pair("cards", py_texts(py, cards))
                } else {
                    pair("card", py_text(py, &cards[0]))
                };
                (py_text(py, "vote"), py_tuple(py, vec![arg]))
            }
            Legal::Choice(_) => unreachable!("a choice is named by the host"),
        }
    }

    fn key_own(g: &Game, l: &Legal, out: &mut String) {
        match l {
            Legal::Action(k, combos, i) => {
                out.push_str("action:");
                out.push_str(&g.rules.tables.actions[*k].id);
                for v in combos.combos[*i].iter() {
                    value_key(v, out);
                }
            }
            Legal::Vote(many, cards) => {
                out.push_str(if *many { "votes:" } else { "vote:" });
                for c in cards.iter() {
                    value_key(&Value::Str(c.clone()), out);
                }
            }
            Legal::Choice(_) => unreachable!("a choice is keyed by the host"),
        }
    }

    fn observe(g: &Game, seat: i64, put: &mut dyn FnMut(Entry<'_>, i64)) -> bool {
        g.observation_1667(seat, put);
        true
    }

    fn play_own(g: &mut Game, l: Legal) -> Result<(), Failure> {
        match l {
            Legal::Action(k, combos, i) => {
                g.start_action(k, &combos.combos[i]).and_then(|_| g.run())
            }
            Legal::Vote(_, cards) => match g.play_vote(cards) {
                Ok(After::Go) => g.run(),
                Ok(_) => Ok(()),
                Err(fail) => Err(Failure {
                    program: Shared::from("vote"),
                    pc: 0,
                    fail,
                    clause: None,
                }),
            },
            Legal::Choice(_) => unreachable!("a choice is played by the host"),
        }
    }

    /// The reflex: the legal action its judge scores highest, each score jittered by a
    /// draw of `rnd` (`bot.reflex`, `_best` with noise 1e-3; the first best wins).
    fn pick(g: &Game, legal: &LegalList, rnd: &mut PyRandom) -> usize {
        if legal.len == 1 {
            return 0;
        }
        let d = g.decision.as_ref().expect("a decision");
        let judge = Judge::new(g, d.seat.int().unwrap_or(0));
        let mut best = Best::new(rnd);
        for (count, group) in legal.groups.iter() {
            match group {
                Legal::Choice(_) => d.options[..*count]
                    .iter()
                    .for_each(|v| best.offer(judge.guess(&Act::Choose(v)))),
                Legal::Action(k, listed, _) => offer_turn(&mut best, &judge, *k, listed, *count),
                Legal::Vote(_, cards) => best.offer(judge.guess(&Act::Vote(cards))),
            }
        }
        best.at()
    }

    /// [`Hosted::pick`] without a listing: a turn action scored straight from the memo's
    /// listings (only the one picked is held on to), a vote's plays or a choice's options
    /// in the order they are listed.
    fn picked(g: &Game, rnd: &mut PyRandom) -> Option<PyResult<Option<Legal>>> {
        let d = g.decision.as_ref()?;
        let judge = || Judge::new(g, d.seat.int().unwrap_or(0));
        Some(match d.kind.as_ref() {
            "choose" => Ok(match d.options.len() {
                0 => None,
                1 => Some(Legal::Choice(0)),
                _ => {
                    let (judge, mut best) = (judge(), Best::new(rnd));
                    d.options
                        .iter()
                        .for_each(|v| best.offer(judge.guess(&Act::Choose(v))));
                    Some(Legal::Choice(best.at()))
                }
            }),
            "action" => {
                let seat = d.seat.int().unwrap_or(-1);
                let chosen = g.turn_action_chosen(seat, |groups| {
                    let total: usize = groups.iter().map(|(_, l)| l.combos.len()).sum();
                    let at = if total > 1 {
                        best_turn(&judge(), groups, rnd)
                    } else {
                        0
                    };
                    at_in(groups, at)
                });
                match chosen {
                    Ok(chosen) => Ok(chosen.map(|(k, listed, at)| Legal::Action(k, listed, at))),
                    Err(unlisted) => Err(action_failure(g, unlisted)),
                }
            }
            _ => match g.vote_plays() {
                Ok(mut plays) if plays.len() > 1 => {
                    let (judge, mut best) = (judge(), Best::new(rnd));
                    plays
                        .iter()
                        .for_each(|(_, cards)| best.offer(judge.guess(&Act::Vote(cards))));
                    let (many, cards) = plays.swap_remove(best.at());
                    Ok(Some(Legal::Vote(many, cards)))
                }
                Ok(plays) => Ok(plays.into_iter().next().map(|(m, c)| Legal::Vote(m, c))),
                Err(e) => Err(vote_failure(e)),
            },
        })
    }

    /// The heuristic player's score of each action (`_prior`: `Judge.score`, its
    /// look-ahead one step on `after`).
    fn prior(
        g: &Game,
        legal: &LegalList,
        after: &mut dyn FnMut(usize) -> Option<Game>,
    ) -> Option<Vec<f64>> {
        let d = g.decision.as_ref()?;
        let judge = Judge::new(g, d.seat.int()?);
        let mut scores = Vec::with_capacity(legal.len);
        for (count, group) in legal.groups.iter() {
            for j in 0..*count {
                let next = after(scores.len());
                let score = match group {
                    Legal::Choice(_) => judge.score(&Act::Choose(&d.options[j]), next.as_ref()),
                    Legal::Action(k, listed, _) => {
                        judge.score(&Act::Turn(*k, &listed.combos[j]), next.as_ref())
                    }
                    Legal::Vote(_, cards) => judge.score(&Act::Vote(cards), next.as_ref()),
                };
                scores.push(score);
            }
        }
        Some(scores)
    }

    fn worth(g: &Game) -> Option<Vec<f64>> {
        Some(crate::games::tortuga1667::reflex::worth(g))
    }

    fn memo(rules: &Rules) -> Option<&Mutex<Memo>> {
        Some(&rules.tables.memo)
    }

    fn read_own(g: &mut Game, f: &Bound<'_, PyDict>) -> Res<()> {
        g.own = read_1667(f)?;
        Ok(())
    }

    fn write_own(py: Python<'_>, g: &Game, d: &Bound<'_, PyDict>) -> PyResult<()> {
        fields_1667(py, g, d)
    }
}

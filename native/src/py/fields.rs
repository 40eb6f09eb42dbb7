//! A state handed over both ways: a native game from a state's fields, and Tortuga
//! 1667's fields read and written.

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict};

use crate::engine::machine::{Decision, Frame, Game, Outcome};
use crate::engine::rules::Rules;
use crate::engine::shared::{Shared, Text};
use crate::engine::value::Value;
use crate::games::tortuga1667::state::{TState, VoteState};
use crate::games::tortuga1667::Game as T1667Game;
use crate::py::convert::*;
use crate::py::hosted::Hosted;

/// A game of `rules` from a state's fields (`record`: keep each step's log).
pub(crate) fn read_game<X: Hosted>(
    rules: &Shared<Rules<X>>,
    f: &Bound<'_, PyDict>,
    record: bool,
) -> Res<Game<X>> {
    let players = int(&get(f, "players")?)?;
    let mut g = Game::new(rules.clone(), players, record);
    X::read_own(&mut g, f)?;
    g.rng = get(f, "rng")?.extract::<u64>().map_err(|e| e.to_string())?;
    for r in items(&get(f, "rigged")?)? {
        let p = items(&r)?;
        g.rigged
            .push((Shared::from(string(&p[0])?.as_str()), to_value(&p[1])?));
    }
    let d = get(f, "decision")?;
    if !d.is_none() {
        let p = items(&d)?;
        let kind = string(&p[1])?;
        if !X::KINDS.contains(&kind.as_str()) {
            return Err(format!("a decision of kind {}", kind));
        }
        g.decision = Some(Decision {
            seat: to_value(&p[0])?,
            kind: Shared::from(kind.as_str()),
            name: opt_string(&p[2])?,
            options: items(&p[3])?
                .iter()
                .map(to_value)
                .collect::<Res<Vec<Value>>>()?
                .into(),
            clause: opt_string(&p[4])?,
        });
    }
    for fr in items(&get(f, "frames")?)? {
        let p = items(&fr)?;
        let key = string(&p[0])?;
        let prog = *rules
            .by_key
            .get(key.as_str())
            .ok_or_else(|| format!("no program {}", key))?;
        let mut env = Vec::new();
        for pair in items(&p[2])? {
            let q = items(&pair)?;
            let text = string(&q[0])?; // read before the names are locked
            let name = crate::engine::shared::locked(&rules.names).intern(&text);
            env.push((name, to_value(&q[1])?));
        }
        g.frames.push(Frame {
            prog,
            pc: int(&p[1])? as usize,
            env: env.into(),
        });
    }
    let o = get(f, "outcome")?;
    if !o.is_none() {
        let p = items(&o)?;
        let mut chests = Vec::new();
        for c in items(&p[1])? {
            let q = items(&c)?;
            chests.push((to_value(&q[0])?, int(&q[1])?));
        }
        g.outcome = Some(Outcome {
            winners: items(&p[0])?.iter().map(to_value).collect::<Res<_>>()?,
            chests,
            reason: to_value(&p[2])?,
            scores: items(&p[3])?.iter().map(int).collect::<Res<_>>()?,
        });
    }
    g.step = int(&get(f, "step")?)?;
    Ok(g)
}

pub(crate) fn read_1667(f: &Bound<'_, PyDict>) -> Res<TState> {
    let ints = |k: &str| -> Res<Vec<i64>> { items(&get(f, k)?)?.iter().map(int).collect() };
    let nested = |k: &str| -> Res<Vec<Vec<Text>>> { items(&get(f, k)?)?.iter().map(rcs).collect() };
    let mut t = TState {
        loyalty: items(&get(f, "loyalty")?)?
            .iter()
            .map(to_value)
            .collect::<Res<_>>()?,
        lines: items(&get(f, "lines")?)?
            .iter()
            .map(|l| items(l)?.iter().map(int).collect())
            .collect::<Res<_>>()?,
        sunk: items(&get(f, "sunk")?)?
            .iter()
            .map(|b| b.extract::<bool>().map_err(|e| e.to_string()))
            .collect::<Res<_>>()?,
        chests: ints("chests")?,
        hands: nested("hands")?,
        vote_deck: rcs(&get(f, "vote_deck")?)?.into(),
        event_deck: rcs(&get(f, "event_deck")?)?.into(),
        row: items(&get(f, "row")?)?
            .iter()
            .map(|c| {
                if c.is_none() {
                    Ok(None)
                } else {
                    Ok(Some(Shared::from(string(c)?.as_str())))
                }
            })
            .collect::<Res<_>>()?,
        discard: rcs(&get(f, "discard")?)?.into(),
        resolving: rcs(&get(f, "resolving")?)?.into(),
        removed: rcs(&get(f, "removed")?)?.into(),
        kept: nested("kept")?.into(),
        marks: nested("marks")?.into(),
        seen: ints("seen")?,
        starred: to_value(&get(f, "starred")?)?,
        turn: int(&get(f, "turn")?)?,
        actions_left: int(&get(f, "actions_left")?)?,
        turn_number: int(&get(f, "turn_number")?)?,
        vote: None,
        tiebreak: int(&get(f, "tiebreak")?)?,
        tie_level: int(&get(f, "tie_level")?)?,
    };
    let v = get(f, "vote")?;
    if !v.is_none() {
        let p = items(&v)?;
        let mut played = Vec::new();
        for pair in items(&p[4])? {
            let q = items(&pair)?;
            played.push((int(&q[0])?, rcs(&q[1])?));
        }
        t.vote = Some(VoteState {
            kind: Shared::from(string(&p[0])?.as_str()),
            caller: int(&p[1])?,
            place: int(&p[2])?,
            participants: items(&p[3])?.iter().map(int).collect::<Res<_>>()?,
            played,
            revealed: rcs(&p[5])?,
        });
    }
    Ok(t)
}

pub(crate) fn fields_1667(py: Python<'_>, g: &T1667Game, d: &Bound<'_, PyDict>) -> PyResult<()> {
    let t = &g.own;
    let nested = |xs: &Vec<Vec<Text>>| py_tuple(py, xs.iter().map(|x| py_texts(py, x)).collect());
    d.set_item(
        "loyalty",
        py_tuple(py, t.loyalty.iter().map(|v| to_py(py, v)).collect()),
    )?;
    d.set_item(
        "lines",
        py_tuple(py, t.lines.iter().map(|l| py_ints(py, l)).collect()),
    )?;
    d.set_item(
        "sunk",
        py_tuple(
            py,
            t.sunk
                .iter()
                .map(|b| PyBool::new(py, *b).to_owned().into_any().unbind())
                .collect(),
        ),
    )?;
    d.set_item("chests", py_ints(py, &t.chests))?;
    d.set_item("hands", nested(&t.hands))?;
    d.set_item("vote_deck", py_texts(py, &t.vote_deck))?;
    d.set_item("event_deck", py_texts(py, &t.event_deck))?;
    d.set_item(
        "row",
        py_tuple(
            py,
            t.row
                .iter()
                .map(|c| match c {
                    None => py.None(),
                    Some(c) => py_text(py, c),
                })
                .collect(),
        ),
    )?;
    d.set_item("discard", py_texts(py, &t.discard))?;
    d.set_item("resolving", py_texts(py, &t.resolving))?;
    d.set_item("removed", py_texts(py, &t.removed))?;
    d.set_item("kept", nested(&t.kept))?;
    d.set_item("marks", nested(&t.marks))?;
    d.set_item("seen", py_ints(py, &t.seen))?;
    d.set_item("starred", to_py(py, &t.starred))?;
    d.set_item("turn", t.turn)?;
    d.set_item("actions_left", t.actions_left)?;
    d.set_item("turn_number", t.turn_number)?;
    d.set_item("tiebreak", t.tiebreak)?;
    d.set_item("tie_level", t.tie_level)?;
    d.set_item(
        "vote",
        match &t.vote {
            None => py.None(),
            Some(v) => py_tuple(
                py,
                vec![
                    py_text(py, &v.kind),
                    py_int(py, v.caller),
                    to_py(py, &g.place(v.place)),
                    py_ints(py, &v.participants),
                    py_tuple(
                        py,
                        v.played
                            .iter()
                            .map(|(s, cs)| py_tuple(py, vec![py_int(py, *s), py_texts(py, cs)]))
                            .collect(),
                    ),
                    py_texts(py, &v.revealed),
                ],
            ),
        },
    )?;
    Ok(())
}

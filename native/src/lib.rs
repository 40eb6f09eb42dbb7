//! `tortuga_rules._native`: the native engine. It runs a ruleset's compiled programs (the
//! compiler's flat instructions, their expressions as trees) over a native state, with the
//! DSL words implemented natively. `tortuga_rules/game/native.py` describes a compiled
//! ruleset to it, hands it states and takes them back; nothing here is a game's rule.

mod budget;
mod eval;
mod fail;
mod game;
mod pyrandom;
mod redraw1667;
mod reflex1667;
mod rng;
mod rules;
mod setup1667;
mod t1667;
mod value;
mod words;

// The native engine makes and frees many small values a step: mimalloc does that faster
// than the C library's allocator (Python's own objects keep theirs).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyList, PyString, PyTuple};

use crate::fail::{Fail, FailKind};
use crate::game::{Decision, Event, Frame, Game, Outcome};
use crate::rules::{
    ActionDef, Answer, Arith, Cmp, Expr, Guarded, Instr, Kit, Names, Param, Program, Rules, Seen,
    Track, Ty, VoteDef, ZoneDef, T1667,
};
use crate::t1667::{TState, VoteState};
use crate::value::Value;
use crate::words::{Func, Internal, Verb};

create_exception!(_native, NativeFailure, PyException);

type Res<T> = Result<T, String>;

// -- values between Python and Rust -----------------------------------------------------

/// The Python objects of each named set's members, by set and number (any thread's).
static MEMBERS: std::sync::Mutex<Vec<Vec<(i64, PyObject)>>> = std::sync::Mutex::new(Vec::new());

fn members() -> std::sync::MutexGuard<'static, Vec<Vec<(i64, PyObject)>>> {
    MEMBERS.lock().unwrap_or_else(|e| e.into_inner())
}

fn register_named(obj: &Bound<'_, PyAny>) -> Res<()> {
    for e in items(obj)? {
        let p = items(&e)?;
        let class = string(&p[0])?;
        let mut names = Vec::new();
        let mut objects = Vec::new();
        for m in items(&p[1])? {
            let q = items(&m)?;
            names.push((int(&q[0])?, string(&q[1])?));
            objects.push((int(&q[0])?, q[2].clone().unbind()));
        }
        let kind = crate::value::named_set(&class, names) as usize;
        let mut ms = members();
        while ms.len() <= kind {
            ms.push(Vec::new());
        }
        if ms[kind].is_empty() {
            ms[kind] = objects;
        }
    }
    Ok(())
}

fn to_value(obj: &Bound<'_, PyAny>) -> Res<Value> {
    if obj.is_none() {
        Ok(Value::None)
    } else if obj.is_exact_instance_of::<PyBool>() {
        Ok(Value::Bool(
            obj.extract::<bool>().map_err(|e| e.to_string())?,
        ))
    } else if obj.is_exact_instance_of::<PyInt>() {
        obj.extract::<i64>()
            .map(Value::Int)
            .map_err(|_| "a number too large".to_string())
    } else if obj.is_exact_instance_of::<PyString>() {
        Ok(Value::text(
            &obj.extract::<String>().map_err(|e| e.to_string())?,
        ))
    } else if obj.is_exact_instance_of::<PyTuple>() || obj.is_exact_instance_of::<PyList>() {
        let mut out = Vec::new();
        for x in obj.try_iter().map_err(|e| e.to_string())? {
            out.push(to_value(&x.map_err(|e| e.to_string())?)?);
        }
        Ok(Value::tuple(out))
    } else {
        let kind = obj
            .get_type()
            .name()
            .map(|n| n.to_string())
            .unwrap_or_default();
        if let Some(k) = crate::value::named_kind(&kind) {
            if let Ok(i) = obj.extract::<i64>() {
                return Ok(Value::Named(k, i));
            }
        }
        Err(format!(
            "a value of type {} ({})",
            kind,
            obj.repr().map(|r| r.to_string()).unwrap_or_default()
        ))
    }
}

fn to_py(py: Python<'_>, v: &Value) -> PyObject {
    match v {
        Value::None => py.None(),
        Value::Bool(b) => PyBool::new(py, *b).to_owned().into_any().unbind(),
        Value::Int(i) => i.into_pyobject(py).unwrap().into_any().unbind(),
        Value::Str(s) => PyString::intern(py, s).into_any().unbind(),
        Value::Tuple(t) => {
            let items: Vec<PyObject> = t.iter().map(|x| to_py(py, x)).collect();
            PyTuple::new(py, items).unwrap().into_any().unbind()
        }
        Value::Named(k, i) => members()
            .get(*k as usize)
            .and_then(|m| m.iter().find(|(v, _)| v == i).map(|(_, o)| o.clone_ref(py)))
            .unwrap_or_else(|| i.into_pyobject(py).unwrap().into_any().unbind()),
    }
}

fn text_or_none(py: Python<'_>, s: &Option<Rc<str>>) -> PyObject {
    match s {
        None => py.None(),
        Some(s) => PyString::intern(py, s).into_any().unbind(),
    }
}

fn get<'py>(d: &Bound<'py, PyDict>, key: &str) -> Res<Bound<'py, PyAny>> {
    d.get_item(key)
        .map_err(|e| e.to_string())?
        .ok_or_else(|| format!("no {}", key))
}

fn items<'py>(obj: &Bound<'py, PyAny>) -> Res<Vec<Bound<'py, PyAny>>> {
    if let Ok(t) = obj.downcast::<PyTuple>() {
        return Ok(t.iter().collect()); // the state's sequences are tuples: read directly
    }
    let mut out = Vec::new();
    for x in obj.try_iter().map_err(|e| e.to_string())? {
        out.push(x.map_err(|e| e.to_string())?);
    }
    Ok(out)
}

fn string(obj: &Bound<'_, PyAny>) -> Res<String> {
    obj.extract::<String>()
        .map_err(|_| format!("expected text, got {}", obj))
}

fn opt_string(obj: &Bound<'_, PyAny>) -> Res<Option<Rc<str>>> {
    if obj.is_none() {
        Ok(None)
    } else {
        Ok(Some(rc_text(obj)?))
    }
}

fn int(obj: &Bound<'_, PyAny>) -> Res<i64> {
    obj.extract::<i64>()
        .map_err(|_| format!("expected a number, got {}", obj))
}

// -- reading a ruleset's description --------------------------------------------------------

struct Reader<'a> {
    names: &'a mut Names,
}

impl Reader<'_> {
    fn ty(&self, obj: &Bound<'_, PyAny>) -> Res<Ty> {
        let parts = items(obj)?;
        let tag = string(&parts[0])?;
        Ok(match tag.as_str() {
            "any" => Ty::Any,
            "maybe" => Ty::Maybe(Box::new(self.ty(&parts[1])?)),
            "seat" => Ty::Seat,
            "int" => Ty::Int,
            "text" => Ty::Text,
            "bool" => Ty::Bool,
            "none" => Ty::Nothing,
            "slot" => Ty::Slot,
            "named" => Ty::Named(
                crate::value::named_kind(&string(&parts[1])?)
                    .ok_or_else(|| format!("the named set {}", parts[1]))?,
            ),
            "list" => Ty::List(Box::new(self.ty(&parts[1])?)),
            "tuple" => Ty::Tuple(
                items(&parts[1])?
                    .iter()
                    .map(|p| self.ty(p))
                    .collect::<Res<_>>()?,
            ),
            other => return Err(format!("the type {}", other)),
        })
    }

    fn exprs(&mut self, obj: &Bound<'_, PyAny>) -> Res<Vec<Expr>> {
        items(obj)?.iter().map(|x| self.expr(x)).collect()
    }

    fn boxed(&mut self, obj: &Bound<'_, PyAny>) -> Res<Box<Expr>> {
        Ok(Box::new(self.expr(obj)?))
    }

    fn expr(&mut self, obj: &Bound<'_, PyAny>) -> Res<Expr> {
        if obj.is_none() {
            return Err("an expression the compiler did not describe".into());
        }
        let p = items(obj)?;
        let tag = string(&p[0])?;
        Ok(match tag.as_str() {
            "lit" => Expr::Lit(to_value(&p[1])?),
            "env" => Expr::Env(self.names.intern(&string(&p[1])?)),
            "call" => {
                let name = string(&p[1])?;
                let f = Func::parse(&name).ok_or_else(|| format!("the function {}", name))?;
                Expr::Call(f, self.exprs(&p[2])?)
            }
            "op" => {
                let op = match string(&p[1])?.as_str() {
                    "+" => Arith::Add,
                    "-" => Arith::Sub,
                    "*" => Arith::Mul,
                    "//" => Arith::Div,
                    "%" => Arith::Mod,
                    other => return Err(format!("the operator {}", other)),
                };
                Expr::Op(op, self.boxed(&p[2])?, self.boxed(&p[3])?)
            }
            "cmp" => {
                let op = match string(&p[1])?.as_str() {
                    "==" => Cmp::Eq,
                    "!=" => Cmp::Ne,
                    "<" => Cmp::Lt,
                    "<=" => Cmp::Le,
                    ">" => Cmp::Gt,
                    ">=" => Cmp::Ge,
                    other => return Err(format!("the comparison {}", other)),
                };
                Expr::Cmp(op, self.boxed(&p[2])?, self.boxed(&p[3])?)
            }
            "in" => Expr::In(self.boxed(&p[1])?, self.boxed(&p[2])?),
            "and" => Expr::And(self.exprs(&p[1])?),
            "or" => Expr::Or(self.exprs(&p[1])?),
            "not" => Expr::Not(self.boxed(&p[1])?),
            "neg" => Expr::Neg(self.boxed(&p[1])?),
            "list" => Expr::List(self.exprs(&p[1])?),
            "index" => Expr::Index(self.boxed(&p[1])?, self.boxed(&p[2])?),
            "at" => Expr::At(self.boxed(&p[1])?, self.boxed(&p[2])?),
            "len" => Expr::Len(self.boxed(&p[1])?),
            "check" => Expr::Check(
                Rc::new(self.ty(&p[1])?),
                Rc::from(string(&p[2])?.as_str()),
                self.boxed(&p[3])?,
            ),
            other => return Err(format!("the expression {}", other)),
        })
    }

    fn instr(&mut self, obj: &Bound<'_, PyAny>) -> Res<Instr> {
        let p = items(obj)?;
        let tag = string(&p[0])?;
        Ok(match tag.as_str() {
            "call" => {
                let name = string(&p[1])?;
                let verb = Verb::parse(&name).ok_or_else(|| format!("the verb {}", name))?;
                Instr::Call {
                    verb,
                    clause: opt_string(&p[2])?,
                    args: self.exprs(&p[3])?,
                }
            }
            "internal" => {
                let name = string(&p[1])?;
                let step =
                    Internal::parse(&name).ok_or_else(|| format!("the engine step {}", name))?;
                Instr::Call {
                    verb: Verb::I(step),
                    clause: opt_string(&p[2])?,
                    args: Vec::new(),
                }
            }
            "let" => Instr::Let {
                name: self.names.intern(&string(&p[1])?),
                clause: opt_string(&p[2])?,
                value: self.expr(&p[3])?,
            },
            "choose" => Instr::Choose {
                name: self.names.intern(&string(&p[1])?),
                clause: opt_string(&p[2])?,
                secret: int(&p[3])? as u8,
                domain: self.expr(&p[4])?,
                chooser: self.expr(&p[5])?,
            },
            "jump_if_not" => Instr::JumpIfNot {
                target: int(&p[1])? as usize,
                test: self.expr(&p[2])?,
            },
            "jump" => Instr::Jump(int(&p[1])? as usize),
            other => return Err(format!("the instruction {}", other)),
        })
    }

    /// A held value's shape: a word, or a list of shapes.
    fn shape(obj: &Bound<'_, PyAny>) -> Res<crate::rules::Shape> {
        use crate::rules::Shape;
        if let Ok(word) = obj.extract::<String>() {
            return Ok(match word.as_str() {
                "seat" => Shape::Seat,
                "int" => Shape::Int,
                "text" => Shape::Text,
                "bool" => Shape::Bool,
                "none" => Shape::Nothing,
                "side" => Shape::Side,
                "letters" => Shape::Letters,
                "token" => Shape::Token,
                "any" => Shape::Any,
                other => return Err(format!("the held shape {}", other)),
            });
        }
        Ok(Shape::Tuple(
            items(obj)?
                .iter()
                .map(|x| Self::shape(x))
                .collect::<Res<_>>()?,
        ))
    }

    fn kit(
        &mut self,
        d: &Bound<'_, PyDict>,
        by_key: &crate::rules::FxMap<Rc<str>, usize>,
    ) -> Res<Kit> {
        let mut kit = Kit::default();
        for t in items(&get(d, "tracks")?)? {
            let p = items(&t)?;
            kit.tracks.push(Track {
                name: Rc::from(string(&p[0])?.as_str()),
                low: int(&p[1])?,
                high: int(&p[2])?,
            });
        }
        for c in items(&get(d, "counters")?)? {
            kit.counters.push(Rc::from(string(&c)?.as_str()));
        }
        for z in items(&get(d, "zones")?)? {
            let p = items(&z)?;
            let seen = match string(&p[2])?.as_str() {
                "all" => Seen::All,
                "owner" => Seen::Owner,
                _ => Seen::Nobody,
            };
            kit.zones.push(ZoneDef {
                name: Rc::from(string(&p[0])?.as_str()),
                per_seat: p[1].extract::<bool>().map_err(|e| e.to_string())?,
                seen,
                bag: p[3].extract::<bool>().map_err(|e| e.to_string())?,
            });
        }
        for f in items(&get(d, "faces")?)? {
            let p = items(&f)?;
            let mut faces = Vec::new();
            for face in items(&p[1])? {
                let q = items(&face)?;
                faces.push((Rc::from(string(&q[0])?.as_str()), int(&q[1])?));
            }
            kit.faces.push((Rc::from(string(&p[0])?.as_str()), faces));
        }
        kit.wild = opt_string(&get(d, "wild")?)?;
        for v in items(&get(d, "values")?)? {
            let p = items(&v)?;
            kit.values
                .push((Rc::from(string(&p[0])?.as_str()), int(&p[1])?));
        }
        for l in items(&get(d, "lists")?)? {
            let p = items(&l)?;
            kit.lists
                .push((self.names.intern(&string(&p[0])?), to_value(&p[1])?));
        }
        let starts = get(d, "starts")?;
        let starts = starts.downcast::<PyDict>().map_err(|e| e.to_string())?;
        kit.track_starts = Self::ints(&get(starts, "tracks")?)?;
        kit.counter_starts = Self::ints(&get(starts, "counters")?)?;
        kit.shared_starts = items(&get(starts, "shared")?)?
            .iter()
            .map(to_value)
            .collect::<Res<_>>()?;
        kit.own_starts = items(&get(starts, "own")?)?
            .iter()
            .map(to_value)
            .collect::<Res<_>>()?;
        for k in items(&get(d, "setup_programs")?)? {
            kit.setup_programs.push(Self::key(by_key, &k)?);
        }
        kit.letters = Rc::from(string(&get(d, "letters")?)?.as_str());
        for r in items(&get(d, "ranges")?)? {
            let p = items(&r)?;
            let high = if p[1].is_none() {
                None
            } else {
                Some(int(&p[1])?)
            };
            kit.ranges.push((int(&p[0])?, high));
        }
        if kit.ranges.len() != kit.counters.len() {
            return Err("a range for each counter".into());
        }
        let held = get(d, "held")?;
        if !held.is_none() {
            let held = held.downcast::<PyDict>().map_err(|e| e.to_string())?;
            kit.held = Some(crate::rules::Held {
                shapes: items(&get(held, "shapes")?)?
                    .iter()
                    .map(|x| Self::shape(x))
                    .collect::<Res<_>>()?,
                words: Rc::from(string(&get(held, "words")?)?.as_str()),
                tokens: items(&get(held, "tokens")?)?
                    .iter()
                    .map(to_value)
                    .collect::<Res<_>>()?,
            });
        }
        for e in items(&get(d, "effects")?)? {
            let p = items(&e)?;
            let name = string(&p[0])?;
            let params = items(&p[1])?
                .iter()
                .map(|x| Ok(self.names.intern(&string(x)?)))
                .collect::<Res<Vec<u32>>>()?;
            let key: Rc<str> = Rc::from(format!("effect:{}", name).as_str());
            let prog = *by_key
                .get(&key)
                .ok_or_else(|| format!("no program {}", key))?;
            kit.effects.push((Rc::from(name.as_str()), params, prog));
        }
        Ok(kit)
    }
}

impl Reader<'_> {
    /// Tortuga 1667's setup tables (`games/tortuga1667/native.py`).
    fn setup(
        obj: &Bound<'_, PyAny>,
        by_key: &crate::rules::FxMap<Rc<str>, usize>,
    ) -> Res<setup1667::Setup> {
        let d = obj.downcast::<PyDict>().map_err(|e| e.to_string())?;
        let table = |k: &str| -> Res<Vec<(i64, Vec<Rc<str>>)>> {
            items(&get(d, k)?)?
                .iter()
                .map(|e| {
                    let p = items(e)?;
                    Ok((int(&p[0])?, rcs(&p[1])?))
                })
                .collect()
        };
        let program = |k: &str| -> Res<Option<usize>> {
            let v = get(d, k)?;
            if v.is_none() {
                Ok(None)
            } else {
                Self::key(by_key, &v).map(Some)
            }
        };
        Ok(setup1667::Setup {
            loyalty: table("loyalty")?,
            loyalty_open: Self::rc(&get(d, "loyalty_open")?)?,
            vote_cards: rcs(&get(d, "vote_cards")?)?,
            hand_size: int(&get(d, "hand_size")?)? as usize,
            treasure: Self::ints(&get(d, "treasure")?)?,
            pawn_order: Self::ints(&get(d, "pawn_order")?)?,
            places: int(&get(d, "places")?)? as usize,
            counts: items(&get(d, "counts")?)?
                .iter()
                .map(|e| {
                    let p = items(e)?;
                    Ok((rc_text(&p[0])?, int(&p[1])?))
                })
                .collect::<Res<_>>()?,
            starred_pool: rcs(&get(d, "starred_pool")?)?,
            starred_choose: int(&get(d, "starred_choose")?)? as usize,
            starred_avoid: table("starred_avoid")?,
            removals: table("removals")?,
            final_card: rc_text(&get(d, "final")?)?,
            among_last: int(&get(d, "among_last")?)? as usize,
            remove_from_top: int(&get(d, "remove_from_top")?)? as usize,
            start_play: Self::key(by_key, &get(d, "start_play")?)?,
            treasure_program: program("treasure_program")?,
            pawns_program: program("pawns_program")?,
        })
    }

    fn key(by_key: &crate::rules::FxMap<Rc<str>, usize>, obj: &Bound<'_, PyAny>) -> Res<usize> {
        let key = string(obj)?;
        by_key
            .get(key.as_str())
            .copied()
            .ok_or_else(|| format!("no program {}", key))
    }

    fn guarded(
        &mut self,
        obj: &Bound<'_, PyAny>,
        by_key: &crate::rules::FxMap<Rc<str>, usize>,
    ) -> Res<Vec<Guarded>> {
        let mut out = Vec::new();
        for g in items(obj)? {
            let p = items(&g)?;
            out.push(Guarded {
                guard: self.expr(&p[0])?,
                program: Self::key(by_key, &p[1])?,
            });
        }
        Ok(out)
    }

    fn rc(obj: &Bound<'_, PyAny>) -> Res<Rc<str>> {
        Ok(Rc::from(string(obj)?.as_str()))
    }

    fn ints(obj: &Bound<'_, PyAny>) -> Res<Vec<i64>> {
        items(obj)?.iter().map(int).collect()
    }

    fn t1667(
        &mut self,
        d: &Bound<'_, PyDict>,
        by_key: &crate::rules::FxMap<Rc<str>, usize>,
    ) -> Res<T1667> {
        let mut t = T1667 {
            place_kind: crate::value::named_kind(&string(&get(d, "place_enum")?)?)
                .ok_or("the places")?,
            spot_kind: crate::value::named_kind(&string(&get(d, "spot_enum")?)?)
                .ok_or("the chest spots")?,
            capacity: Self::ints(&get(d, "capacity")?)?,
            ..Default::default()
        };
        t.roles = items(&get(d, "roles")?)?
            .iter()
            .map(Self::rc)
            .collect::<Res<_>>()?;
        t.role_bits =
            ["anyone", "governor", "captain", "first_mate", "cabin_boy"].map(|r| t.role_bit(r));
        t.adjacent = items(&get(d, "adjacent")?)?
            .iter()
            .map(Self::ints)
            .collect::<Res<_>>()?;
        t.holds = items(&get(d, "holds")?)?
            .iter()
            .map(Self::ints)
            .collect::<Res<_>>()?;
        for a in items(&get(d, "actions")?)? {
            let p = items(&a)?;
            let mut params = Vec::new();
            for q in items(&p[3])? {
                let q = items(&q)?;
                let label = Self::rc(&q[0])?;
                params.push(Param {
                    name: self.names.intern(&label),
                    label,
                    values: self.expr(&q[1])?,
                    filters: self.exprs(&q[2])?,
                });
            }
            let role = t.role_bit(&string(&p[2])?);
            let facets = |obj: &Bound<'_, PyAny>| -> Res<Option<Vec<rules::Facet>>> {
                Ok(items(obj)?
                    .iter()
                    .map(|f| string(f).map(|n| rules::Facet::parse(&n)))
                    .collect::<Res<Vec<_>>>()?
                    .into_iter()
                    .collect())
            };
            let mut act = ActionDef {
                id: Self::rc(&p[0])?,
                clause: Self::rc(&p[1])?,
                role,
                params,
                requires: self.exprs(&p[4])?,
                program: Self::key(by_key, &p[5])?,
                depends: facets(&p[6])?,
                requires_in_listing: false,
                requires_depends: facets(&p[7])?,
            };
            act.requires_in_listing = act.requires_in_listing();
            t.actions.push(act);
        }
        for v in items(&get(d, "votes")?)? {
            let p = items(&v)?;
            t.votes.push(VoteDef {
                id: Self::rc(&p[0])?,
                participants: self.expr(&p[1])?,
                participants_clause: Self::rc(&p[2])?,
                section: Self::rc(&p[3])?,
                success: if p[4].is_none() {
                    None
                } else {
                    Some(self.expr(&p[4])?)
                },
                success_clause: opt_string(&p[5])?,
                program: Self::key(by_key, &p[6])?,
            });
        }
        for e in items(&get(d, "event_programs")?)? {
            let p = items(&e)?;
            t.event_programs
                .insert(Self::rc(&p[0])?, Self::key(by_key, &p[1])?);
        }
        for e in items(&get(d, "section_icons")?)? {
            let p = items(&e)?;
            t.section_icons.push((
                Self::rc(&p[0])?,
                items(&p[1])?.iter().map(Self::rc).collect::<Res<_>>()?,
            ));
        }
        for e in items(&get(d, "vote_cards")?)? {
            let p = items(&e)?;
            let mut sections = Vec::new();
            for sec in items(&p[1])? {
                let q = items(&sec)?;
                let mut icons = Vec::new();
                for ik in items(&q[1])? {
                    let r = items(&ik)?;
                    icons.push((Self::rc(&r[0])?, int(&r[1])?));
                }
                sections.push((Self::rc(&q[0])?, icons));
            }
            t.vote_cards.insert(Self::rc(&p[0])?, sections);
        }
        t.checks_pawns = self.guarded(&get(d, "checks_pawns")?, by_key)?;
        t.checks_kept = self.guarded(&get(d, "checks_kept")?, by_key)?;
        t.before_turn = self.guarded(&get(d, "before_turn")?, by_key)?;
        t.after_reveal = self.guarded(&get(d, "after_reveal")?, by_key)?;
        for e in items(&get(d, "sit_outs")?)? {
            let p = items(&e)?;
            t.sit_outs.push((
                Self::rc(&p[0])?,
                int(&p[1])?,
                Self::rc(&p[2])?,
                Self::rc(&p[3])?,
            ));
        }
        for e in items(&get(d, "vote_plays")?)? {
            let p = items(&e)?;
            let only = p[3].extract::<bool>().map_err(|e| e.to_string())?;
            t.vote_plays
                .push((Self::rc(&p[0])?, int(&p[1])?, Self::rc(&p[2])?, only));
        }
        for e in items(&get(d, "reactions")?)? {
            let p = items(&e)?;
            let mut entries = Vec::new();
            for c in items(&p[1])? {
                let q = items(&c)?;
                let causes = items(&q[1])?.iter().map(Self::rc).collect::<Res<_>>()?;
                let mut answers = Vec::new();
                for a in items(&q[2])? {
                    let r = items(&a)?;
                    answers.push(Answer {
                        name: Self::rc(&r[0])?,
                        guard: self.expr(&r[1])?,
                        program: Self::key(by_key, &r[2])?,
                        clause: Self::rc(&r[3])?,
                    });
                }
                entries.push((Self::rc(&q[0])?, causes, answers));
            }
            t.reactions.push((Self::rc(&p[0])?, entries));
        }
        t.actions_default = int(&get(d, "actions_default")?)?;
        for e in items(&get(d, "actions_by_players")?)? {
            let p = items(&e)?;
            t.actions_by_players.push((int(&p[0])?, int(&p[1])?));
        }
        t.row_size = int(&get(d, "row_size")?)? as usize;
        t.first_player_ship = int(&get(d, "first_player_ship")?)?;
        t.actor = self.names.intern("actor");
        t.setup = Self::setup(&get(d, "setup")?, by_key)?;
        *t.memo.borrow_mut() = crate::rules::Memo::new(t.actions.len());
        Ok(t)
    }
}

fn read_rules(desc: &Bound<'_, PyDict>) -> Res<Rules> {
    register_named(&get(desc, "enums")?)?;
    let mut names = Names::default();
    let mut reader = Reader { names: &mut names };
    let mut programs = Vec::new();
    let mut by_key = crate::rules::FxMap::default();
    for (i, p) in items(&get(desc, "programs")?)?.iter().enumerate() {
        let parts = items(p)?;
        let key: Rc<str> = Rc::from(string(&parts[0])?.as_str());
        let code = items(&parts[1])?
            .iter()
            .map(|x| reader.instr(x))
            .collect::<Res<Vec<_>>>()
            .map_err(|e| format!("{} (program {})", e, key))?;
        by_key.insert(key.clone(), i);
        programs.push(Rc::new(Program { key, code }));
    }
    let mut options = Vec::new();
    for o in items(&get(desc, "options")?)? {
        let p = items(&o)?;
        options.push((Rc::from(string(&p[0])?.as_str()), to_value(&p[1])?));
    }
    let kit = match desc.get_item("kit").map_err(|e| e.to_string())? {
        Some(k) => reader.kit(k.downcast::<PyDict>().map_err(|e| e.to_string())?, &by_key)?,
        None => Kit::default(),
    };
    let t = match desc.get_item("t1667").map_err(|e| e.to_string())? {
        Some(d) => Some(reader.t1667(d.downcast::<PyDict>().map_err(|e| e.to_string())?, &by_key)?),
        None => None,
    };
    let builtins = by_key
        .iter()
        .filter_map(|(k, i)| k.strip_prefix("builtin:").map(|n| (Rc::from(n), *i)))
        .collect();
    Ok(Rules {
        programs,
        by_key,
        builtins,
        options,
        kit,
        t,
        names: RefCell::new(names),
        fixed_texts: Default::default(),
    })
}

// -- the Python classes ---------------------------------------------------------------------

// Threads. The native values hold `Rc`s (counted without atomics) and `RefCell`s, yet
// they may be used and dropped by any Python thread: every touch of them - a method, a
// drop - runs holding the GIL, which lets one thread run at a time, and no borrow is held
// across a call into Python (where the GIL may pass to another thread). Nothing here
// starts a thread or releases the GIL. (The build targets CPython's stable ABI, which
// free-threaded Pythons, those without a GIL, do not offer.)

/// A compiled ruleset the native engine runs (made by `tortuga_rules.game.native`). Its
/// legal-action memo counts against the process's one budget ([`budget`]), which reaches
/// it through a weak reference to this object.
#[pyclass(module = "tortuga_rules._native", frozen, weakref)]
pub(crate) struct NativeRules {
    rules: Rc<Rules>,
}

// SAFETY: used only holding the GIL (the note on threads above).
unsafe impl Send for NativeRules {}
unsafe impl Sync for NativeRules {}

impl Drop for NativeRules {
    /// Its Python object is gone: its memo is emptied, gives back what it held and
    /// remembers no more (games of these rules that live on play without it).
    fn drop(&mut self) {
        let Some(t) = self.rules.t.as_ref() else {
            return;
        };
        let taken = t.memo.try_borrow_mut().ok().map(|mut memo| {
            memo.closed = true;
            memo.take()
        });
        if let Some(taken) = taken {
            budget::release(taken.held);
        }
    }
}

#[pymethods]
impl NativeRules {
    /// Read a ruleset's description; a ValueError names what the native engine cannot run.
    /// Its memo joins the budget every memo of the process shares.
    #[new]
    fn new(py: Python<'_>, desc: &Bound<'_, PyDict>) -> PyResult<Py<Self>> {
        let rules = read_rules(desc).map_err(PyValueError::new_err)?;
        let made = Py::new(
            py,
            NativeRules {
                rules: Rc::new(rules),
            },
        )?;
        budget::register(made.bind(py).as_any())?;
        Ok(made)
    }

    /// What this ruleset's legal-action memo holds, as the shared budget counts it.
    #[getter]
    fn memo_items(&self) -> usize {
        self.rules.t.as_ref().map_or(0, |t| t.memo.borrow().held)
    }

    /// A new game of `players` dealt from the generator state `rng` (the game's setup,
    /// natively: Tortuga 1667's, or the component kit's); a ValueError where these rules
    /// have no native setup.
    fn new_game(&self, players: i64, rng: u64, record: bool) -> PyResult<NativeGame> {
        let kit = self.rules.t.is_none();
        if kit && self.rules.kit.setup_programs.is_empty() || !(1..=64).contains(&players) {
            return Err(PyValueError::new_err("no native setup for these rules"));
        }
        let mut game = Game::new(self.rules.clone(), players, record);
        game.rng = rng;
        let dealt = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            if kit {
                game.setup_kit()
            } else {
                game.setup_1667()
            }
        }));
        match dealt {
            Ok(Ok(())) => Ok(NativeGame {
                game,
                broken: false,
                legal: None,
            }),
            Ok(Err(f)) => Err(failure_to_py(f)),
            Err(_) => Err(PyValueError::new_err("the native setup failed")),
        }
    }

    /// A native game from a state's fields (`record`: keep each step's log).
    fn game(&self, f: &Bound<'_, PyDict>, record: bool) -> PyResult<NativeGame> {
        let game = self.read_game(f, record).map_err(PyValueError::new_err)?;
        Ok(NativeGame {
            game,
            broken: false,
            legal: None,
        })
    }

    /// How many programs the description held.
    #[getter]
    fn programs(&self) -> usize {
        self.rules.programs.len()
    }
}

impl NativeRules {
    /// Everything its memo holds, taken out (the memo left empty), to drop once no borrow
    /// of it is held; None for rules without one (or a memo in use: never, holding the
    /// GIL, since no borrow of it is held across a call into Python).
    pub(crate) fn empty_memo(&self) -> Option<crate::rules::Memo> {
        let t = self.rules.t.as_ref()?;
        let taken = t.memo.try_borrow_mut().ok()?.take();
        Some(taken)
    }

    fn read_game(&self, f: &Bound<'_, PyDict>, record: bool) -> Res<Game> {
        let rules = self.rules.clone();
        let players = int(&get(f, "players")?)?;
        let mut g = Game::new(rules.clone(), players, record);
        if rules.t.is_some() {
            g.t = read_1667(f)?;
        } else {
            for row in items(&get(f, "tracks")?)? {
                g.tracks
                    .push(items(&row)?.iter().map(int).collect::<Res<Vec<i64>>>()?);
            }
            g.counters = items(&get(f, "counters")?)?
                .iter()
                .map(int)
                .collect::<Res<Vec<i64>>>()?;
            g.zones = items(&get(f, "zones")?)?
                .iter()
                .map(to_value)
                .collect::<Res<Vec<Value>>>()?;
            for h in items(&get(f, "held")?)? {
                g.held.push(if h.is_none() {
                    None
                } else {
                    Some(to_value(&items(&h)?[0])?)
                });
            }
            g.shown = items(&get(f, "shown")?)?
                .iter()
                .map(to_value)
                .collect::<Res<Vec<Value>>>()?;
        }
        g.rng = get(f, "rng")?.extract::<u64>().map_err(|e| e.to_string())?;
        for r in items(&get(f, "rigged")?)? {
            let p = items(&r)?;
            g.rigged
                .push((Rc::from(string(&p[0])?.as_str()), to_value(&p[1])?));
        }
        let d = get(f, "decision")?;
        if !d.is_none() {
            let p = items(&d)?;
            let kind = string(&p[1])?;
            let known = if rules.t.is_some() {
                ["choose", "action", "vote"].contains(&kind.as_str())
            } else {
                kind == "choose"
            };
            if !known {
                return Err(format!("a decision of kind {}", kind));
            }
            g.decision = Some(Decision {
                seat: to_value(&p[0])?,
                kind: Rc::from(kind.as_str()),
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
                let name = rules.names.borrow_mut().intern(&string(&q[0])?);
                env.push((name, to_value(&q[1])?));
            }
            g.frames.push(Frame {
                prog,
                pc: int(&p[1])? as usize,
                env,
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
}

fn rcs(obj: &Bound<'_, PyAny>) -> Res<Vec<Rc<str>>> {
    items(obj)?.iter().map(rc_text).collect()
}

/// A text as the engine holds it, read from Python's string in place (one allocation).
fn rc_text(obj: &Bound<'_, PyAny>) -> Res<Rc<str>> {
    match obj.downcast::<PyString>() {
        Ok(s) => s.to_str().map(Rc::from).map_err(|e| e.to_string()),
        Err(_) => Err(format!("expected text, got {}", obj)),
    }
}

fn read_1667(f: &Bound<'_, PyDict>) -> Res<TState> {
    let ints = |k: &str| -> Res<Vec<i64>> { items(&get(f, k)?)?.iter().map(int).collect() };
    let nested =
        |k: &str| -> Res<Vec<Vec<Rc<str>>>> { items(&get(f, k)?)?.iter().map(rcs).collect() };
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
        vote_deck: rcs(&get(f, "vote_deck")?)?,
        event_deck: rcs(&get(f, "event_deck")?)?,
        row: items(&get(f, "row")?)?
            .iter()
            .map(|c| {
                if c.is_none() {
                    Ok(None)
                } else {
                    Ok(Some(Rc::from(string(c)?.as_str())))
                }
            })
            .collect::<Res<_>>()?,
        discard: rcs(&get(f, "discard")?)?,
        resolving: rcs(&get(f, "resolving")?)?,
        removed: rcs(&get(f, "removed")?)?,
        kept: nested("kept")?,
        marks: nested("marks")?,
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
            kind: Rc::from(string(&p[0])?.as_str()),
            caller: int(&p[1])?,
            place: int(&p[2])?,
            participants: items(&p[3])?.iter().map(int).collect::<Res<_>>()?,
            played,
            revealed: rcs(&p[5])?,
        });
    }
    Ok(t)
}

/// One legal action as the native engine lists it.
#[derive(Clone)]
enum Legal {
    Choice(usize),
    /// a turn action: its number, the argument combinations listed for it, which one
    Action(usize, Rc<rules::Listed>, usize),
    Vote(bool, Vec<Rc<str>>),
}

/// The legal actions of a decision, in groups: the options of a choice, each turn action's
/// listing (shared with the memo), each vote play.
#[derive(Default, Clone)]
struct LegalList {
    groups: Vec<(usize, Legal)>,
    len: usize,
}

impl LegalList {
    fn push(&mut self, count: usize, group: Legal) {
        if count > 0 {
            self.groups.push((count, group));
            self.len += count;
        }
    }

    /// Which group holds legal action number `index`, and its place in the group.
    fn locate(&self, index: usize) -> Option<(usize, usize)> {
        let mut at = index;
        for (g, (count, _)) in self.groups.iter().enumerate() {
            if at < *count {
                return Some((g, at));
            }
            at -= count;
        }
        None
    }

    /// Legal action number `index`, if there is one, taken out of the list.
    fn take(mut self, index: usize) -> Option<Legal> {
        let (g, at) = self.locate(index)?;
        Some(self.groups.swap_remove(g).1.at(at))
    }

    /// Legal action number `index`, if there is one.
    fn get(&self, index: usize) -> Option<Legal> {
        let (g, at) = self.locate(index)?;
        Some(self.groups[g].1.clone().at(at))
    }
}

impl Legal {
    /// Option `at` of this group.
    fn at(self, at: usize) -> Legal {
        match self {
            Legal::Choice(_) => Legal::Choice(at),
            Legal::Action(k, listed, _) => Legal::Action(k, listed, at),
            other => other,
        }
    }
}

/// A game played in place by the native engine.
#[pyclass(module = "tortuga_rules._native")]
struct NativeGame {
    game: Game,
    broken: bool,
    legal: Option<Rc<LegalList>>,
}

// SAFETY: used only holding the GIL (the note on threads above).
unsafe impl Send for NativeGame {}
unsafe impl Sync for NativeGame {}

fn event_to_py(py: Python<'_>, e: &Event) -> PyObject {
    let mut parts: Vec<PyObject> = vec![
        text_or_none(py, &e.clause),
        PyString::intern(py, e.kind).into_any().unbind(),
        e.to.into_pyobject(py).unwrap().into_any().unbind(),
    ];
    parts.extend(e.args.iter().map(|a| to_py(py, a)));
    PyTuple::new(py, parts).unwrap().into_any().unbind()
}

fn failure_to_py(f: game::Failure) -> PyErr {
    let kind = match &*f.fail.0 {
        FailKind::Value(_) => "value",
        FailKind::Other(_, _) => "other",
        FailKind::Rigged(_) => "rigged",
        FailKind::Budget => "budget",
    };
    NativeFailure::new_err((
        f.program.to_string(),
        f.pc,
        f.fail.detail(),
        kind,
        f.clause.map(|c| c.to_string()),
    ))
}

fn py_tuple(py: Python<'_>, xs: Vec<PyObject>) -> PyObject {
    PyTuple::new(py, xs).unwrap().into_any().unbind()
}

fn py_text(py: Python<'_>, s: &str) -> PyObject {
    PyString::intern(py, s).into_any().unbind()
}

fn py_int(py: Python<'_>, i: i64) -> PyObject {
    i.into_pyobject(py).unwrap().into_any().unbind()
}

fn py_texts(py: Python<'_>, xs: &[Rc<str>]) -> PyObject {
    py_tuple(py, xs.iter().map(|x| py_text(py, x)).collect())
}

fn py_ints(py: Python<'_>, xs: &[i64]) -> PyObject {
    py_tuple(py, xs.iter().map(|x| py_int(py, *x)).collect())
}

impl NativeGame {
    fn legal_list(&mut self) -> PyResult<Rc<LegalList>> {
        if let Some(l) = &self.legal {
            return Ok(l.clone());
        }
        let list = Rc::new(self.listed()?);
        self.legal = Some(list.clone());
        Ok(list)
    }

    /// The legal actions now, listed (a mistake of this engine is the listing's failure,
    /// and the game stops there).
    fn listed(&mut self) -> PyResult<LegalList> {
        let g = &self.game;
        let listed = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| Self::list(g)));
        let list = match listed {
            Ok(list) => list?,
            Err(_) => {
                self.broken = true;
                return Err(NativeFailure::new_err((
                    "native".to_string(),
                    0usize,
                    "NativeError: the native engine cannot list this position's actions"
                        .to_string(),
                    "other",
                    None::<String>,
                )));
            }
        };
        Ok(list)
    }

    fn list(g: &Game) -> PyResult<LegalList> {
        let mut list = LegalList::default();
        if let Some(d) = &g.decision {
            match d.kind.as_ref() {
                "choose" => list.push(d.options.len(), Legal::Choice(0)),
                "action" => {
                    let seat = d.seat.int().unwrap_or(-1);
                    match g.turn_actions(seat) {
                        Ok(v) => v.into_iter().for_each(|(k, listed)| {
                            list.push(listed.combos.len(), Legal::Action(k, listed, 0))
                        }),
                        Err((k, fail)) => {
                            let id = g
                                .rules
                                .t
                                .as_ref()
                                .map(|t| t.actions[k].id.to_string())
                                .unwrap_or_default();
                            return Err(NativeFailure::new_err((
                                format!("action:{}", id),
                                0usize,
                                fail.detail(),
                                "action",
                                None::<String>,
                            )));
                        }
                    }
                }
                _ => match g.vote_plays() {
                    Ok(v) => v
                        .into_iter()
                        .for_each(|(many, cards)| list.push(1, Legal::Vote(many, cards))),
                    Err(e) => {
                        return Err(NativeFailure::new_err((
                            "vote".to_string(),
                            0usize,
                            e,
                            "vote",
                            None::<String>,
                        )))
                    }
                },
            }
        }
        Ok(list)
    }

    /// Play on by `policy` drawing from `rnd`, at most `depth` decisions (`play_out`).
    fn play_out_with(
        &mut self,
        policy: &str,
        rnd: &mut pyrandom::PyRandom,
        depth: usize,
    ) -> PyResult<usize> {
        let reflex = match policy {
            "random" => false,
            "reflex-1667" if self.game.rules.t.is_some() => true,
            other => {
                return Err(PyValueError::new_err(format!(
                    "no native playout policy {:?} for this game",
                    other
                )))
            }
        };
        let mut steps = 0;
        while steps < depth && self.game.outcome.is_none() {
            let legal = self.legal_list()?;
            if legal.len == 0 {
                break;
            }
            let i = if reflex {
                self.reflex(&legal, rnd)
            } else {
                rnd.below(legal.len)
            };
            self.step(i)?;
            steps += 1;
        }
        Ok(steps)
    }

    /// Tortuga 1667's reflex: the legal action its judge scores highest, each score jittered
    /// by a draw of `rnd` (`bot.reflex`, `_best` with noise 1e-3; the first best wins).
    fn reflex(&self, legal: &LegalList, rnd: &mut pyrandom::PyRandom) -> usize {
        if legal.len == 1 {
            return 0;
        }
        let g = &self.game;
        let d = g.decision.as_ref().expect("a decision");
        let judge = reflex1667::Judge::new(g, d.seat.int().unwrap_or(0));
        let t = g.rules.t.as_ref().expect("Tortuga 1667's tables");
        let (mut best, mut at, mut i) = (f64::NEG_INFINITY, 0, 0);
        for (count, group) in legal.groups.iter() {
            for j in 0..*count {
                let act = match group {
                    Legal::Choice(_) => reflex1667::Act::Choose(&d.options[j]),
                    Legal::Action(k, listed, _) => {
                        let def = &t.actions[*k];
                        reflex1667::Act::Turn(&def.id, &def.params, &listed.combos[j])
                    }
                    Legal::Vote(_, cards) => reflex1667::Act::Vote(cards),
                };
                let score = judge.guess(&act) + rnd.random() * 1e-3;
                if score > best {
                    best = score;
                    at = i;
                }
                i += 1;
            }
        }
        at
    }

    /// One legal action's kind and arguments (`((name, value), ...)`).
    fn legal_one(&self, py: Python<'_>, l: &Legal) -> (PyObject, PyObject) {
        let g = &self.game;
        let pair = |name: &str, v: PyObject| py_tuple(py, vec![py_text(py, name), v]);
        match l {
            Legal::Choice(i) => {
                let d = g.decision.as_ref().expect("a choice");
                let name = d.name.as_deref().unwrap_or("");
                (
                    py_text(py, "choose"),
                    py_tuple(py, vec![pair(name, to_py(py, &d.options[*i]))]),
                )
            }
            Legal::Action(k, combos, i) => {
                let def = &g.rules.t.as_ref().expect("tables").actions[*k];
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
        }
    }

    fn step(&mut self, index: usize) -> PyResult<()> {
        if self.broken {
            return Err(PyValueError::new_err("this game stopped at a failing step"));
        }
        let legal = self.legal_list()?;
        let chosen = legal
            .get(index)
            .ok_or_else(|| PyIndexError::new_err(format!("option {} of {}", index, legal.len)))?;
        self.legal = None;
        self.play(chosen)
    }

    /// Play `chosen`, one of the legal actions now.
    fn play(&mut self, chosen: Legal) -> PyResult<()> {
        let g = &mut self.game;
        // A mistake of this engine must not cross into Python as a panic: it becomes the
        // step's failure, and the game stops there.
        let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            g.begin_step();
            let out = match chosen {
                Legal::Choice(i) => g.resume_choice(i).and_then(|_| g.run()),
                Legal::Action(k, combos, i) => {
                    g.start_action(k, &combos.combos[i]).and_then(|_| g.run())
                }
                Legal::Vote(_, cards) => match g.play_vote(cards) {
                    Ok(game::After::Go) => g.run(),
                    Ok(_) => Ok(()),
                    Err(fail) => Err(game::Failure {
                        program: Rc::from("vote"),
                        pc: 0,
                        fail,
                        clause: None,
                    }),
                },
            };
            g.end_step();
            out
        }));
        let out = run.unwrap_or_else(|panic| {
            let why = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            Err(game::Failure {
                program: Rc::from("native"),
                pc: 0,
                fail: Fail::other(
                    "NativeError",
                    format!("the native engine cannot play this position ({})", why),
                ),
                clause: None,
            })
        });
        out.map_err(|f| {
            self.broken = true;
            failure_to_py(f)
        })
    }
}

#[pymethods]
impl NativeGame {
    /// The seat the game waits for (None once it is over).
    #[getter]
    fn current_player(&self, py: Python<'_>) -> PyObject {
        match &self.game.decision {
            None => py.None(),
            Some(d) => to_py(py, &d.seat),
        }
    }

    /// How the game ended, `(winners, chests, reason, scores)`, or None.
    #[getter]
    fn outcome(&self, py: Python<'_>) -> PyObject {
        match &self.game.outcome {
            None => py.None(),
            Some(o) => py_tuple(
                py,
                vec![
                    py_tuple(py, o.winners.iter().map(|x| to_py(py, x)).collect()),
                    py_tuple(
                        py,
                        o.chests
                            .iter()
                            .map(|(t, n)| py_tuple(py, vec![to_py(py, t), py_int(py, *n)]))
                            .collect(),
                    ),
                    to_py(py, &o.reason),
                    py_ints(py, &o.scores),
                ],
            ),
        }
    }

    #[getter]
    fn is_terminal(&self) -> bool {
        self.game.outcome.is_some()
    }

    #[getter]
    fn step_number(&self) -> i64 {
        self.game.step
    }

    /// The log of the last step, as the state's `events` hold it (empty unless recording).
    #[getter]
    fn events(&self, py: Python<'_>) -> PyObject {
        py_tuple(
            py,
            self.game
                .events
                .iter()
                .map(|e| event_to_py(py, e))
                .collect(),
        )
    }

    /// The pending decision as `(seat, kind, name, options, clause)`, or None.
    #[getter]
    fn decision(&self, py: Python<'_>) -> PyObject {
        match &self.game.decision {
            None => py.None(),
            Some(d) => decision_to_py(py, d),
        }
    }

    /// The pending decision's kind ("action", "choose", "vote"), or None.
    #[getter]
    fn decision_kind(&self, py: Python<'_>) -> PyObject {
        match &self.game.decision {
            None => py.None(),
            Some(d) => py_text(py, &d.kind),
        }
    }

    /// How many legal actions the pending decision has (0 once the game is over).
    fn option_count(&mut self) -> PyResult<usize> {
        Ok(self.legal_list()?.len)
    }

    /// The legal actions made by `make(kind, args)` (the reference's `Action`): a turn
    /// action's are made once per remembered listing and handed out again after.
    fn legal_actions(&mut self, py: Python<'_>, make: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        let legal = self.legal_list()?;
        let mut out: Vec<PyObject> = Vec::with_capacity(legal.len);
        let mut first = 0; // the number of the group's first action
        for (count, group) in legal.groups.iter() {
            if let Legal::Action(_, listed, _) = group {
                let made = match listed.made.get() {
                    Some(m) => m.clone_ref(py),
                    None => {
                        let acts = (0..*count)
                            .map(|i| {
                                let (kind, args) =
                                    self.legal_one(py, &legal.get(first + i).expect("an action"));
                                make.call1((kind, args)).map(|a| a.unbind())
                            })
                            .collect::<PyResult<Vec<_>>>()?;
                        let t = py_tuple(py, acts);
                        // the listing now holds Python actions too: one more each, counted
                        // as the reference counts the actions a listing holds
                        let memo = &self
                            .game
                            .rules
                            .t
                            .as_ref()
                            .expect("turn actions are Tortuga 1667's")
                            .memo;
                        if budget::charge(memo, *count) {
                            let _ = listed.made.set(t.clone_ref(py));
                        }
                        t
                    }
                };
                out.extend(
                    made.bind(py)
                        .downcast::<PyTuple>()?
                        .iter()
                        .map(|a| a.unbind()),
                );
            } else {
                for j in first..first + count {
                    let (kind, args) = self.legal_one(py, &legal.get(j).expect("an action"));
                    out.push(make.call1((kind, args))?.unbind());
                }
            }
            first += count;
        }
        Ok(py_tuple(py, out))
    }

    /// Take legal action number `index` and play on.
    fn apply(&mut self, index: usize) -> PyResult<()> {
        self.step(index)
    }

    /// Play on to the end choosing uniformly at random with a generator seeded by `seed`
    /// (its own, not the game's), at most `max_steps` decisions; how many were taken.
    fn random_playout(&mut self, seed: u64, max_steps: usize) -> PyResult<usize> {
        let mut state = seed;
        let mut steps = 0;
        while steps < max_steps {
            // the list made and used here (not kept for Python), the pick taken out of it
            let listed = match self.legal.take() {
                Some(list) => Rc::try_unwrap(list).unwrap_or_else(|shared| (*shared).clone()),
                None => self.listed()?,
            };
            if listed.len == 0 {
                break;
            }
            let i = rng::below(&mut state, listed.len);
            if self.broken {
                return Err(PyValueError::new_err("this game stopped at a failing step"));
            }
            self.play(listed.take(i).expect("an index below the count"))?;
            steps += 1;
        }
        Ok(steps)
    }

    /// Play on by the playout policy `policy` for at most `depth` decisions, drawing from
    /// Python's generator whose `getstate()[1]` is `random_state` exactly as the reference
    /// policy draws: "random" (`legal[rnd.randrange(len(legal))]`) or "reflex-1667"
    /// (Tortuga 1667's heuristic player without look-ahead). Returns the decisions taken
    /// and the generator's state after them, for `setstate`.
    fn play_out(
        &mut self,
        policy: &str,
        random_state: Vec<u64>,
        depth: usize,
    ) -> PyResult<(usize, Vec<u64>)> {
        let mut rnd = pyrandom::PyRandom::from_state(&random_state)
            .ok_or_else(|| PyValueError::new_err("not the state of a Python random.Random"))?;
        let steps = self.play_out_with(policy, &mut rnd, depth)?;
        Ok((steps, rnd.state()))
    }

    /// `play_out` drawing from a native [`pyrandom::Generator`] (its state stays here).
    fn play_out_drawing(
        &mut self,
        policy: &str,
        generator: &mut pyrandom::Generator,
        depth: usize,
    ) -> PyResult<usize> {
        self.play_out_with(policy, &mut generator.r, depth)
    }

    /// The values logged by the last step's events of `kind` (each event's own values),
    /// without the rest of the log (a recording game).
    fn logged(&self, py: Python<'_>, kind: &str) -> PyObject {
        let found: Vec<PyObject> = self
            .game
            .events
            .iter()
            .filter(|e| e.kind == kind)
            .map(|e| py_tuple(py, e.args.iter().map(|a| to_py(py, a)).collect()))
            .collect();
        py_tuple(py, found)
    }

    /// The observation of `seat` for learning agents, as `layout` (the encoder's entry
    /// names, in order) numbers it: one byte per entry, clipped to 0..255. Tortuga 1667's
    /// only; a ValueError for a game whose encoder the native engine does not have.
    fn observation(
        &self,
        py: Python<'_>,
        seat: i64,
        layout: &Bound<'_, PyAny>,
    ) -> PyResult<PyObject> {
        if self.game.rules.t.is_none() {
            return Err(PyValueError::new_err(
                "the native engine encodes only Tortuga 1667",
            ));
        }
        let index = layout_index(layout)?;
        let mut out = vec![0i64; index.1];
        self.game.observation_1667(seat, &mut |name, value| {
            if let Some(i) = index.0.get(name) {
                out[*i] += value;
            }
        });
        let bytes: Vec<u8> = out.iter().map(|x| (*x).clamp(0, 255) as u8).collect();
        Ok(pyo3::types::PyBytes::new(py, &bytes).into_any().unbind())
    }

    /// A copy with what `seat` cannot see redrawn, drawing from `generator` (Tortuga
    /// 1667's determinisation; `final_card` lies among the event deck's `last` places).
    fn redrawn_1667(
        &self,
        seat: usize,
        generator: &mut pyrandom::Generator,
        final_card: &str,
        last: usize,
    ) -> PyResult<NativeGame> {
        if self.game.rules.t.is_none() || seat >= self.game.players as usize {
            return Err(PyValueError::new_err(
                "redrawn_1667: a seat of a game of Tortuga 1667",
            ));
        }
        let mut game = self.game.clone();
        game.redraw_1667(seat, &mut generator.r, final_card, last);
        Ok(NativeGame {
            game,
            broken: self.broken,
            legal: None,
        })
    }

    /// Each seat's loyalty card (Tortuga 1667), as the reference holds them.
    #[getter]
    fn loyalty(&self, py: Python<'_>) -> PyObject {
        py_tuple(
            py,
            self.game.t.loyalty.iter().map(|v| to_py(py, v)).collect(),
        )
    }

    /// A copy to play on separately.
    fn copy(&self) -> NativeGame {
        NativeGame {
            game: self.game.clone(),
            broken: self.broken,
            legal: self.legal.clone(),
        }
    }

    /// A copy to play on separately whose next steps log or not as `record` says (the
    /// log of the step that led here is kept when it logs; a quiet copy starts with none).
    fn reopened(&mut self, record: bool) -> NativeGame {
        if record {
            let mut next = self.copy();
            next.game.record = true;
            return next;
        }
        let events = std::mem::take(&mut self.game.events);
        let mut next = self.copy();
        self.game.events = events;
        next.game.record = false;
        next
    }

    /// The game after legal action number `index`, logged if `record`, as a new game:
    /// this one is left as it is (the immutable states of the public API). A failing step
    /// raises, and nothing is made.
    fn stepped(&mut self, index: usize, record: bool) -> PyResult<NativeGame> {
        let legal = self.legal_list()?;
        // the next step logs afresh: the old log is not copied
        let events = std::mem::take(&mut self.game.events);
        let mut game = self.game.clone();
        self.game.events = events;
        game.record = record;
        let mut next = NativeGame {
            game,
            broken: self.broken,
            legal: Some(legal),
        };
        next.step(index)?;
        Ok(next)
    }

    /// The state's fields as the reference engine holds them (plain values).
    fn fields<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let g = &self.game;
        let d = PyDict::new(py);
        d.set_item("players", g.players)?;
        if g.rules.t.is_some() {
            fields_1667(py, g, &d)?;
        } else {
            d.set_item(
                "tracks",
                py_tuple(py, g.tracks.iter().map(|row| py_ints(py, row)).collect()),
            )?;
            d.set_item("counters", py_ints(py, &g.counters))?;
            d.set_item(
                "zones",
                py_tuple(py, g.zones.iter().map(|z| to_py(py, z)).collect()),
            )?;
            d.set_item(
                "held",
                py_tuple(
                    py,
                    g.held
                        .iter()
                        .map(|h| match h {
                            None => py.None(),
                            Some(v) => py_tuple(py, vec![to_py(py, v)]),
                        })
                        .collect(),
                ),
            )?;
            d.set_item(
                "shown",
                py_tuple(py, g.shown.iter().map(|v| to_py(py, v)).collect()),
            )?;
        }
        d.set_item("rng", g.rng)?;
        d.set_item(
            "rigged",
            py_tuple(
                py,
                g.rigged
                    .iter()
                    .map(|(p, v)| py_tuple(py, vec![py_text(py, p), to_py(py, v)]))
                    .collect(),
            ),
        )?;
        d.set_item(
            "decision",
            match &g.decision {
                None => py.None(),
                Some(x) => decision_to_py(py, x),
            },
        )?;
        // The names are looked up before any Python value is made: making one may run
        // Python code (a collection's finalizers), and no borrow is held across it.
        let named: Vec<Vec<Rc<str>>> = {
            let names = g.rules.names.borrow();
            g.frames
                .iter()
                .map(|fr| {
                    fr.env
                        .iter()
                        .map(|(k, _)| names.names[*k as usize].clone())
                        .collect()
                })
                .collect()
        };
        d.set_item(
            "frames",
            py_tuple(
                py,
                g.frames
                    .iter()
                    .zip(named.iter())
                    .map(|(fr, keys)| {
                        let env = py_tuple(
                            py,
                            fr.env
                                .iter()
                                .zip(keys.iter())
                                .map(|((_, v), k)| py_tuple(py, vec![py_text(py, k), to_py(py, v)]))
                                .collect(),
                        );
                        py_tuple(
                            py,
                            vec![
                                py_text(py, &g.rules.programs[fr.prog].key),
                                py_int(py, fr.pc as i64),
                                env,
                            ],
                        )
                    })
                    .collect(),
            ),
        )?;
        d.set_item("outcome", self.outcome(py))?;
        d.set_item("step", g.step)?;
        d.set_item(
            "events",
            py_tuple(py, g.events.iter().map(|e| event_to_py(py, e)).collect()),
        )?;
        Ok(d)
    }
}

fn fields_1667(py: Python<'_>, g: &Game, d: &Bound<'_, PyDict>) -> PyResult<()> {
    let t = &g.t;
    let nested =
        |xs: &Vec<Vec<Rc<str>>>| py_tuple(py, xs.iter().map(|x| py_texts(py, x)).collect());
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

/// An encoder layout's names' positions, and how many names it has.
type Layout = Rc<(HashMap<String, usize>, usize)>;

thread_local! {
    /// Each encoder layout seen (by the tuple's identity): its names' positions.
    static LAYOUTS: RefCell<Vec<(usize, Layout, PyObject)>> = const { RefCell::new(Vec::new()) };
}

/// The position of each name of `layout` (a tuple of names), made once per layout object.
fn layout_index(layout: &Bound<'_, PyAny>) -> PyResult<Layout> {
    let key = layout.as_ptr() as usize;
    if let Some(found) = LAYOUTS.with(|l| {
        l.borrow()
            .iter()
            .find(|(k, _, _)| *k == key)
            .map(|(_, m, _)| m.clone())
    }) {
        return Ok(found);
    }
    let mut map = HashMap::new();
    let mut n = 0;
    for (i, name) in layout.try_iter()?.enumerate() {
        map.insert(name?.extract::<String>()?, i);
        n = i + 1;
    }
    let made = Rc::new((map, n));
    // the layout object is kept alive here, so its identity is never another's; the oldest
    // is forgotten past a few dozen (a process making environment after environment)
    LAYOUTS.with(|l| {
        let mut l = l.borrow_mut();
        if l.len() >= 32 {
            l.remove(0);
        }
        l.push((key, made.clone(), layout.clone().unbind()));
    });
    Ok(made)
}

fn decision_to_py(py: Python<'_>, d: &Decision) -> PyObject {
    let options: Vec<PyObject> = d.options.iter().map(|x| to_py(py, x)).collect();
    let parts: Vec<PyObject> = vec![
        to_py(py, &d.seat),
        PyString::intern(py, &d.kind).into_any().unbind(),
        text_or_none(py, &d.name),
        PyTuple::new(py, options).unwrap().into_any().unbind(),
        text_or_none(py, &d.clause),
    ];
    PyTuple::new(py, parts).unwrap().into_any().unbind()
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<NativeRules>()?;
    m.add_class::<NativeGame>()?;
    m.add_class::<pyrandom::Generator>()?;
    m.add_function(wrap_pyfunction!(budget::charge_reference, m)?)?;
    m.add_function(wrap_pyfunction!(budget::memo_items, m)?)?;
    m.add_function(wrap_pyfunction!(budget::forget_memos, m)?)?;
    m.add_function(wrap_pyfunction!(budget::set_memo_budget, m)?)?;
    m.add_function(wrap_pyfunction!(budget::share_memos, m)?)?;
    m.add("MEMO_BUDGET", budget::MEMO_BUDGET)?;
    m.add("NativeFailure", m.py().get_type::<NativeFailure>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}

//! `tortuga_rules._native`: the native engine. It runs a ruleset's compiled programs (the
//! compiler's flat instructions, their expressions as trees) over a native state, with the
//! DSL words implemented natively. `tortuga_rules/game/native.py` describes a compiled
//! ruleset to it, hands it states and takes them back; nothing here is a game's rule.

mod eval;
mod fail;
mod game;
mod rng;
mod rules;
mod value;
mod words;

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyList, PyString, PyTuple};

use crate::fail::Fail;
use crate::game::{Decision, Event, Frame, Game, Outcome};
use crate::rules::{Arith, Cmp, Expr, Instr, Kit, Names, Program, Rules, Seen, Track, Ty, ZoneDef};
use crate::value::Value;
use crate::words::{Func, Verb};

create_exception!(_native, NativeFailure, PyException);

type Res<T> = Result<T, String>;

// -- values between Python and Rust -----------------------------------------------------

fn to_value(obj: &Bound<'_, PyAny>) -> Res<Value> {
    if obj.is_none() {
        Ok(Value::None)
    } else if obj.is_exact_instance_of::<PyBool>() {
        Ok(Value::Bool(obj.extract::<bool>().map_err(|e| e.to_string())?))
    } else if obj.is_exact_instance_of::<PyInt>() {
        obj.extract::<i64>().map(Value::Int).map_err(|_| "a number too large".to_string())
    } else if obj.is_exact_instance_of::<PyString>() {
        Ok(Value::text(&obj.extract::<String>().map_err(|e| e.to_string())?))
    } else if obj.is_exact_instance_of::<PyTuple>() || obj.is_exact_instance_of::<PyList>() {
        let mut out = Vec::new();
        for x in obj.try_iter().map_err(|e| e.to_string())? {
            out.push(to_value(&x.map_err(|e| e.to_string())?)?);
        }
        Ok(Value::tuple(out))
    } else {
        let kind = obj.get_type().name().map(|n| n.to_string()).unwrap_or_default();
        Err(format!("a value of type {} ({})", kind, obj.repr().map(|r| r.to_string()).unwrap_or_default()))
    }
}

fn to_py(py: Python<'_>, v: &Value) -> PyObject {
    match v {
        Value::None => py.None(),
        Value::Bool(b) => PyBool::new(py, *b).to_owned().into_any().unbind(),
        Value::Int(i) => i.into_pyobject(py).unwrap().into_any().unbind(),
        Value::Str(s) => PyString::new(py, s).into_any().unbind(),
        Value::Tuple(t) => {
            let items: Vec<PyObject> = t.iter().map(|x| to_py(py, x)).collect();
            PyTuple::new(py, items).unwrap().into_any().unbind()
        }
    }
}

fn text_or_none(py: Python<'_>, s: &Option<Rc<str>>) -> PyObject {
    match s {
        None => py.None(),
        Some(s) => PyString::new(py, s).into_any().unbind(),
    }
}

fn get<'py>(d: &Bound<'py, PyDict>, key: &str) -> Res<Bound<'py, PyAny>> {
    d.get_item(key).map_err(|e| e.to_string())?.ok_or_else(|| format!("no {}", key))
}

fn items<'py>(obj: &Bound<'py, PyAny>) -> Res<Vec<Bound<'py, PyAny>>> {
    let mut out = Vec::new();
    for x in obj.try_iter().map_err(|e| e.to_string())? {
        out.push(x.map_err(|e| e.to_string())?);
    }
    Ok(out)
}

fn string(obj: &Bound<'_, PyAny>) -> Res<String> {
    obj.extract::<String>().map_err(|_| format!("expected text, got {}", obj))
}

fn opt_string(obj: &Bound<'_, PyAny>) -> Res<Option<Rc<str>>> {
    if obj.is_none() {
        Ok(None)
    } else {
        Ok(Some(Rc::from(string(obj)?.as_str())))
    }
}

fn int(obj: &Bound<'_, PyAny>) -> Res<i64> {
    obj.extract::<i64>().map_err(|_| format!("expected a number, got {}", obj))
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
            "seat" => Ty::Seat,
            "int" => Ty::Int,
            "text" => Ty::Text,
            "bool" => Ty::Bool,
            "none" => Ty::Nothing,
            "list" => Ty::List(Box::new(self.ty(&parts[1])?)),
            "tuple" => Ty::Tuple(items(&parts[1])?.iter().map(|p| self.ty(p)).collect::<Res<_>>()?),
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
            "check" => Expr::Check(Rc::new(self.ty(&p[1])?), Rc::from(string(&p[2])?.as_str()), self.boxed(&p[3])?),
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
                Instr::Call { verb, clause: opt_string(&p[2])?, args: self.exprs(&p[3])? }
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
            "jump_if_not" => Instr::JumpIfNot { target: int(&p[1])? as usize, test: self.expr(&p[2])? },
            "jump" => Instr::Jump(int(&p[1])? as usize),
            other => return Err(format!("the instruction {}", other)),
        })
    }

    fn kit(&mut self, d: &Bound<'_, PyDict>, by_key: &HashMap<Rc<str>, usize>) -> Res<Kit> {
        let mut kit = Kit::default();
        for t in items(&get(d, "tracks")?)? {
            let p = items(&t)?;
            kit.tracks.push(Track { name: Rc::from(string(&p[0])?.as_str()), low: int(&p[1])?, high: int(&p[2])? });
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
            kit.values.push((Rc::from(string(&p[0])?.as_str()), int(&p[1])?));
        }
        for l in items(&get(d, "lists")?)? {
            let p = items(&l)?;
            kit.lists.push((self.names.intern(&string(&p[0])?), to_value(&p[1])?));
        }
        for e in items(&get(d, "effects")?)? {
            let p = items(&e)?;
            let name = string(&p[0])?;
            let params = items(&p[1])?.iter().map(|x| Ok(self.names.intern(&string(x)?))).collect::<Res<Vec<u32>>>()?;
            let key: Rc<str> = Rc::from(format!("effect:{}", name).as_str());
            let prog = *by_key.get(&key).ok_or_else(|| format!("no program {}", key))?;
            kit.effects.push((Rc::from(name.as_str()), params, prog));
        }
        Ok(kit)
    }
}

fn read_rules(desc: &Bound<'_, PyDict>) -> Res<Rules> {
    let mut names = Names::default();
    let mut reader = Reader { names: &mut names };
    let mut programs = Vec::new();
    let mut by_key = HashMap::new();
    for (i, p) in items(&get(desc, "programs")?)?.iter().enumerate() {
        let parts = items(p)?;
        let key: Rc<str> = Rc::from(string(&parts[0])?.as_str());
        let code = items(&parts[1])?.iter().map(|x| reader.instr(x)).collect::<Res<Vec<_>>>()
            .map_err(|e| format!("{} (program {})", e, key))?;
        by_key.insert(key.clone(), i);
        programs.push(Rc::new(Program { key, code }));
    }
    let mut options = Vec::new();
    for o in items(&get(desc, "options")?)? {
        let p = items(&o)?;
        options.push((Rc::from(string(&p[0])?.as_str()), to_value(&p[1])?));
    }
    let kit_desc = get(desc, "kit")?;
    let kit = reader.kit(kit_desc.downcast::<PyDict>().map_err(|e| e.to_string())?, &by_key)?;
    Ok(Rules { programs, by_key, options, kit, names: RefCell::new(names) })
}

// -- the Python classes ---------------------------------------------------------------------

/// A compiled ruleset the native engine runs (made by `tortuga_rules.game.native`).
#[pyclass(unsendable, module = "tortuga_rules._native")]
struct NativeRules {
    rules: Rc<Rules>,
}

#[pymethods]
impl NativeRules {
    /// Read a ruleset's description; a ValueError names what the native engine cannot run.
    #[new]
    fn new(desc: &Bound<'_, PyDict>) -> PyResult<Self> {
        let rules = read_rules(desc).map_err(|e| PyValueError::new_err(e))?;
        Ok(NativeRules { rules: Rc::new(rules) })
    }

    /// A native game from a state's fields (`record`: keep each step's log).
    fn game(&self, f: &Bound<'_, PyDict>, record: bool) -> PyResult<NativeGame> {
        let game = self.read_game(f, record).map_err(|e| PyValueError::new_err(e))?;
        Ok(NativeGame { game, broken: false })
    }

    /// How many programs the description held.
    #[getter]
    fn programs(&self) -> usize {
        self.rules.programs.len()
    }
}

impl NativeRules {
    fn read_game(&self, f: &Bound<'_, PyDict>, record: bool) -> Res<Game> {
        let rules = self.rules.clone();
        let players = int(&get(f, "players")?)?;
        let mut g = Game::new(rules.clone(), players, record);
        for row in items(&get(f, "tracks")?)? {
            g.tracks.push(items(&row)?.iter().map(int).collect::<Res<Vec<i64>>>()?);
        }
        g.counters = items(&get(f, "counters")?)?.iter().map(int).collect::<Res<Vec<i64>>>()?;
        g.zones = items(&get(f, "zones")?)?.iter().map(to_value).collect::<Res<Vec<Value>>>()?;
        for h in items(&get(f, "held")?)? {
            g.held.push(if h.is_none() { None } else { Some(to_value(&items(&h)?[0])?) });
        }
        g.shown = items(&get(f, "shown")?)?.iter().map(to_value).collect::<Res<Vec<Value>>>()?;
        g.rng = get(f, "rng")?.extract::<u64>().map_err(|e| e.to_string())?;
        for r in items(&get(f, "rigged")?)? {
            let p = items(&r)?;
            g.rigged.push((Rc::from(string(&p[0])?.as_str()), to_value(&p[1])?));
        }
        let d = get(f, "decision")?;
        if !d.is_none() {
            let p = items(&d)?;
            let kind = string(&p[1])?;
            if kind != "choose" {
                return Err(format!("a decision of kind {}", kind));
            }
            g.decision = Some(Decision {
                seat: to_value(&p[0])?,
                kind: Rc::from(kind.as_str()),
                name: opt_string(&p[2])?,
                options: items(&p[3])?.iter().map(to_value).collect::<Res<Vec<Value>>>()?.into(),
                clause: opt_string(&p[4])?,
            });
        }
        for fr in items(&get(f, "frames")?)? {
            let p = items(&fr)?;
            let key = string(&p[0])?;
            let prog = *rules.by_key.get(key.as_str()).ok_or_else(|| format!("no program {}", key))?;
            let mut env = Vec::new();
            for pair in items(&p[2])? {
                let q = items(&pair)?;
                let name = rules.names.borrow_mut().intern(&string(&q[0])?);
                env.push((name, to_value(&q[1])?));
            }
            g.frames.push(Frame { prog, pc: int(&p[1])? as usize, env });
        }
        let o = get(f, "outcome")?;
        if !o.is_none() {
            let p = items(&o)?;
            g.outcome = Some(Outcome {
                winners: items(&p[0])?.iter().map(int).collect::<Res<_>>()?,
                reason: to_value(&p[1])?,
                scores: items(&p[2])?.iter().map(int).collect::<Res<_>>()?,
            });
        }
        g.step = int(&get(f, "step")?)?;
        Ok(g)
    }
}

/// A game played in place by the native engine.
#[pyclass(unsendable, module = "tortuga_rules._native")]
struct NativeGame {
    game: Game,
    broken: bool,
}

fn event_to_py(py: Python<'_>, e: &Event) -> PyObject {
    let mut parts: Vec<PyObject> = vec![
        text_or_none(py, &e.clause),
        PyString::new(py, e.kind).into_any().unbind(),
        e.to.into_pyobject(py).unwrap().into_any().unbind(),
    ];
    parts.extend(e.args.iter().map(|a| to_py(py, a)));
    PyTuple::new(py, parts).unwrap().into_any().unbind()
}

fn failure_to_py(f: game::Failure) -> PyErr {
    let kind = match &f.fail {
        Fail::Value(_) => "value",
        Fail::Other(_, _) => "other",
        Fail::Rigged(_) => "rigged",
        Fail::Budget => "budget",
    };
    NativeFailure::new_err((f.program.to_string(), f.pc, f.fail.detail(), kind, f.clause.map(|c| c.to_string())))
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

    #[getter]
    fn is_terminal(&self) -> bool {
        self.game.outcome.is_some()
    }

    /// The pending decision as `(seat, kind, name, options, clause)`, or None.
    #[getter]
    fn decision(&self, py: Python<'_>) -> PyObject {
        match &self.game.decision {
            None => py.None(),
            Some(d) => decision_to_py(py, d),
        }
    }

    /// How many options the pending decision offers (0 once the game is over).
    #[getter]
    fn option_count(&self) -> usize {
        self.game.decision.as_ref().map(|d| d.options.len()).unwrap_or(0)
    }

    /// Answer the pending choice with its option number `index`, and play on.
    fn choose(&mut self, index: usize) -> PyResult<()> {
        if self.broken {
            return Err(PyValueError::new_err("this game stopped at a failing step"));
        }
        let n = self.option_count();
        if index >= n {
            return Err(PyIndexError::new_err(format!("option {} of {}", index, n)));
        }
        match self.game.choose(index) {
            Ok(()) => Ok(()),
            Err(f) => {
                self.broken = true;
                Err(failure_to_py(f))
            }
        }
    }

    /// Play on to the end choosing uniformly at random with a generator seeded by `seed`
    /// (its own, not the game's), at most `max_steps` decisions; how many were taken.
    fn random_playout(&mut self, seed: u64, max_steps: usize) -> PyResult<usize> {
        let mut state = seed;
        let mut steps = 0;
        while steps < max_steps {
            let n = self.option_count();
            if n == 0 {
                break;
            }
            let i = rng::below(&mut state, n);
            self.choose(i)?;
            steps += 1;
        }
        Ok(steps)
    }

    /// A copy to play on separately.
    fn copy(&self) -> NativeGame {
        NativeGame { game: self.game.clone(), broken: self.broken }
    }

    /// The state's fields as the reference engine holds them (plain values).
    fn fields<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let g = &self.game;
        let d = PyDict::new(py);
        let tuple = |xs: Vec<PyObject>| PyTuple::new(py, xs).unwrap().into_any().unbind();
        d.set_item("players", g.players)?;
        d.set_item("tracks", tuple(g.tracks.iter().map(|row| tuple(row.iter().map(|x| x.into_pyobject(py).unwrap().into_any().unbind()).collect())).collect()))?;
        d.set_item("counters", tuple(g.counters.iter().map(|x| x.into_pyobject(py).unwrap().into_any().unbind()).collect()))?;
        d.set_item("zones", tuple(g.zones.iter().map(|z| to_py(py, z)).collect()))?;
        d.set_item("held", tuple(g.held.iter().map(|h| match h {
            None => py.None(),
            Some(v) => tuple(vec![to_py(py, v)]),
        }).collect()))?;
        d.set_item("shown", tuple(g.shown.iter().map(|v| to_py(py, v)).collect()))?;
        d.set_item("rng", g.rng)?;
        d.set_item("rigged", tuple(g.rigged.iter().map(|(p, v)| tuple(vec![PyString::new(py, p).into_any().unbind(), to_py(py, v)])).collect()))?;
        d.set_item("decision", match &g.decision { None => py.None(), Some(x) => decision_to_py(py, x) })?;
        let names = g.rules.names.borrow();
        d.set_item("frames", tuple(g.frames.iter().map(|fr| {
            let env = tuple(fr.env.iter().map(|(k, v)| tuple(vec![PyString::new(py, &names.names[*k as usize]).into_any().unbind(), to_py(py, v)])).collect());
            tuple(vec![PyString::new(py, &g.rules.programs[fr.prog].key).into_any().unbind(), fr.pc.into_pyobject(py).unwrap().into_any().unbind(), env])
        }).collect()))?;
        d.set_item("outcome", match &g.outcome {
            None => py.None(),
            Some(o) => tuple(vec![
                tuple(o.winners.iter().map(|x| x.into_pyobject(py).unwrap().into_any().unbind()).collect()),
                to_py(py, &o.reason),
                tuple(o.scores.iter().map(|x| x.into_pyobject(py).unwrap().into_any().unbind()).collect()),
            ]),
        })?;
        d.set_item("step", g.step)?;
        d.set_item("events", tuple(g.events.iter().map(|e| event_to_py(py, e)).collect()))?;
        Ok(d)
    }
}

fn decision_to_py(py: Python<'_>, d: &Decision) -> PyObject {
    let options: Vec<PyObject> = d.options.iter().map(|x| to_py(py, x)).collect();
    let parts: Vec<PyObject> = vec![
        to_py(py, &d.seat),
        PyString::new(py, &d.kind).into_any().unbind(),
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
    m.add("NativeFailure", m.py().get_type::<NativeFailure>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}

//! A position of a component-kit game played in place, and the machine that runs its
//! compiled programs: the native twin of `procedures/workspace.py`, `dsl/machine.py`,
//! `dsl/codegen.py` (what a program's function does) and `procedures/kit.py`.

use std::rc::Rc;

use crate::fail::Fail;

/// Log an event, its values built only when the log is recorded (a playout builds none);
/// either way the step's budget counts it.
macro_rules! log {
    ($game:expr, $clause:expr, $kind:expr, $to:expr, $args:expr $(,)?) => {
        if $game.record {
            $game.log($clause, $kind, $to, $args)
        } else {
            $game.logged += 1;
        }
    };
}
use crate::rng;
use crate::rules::{Instr, Program, Rules, Seen, Shape};
use crate::value::{grouped, sort_tokens, Value};
use crate::words::{KitVerb, Verb};
pub(crate) use log;

/// The most instructions one step may run (`dsl/machine.py`'s `MAX_INSTRUCTIONS`).
pub const MAX_INSTRUCTIONS: i64 = 100_000;
/// The most events one step may log.
pub const MAX_EVENTS: usize = 10_000;
/// The most options one decision may offer.
pub const MAX_OPTIONS: usize = 10_000;
/// Why a `choose` without `else` among no options fails (the reference's words).
pub const NOTHING_TO_CHOOSE: &str = "there is nothing to choose from";

pub const TO_ALL: i64 = -1;
pub const TO_NOBODY: i64 = -2;

#[derive(Debug, Clone)]
pub struct Frame {
    pub prog: usize,
    pub pc: usize,
    pub env: Vec<(u32, Value)>,
}

#[derive(Debug, Clone)]
pub struct Decision {
    pub seat: Value,
    pub kind: Rc<str>,
    pub name: Option<Rc<str>>,
    pub options: Rc<[Value]>,
    pub clause: Option<Rc<str>>,
}

#[derive(Debug, Clone)]
pub struct Outcome {
    pub winners: Vec<Value>,
    /// a game of teams' chest totals, by team
    pub chests: Vec<(Value, i64)>,
    pub reason: Value,
    pub scores: Vec<i64>,
}

#[derive(Debug, Clone)]
pub struct Event {
    pub clause: Option<Rc<str>>,
    pub kind: &'static str,
    pub to: i64,
    pub args: Vec<Value>,
}

/// Where a step failed: the program, the instruction, and why.
#[derive(Debug, Clone)]
pub struct Failure {
    pub program: Rc<str>,
    pub pc: usize,
    pub fail: Fail,
    pub clause: Option<Rc<str>>,
}

/// What a program's run ends with (`dsl/codegen.py`'s DONE, PUSHED, STOPPED).
enum Ran {
    Done,
    Pushed,
    Stopped,
}

/// What a verb asks of the machine after it ran (`SUSPEND`, `HALT` or nothing).
pub enum After {
    Go,
    Suspend,
    Halt,
}

/// A kit game's position, changed in place by each step.
#[derive(Clone)]
pub struct Game {
    pub rules: Rc<Rules>,
    pub players: i64,
    pub tracks: Vec<Vec<i64>>,
    pub counters: Vec<i64>,
    pub zones: Vec<Value>,
    pub held: Vec<Option<Value>>,
    pub shown: Vec<Value>,
    pub rng: u64,
    pub rigged: Vec<(Rc<str>, Value)>,
    pub decision: Option<Decision>,
    pub frames: Vec<Frame>,
    pub outcome: Option<Outcome>,
    pub step: i64,
    pub events: Vec<Event>,
    pub record: bool,
    /// the events this step has logged, kept or not (the budget counts them on every path)
    pub logged: usize,
    /// Tortuga 1667's own fields (empty for a kit game)
    pub t: crate::t1667::TState,
    clause: Option<Rc<str>>,
    ticks: i64,
}

type R<T> = Result<T, Fail>;

impl Game {
    #[allow(clippy::too_many_arguments)]
    pub fn new(rules: Rc<Rules>, players: i64, record: bool) -> Game {
        Game {
            rules,
            players,
            tracks: Vec::new(),
            counters: Vec::new(),
            zones: Vec::new(),
            held: Vec::new(),
            shown: Vec::new(),
            rng: 0,
            rigged: Vec::new(),
            decision: None,
            frames: Vec::new(),
            outcome: None,
            step: 0,
            events: Vec::new(),
            record,
            logged: 0,
            t: Default::default(),
            clause: None,
            ticks: 0,
        }
    }

    // -- a step ------------------------------------------------------------------------

    /// Begin a step: a new log, no running clause.
    pub fn begin_step(&mut self) {
        self.events.clear();
        self.logged = 0;
        self.clause = None;
    }

    /// A component kit game's setup (`game/kit.py`'s `setup_kit`): tracks, counters and
    /// zones as the components set them out, then the `setup` and `play` programs run
    /// until the first decision.
    pub fn setup_kit(&mut self) -> Result<(), Failure> {
        let rules = self.rules.clone();
        let kit = &rules.kit;
        let n = self.players as usize;
        self.tracks = vec![kit.track_starts.clone(); n];
        self.counters = kit.counter_starts.clone();
        self.zones = kit.shared_starts.clone();
        for _ in 0..n {
            self.zones.extend(kit.own_starts.iter().cloned());
        }
        self.held = vec![None; n];
        self.shown = vec![Value::None; n];
        self.step = -1;
        log!(
            self,
            None,
            "players",
            TO_ALL,
            vec![Value::Int(self.players)]
        );
        for prog in kit.setup_programs.iter() {
            self.push_program(*prog, kit.lists.clone());
        }
        self.run()?;
        self.end_step();
        Ok(())
    }

    /// Run program `prog` next, from its start, with the names `env` bound.
    pub fn push_program(&mut self, prog: usize, env: Vec<(u32, Value)>) {
        self.frames.push(Frame { prog, pc: 0, env });
    }

    /// End a step: its number, and the paused frames kept only while a decision waits.
    pub fn end_step(&mut self) {
        self.step += 1;
        let rules = self.rules.clone();
        self.frames
            .retain(|fr| fr.pc < rules.programs[fr.prog].code.len());
        if self.decision.is_none() {
            self.frames.clear();
        }
    }

    /// The clause the statements that follow cite by default.
    pub fn set_running_clause(&mut self, clause: Option<Rc<str>>) {
        self.clause = clause;
    }

    /// Bind the pending `choose` to its option `index` and go on after it (the step's
    /// start; `run` plays on).
    pub fn resume_choice(&mut self, index: usize) -> Result<(), Failure> {
        let d = self.decision.clone().expect("a pending decision");
        let value = d.options[index].clone();
        let fi = self.frames.len() - 1;
        let prog = self.rules.programs[self.frames[fi].prog].clone();
        let pc = self.frames[fi].pc;
        let (name, clause, secret) = match &prog.code[pc] {
            Instr::Choose {
                name,
                clause,
                secret,
                ..
            } => (*name, clause.clone(), *secret),
            _ => panic!("the paused instruction is a choose"),
        };
        set_env(&mut self.frames[fi].env, name, value.clone());
        self.frames[fi].pc += 1;
        let label = Value::Str(self.rules.name(name));
        if secret != 0 {
            log!(
                self,
                clause.clone(),
                "secret-choice",
                TO_ALL,
                vec![d.seat.clone(), label.clone()]
            );
            let to = d.seat.int().unwrap_or(TO_NOBODY);
            log!(
                self,
                clause,
                "choice",
                to,
                vec![d.seat.clone(), label, value]
            );
        } else {
            log!(
                self,
                clause,
                "choice",
                TO_ALL,
                vec![d.seat.clone(), label, value]
            );
        }
        self.decision = None;
        Ok(())
    }

    /// Run frames until none is left, a decision is pending or the game ended. Every
    /// program ending with no decision pending and the game not over is a failure, located
    /// at the last statement of the program that ended last: nobody could play on
    /// (`dsl/machine.py`'s `run`).
    pub fn run(&mut self) -> Result<(), Failure> {
        self.ticks = 0;
        let rules = self.rules.clone(); // the programs, held once for the whole run
        let mut ended = None; // the program that ended last
        while let Some(top) = self.frames.last() {
            let fi = self.frames.len() - 1;
            let prog = &rules.programs[top.prog];
            let pc = top.pc;
            self.ticks += prog.code.len() as i64 - pc as i64;
            let ran = if self.ticks > MAX_INSTRUCTIONS || self.logged > MAX_EVENTS {
                Err((pc, Fail::budget()))
            } else {
                self.run_frame(fi, prog)
            };
            match ran {
                Ok(Ran::Done) => {
                    ended = self.frames.pop().map(|fr| fr.prog);
                }
                Ok(Ran::Pushed) => {}
                Ok(Ran::Stopped) => return Ok(()),
                Err((pc, fail)) => {
                    // the failing statement's own tag, never the last clause that ran
                    // before it (as the reference: the same failure told alike)
                    let clause = match prog.code.get(pc) {
                        Some(Instr::Call { clause, .. })
                        | Some(Instr::Let { clause, .. })
                        | Some(Instr::Choose { clause, .. }) => clause.clone(),
                        _ => self.clause.clone(),
                    };
                    return Err(Failure {
                        program: prog.key.clone(),
                        pc,
                        fail,
                        clause,
                    });
                }
            }
        }
        if self.decision.is_none() && self.outcome.is_none() {
            return Err(unsettled(ended.map(|p| &*rules.programs[p])));
        }
        Ok(())
    }

    fn run_frame(&mut self, fi: usize, prog: &Program) -> Result<Ran, (usize, Fail)> {
        let mut pc = self.frames[fi].pc;
        let end = prog.code.len();
        while pc < end {
            match &prog.code[pc] {
                Instr::Let {
                    name,
                    value,
                    clause,
                } => {
                    let v = self
                        .eval(value, &self.frames[fi].env)
                        .map_err(|f| (pc, f))?;
                    set_env(&mut self.frames[fi].env, *name, v);
                    if let Some(c) = clause {
                        self.rule(c);
                    }
                    pc += 1;
                }
                Instr::JumpIfNot { test, target } => {
                    let t = self.eval(test, &self.frames[fi].env).map_err(|f| (pc, f))?;
                    pc = if t.truthy() { pc + 1 } else { *target };
                }
                Instr::Jump(target) => {
                    if *target < pc {
                        self.ticks += (pc - target + 1) as i64;
                        if self.ticks > MAX_INSTRUCTIONS || self.logged > MAX_EVENTS {
                            return Err((pc, Fail::budget()));
                        }
                    }
                    pc = *target;
                }
                Instr::Choose {
                    name,
                    domain,
                    chooser,
                    clause,
                    secret,
                } => {
                    let wait = self
                        .choose_at(fi, pc, *name, domain, chooser, clause, *secret)
                        .map_err(|f| (pc, f))?;
                    if wait {
                        return Ok(Ran::Stopped);
                    }
                    pc += 1;
                }
                Instr::Call { verb, args, clause } => {
                    self.frames[fi].pc = pc + 1;
                    if !same_text(&self.clause, clause) {
                        self.clause = clause.clone();
                    }
                    if let Some(c) = clause {
                        self.rule(c);
                    }
                    let mut values = crate::eval::Args::default();
                    let values = self
                        .eval_args(args, &self.frames[fi].env, &mut values)
                        .map_err(|f| (pc, f))?;
                    match self.verb(*verb, values, fi).map_err(|f| (pc, f))? {
                        After::Halt => {
                            self.frames.clear();
                            return Ok(Ran::Stopped);
                        }
                        After::Suspend => return Ok(Ran::Stopped),
                        After::Go => {}
                    }
                    if self.frames.len() != fi + 1 {
                        return Ok(Ran::Pushed);
                    }
                    pc = self.frames[fi].pc;
                }
            }
        }
        Ok(Ran::Done)
    }

    #[allow(clippy::too_many_arguments)]
    fn choose_at(
        &mut self,
        fi: usize,
        pc: usize,
        name: u32,
        domain: &crate::rules::Expr,
        chooser: &crate::rules::Expr,
        clause: &Option<Rc<str>>,
        secret: u8,
    ) -> R<bool> {
        let options = self.eval(domain, &self.frames[fi].env)?.to_items()?;
        if options.len() > MAX_OPTIONS {
            return Err(Fail::value(format!(
                "a choice of {} options (at most {})",
                grouped(options.len() as i64),
                grouped(MAX_OPTIONS as i64)
            )));
        }
        if secret == 2 {
            self.frames[fi].pc = pc;
            let seat = self.eval(chooser, &self.frames[fi].env)?;
            let options = if options.is_empty() {
                Rc::from(vec![Value::None])
            } else {
                options
            };
            self.decide(seat, name, options, clause.clone());
            return Ok(true);
        }
        if options.len() == 1 {
            set_env(&mut self.frames[fi].env, name, options[0].clone());
            if secret != 0 {
                let seat = self.eval(chooser, &self.frames[fi].env)?;
                let to = seat.int().unwrap_or(TO_NOBODY);
                log!(
                    self,
                    clause.clone(),
                    "auto-choice",
                    to,
                    vec![Value::Str(self.rules.name(name)), options[0].clone()]
                );
            } else {
                log!(
                    self,
                    clause.clone(),
                    "auto-choice",
                    TO_ALL,
                    vec![Value::Str(self.rules.name(name)), options[0].clone()]
                );
            }
            return Ok(false);
        }
        if options.is_empty() {
            // a choose with an `else` is compiled to test its options first, so this one
            // has no fallback: the rules fail here, in the reference engine's words
            return Err(Fail::value(NOTHING_TO_CHOOSE));
        }
        self.frames[fi].pc = pc;
        let seat = self.eval(chooser, &self.frames[fi].env)?;
        self.decide(seat, name, options, clause.clone());
        Ok(true)
    }

    fn decide(&mut self, seat: Value, name: u32, options: Rc<[Value]>, clause: Option<Rc<str>>) {
        self.decision = Some(Decision {
            seat,
            kind: self.rules.text("choose"),
            name: Some(self.rules.name(name)),
            options,
            clause,
        });
    }

    // -- the work area -----------------------------------------------------------------

    /// Log that a tagged statement runs (a `rule` event citing its clause).
    fn rule(&mut self, clause: &Rc<str>) {
        self.logged += 1;
        if self.record {
            self.events.push(Event {
                clause: Some(clause.clone()),
                kind: "rule",
                to: TO_ALL,
                args: vec![],
            });
        }
    }

    /// Log an event citing `clause` (default: the running statement's).
    pub fn log(&mut self, clause: Option<Rc<str>>, kind: &'static str, to: i64, args: Vec<Value>) {
        self.logged += 1;
        if self.record {
            let clause = clause.or_else(|| self.clause.clone());
            self.events.push(Event {
                clause,
                kind,
                to,
                args,
            });
        }
    }

    /// One of `items` at random, or the outcome fixed for `purpose`.
    pub fn pick(&mut self, items: &[Value], purpose: &str) -> R<Value> {
        if let Some((p, v)) = self.rigged.first() {
            if p.as_ref() == purpose {
                let v = v.clone();
                self.rigged.remove(0);
                if !items.iter().any(|x| x.eq(&v)) {
                    let listed: Vec<String> = items.iter().map(|x| x.repr()).collect();
                    return Err(Fail::rigged(format!(
                        "the fixed {} {} is not one of [{}]",
                        purpose,
                        v.repr(),
                        listed.join(", ")
                    )));
                }
                return Ok(v);
            }
        }
        let r = rng::below(&mut self.rng, items.len());
        Ok(items[r].clone())
    }

    // -- verbs -------------------------------------------------------------------------

    fn verb(&mut self, verb: Verb, a: &[Value], fi: usize) -> R<After> {
        let verb = match verb {
            Verb::K(k) => k,
            Verb::T(t) => return self.verb_1667(t, a, fi),
            Verb::I(i) => return self.internal_1667(i, fi),
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
                let (low, high) = self
                    .rules
                    .kit
                    .ranges
                    .get(i)
                    .copied()
                    .unwrap_or((-crate::eval::MAX_NUMBER, Some(crate::eval::MAX_NUMBER)));
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

    fn slot(&self, seat: &Value, name: &Value) -> R<usize> {
        let Some(name) = name.as_str() else {
            return Err(Fail::value(format!(
                "no zone {} (the zones: {})",
                name.repr().chars().take(40).collect::<String>(),
                self.rules.zone_names()
            )));
        };
        let kit = &self.rules.kit;
        let shared = kit.zones.iter().filter(|z| !z.per_seat).count();
        for (i, z) in kit.zones.iter().filter(|z| !z.per_seat).enumerate() {
            if z.name.as_ref() == name {
                if !matches!(seat, Value::None) {
                    return Err(Fail::value(format!(
                        "{} is a shared zone: name it with seat none",
                        name
                    )));
                }
                return Ok(i);
            }
        }
        let own = kit.zones.len() - shared;
        for (j, z) in kit.zones.iter().filter(|z| z.per_seat).enumerate() {
            if z.name.as_ref() == name {
                return match seat {
                    Value::Int(s) if 0 <= *s && *s < self.players => {
                        Ok(shared + (*s as usize) * own + j)
                    }
                    _ => Err(Fail::value(format!(
                        "{} is each seat's own zone: name its seat, not {}",
                        name,
                        seat.repr().chars().take(40).collect::<String>()
                    ))),
                };
            }
        }
        Err(Fail::value(format!(
            "no zone {} (the zones: {})",
            crate::value::str_repr(name)
                .chars()
                .take(40)
                .collect::<String>(),
            self.rules.zone_names()
        )))
    }

    pub fn tokens(&self, seat: &Value, name: &Value) -> R<Value> {
        Ok(self.zones[self.slot(seat, name)?].clone())
    }

    fn set_zone(&mut self, seat: &Value, name: &Value, mut value: Vec<Value>) -> R<()> {
        let i = self.slot(seat, name)?;
        let zone = self
            .rules
            .zone(name.as_str().unwrap_or(""))
            .map(|z| z.bag)
            .unwrap_or(false);
        if zone {
            sort_tokens(&mut value);
        }
        self.zones[i] = Value::tuple(value);
        Ok(())
    }

    fn take(&mut self, seat: &Value, name: &Value, token: &Value) -> R<bool> {
        let cur = self.tokens(seat, name)?;
        let items = cur.items().unwrap_or(&[]);
        match items.iter().position(|x| x.eq(token)) {
            None => Ok(false),
            Some(i) => {
                let mut v = items.to_vec();
                v.remove(i);
                self.set_zone(seat, name, v)?;
                Ok(true)
            }
        }
    }

    fn put(&mut self, token: Value, seat: &Value, name: &Value) -> R<()> {
        let cur = self.tokens(seat, name)?;
        let mut v = cur.items().unwrap_or(&[]).to_vec();
        v.push(token);
        self.set_zone(seat, name, v)
    }

    fn audience(&self, name: &Value, owner: &Value) -> R<i64> {
        let zname = name.as_str().unwrap_or("");
        let z = self.rules.zone(zname).ok_or_else(|| {
            Fail::value(format!(
                "no zone {} (the zones: {})",
                crate::value::str_repr(zname),
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
    fn move_many(
        &mut self,
        src_seat: &Value,
        src: &Value,
        moved: Vec<Value>,
        dst_seat: &Value,
        dst: &Value,
        kind: &'static str,
    ) -> R<()> {
        for token in moved.iter() {
            if !self.take(src_seat, src, token)? {
                return Err(Fail::value(format!(
                    "zone {} has no {}",
                    src.as_str().unwrap_or(""),
                    token.repr()
                )));
            }
            self.put(token.clone(), dst_seat, dst)?;
        }
        if moved.is_empty() {
            return Ok(());
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

    fn draw(&mut self, src_seat: &Value, src: &Value, dst_seat: &Value, dst: &Value) -> R<()> {
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
        let purpose = format!("draw:{}", src.as_str().unwrap_or(""));
        let token = self.pick(items, &purpose)?;
        self.move_many(src_seat, src, vec![token], dst_seat, dst, "drawn")
    }

    fn advance(&mut self, seat: &Value, name: &Value, by: &Value) -> R<()> {
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
        tracks
            .iter()
            .position(|t| t.name.as_ref() == n)
            .ok_or_else(|| {
                let all: Vec<&str> = tracks.iter().map(|t| t.name.as_ref()).collect();
                Fail::value(format!(
                    "no track {} (the tracks: {})",
                    crate::value::str_repr(n),
                    all.join(", ")
                ))
            })
    }

    pub fn counter_index(&self, name: &Value) -> R<usize> {
        let counters = &self.rules.kit.counters;
        let n = name.as_str().unwrap_or("");
        counters
            .iter()
            .position(|c| c.as_ref() == n)
            .ok_or_else(|| {
                let all: Vec<&str> = counters.iter().map(|c| c.as_ref()).collect();
                Fail::value(format!(
                    "no counter {} (the counters: {})",
                    crate::value::str_repr(n),
                    all.join(", ")
                ))
            })
    }

    /// A die's faces: `(side, pips)` each.
    pub fn faces(&self, letter: &Value) -> R<&[(Rc<str>, i64)]> {
        let l = letter.as_str().unwrap_or("");
        self.rules
            .kit
            .faces
            .iter()
            .find(|(x, _)| x.as_ref() == l)
            .map(|(_, f)| f.as_slice())
            .ok_or_else(|| Fail::key_error(letter.repr()))
    }

    /// The `(side, pips)` a die (`(letter, face)`) shows.
    pub fn face(&self, die: &Value) -> R<(Rc<str>, i64)> {
        let letter = die.subscript(0)?;
        let face = die.subscript(1)?;
        let faces = self.faces(&letter)?;
        let i = face
            .int()
            .ok_or_else(|| Fail::type_error("tuple indices must be integers"))?;
        match crate::value::py_index(faces.len(), i) {
            Some(k) => Ok(faces[k].clone()),
            None => Err(Fail::index_error("tuple index out of range")),
        }
    }

    fn roll(&mut self, seat: &Value, src: &Value, dst: &Value) -> R<()> {
        let dice = self.tokens(seat, src)?.to_items()?;
        let mut rolled = Vec::with_capacity(dice.len());
        let mut shown = Vec::with_capacity(dice.len());
        for d in dice.iter() {
            let letter = d.subscript(0)?;
            let faces = self.faces(&letter)?.to_vec();
            let sides: Vec<Value> = faces.iter().map(|(s, _)| Value::Str(s.clone())).collect();
            let purpose = format!("roll:{}", letter.as_str().unwrap_or(""));
            let side = self.pick(&sides, &purpose)?;
            let face = sides.iter().position(|x| x.eq(&side)).unwrap_or(0);
            rolled.push(Value::tuple(vec![letter.clone(), Value::Int(face as i64)]));
            shown.push(Value::tuple(vec![
                letter,
                Value::Str(faces[face].0.clone()),
                Value::Int(faces[face].1),
            ]));
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

    fn turn_die(&mut self, seat: &Value, name: &Value, letter: &Value, side: &Value) -> R<()> {
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

    fn reveal_held(&mut self, seats: &Value) -> R<()> {
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

    fn run_effect(&mut self, effect: &Value, args: &[Value]) -> R<()> {
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
    fn fits(&self, value: &Value, shape: &Shape) -> bool {
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

    fn finish(&mut self, scores: &Value, reason: &Value) -> R<()> {
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

/// The failure of a step whose programs all ended, `program` the last (None: unknown),
/// with no decision pending and the game not over: at its last statement, in the
/// reference's words (`dsl/machine.py`'s `unsettled_text`).
fn unsettled(program: Option<&Program>) -> Failure {
    let key: Rc<str> = program.map_or_else(|| Rc::from("step"), |p| p.key.clone());
    let pc = program.map_or(0, |p| p.code.len().saturating_sub(1));
    let detail = format!(
        "the program {} ended without a decision or finish: the game cannot go on",
        key
    );
    Failure {
        program: key,
        pc,
        fail: Fail::value(detail),
        clause: None,
    }
}

/// How many events a move of tokens between zones seen by `a` and by `b` logs (each a
/// seat, [`TO_ALL`] or [`TO_NOBODY`]): one telling everyone the tokens where either zone
/// is seen by all; else one telling how many moved, and one telling the tokens to each
/// seat that may see them (or to the referee alone).
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

/// Whether `a` and `b` are the same shared text (or both none): one need not replace the
/// other.
fn same_text(a: &Option<Rc<str>>, b: &Option<Rc<str>>) -> bool {
    match (a, b) {
        (Some(x), Some(y)) => Rc::ptr_eq(x, y),
        (None, None) => true,
        _ => false,
    }
}

/// A value as a rules file writes it (`procedures/kit.py`'s `_shown`: JSON, `none` for
/// none, at most 60 characters).
pub fn json_shown(v: &Value) -> String {
    if matches!(v, Value::None) {
        return "none".to_string();
    }
    let mut out = String::new();
    write_json(v, &mut out);
    crate::eval::cut(out, 60)
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

/// Bind `name` in a frame's names, keeping the order they were first bound in.
pub fn set_env(env: &mut Vec<(u32, Value)>, name: u32, value: Value) {
    for slot in env.iter_mut() {
        if slot.0 == name {
            slot.1 = value;
            return;
        }
    }
    env.push((name, value));
}

/// A seat's position in per-seat fields (Python's indexing, negative from the end).
pub fn seat_index(seat: &Value, players: i64) -> R<usize> {
    position(seat, players as usize)
}

/// Position `v` of a per-seat, per-place or per-spot field of `len` entries, as Python
/// indexes a tuple (any int, a bool or a named value; negative from the end).
pub fn position(v: &Value, len: usize) -> R<usize> {
    let i = v.numeric().ok_or_else(|| {
        Fail::type_error(format!(
            "tuple indices must be integers or slices, not {}",
            v.type_name()
        ))
    })?;
    crate::value::py_index(len, i).ok_or_else(|| Fail::index_error("tuple index out of range"))
}

/// A number (a `bool` counts, as in Python's arithmetic on the state).
pub fn num(v: &Value) -> R<i64> {
    match v {
        Value::Int(i) => Ok(*i),
        Value::Bool(b) => Ok(*b as i64),
        other => Err(Fail::type_error(format!(
            "unsupported operand type(s) for +: 'int' and '{}'",
            other.type_name()
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Expr, Kit};

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

    /// Rules of one program, `code` (a kit game's, named `play`).
    fn rules(code: Vec<Instr>) -> Rc<Rules> {
        let mut names = crate::rules::Names::default();
        names.intern("x");
        Rc::new(Rules {
            programs: vec![Rc::new(Program {
                key: Rc::from("play"),
                code,
            })],
            by_key: Default::default(),
            builtins: Vec::new(),
            options: Vec::new(),
            kit: Kit::default(),
            t: None,
            names: std::cell::RefCell::new(names),
            fixed_texts: Default::default(),
        })
    }

    /// A game of `rules` with its one program pushed, logging or not.
    fn game(rules: &Rc<Rules>, record: bool) -> Game {
        let mut g = Game::new(rules.clone(), 2, record);
        g.push_program(0, Vec::new());
        g.begin_step();
        g
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

    #[test]
    fn a_step_over_the_event_budget_fails_alike_whether_or_not_it_logs() {
        // x = 1 (tagged: a `rule` event each time), and round again: 10,001 events stop it
        // within 22,000 instructions, at the jump back
        let tagged = Instr::Let {
            name: 0,
            value: Expr::Lit(Value::Int(1)),
            clause: Some(Rc::from("c")),
        };
        let rules = rules(vec![tagged, Instr::Jump(0)]);
        for record in [true, false] {
            let mut g = game(&rules, record);
            let failed = g.run().expect_err("over the budget");
            assert!(matches!(*failed.fail.0, crate::fail::FailKind::Budget));
            assert_eq!((failed.pc, g.logged), (1, MAX_EVENTS + 1));
            assert_eq!(g.events.len(), if record { MAX_EVENTS + 1 } else { 0 });
        }
    }

    /// `choose x from domain`, by seat 0.
    fn choose(domain: Vec<Value>) -> Instr {
        Instr::Choose {
            name: 0,
            domain: Expr::Lit(Value::tuple(domain)),
            chooser: Expr::Lit(Value::Int(0)),
            clause: None,
            secret: 0,
        }
    }

    /// `let x = v` (untagged).
    fn let_x(v: i64) -> Instr {
        Instr::Let {
            name: 0,
            value: Expr::Lit(Value::Int(v)),
            clause: None,
        }
    }

    #[test]
    fn jump_if_not_skips_to_its_target_only_when_its_test_fails() {
        for (test, bound) in [(false, None), (true, Some(1))] {
            let rules = rules(vec![
                Instr::JumpIfNot {
                    test: Expr::Lit(Value::Bool(test)),
                    target: 2,
                },
                let_x(1),
                choose(vec![Value::Int(7), Value::Int(8)]),
            ]);
            let mut g = game(&rules, true);
            g.run().expect("a decision");
            let d = g.decision.as_ref().expect("a decision");
            assert_eq!((d.kind.as_ref(), d.name.as_deref()), ("choose", Some("x")));
            assert_eq!(d.options.len(), 2);
            assert_eq!(g.frames[0].pc, 2);
            let x = g.frames[0].env.first().and_then(|(_, v)| v.int());
            assert_eq!(x, bound);
        }
    }

    #[test]
    fn a_choice_of_one_option_is_made_at_once_and_logged() {
        let rules = rules(vec![
            choose(vec![Value::Int(5)]),
            choose(vec![Value::Int(1), Value::Int(2)]),
        ]);
        let mut g = game(&rules, true);
        g.run().expect("a decision");
        assert_eq!(g.frames[0].pc, 1);
        assert_eq!(g.events.len(), 1);
        assert_eq!(g.events[0].kind, "auto-choice");
        assert_eq!(g.events[0].args[1].int(), Some(5));
        g.resume_choice(1).expect("option 2");
        assert_eq!(g.frames[0].env[0].1.int(), Some(2));
        assert!(g.decision.is_none());
    }

    #[test]
    fn a_choice_among_nothing_fails_in_the_references_words() {
        let rules = rules(vec![let_x(1), choose(vec![])]);
        let failed = game(&rules, false).run().expect_err("nothing to choose");
        assert_eq!(failed.pc, 1);
        assert_eq!(failed.fail.detail(), NOTHING_TO_CHOOSE);
    }

    #[test]
    fn an_endless_loop_stops_at_the_instruction_budget() {
        let rules = rules(vec![let_x(1), Instr::Jump(0)]);
        let mut g = game(&rules, true);
        let failed = g.run().expect_err("over the budget");
        assert!(matches!(*failed.fail.0, crate::fail::FailKind::Budget));
        assert_eq!((failed.pc, g.logged), (1, 0));
        assert!(g.ticks > MAX_INSTRUCTIONS && g.ticks <= MAX_INSTRUCTIONS + 2);
    }

    #[test]
    fn a_step_that_leaves_nothing_to_decide_fails_at_the_last_statement() {
        let rules = rules(vec![
            Instr::Let {
                name: 0,
                value: Expr::Lit(Value::Int(1)),
                clause: None,
            },
            Instr::Let {
                name: 0,
                value: Expr::Lit(Value::Int(2)),
                clause: None,
            },
        ]);
        let failed = game(&rules, false).run().expect_err("nothing to decide");
        assert_eq!((failed.program.as_ref(), failed.pc), ("play", 1));
        assert_eq!(
            failed.fail.detail(),
            "the program play ended without a decision or finish: the game cannot go on"
        );
        assert_eq!(unsettled(None).program.as_ref(), "step");
    }
}

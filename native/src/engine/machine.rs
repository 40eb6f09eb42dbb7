//! A position of a component-kit game played in place, and the machine that runs its
//! compiled programs: the native twin of `procedures/workspace.py`, `dsl/machine.py`,
//! `dsl/codegen.py` (what a program's function does) and `procedures/kit.py`.

use crate::engine::bindings::Bindings;
use crate::engine::ext::Ext;
use crate::engine::fail::Fail;

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
use crate::engine::ir::{Instr, Program};
use crate::engine::rules::Rules;
use crate::engine::shared::{Shared, Text};
use crate::engine::value::{grouped, Value};
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
    pub env: Bindings,
}

#[derive(Debug, Clone)]
pub struct Decision {
    pub seat: Value,
    pub kind: Text,
    pub name: Option<Text>,
    pub options: Shared<[Value]>,
    pub clause: Option<Text>,
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
    pub clause: Option<Text>,
    pub kind: &'static str,
    pub to: i64,
    pub args: Vec<Value>,
}

/// Where a step failed: the program, the instruction, and why.
#[derive(Debug, Clone)]
pub struct Failure {
    pub program: Text,
    pub pc: usize,
    pub fail: Fail,
    pub clause: Option<Text>,
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

/// A position of game `X`, changed in place by each step: the kit's parts and the game's
/// own fields.
#[derive(Clone)]
pub struct Game<X: Ext> {
    pub rules: Shared<Rules<X>>,
    pub players: i64,
    pub tracks: Vec<Vec<i64>>,
    pub counters: Vec<i64>,
    pub zones: Vec<Value>,
    pub held: Vec<Option<Value>>,
    pub shown: Vec<Value>,
    pub rng: u64,
    pub rigged: Vec<(Text, Value)>,
    pub decision: Option<Decision>,
    pub frames: Vec<Frame>,
    pub outcome: Option<Outcome>,
    pub step: i64,
    pub events: Vec<Event>,
    pub record: bool,
    /// the events this step has logged, kept or not (the budget counts them on every path)
    pub logged: usize,
    /// the game's own fields (none for a game of the kit alone)
    pub own: X::State,
    clause: Option<Text>,
    ticks: i64,
}

type R<T> = Result<T, Fail>;

impl<X: Ext> Game<X> {
    pub fn new(rules: Shared<Rules<X>>, players: i64, record: bool) -> Game<X> {
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
            own: Default::default(),
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

    /// Run program `prog` next, from its start, with the names `env` bound.
    pub fn push_program(&mut self, prog: usize, env: Vec<(u32, Value)>) {
        self.frames.push(Frame {
            prog,
            pc: 0,
            env: Bindings::from(env),
        });
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
    pub fn set_running_clause(&mut self, clause: Option<Text>) {
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
        self.frames[fi].env.set(name, value.clone());
        self.frames[fi].pc += 1;
        // the name is spelt only for a log that is kept
        let label = |g: &Self| Value::Str(g.rules.name(name));
        if secret != 0 {
            log!(
                self,
                clause.clone(),
                "secret-choice",
                TO_ALL,
                vec![d.seat.clone(), label(self)]
            );
            let to = d.seat.int().unwrap_or(TO_NOBODY);
            log!(
                self,
                clause,
                "choice",
                to,
                vec![d.seat.clone(), label(self), value]
            );
        } else {
            log!(
                self,
                clause,
                "choice",
                TO_ALL,
                vec![d.seat.clone(), label(self), value]
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
                    self.frames[fi].env.set(*name, v);
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
                    ..
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
                    let mut values = crate::engine::eval::Args::default();
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
        domain: &crate::engine::ir::Expr,
        chooser: &crate::engine::ir::Expr,
        clause: &Option<Text>,
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
                Shared::from(vec![Value::None])
            } else {
                options
            };
            self.decide(seat, name, options, clause.clone());
            return Ok(true);
        }
        if options.len() == 1 {
            self.frames[fi].env.set(name, options[0].clone());
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

    fn decide(&mut self, seat: Value, name: u32, options: Shared<[Value]>, clause: Option<Text>) {
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
    fn rule(&mut self, clause: &Text) {
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
    pub fn log(&mut self, clause: Option<Text>, kind: &'static str, to: i64, args: Vec<Value>) {
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

    /// [`Game::pick`] for the purpose `<kind>:<name>` (`draw:bag`), its text made only
    /// when some outcome is fixed.
    pub fn pick_for(&mut self, items: &[Value], kind: &str, name: &str) -> R<Value> {
        if self.rigged.is_empty() {
            let r = crate::engine::rng::below(&mut self.rng, items.len());
            return Ok(items[r].clone());
        }
        self.pick(items, &format!("{}:{}", kind, name))
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
        let r = crate::engine::rng::below(&mut self.rng, items.len());
        Ok(items[r].clone())
    }
}

/// The failure of a step whose programs all ended, `program` the last (None: unknown),
/// with no decision pending and the game not over: at its last statement, in the
/// reference's words (`dsl/machine.py`'s `unsettled_text`).
fn unsettled(program: Option<&Program>) -> Failure {
    let key: Text = program.map_or_else(|| Shared::from("step"), |p| p.key.clone());
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

/// Whether `a` and `b` are the same shared text (or both none): one need not replace the
/// other.
fn same_text(a: &Option<Text>, b: &Option<Text>) -> bool {
    match (a, b) {
        (Some(x), Some(y)) => Shared::ptr_eq(x, y),
        (None, None) => true,
        _ => false,
    }
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
    crate::engine::value::py_index(len, i)
        .ok_or_else(|| Fail::index_error("tuple index out of range"))
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
    use crate::engine::ext::KitGame;
    use crate::engine::ir::Expr;

    /// Rules of one program, `code` (a kit game's, named `play`).
    fn rules(code: Vec<Instr>) -> Shared<Rules<KitGame>> {
        let play = Shared::new(Program {
            key: Shared::from("play"),
            code,
        });
        Shared::new(Rules::bare(vec![play], &["x"]))
    }

    /// A game of `rules` with its one program pushed, logging or not.
    fn game(rules: &Shared<Rules<KitGame>>, record: bool) -> Game<KitGame> {
        let mut g = Game::new(rules.clone(), 2, record);
        g.push_program(0, Vec::new());
        g.begin_step();
        g
    }

    #[test]
    fn a_step_over_the_event_budget_fails_alike_whether_or_not_it_logs() {
        // x = 1 (tagged: a `rule` event each time), and round again: 10,001 events stop it
        // within 22,000 instructions, at the jump back
        let tagged = Instr::Let {
            name: 0,
            value: Expr::Lit(Value::Int(1)),
            clause: Some(Shared::from("c")),
        };
        let rules = rules(vec![tagged, Instr::Jump(0)]);
        for record in [true, false] {
            let mut g = game(&rules, record);
            let failed = g.run().expect_err("over the budget");
            assert!(matches!(
                *failed.fail.0,
                crate::engine::fail::FailKind::Budget
            ));
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
            chooser_name: None,
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
            let x = g.frames[0].env.iter().next().and_then(|(_, v)| v.int());
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
        assert_eq!(
            g.frames[0].env.iter().next().and_then(|(_, v)| v.int()),
            Some(2)
        );
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
        assert!(matches!(
            *failed.fail.0,
            crate::engine::fail::FailKind::Budget
        ));
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

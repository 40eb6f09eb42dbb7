//! The compiled rules the native engine runs: the ruleset's programs (the compiler's flat
//! instructions, their expressions as trees) and the component kit's tables, read once
//! from the description `tortuga_rules.game.native` makes of a compiled `Ruleset`.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use crate::value::Value;
use crate::words::{Func, Verb};

/// A DSL type a verb's argument is checked against when it runs.
#[derive(Debug, Clone)]
pub enum Ty {
    Any,
    Seat,
    Int,
    Text,
    Bool,
    Nothing,
    List(Box<Ty>),
    Tuple(Vec<Ty>),
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Arith {
    Add,
    Sub,
    Mul,
    Div,
    Mod,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Cmp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

/// An expression as the compiler wrote it (`Source.ir`).
#[derive(Debug, Clone)]
pub enum Expr {
    Lit(Value),
    Env(u32),
    Call(Func, Vec<Expr>),
    Op(Arith, Box<Expr>, Box<Expr>),
    Cmp(Cmp, Box<Expr>, Box<Expr>),
    In(Box<Expr>, Box<Expr>),
    And(Vec<Expr>),
    Or(Vec<Expr>),
    Not(Box<Expr>),
    Neg(Box<Expr>),
    List(Vec<Expr>),
    Index(Box<Expr>, Box<Expr>),
    At(Box<Expr>, Box<Expr>),
    Len(Box<Expr>),
    Check(Rc<Ty>, Rc<str>, Box<Expr>),
}

/// One instruction of a program, numbered as the reference numbers it.
#[derive(Debug, Clone)]
pub enum Instr {
    Call { verb: Verb, args: Vec<Expr>, clause: Option<Rc<str>> },
    Let { name: u32, value: Expr, clause: Option<Rc<str>> },
    Choose { name: u32, domain: Expr, chooser: Expr, clause: Option<Rc<str>>, secret: u8 },
    JumpIfNot { test: Expr, target: usize },
    Jump(usize),
}

#[derive(Debug)]
pub struct Program {
    pub key: Rc<str>,
    pub code: Vec<Instr>,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Seen {
    All,
    Owner,
    Nobody,
}

#[derive(Debug, Clone)]
pub struct ZoneDef {
    pub name: Rc<str>,
    pub per_seat: bool,
    pub seen: Seen,
    pub bag: bool,
}

#[derive(Debug, Clone)]
pub struct Track {
    pub name: Rc<str>,
    pub low: i64,
    pub high: i64,
}

/// The component kit's equipment (`model/kit.py`'s `Kit`).
#[derive(Debug, Default)]
pub struct Kit {
    pub tracks: Vec<Track>,
    pub counters: Vec<Rc<str>>,
    /// every zone, shared ones first (the kit's order)
    pub zones: Vec<ZoneDef>,
    pub faces: Vec<(Rc<str>, Vec<(Rc<str>, i64)>)>,
    pub wild: Option<Rc<str>>,
    pub values: Vec<(Rc<str>, i64)>,
    /// the constant lists every program starts with, in order
    pub lists: Vec<(u32, Value)>,
    /// each effect: its name, its parameters, its program
    pub effects: Vec<(Rc<str>, Vec<u32>, usize)>,
}

/// Names interned as numbers (a frame's bound names).
#[derive(Debug, Default)]
pub struct Names {
    pub names: Vec<Rc<str>>,
    pub index: HashMap<Rc<str>, u32>,
}

impl Names {
    pub fn intern(&mut self, name: &str) -> u32 {
        if let Some(&i) = self.index.get(name) {
            return i;
        }
        let rc: Rc<str> = Rc::from(name);
        let i = self.names.len() as u32;
        self.names.push(rc.clone());
        self.index.insert(rc, i);
        i
    }
}

/// A ruleset the native engine runs.
#[derive(Debug)]
pub struct Rules {
    pub programs: Vec<Rc<Program>>,
    pub by_key: HashMap<Rc<str>, usize>,
    pub options: Vec<(Rc<str>, Value)>,
    pub kit: Kit,
    pub names: RefCell<Names>,
}

impl Rules {
    pub fn name(&self, id: u32) -> Rc<str> {
        self.names.borrow().names[id as usize].clone()
    }

    pub fn zone(&self, name: &str) -> Option<&ZoneDef> {
        self.kit.zones.iter().find(|z| z.name.as_ref() == name)
    }

    pub fn zone_names(&self) -> String {
        self.kit.zones.iter().map(|z| z.name.as_ref()).collect::<Vec<_>>().join(", ")
    }
}

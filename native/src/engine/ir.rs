//! The compiled rules' instructions and expressions as the engine runs them (the
//! compiler's `Source.ir`), and the names they bind, interned as numbers.

use crate::engine::memo::FxMap;
use crate::engine::shared::{Shared, Text};
use crate::engine::value::Value;
use crate::engine::words::{Func, Verb};

/// A DSL type a verb's argument is checked against when it runs.
#[derive(Debug, Clone)]
pub enum Ty {
    Any,
    /// the type or none (a shared zone's "seat")
    Maybe(Box<Ty>),
    Seat,
    Int,
    Text,
    Bool,
    Nothing,
    /// a member of a game's named set (its number)
    Named(u16),
    /// one of the game's own types, by its number (Tortuga 1667's row slot)
    Game(u8),
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
    Check(Shared<Ty>, Text, Box<Expr>),
}

/// One instruction of a program, numbered as the reference numbers it.
#[derive(Debug, Clone)]
pub enum Instr {
    Call {
        verb: Verb,
        args: Vec<Expr>,
        clause: Option<Text>,
    },
    Let {
        name: u32,
        value: Expr,
        clause: Option<Text>,
    },
    Choose {
        name: u32,
        domain: Expr,
        chooser: Expr,
        clause: Option<Text>,
        secret: u8,
        /// the name the chooser is, where it is one (`by s`): a determinisation asks the
        /// choice again for another seat through it
        chooser_name: Option<u32>,
    },
    JumpIfNot {
        test: Expr,
        target: usize,
    },
    Jump(usize),
}

#[derive(Debug)]
pub struct Program {
    pub key: Text,
    pub code: Vec<Instr>,
}

/// Names interned as numbers (a frame's bound names).
#[derive(Debug, Default)]
pub struct Names {
    pub names: Vec<Text>,
    pub index: FxMap<Text, u32>,
    /// the numbers of names the engine's own code asks for, by where their text lives (a
    /// `&'static str` never moves or changes: no text is hashed or compared)
    pub fixed: FxMap<(usize, usize), u32>,
}

impl Names {
    /// The number of `name`, a text of the engine's own code.
    pub fn fixed(&mut self, name: &'static str) -> u32 {
        let at = (name.as_ptr() as usize, name.len());
        if let Some(&i) = self.fixed.get(&at) {
            return i;
        }
        let i = self.intern(name);
        self.fixed.insert(at, i);
        i
    }

    pub fn intern(&mut self, name: &str) -> u32 {
        if let Some(&i) = self.index.get(name) {
            return i;
        }
        let rc: Text = Shared::from(name);
        let i = self.names.len() as u32;
        self.names.push(rc.clone());
        self.index.insert(rc, i);
        i
    }
}

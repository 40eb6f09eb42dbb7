//! The reader of the rules description, format v1 (docs/engine.md, "Format v1"): the one
//! JSON document `tortuga_rules/game/nativeformat.py` writes of a compiled ruleset
//! (`tortuga-rules compile RULES -o FILE`), and the only way rules come in.
//!
//! [`load`] checks, in order: the document's `format` and `version` (a file of another
//! version is named, never misread); its structure, against the serde types below, a
//! refusal naming where (`programs[3].code[2]`); then its meaning (every program key a
//! table names is there, a jump lands inside its program, every word, facet, role and
//! named value is known). It then builds the runtime types ([`Rules`]: programs by index,
//! names interned). It never panics: every refusal is a message.
//!
//! This is the engine's part (programs, options, named values, turn actions, the component
//! kit), for a game `X` ([`build`]); a game's own `tables` (and its turn actions, whose
//! facets are its own) are read beside it, in its folder (`games/tortuga1667/desc.rs`),
//! and which game a document is of is for the host to say (`py/rules.rs`).

use std::fmt;
use std::sync::Mutex;

use serde::de::{self, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;

use crate::engine::actions::{ActionDef, FacetId, Param};
use crate::engine::ext::{Ext, Lexicon};
use crate::engine::ir::{Arith, Cmp, Expr, Instr, Names, Program, Ty};
use crate::engine::kit::{Held, Kit, Seen, Shape, Track, ZoneDef};
use crate::engine::memo::FxMap;
use crate::engine::rules::Rules;
use crate::engine::shared::{interned, Interning, Shared, Text};
use crate::engine::value::Value;
use crate::engine::words::{Func, Verb};

/// The document's `format`: what kind of file it is.
pub const FORMAT: &str = "tortuga-rules-native";
/// The format version this engine reads (`nativeformat.FORMAT_VERSION`).
pub const FORMAT_VERSION: i64 = 1;

/// A refusal, in words.
pub type Res<T> = Result<T, String>;

// -- the document ------------------------------------------------------------------------------

/// A rules description, format v1.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RulesFile {
    pub format: String,
    pub version: i64,
    /// `kit` (a game of the component kit's words alone) or a game's id
    pub game: String,
    /// the ruleset's id and the writer (for people and tools: the engine needs neither)
    #[allow(dead_code)]
    pub ruleset: String,
    #[allow(dead_code)]
    pub written_by: String,
    pub named: Vec<NamedDesc>,
    pub programs: Vec<ProgramDesc>,
    pub options: Vec<(String, ValueDesc)>,
    pub roles: Vec<String>,
    /// the facets of a state the game's functions read (for tools: the engine knows its own)
    #[allow(dead_code)]
    pub facets: Vec<String>,
    pub actions: Vec<ActionDesc>,
    #[serde(deserialize_with = "required")]
    pub kit: Option<KitDesc>,
    /// the game's own part, read by the game once `game` names it
    #[serde(deserialize_with = "required")]
    pub tables: Option<serde_json::Value>,
}

/// An `Option` field that must be present (null or not): serde lets a missing `Option`
/// be None unless it is read through a function.
pub fn required<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    d: D,
) -> Result<Option<T>, D::Error> {
    Option::deserialize(d)
}

/// A game's named values of one class (an `IntEnum`): `[number, name]` each.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NamedDesc {
    pub class: String,
    pub members: Vec<(i64, String)>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProgramDesc {
    pub key: String,
    pub code: Vec<InstrDesc>,
}

/// An instruction: `{tag: operands}` (serde's externally tagged form).
#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum InstrDesc {
    /// verb, clause, arguments
    Call(String, Option<String>, Vec<ExprDesc>),
    /// an engine step, clause
    Internal(String, Option<String>),
    /// name, clause, value
    Let(String, Option<String>, ExprDesc),
    /// name, clause, secret, domain, chooser, the chooser's name
    Choose(
        String,
        Option<String>,
        u8,
        ExprDesc,
        ExprDesc,
        Option<String>,
    ),
    JumpIfNot(usize, ExprDesc),
    Jump(usize),
}

/// An expression tree: `{tag: operands}`.
#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ExprDesc {
    Lit(ValueDesc),
    Env(String),
    Call(String, Vec<ExprDesc>),
    Op(String, Box<ExprDesc>, Box<ExprDesc>),
    Cmp(String, Box<ExprDesc>, Box<ExprDesc>),
    In(Box<ExprDesc>, Box<ExprDesc>),
    And(Vec<ExprDesc>),
    Or(Vec<ExprDesc>),
    List(Vec<ExprDesc>),
    Not(Box<ExprDesc>),
    Neg(Box<ExprDesc>),
    Len(Box<ExprDesc>),
    Index(Box<ExprDesc>, Box<ExprDesc>),
    At(Box<ExprDesc>, Box<ExprDesc>),
    /// the type, the message's start, the value checked
    Check(TyDesc, String, Box<ExprDesc>),
}

/// A run-time check's type: a plain word, or `{tag: operand}`.
#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TyDesc {
    Any,
    Seat,
    Int,
    Text,
    Bool,
    None,
    Maybe(Box<TyDesc>),
    List(Box<TyDesc>),
    Tuple(Vec<TyDesc>),
    Named(String),
    /// one of the game's own types, by name
    Game(String),
}

/// A value: none, a truth value, a number of 64 bits, a text, a list, or a named value
/// `{"named": [class, number]}` (read by hand: JSON's own types, untagged).
pub enum ValueDesc {
    None,
    Bool(bool),
    Int(i64),
    Text(String),
    List(Vec<ValueDesc>),
    Named(String, i64),
}

impl<'de> Deserialize<'de> for ValueDesc {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(ValueVisitor)
    }
}

struct ValueVisitor;

impl<'de> Visitor<'de> for ValueVisitor {
    type Value = ValueDesc;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a value (null, a truth value, a whole number, a text, a list, or {\"named\": [class, number]})")
    }

    fn visit_unit<E: de::Error>(self) -> Result<ValueDesc, E> {
        Ok(ValueDesc::None)
    }

    fn visit_none<E: de::Error>(self) -> Result<ValueDesc, E> {
        Ok(ValueDesc::None)
    }

    fn visit_bool<E: de::Error>(self, b: bool) -> Result<ValueDesc, E> {
        Ok(ValueDesc::Bool(b))
    }

    fn visit_i64<E: de::Error>(self, i: i64) -> Result<ValueDesc, E> {
        Ok(ValueDesc::Int(i))
    }

    fn visit_u64<E: de::Error>(self, u: u64) -> Result<ValueDesc, E> {
        i64::try_from(u)
            .map(ValueDesc::Int)
            .map_err(|_| E::custom("a number too large"))
    }

    fn visit_f64<E: de::Error>(self, x: f64) -> Result<ValueDesc, E> {
        Err(E::invalid_type(de::Unexpected::Float(x), &self))
    }

    fn visit_str<E: de::Error>(self, s: &str) -> Result<ValueDesc, E> {
        Ok(ValueDesc::Text(s.to_string()))
    }

    fn visit_string<E: de::Error>(self, s: String) -> Result<ValueDesc, E> {
        Ok(ValueDesc::Text(s))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<ValueDesc, A::Error> {
        let mut out = Vec::new();
        while let Some(x) = seq.next_element()? {
            out.push(x);
        }
        Ok(ValueDesc::List(out))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<ValueDesc, A::Error> {
        let key: Option<String> = map.next_key()?;
        match key.as_deref() {
            Some("named") => {}
            Some(other) => return Err(de::Error::unknown_field(other, &["named"])),
            None => return Err(de::Error::missing_field("named")),
        }
        let (class, number): (String, i64) = map.next_value()?;
        if map.next_key::<IgnoredAny>()?.is_some() {
            return Err(de::Error::custom(
                "a named value is an object of one key, named",
            ));
        }
        Ok(ValueDesc::Named(class, number))
    }
}

/// A turn action: who may take it, its parameters and preconditions, its program (by key)
/// and the facets its listing depends on (None: never remembered).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActionDesc {
    pub id: String,
    pub clause: String,
    pub role: String,
    pub params: Vec<ParamDesc>,
    pub requires: Vec<ExprDesc>,
    pub program: String,
    #[serde(deserialize_with = "required")]
    pub depends: Option<Vec<String>>,
    #[serde(deserialize_with = "required")]
    pub requires_depends: Option<Vec<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ParamDesc {
    pub name: String,
    pub values: ExprDesc,
    pub filters: Vec<ExprDesc>,
}

/// The component kit's tables (`components:` of a game written with the kit).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KitDesc {
    pub tracks: Vec<TrackDesc>,
    pub counters: Vec<String>,
    pub zones: Vec<ZoneDesc>,
    pub faces: Vec<FacesDesc>,
    #[serde(deserialize_with = "required")]
    pub wild: Option<String>,
    pub values: Vec<TokenValueDesc>,
    pub lists: Vec<ListDesc>,
    pub effects: Vec<EffectDesc>,
    pub letters: String,
    pub ranges: Vec<RangeDesc>,
    #[serde(deserialize_with = "required")]
    pub held: Option<HeldDesc>,
    pub starts: StartsDesc,
    pub setup_programs: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrackDesc {
    pub name: String,
    pub low: i64,
    pub high: i64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ZoneDesc {
    pub name: String,
    pub per_seat: bool,
    pub seen: SeenDesc,
    pub bag: bool,
    pub dice: bool,
}

#[derive(Deserialize, Clone, Copy)]
#[serde(rename_all = "snake_case")]
pub enum SeenDesc {
    All,
    Owner,
    Nobody,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FacesDesc {
    pub letter: String,
    pub faces: Vec<(String, i64)>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TokenValueDesc {
    pub token: String,
    pub value: i64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ListDesc {
    pub name: String,
    pub items: ValueDesc,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EffectDesc {
    pub name: String,
    pub params: Vec<String>,
}

/// A counter's range: its least value and its greatest (null: the game's last seat).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RangeDesc {
    pub low: i64,
    #[serde(deserialize_with = "required")]
    pub high: Option<i64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HeldDesc {
    /// each shape a word, or a list of shapes
    pub shapes: Vec<ValueDesc>,
    pub words: String,
    pub tokens: Vec<ValueDesc>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StartsDesc {
    pub tracks: Vec<i64>,
    pub counters: Vec<i64>,
    pub shared: Vec<ValueDesc>,
    pub own: Vec<ValueDesc>,
}

/// Just the document's kind and version, read before anything else.
#[derive(Deserialize)]
struct Head {
    #[serde(default)]
    format: serde_json::Value,
    #[serde(default)]
    version: serde_json::Value,
}

// -- reading -----------------------------------------------------------------------------------

/// The document `text`, checked for its format and version, then its structure (the
/// first two checks of the module's note); [`build`] checks its meaning.
pub fn parse(text: &str) -> Res<RulesFile> {
    head(text)?;
    let mut de = serde_json::Deserializer::from_str(text);
    let file: RulesFile = serde_path_to_error::deserialize(&mut de).map_err(|e| located(e, ""))?;
    de.end()
        .map_err(|e| format!("the rules description: {}", e))?;
    Ok(file)
}

/// What of a document is the game's to read: its `tables`, its roles and turn actions.
pub struct GamePart {
    pub tables: Option<serde_json::Value>,
    pub roles: Vec<String>,
    pub actions: Vec<ActionDesc>,
}

/// The rules of a game of the component kit alone that `text` describes.
pub fn load_kit(text: &str) -> Res<Rules<crate::engine::ext::KitGame>> {
    build(parse(text)?, kit_part)
}

/// A kit game's part of a document: nothing (no tables, no turn actions, whose
/// listing needs a game's own words).
pub fn kit_part(_: &mut Builder, part: GamePart) -> Res<()> {
    if part.tables.is_some() {
        return Err("a game of the kit has no tables".into());
    }
    if !part.actions.is_empty() {
        return Err(
            "a game of the kit's words alone with turn actions: they need a game's own words"
                .into(),
        );
    }
    Ok(())
}

/// Refuse a document of another kind or version before reading its body.
fn head(text: &str) -> Res<()> {
    let head: Head = serde_json::from_str(text).map_err(|e| {
        if e.is_syntax() || e.is_eof() {
            format!("the rules description is not JSON: {}", e)
        } else {
            format!(
                "not a rules description (an object of format {:?}): {}",
                FORMAT, e
            )
        }
    })?;
    if head.format.as_str() != Some(FORMAT) {
        return Err(format!(
            "not a rules description: its format must be {:?}",
            FORMAT
        ));
    }
    if head.version.as_i64() != Some(FORMAT_VERSION) {
        return Err(format!(
            "a rules file of format version {}; this engine reads {}: compile it again \
             (tortuga-rules compile)",
            head.version, FORMAT_VERSION
        ));
    }
    Ok(())
}

/// A structure error with where it is in the document (`prefix`: the path of the part
/// read, empty for the whole).
pub fn located(e: serde_path_to_error::Error<serde_json::Error>, prefix: &str) -> String {
    let path = e.path().to_string();
    let at = match (prefix, path.as_str()) {
        ("", ".") => "its top".to_string(),
        ("", path) => path.to_string(),
        (prefix, ".") => prefix.to_string(),
        (prefix, path) => format!("{}.{}", prefix, path),
    };
    format!("the rules description at {}: {}", at, e.into_inner())
}

/// What reading turns the description's names into as it builds the runtime types: the
/// interned names, each program's number, the named sets' members.
pub struct Builder {
    pub names: Names,
    /// the words of the game the rules are of
    words: Lexicon,
    pub by_key: FxMap<Text, usize>,
    /// each named class of the document: its set number and its members' numbers
    named: Vec<(String, u16, Vec<i64>)>,
}

/// The rules of game `X` `file` describes, its part read by `game` (its tables, roles and
/// turn actions): the meaning checked as the runtime types are built.
pub fn build<X: Ext>(
    file: RulesFile,
    game: impl FnOnce(&mut Builder, GamePart) -> Res<X::Tables>,
) -> Res<Rules<X>> {
    if file.format != FORMAT || file.version != FORMAT_VERSION {
        return Err("not a rules description of format version 1".into()); // head() said
    }
    if file.game != X::ID {
        return Err(format!(
            "a description of {:?}, not of {}",
            file.game,
            X::ID
        ));
    }
    let _sharing = Interning::start();
    let mut b = Builder {
        names: Names::default(),
        words: Lexicon::of::<X>(),
        by_key: FxMap::default(),
        named: Vec::new(),
    };
    b.register(file.named)?;
    for (i, p) in file.programs.iter().enumerate() {
        let key: Text = Shared::from(p.key.as_str());
        if b.by_key.insert(key, i).is_some() {
            return Err(format!("the rules description: two programs {:?}", p.key));
        }
    }
    let mut programs = Vec::with_capacity(file.programs.len());
    for p in file.programs {
        let key: Text = Shared::from(p.key.as_str());
        let code = b
            .code(p.code)
            .map_err(|e| format!("{} (program {})", e, key))?;
        programs.push(Shared::new(Program { key, code }));
    }
    let options = file
        .options
        .into_iter()
        .map(|(name, v)| Ok((interned(&name), b.value(v)?)))
        .collect::<Res<Vec<_>>>()?;
    let kit = match file.kit {
        Some(kit) => b.kit(kit)?,
        None if X::ID == crate::engine::ext::KitGame::ID => {
            return Err("a game of the kit: its kit".into())
        }
        None => Kit::default(),
    };
    let tables = game(
        &mut b,
        GamePart {
            tables: file.tables,
            roles: file.roles,
            actions: file.actions,
        },
    )?;
    let builtins = b
        .by_key
        .iter()
        .filter_map(|(k, i)| k.strip_prefix("builtin:").map(|n| (Shared::from(n), *i)))
        .collect();
    Ok(Rules {
        programs,
        by_key: b.by_key,
        builtins,
        options,
        kit,
        tables,
        names: Mutex::new(b.names),
        fixed_texts: Default::default(),
        by_place: Default::default(),
        fixed_names: Default::default(),
    })
}

impl Builder {
    /// Register the document's named sets (the process's, shared by every ruleset read).
    fn register(&mut self, named: Vec<NamedDesc>) -> Res<()> {
        for set in named {
            if self.named.iter().any(|(c, _, _)| *c == set.class) {
                return Err(format!(
                    "the rules description: two named classes {:?}",
                    set.class
                ));
            }
            let numbers = set.members.iter().map(|(n, _)| *n).collect();
            let kind = crate::engine::value::named_set(&set.class, set.members);
            self.named.push((set.class, kind, numbers));
        }
        Ok(())
    }

    /// The set number of the named class `class` the document lists.
    pub fn named_kind(&self, class: &str) -> Res<u16> {
        self.named
            .iter()
            .find(|(c, _, _)| c == class)
            .map(|(_, k, _)| *k)
            .ok_or_else(|| format!("the named class {:?}: not one the description lists", class))
    }

    /// The number of the program `key`.
    pub fn program(&self, key: &str) -> Res<usize> {
        self.by_key
            .get(key)
            .copied()
            .ok_or_else(|| format!("no program {:?}, which the description names", key))
    }

    /// The facets of a state a listing depends on, as game's `facet` numbers them.
    fn facets(
        names: Option<Vec<String>>,
        facet: fn(&str) -> Option<FacetId>,
    ) -> Res<Option<Vec<FacetId>>> {
        names
            .map(|ns| {
                ns.iter()
                    .map(|n| {
                        facet(n).ok_or_else(|| {
                            format!("the facet {:?}: this engine does not know it", n)
                        })
                    })
                    .collect()
            })
            .transpose()
    }

    pub fn value(&self, v: ValueDesc) -> Res<Value> {
        Ok(match v {
            ValueDesc::None => Value::None,
            ValueDesc::Bool(b) => Value::Bool(b),
            ValueDesc::Int(i) => Value::Int(i),
            ValueDesc::Text(s) => Value::Str(interned(&s)),
            ValueDesc::List(xs) => {
                Value::tuple(xs.into_iter().map(|x| self.value(x)).collect::<Res<_>>()?)
            }
            ValueDesc::Named(class, n) => {
                let kind = self.named_kind(&class)?;
                let known = self
                    .named
                    .iter()
                    .any(|(c, _, ns)| *c == class && ns.contains(&n));
                if !known {
                    return Err(format!(
                        "the named value {} {}: not a member of its class",
                        class, n
                    ));
                }
                Value::Named(kind, n)
            }
        })
    }

    pub fn values(&self, vs: Vec<ValueDesc>) -> Res<Vec<Value>> {
        vs.into_iter().map(|v| self.value(v)).collect()
    }

    fn ty(&self, t: TyDesc) -> Res<Ty> {
        Ok(match t {
            TyDesc::Any => Ty::Any,
            TyDesc::Seat => Ty::Seat,
            TyDesc::Int => Ty::Int,
            TyDesc::Text => Ty::Text,
            TyDesc::Bool => Ty::Bool,
            TyDesc::None => Ty::Nothing,
            TyDesc::Maybe(t) => Ty::Maybe(Box::new(self.ty(*t)?)),
            TyDesc::List(t) => Ty::List(Box::new(self.ty(*t)?)),
            TyDesc::Tuple(ts) => Ty::Tuple(ts.into_iter().map(|t| self.ty(t)).collect::<Res<_>>()?),
            TyDesc::Named(class) => Ty::Named(self.named_kind(&class)?),
            TyDesc::Game(name) => Ty::Game(
                (self.words.ty)(&name)
                    .ok_or_else(|| format!("the type {:?}: this engine does not know it", name))?,
            ),
        })
    }

    pub fn exprs(&mut self, es: Vec<ExprDesc>) -> Res<Vec<Expr>> {
        es.into_iter().map(|e| self.expr(e)).collect()
    }

    fn boxed(&mut self, e: ExprDesc) -> Res<Box<Expr>> {
        Ok(Box::new(self.expr(e)?))
    }

    pub fn expr(&mut self, e: ExprDesc) -> Res<Expr> {
        Ok(match e {
            ExprDesc::Lit(v) => Expr::Lit(self.value(v)?),
            ExprDesc::Env(name) => Expr::Env(self.names.intern(&name)),
            ExprDesc::Call(name, args) => {
                let f = Func::parse(&name, self.words.func).ok_or_else(|| {
                    format!("the function {}: this engine does not know it", name)
                })?;
                Expr::Call(f, self.exprs(args)?)
            }
            ExprDesc::Op(op, a, b) => Expr::Op(arith(&op)?, self.boxed(*a)?, self.boxed(*b)?),
            ExprDesc::Cmp(op, a, b) => Expr::Cmp(cmp(&op)?, self.boxed(*a)?, self.boxed(*b)?),
            ExprDesc::In(a, b) => Expr::In(self.boxed(*a)?, self.boxed(*b)?),
            ExprDesc::And(es) => Expr::And(self.exprs(es)?),
            ExprDesc::Or(es) => Expr::Or(self.exprs(es)?),
            ExprDesc::List(es) => Expr::List(self.exprs(es)?),
            ExprDesc::Not(a) => Expr::Not(self.boxed(*a)?),
            ExprDesc::Neg(a) => Expr::Neg(self.boxed(*a)?),
            ExprDesc::Len(a) => Expr::Len(self.boxed(*a)?),
            ExprDesc::Index(a, b) => Expr::Index(self.boxed(*a)?, self.boxed(*b)?),
            ExprDesc::At(a, b) => Expr::At(self.boxed(*a)?, self.boxed(*b)?),
            ExprDesc::Check(ty, text, a) => Expr::Check(
                Shared::new(self.ty(ty)?),
                Shared::from(text.as_str()),
                self.boxed(*a)?,
            ),
        })
    }

    /// A program's instructions; every jump lands inside it (or just past its end).
    fn code(&mut self, code: Vec<InstrDesc>) -> Res<Vec<Instr>> {
        let len = code.len();
        let mut out = Vec::with_capacity(len);
        for (pc, ins) in code.into_iter().enumerate() {
            out.push(
                self.instr(ins, len)
                    .map_err(|e| format!("instruction {}: {}", pc, e))?,
            );
        }
        Ok(out)
    }

    fn instr(&mut self, ins: InstrDesc, len: usize) -> Res<Instr> {
        let clause = |c: Option<String>| c.map(|c| Shared::from(c.as_str()));
        let target = |t: usize| {
            if t > len {
                Err(format!("a jump to {}, past its program's end ({})", t, len))
            } else {
                Ok(t)
            }
        };
        Ok(match ins {
            InstrDesc::Call(name, c, args) => Instr::Call {
                verb: Verb::parse(&name, self.words.verb)
                    .ok_or_else(|| format!("the verb {}: this engine does not know it", name))?,
                clause: clause(c),
                args: self.exprs(args)?,
            },
            InstrDesc::Internal(name, c) => Instr::Call {
                verb: Verb::Step((self.words.step)(&name).ok_or_else(|| {
                    format!("the engine step {}: this engine does not know it", name)
                })?),
                clause: clause(c),
                args: Vec::new(),
            },
            InstrDesc::Let(name, c, value) => Instr::Let {
                name: self.names.intern(&name),
                clause: clause(c),
                value: self.expr(value)?,
            },
            InstrDesc::Choose(name, c, secret, domain, chooser, chooser_name) => Instr::Choose {
                name: self.names.intern(&name),
                clause: clause(c),
                secret,
                domain: self.expr(domain)?,
                chooser: self.expr(chooser)?,
                chooser_name: chooser_name.map(|n| self.names.intern(&n)),
            },
            InstrDesc::JumpIfNot(t, test) => Instr::JumpIfNot {
                target: target(t)?,
                test: self.expr(test)?,
            },
            InstrDesc::Jump(t) => Instr::Jump(target(t)?),
        })
    }

    /// A turn action, its role's bit among `roles`, its facets as the game's `facet`
    /// numbers them.
    pub fn action(
        &mut self,
        a: ActionDesc,
        roles: &[Text],
        facet: fn(&str) -> Option<FacetId>,
    ) -> Res<ActionDef> {
        let at = roles
            .iter()
            .position(|r| r.as_ref() == a.role)
            .ok_or_else(|| format!("the role {:?}: not one the description lists", a.role))?;
        let mut params = Vec::with_capacity(a.params.len());
        for p in a.params {
            let label = interned(&p.name);
            params.push(Param {
                name: self.names.intern(&label),
                label,
                values: self.expr(p.values)?,
                filters: self.exprs(p.filters)?,
            });
        }
        let mut act = ActionDef {
            id: interned(&a.id),
            clause: interned(&a.clause),
            role: 1 << at,
            params,
            requires: self.exprs(a.requires)?,
            program: self.program(&a.program)?,
            depends: Self::facets(a.depends, facet)?,
            requires_in_listing: false,
            requires_depends: Self::facets(a.requires_depends, facet)?,
        };
        act.requires_in_listing = act.requires_in_listing();
        Ok(act)
    }

    fn kit(&mut self, d: KitDesc) -> Res<Kit> {
        let mut kit = Kit {
            tracks: d
                .tracks
                .into_iter()
                .map(|t| Track {
                    name: interned(&t.name),
                    low: t.low,
                    high: t.high,
                })
                .collect(),
            counters: d.counters.iter().map(|c| interned(c)).collect(),
            zones: d
                .zones
                .into_iter()
                .map(|z| ZoneDef {
                    name: interned(&z.name),
                    per_seat: z.per_seat,
                    seen: match z.seen {
                        SeenDesc::All => Seen::All,
                        SeenDesc::Owner => Seen::Owner,
                        SeenDesc::Nobody => Seen::Nobody,
                    },
                    bag: z.bag,
                    dice: z.dice,
                })
                .collect(),
            ..Default::default()
        };
        kit.place_zones();
        kit.faces = d
            .faces
            .into_iter()
            .map(|f| {
                let faces = f
                    .faces
                    .iter()
                    .map(|(side, n)| (interned(side), *n))
                    .collect();
                (interned(&f.letter), faces)
            })
            .collect();
        kit.wild = d.wild.map(|w| Shared::from(w.as_str()));
        kit.values = d
            .values
            .into_iter()
            .map(|v| (interned(&v.token), v.value))
            .collect();
        for l in d.lists {
            let items = self.value(l.items)?;
            kit.lists.push((self.names.intern(&l.name), items));
        }
        kit.track_starts = d.starts.tracks;
        kit.counter_starts = d.starts.counters;
        kit.shared_starts = self.values(d.starts.shared)?;
        kit.own_starts = self.values(d.starts.own)?;
        kit.setup_programs = d
            .setup_programs
            .iter()
            .map(|k| self.program(k))
            .collect::<Res<_>>()?;
        kit.letters = Shared::from(d.letters.as_str());
        kit.ranges = d.ranges.into_iter().map(|r| (r.low, r.high)).collect();
        if kit.ranges.len() != kit.counters.len() {
            return Err("the kit: a range for each counter".into());
        }
        if let Some(held) = d.held {
            kit.held = Some(Held {
                shapes: held.shapes.into_iter().map(shape).collect::<Res<_>>()?,
                words: Shared::from(held.words.as_str()),
                tokens: self.values(held.tokens)?,
            });
        }
        for e in d.effects {
            let params = e.params.iter().map(|p| self.names.intern(p)).collect();
            let program = self.program(&format!("effect:{}", e.name))?;
            kit.effects
                .push((Shared::from(e.name.as_str()), params, program));
        }
        Ok(kit)
    }
}

fn arith(op: &str) -> Res<Arith> {
    Ok(match op {
        "+" => Arith::Add,
        "-" => Arith::Sub,
        "*" => Arith::Mul,
        "//" => Arith::Div,
        "%" => Arith::Mod,
        other => {
            return Err(format!(
                "the operator {:?}: this engine does not know it",
                other
            ))
        }
    })
}

fn cmp(op: &str) -> Res<Cmp> {
    Ok(match op {
        "==" => Cmp::Eq,
        "!=" => Cmp::Ne,
        "<" => Cmp::Lt,
        "<=" => Cmp::Le,
        ">" => Cmp::Gt,
        ">=" => Cmp::Ge,
        other => {
            return Err(format!(
                "the comparison {:?}: this engine does not know it",
                other
            ))
        }
    })
}

/// A held value's shape: a word, or a list of shapes.
fn shape(v: ValueDesc) -> Res<Shape> {
    Ok(match v {
        ValueDesc::Text(word) => match word.as_str() {
            "seat" => Shape::Seat,
            "int" => Shape::Int,
            "text" => Shape::Text,
            "bool" => Shape::Bool,
            "none" => Shape::Nothing,
            "side" => Shape::Side,
            "letters" => Shape::Letters,
            "token" => Shape::Token,
            "any" => Shape::Any,
            other => {
                return Err(format!(
                    "the held shape {:?}: this engine does not know it",
                    other
                ))
            }
        },
        ValueDesc::List(xs) => Shape::Tuple(xs.into_iter().map(shape).collect::<Res<_>>()?),
        _ => return Err("a held shape: a word or a list of shapes".into()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A document of one program, `play`, that lets `x` be 1 (a kit game of no equipment).
    fn minimal(version: i64, code: &str) -> String {
        format!(
            r#"{{"format":"tortuga-rules-native","version":{version},"game":"kit",
            "ruleset":"tiny","written_by":"a test","named":[],
            "programs":[{{"key":"play","code":{code}}}],"options":[["n",[1,"a",null,true]]],
            "roles":[],"facets":[],"actions":[],
            "kit":{{"tracks":[],"counters":[],"zones":[],"faces":[],"wild":null,"values":[],
            "lists":[],"effects":[],"letters":"none","ranges":[],"held":null,
            "starts":{{"tracks":[],"counters":[],"shared":[],"own":[]}},
            "setup_programs":["play"]}},"tables":null}}"#
        )
    }

    const LET_X: &str = r#"[{"let":["x",null,{"op":["+",{"lit":1},{"env":"y"}]}]},{"jump":2}]"#;

    #[test]
    fn a_minimal_document_loads() {
        let rules = load_kit(&minimal(1, LET_X)).expect("loads");
        assert_eq!(rules.programs.len(), 1);
        assert_eq!(rules.programs[0].code.len(), 2);
        assert_eq!(rules.kit.setup_programs, vec![0]);
        assert!(matches!(rules.option("n"), Some(Value::Tuple(t)) if t.len() == 4));
    }

    #[test]
    fn another_version_is_refused_by_name() {
        let Err(err) = load_kit(&minimal(2, LET_X)) else {
            panic!("refused")
        };
        assert!(
            err.contains("format version 2; this engine reads 1"),
            "{}",
            err
        );
    }

    #[test]
    fn a_structure_error_says_where() {
        let Err(err) = load_kit(&minimal(1, r#"[{"let":["x",null]}]"#)) else {
            panic!("refused")
        };
        assert!(err.contains("programs[0].code[0]"), "{}", err);
    }

    #[test]
    fn a_jump_past_the_end_and_an_unknown_word_are_refused() {
        let Err(err) = load_kit(&minimal(1, r#"[{"jump":3}]"#)) else {
            panic!("refused")
        };
        assert!(err.contains("past its program's end"), "{}", err);
        let Err(err) = load_kit(&minimal(1, r#"[{"call":["juggle",null,[]]}]"#)) else {
            panic!("refused")
        };
        assert!(err.contains("the verb juggle"), "{}", err);
    }

    #[test]
    fn not_json_and_another_format_are_refused() {
        assert!(load_kit("{").is_err());
        assert!(load_kit("[]").is_err());
        let Err(err) = load_kit(r#"{"format":"x","version":1}"#) else {
            panic!("refused")
        };
        assert!(err.contains("format must be"), "{}", err);
    }
}

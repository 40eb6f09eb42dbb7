//! The reader of the rules description `tortuga_rules.game.native` makes (a dict of
//! tuples): the programs, the kit's tables and Tortuga 1667's.

use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::engine::actions::{ActionDef, Guarded, Param};
use crate::engine::ext::{Ext, KitGame, Lexicon};
use crate::engine::ir::{Arith, Cmp, Expr, Instr, Names, Program, Ty};
use crate::engine::kit::{Kit, Seen, Track, ZoneDef};
use crate::engine::rules::Rules;
use crate::engine::shared::{Shared, Text};
use crate::engine::words::{Func, Verb};
use crate::games::tortuga1667::tables::{Answer, VoteDef, T1667};
use crate::games::tortuga1667::Tortuga1667;
use crate::py::convert::*;
use crate::py::rules::AnyRules;

// -- reading a ruleset's description --------------------------------------------------------

pub(crate) struct Reader<'a> {
    names: &'a mut Names,
    /// the words of the game the rules are of
    words: Lexicon,
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
            "named" => Ty::Named(
                crate::engine::value::named_kind(&string(&parts[1])?)
                    .ok_or_else(|| format!("the named set {}", parts[1]))?,
            ),
            "list" => Ty::List(Box::new(self.ty(&parts[1])?)),
            "tuple" => Ty::Tuple(
                items(&parts[1])?
                    .iter()
                    .map(|p| self.ty(p))
                    .collect::<Res<_>>()?,
            ),
            other => match (self.words.ty)(other) {
                Some(ty) => Ty::Game(ty),
                None => return Err(format!("the type {}", other)),
            },
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
                let f = Func::parse(&name, self.words.func)
                    .ok_or_else(|| format!("the function {}", name))?;
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
                Shared::new(self.ty(&p[1])?),
                Shared::from(string(&p[2])?.as_str()),
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
                let verb = Verb::parse(&name, self.words.verb)
                    .ok_or_else(|| format!("the verb {}", name))?;
                Instr::Call {
                    verb,
                    clause: opt_string(&p[2])?,
                    args: self.exprs(&p[3])?,
                }
            }
            "internal" => {
                let name = string(&p[1])?;
                let step =
                    (self.words.step)(&name).ok_or_else(|| format!("the engine step {}", name))?;
                Instr::Call {
                    verb: Verb::Step(step),
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
                chooser_name: match p.get(6) {
                    Some(n) if !n.is_none() => Some(self.names.intern(&string(n)?)),
                    _ => None,
                },
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
    fn shape(obj: &Bound<'_, PyAny>) -> Res<crate::engine::kit::Shape> {
        use crate::engine::kit::Shape;
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
        by_key: &crate::engine::memo::FxMap<Text, usize>,
    ) -> Res<Kit> {
        let mut kit = Kit::default();
        for t in items(&get(d, "tracks")?)? {
            let p = items(&t)?;
            kit.tracks.push(Track {
                name: crate::engine::shared::interned(&string(&p[0])?),
                low: int(&p[1])?,
                high: int(&p[2])?,
            });
        }
        for c in items(&get(d, "counters")?)? {
            kit.counters
                .push(crate::engine::shared::interned(&string(&c)?));
        }
        for z in items(&get(d, "zones")?)? {
            let p = items(&z)?;
            let seen = match string(&p[2])?.as_str() {
                "all" => Seen::All,
                "owner" => Seen::Owner,
                _ => Seen::Nobody,
            };
            kit.zones.push(ZoneDef {
                name: crate::engine::shared::interned(&string(&p[0])?),
                per_seat: p[1].extract::<bool>().map_err(|e| e.to_string())?,
                seen,
                bag: p[3].extract::<bool>().map_err(|e| e.to_string())?,
                dice: match p.get(4) {
                    Some(d) => d.extract::<bool>().map_err(|e| e.to_string())?,
                    None => false,
                },
            });
        }
        kit.place_zones();
        for f in items(&get(d, "faces")?)? {
            let p = items(&f)?;
            let mut faces = Vec::new();
            for face in items(&p[1])? {
                let q = items(&face)?;
                faces.push((
                    crate::engine::shared::interned(&string(&q[0])?),
                    int(&q[1])?,
                ));
            }
            kit.faces
                .push((crate::engine::shared::interned(&string(&p[0])?), faces));
        }
        kit.wild = opt_string(&get(d, "wild")?)?;
        for v in items(&get(d, "values")?)? {
            let p = items(&v)?;
            kit.values.push((
                crate::engine::shared::interned(&string(&p[0])?),
                int(&p[1])?,
            ));
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
        kit.letters = Shared::from(string(&get(d, "letters")?)?.as_str());
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
            kit.held = Some(crate::engine::kit::Held {
                shapes: items(&get(held, "shapes")?)?
                    .iter()
                    .map(|x| Self::shape(x))
                    .collect::<Res<_>>()?,
                words: Shared::from(string(&get(held, "words")?)?.as_str()),
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
            let key: Text = Shared::from(format!("effect:{}", name).as_str());
            let prog = *by_key
                .get(&key)
                .ok_or_else(|| format!("no program {}", key))?;
            kit.effects
                .push((Shared::from(name.as_str()), params, prog));
        }
        Ok(kit)
    }
}

impl Reader<'_> {
    /// Tortuga 1667's setup tables (`games/tortuga1667/native.py`).
    fn setup(
        obj: &Bound<'_, PyAny>,
        by_key: &crate::engine::memo::FxMap<Text, usize>,
    ) -> Res<crate::games::tortuga1667::setup::Setup> {
        let d = obj.downcast::<PyDict>().map_err(|e| e.to_string())?;
        let table = |k: &str| -> Res<Vec<(i64, Vec<Text>)>> {
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
        Ok(crate::games::tortuga1667::setup::Setup {
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

    fn key(by_key: &crate::engine::memo::FxMap<Text, usize>, obj: &Bound<'_, PyAny>) -> Res<usize> {
        let key = string(obj)?;
        by_key
            .get(key.as_str())
            .copied()
            .ok_or_else(|| format!("no program {}", key))
    }

    fn guarded(
        &mut self,
        obj: &Bound<'_, PyAny>,
        by_key: &crate::engine::memo::FxMap<Text, usize>,
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

    fn rc(obj: &Bound<'_, PyAny>) -> Res<Text> {
        Ok(crate::engine::shared::interned(&string(obj)?))
    }

    fn ints(obj: &Bound<'_, PyAny>) -> Res<Vec<i64>> {
        items(obj)?.iter().map(int).collect()
    }

    fn t1667(
        &mut self,
        d: &Bound<'_, PyDict>,
        by_key: &crate::engine::memo::FxMap<Text, usize>,
    ) -> Res<T1667> {
        let mut t = T1667 {
            place_kind: crate::engine::value::named_kind(&string(&get(d, "place_enum")?)?)
                .ok_or("the places")?,
            spot_kind: crate::engine::value::named_kind(&string(&get(d, "spot_enum")?)?)
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
            let facets =
                |obj: &Bound<'_, PyAny>| -> Res<Option<Vec<crate::engine::actions::FacetId>>> {
                    Ok(items(obj)?
                        .iter()
                        .map(|f| {
                            string(f).map(|n| {
                                crate::games::tortuga1667::facets::Facet::parse(&n)
                                    .map(|f| f.index() as u8)
                            })
                        })
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
        t.memo = std::sync::Mutex::new(crate::engine::memo::Memo::new(t.actions.len()));
        Ok(t)
    }
}

/// The rules a description describes: Tortuga 1667's when it holds its tables
/// (`t1667`), else a game of the component kit alone.
pub(crate) fn read_rules(desc: &Bound<'_, PyDict>) -> Res<AnyRules> {
    match desc.get_item("t1667").map_err(|e| e.to_string())? {
        Some(d) => {
            let d = d.downcast::<PyDict>().map_err(|e| e.to_string())?;
            let rules = read_as::<Tortuga1667>(desc, |reader, by_key| reader.t1667(d, by_key))?;
            Ok(AnyRules::Tortuga1667(Shared::new(rules)))
        }
        None => Ok(AnyRules::Kit(Shared::new(read_as::<KitGame>(
            desc,
            |_, _| Ok(()),
        )?))),
    }
}

/// The rules of game `X` a description describes, its own tables read by `tables`.
fn read_as<X: Ext>(
    desc: &Bound<'_, PyDict>,
    tables: impl FnOnce(&mut Reader, &crate::engine::memo::FxMap<Text, usize>) -> Res<X::Tables>,
) -> Res<Rules<X>> {
    let _sharing = crate::engine::shared::Interning::start();
    register_named(&get(desc, "enums")?)?;
    let mut names = Names::default();
    let mut reader = Reader {
        names: &mut names,
        words: Lexicon::of::<X>(),
    };
    let mut programs = Vec::new();
    let mut by_key = crate::engine::memo::FxMap::default();
    for (i, p) in items(&get(desc, "programs")?)?.iter().enumerate() {
        let parts = items(p)?;
        let key: Text = Shared::from(string(&parts[0])?.as_str());
        let code = items(&parts[1])?
            .iter()
            .map(|x| reader.instr(x))
            .collect::<Res<Vec<_>>>()
            .map_err(|e| format!("{} (program {})", e, key))?;
        by_key.insert(key.clone(), i);
        programs.push(Shared::new(Program { key, code }));
    }
    let mut options = Vec::new();
    for o in items(&get(desc, "options")?)? {
        let p = items(&o)?;
        options.push((
            crate::engine::shared::interned(&string(&p[0])?),
            to_value(&p[1])?,
        ));
    }
    let kit = match desc.get_item("kit").map_err(|e| e.to_string())? {
        Some(k) => reader.kit(k.downcast::<PyDict>().map_err(|e| e.to_string())?, &by_key)?,
        None => Kit::default(),
    };
    let tables = tables(&mut reader, &by_key)?;
    let builtins = by_key
        .iter()
        .filter_map(|(k, i)| k.strip_prefix("builtin:").map(|n| (Shared::from(n), *i)))
        .collect();
    Ok(Rules {
        programs,
        by_key,
        builtins,
        options,
        kit,
        tables,
        names: std::sync::Mutex::new(names),
        fixed_texts: Default::default(),
    })
}

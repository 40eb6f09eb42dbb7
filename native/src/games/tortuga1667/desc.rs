//! Tortuga 1667's own part of a rules description, format v1 (`tables`, written by
//! `games/tortuga1667/native.py`; schema `schema/tortuga-1667/native-tables.schema.json`),
//! read into [`T1667`] once the document's `game` has named this game, with its roles and
//! turn actions (their facets are this game's). The engine's part (programs, options, named
//! values) is read by `engine/desc.rs`, whose [`Builder`] this uses.

use serde::Deserialize;

use crate::engine::actions::{FacetId, Guarded};
use crate::engine::desc::{located, required, Builder, ExprDesc, GamePart, Res};
use crate::engine::ext::Ext;
use crate::engine::rules::Rules;
use crate::engine::shared::{interned, Shared, Text};
use crate::games::tortuga1667::facets::Facet;
use crate::games::tortuga1667::setup::Setup;
use crate::games::tortuga1667::tables::{Answer, VoteDef, T1667};
use crate::games::tortuga1667::Tortuga1667;

/// The document's `game` for Tortuga 1667.
pub const GAME: &str = Tortuga1667::ID;

/// The rules of Tortuga 1667 `text` describes, or why not.
pub fn load(text: &str) -> Res<Rules<Tortuga1667>> {
    crate::engine::desc::build(crate::engine::desc::parse(text)?, read)
}

/// The number of this game's facet called `name`.
fn facet(name: &str) -> Option<FacetId> {
    Facet::parse(name).map(|f| f.index() as FacetId)
}

/// A guarded program: `[guard, program key]`.
type GuardedDesc = (ExprDesc, String);

/// A vote card's section: its name, (icon, count) each.
type SectionDesc = (String, Vec<(String, i64)>);

/// A kept card's answers to an event: card, the causes it answers, its answers.
type ReactionDesc = (String, Vec<String>, Vec<AnswerDesc>);

/// Tortuga 1667's tables; the records are arrays, as the writer makes them.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TablesDesc {
    place_enum: String,
    spot_enum: String,
    capacity: Vec<i64>,
    adjacent: Vec<Vec<i64>>,
    holds: Vec<Vec<i64>>,
    votes: Vec<VoteDesc>,
    event_programs: Vec<(String, String)>,
    section_icons: Vec<(String, Vec<String>)>,
    /// card, its sections: section, (icon, count) each
    vote_cards: Vec<(String, Vec<SectionDesc>)>,
    checks_pawns: Vec<GuardedDesc>,
    checks_kept: Vec<GuardedDesc>,
    before_turn: Vec<GuardedDesc>,
    after_reveal: Vec<GuardedDesc>,
    /// card, votes, clause, done clause
    sit_outs: Vec<(String, i64, String, String)>,
    /// card, how many at once, clause, only the next vote
    vote_plays: Vec<(String, i64, String, bool)>,
    /// event, its cards: card, causes, answers (name, guard, program, clause)
    reactions: Vec<(String, Vec<ReactionDesc>)>,
    actions_default: i64,
    actions_by_players: Vec<(i64, i64)>,
    row_size: usize,
    first_player_ship: i64,
    setup: SetupDesc,
}

/// id, participants, their clause, section, success (null: a majority), its clause,
/// program key
#[derive(Deserialize)]
struct VoteDesc(
    String,
    ExprDesc,
    String,
    String,
    Option<ExprDesc>,
    Option<String>,
    String,
);

/// name, guard, program key, clause
#[derive(Deserialize)]
struct AnswerDesc(String, ExprDesc, String, String);

/// What the setup deals from (`setup.rs`).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SetupDesc {
    loyalty: Vec<(i64, Vec<String>)>,
    loyalty_open: LoyaltyOpen,
    vote_cards: Vec<String>,
    hand_size: usize,
    treasure: Vec<i64>,
    pawn_order: Vec<i64>,
    places: usize,
    counts: Vec<(String, i64)>,
    starred_pool: Vec<String>,
    starred_choose: usize,
    starred_avoid: Vec<(i64, Vec<String>)>,
    removals: Vec<(i64, Vec<String>)>,
    #[serde(rename = "final")]
    final_card: String,
    among_last: usize,
    remove_from_top: usize,
    start_play: String,
    #[serde(deserialize_with = "required")]
    treasure_program: Option<String>,
    #[serde(deserialize_with = "required")]
    pawns_program: Option<String>,
}

#[derive(Deserialize)]
enum LoyaltyOpen {
    #[serde(rename = "none")]
    Nothing,
    #[serde(rename = "all")]
    All,
    #[serde(rename = "one-each")]
    OneEach,
}

impl LoyaltyOpen {
    fn word(&self) -> &'static str {
        match self {
            LoyaltyOpen::Nothing => "none",
            LoyaltyOpen::All => "all",
            LoyaltyOpen::OneEach => "one-each",
        }
    }
}

/// Tortuga 1667's tables from the document's `tables`, with its roles and turn actions.
pub fn read(b: &mut Builder, part: GamePart) -> Res<T1667> {
    let GamePart {
        tables,
        roles,
        actions,
    } = part;
    let tables = tables.ok_or_else(|| format!("a game of {}: its tables", GAME))?;
    if roles.len() > 32 {
        return Err(format!("{} roles: a role is a bit of 32", roles.len()));
    }
    let d: TablesDesc =
        serde_path_to_error::deserialize(tables).map_err(|e| located(e, "tables"))?;
    let mut t = T1667 {
        place_kind: b.named_kind(&d.place_enum)?,
        spot_kind: b.named_kind(&d.spot_enum)?,
        capacity: d.capacity,
        adjacent: d.adjacent,
        holds: d.holds,
        roles: roles.iter().map(|r| interned(r)).collect(),
        ..Default::default()
    };
    t.role_bits =
        ["anyone", "governor", "captain", "first_mate", "cabin_boy"].map(|r| t.role_bit(r));
    for a in actions {
        let id = a.id.clone();
        let act = b
            .action(a, &t.roles, facet)
            .map_err(|e| format!("{} (the action {})", e, id))?;
        t.actions.push(act);
    }
    for VoteDesc(id, participants, p_clause, section, success, s_clause, program) in d.votes {
        t.votes.push(VoteDef {
            id: interned(&id),
            participants: b.expr(participants)?,
            participants_clause: interned(&p_clause),
            section: interned(&section),
            success: success.map(|s| b.expr(s)).transpose()?,
            success_clause: s_clause.map(|c| interned(&c)),
            program: b.program(&program)?,
        });
    }
    for (card, key) in d.event_programs {
        t.event_programs.insert(interned(&card), b.program(&key)?);
    }
    t.section_icons = d
        .section_icons
        .into_iter()
        .map(|(s, icons)| (interned(&s), texts(&icons)))
        .collect();
    for (card, sections) in d.vote_cards {
        let sections = sections
            .into_iter()
            .map(|(s, icons)| {
                (
                    interned(&s),
                    icons.iter().map(|(i, n)| (interned(i), *n)).collect(),
                )
            })
            .collect();
        t.vote_cards.insert(interned(&card), sections);
    }
    t.checks_pawns = guarded(b, d.checks_pawns)?;
    t.checks_kept = guarded(b, d.checks_kept)?;
    t.before_turn = guarded(b, d.before_turn)?;
    t.after_reveal = guarded(b, d.after_reveal)?;
    t.sit_outs = d
        .sit_outs
        .into_iter()
        .map(|(card, n, clause, done)| (interned(&card), n, interned(&clause), interned(&done)))
        .collect();
    t.vote_plays = d
        .vote_plays
        .into_iter()
        .map(|(card, n, clause, only)| (interned(&card), n, interned(&clause), only))
        .collect();
    for (event, entries) in d.reactions {
        let mut cards = Vec::with_capacity(entries.len());
        for (card, causes, answers) in entries {
            let answers = answers
                .into_iter()
                .map(|AnswerDesc(name, guard, program, clause)| {
                    Ok(Answer {
                        name: interned(&name),
                        guard: b.expr(guard)?,
                        program: b.program(&program)?,
                        clause: interned(&clause),
                    })
                })
                .collect::<Res<_>>()?;
            cards.push((interned(&card), texts(&causes), answers));
        }
        t.reactions.push((interned(&event), cards));
    }
    t.actions_default = d.actions_default;
    t.actions_by_players = d.actions_by_players;
    t.row_size = d.row_size;
    t.first_player_ship = d.first_player_ship;
    t.actor = b.names.intern("actor");
    t.setup = setup(b, d.setup)?;
    t.memo = std::sync::Mutex::new(crate::engine::memo::Memo::new(t.actions.len()));
    Ok(t)
}

fn texts(xs: &[String]) -> Vec<Text> {
    xs.iter().map(|x| interned(x)).collect()
}

fn guarded(b: &mut Builder, pairs: Vec<GuardedDesc>) -> Res<Vec<Guarded>> {
    pairs
        .into_iter()
        .map(|(guard, key)| {
            Ok(Guarded {
                guard: b.expr(guard)?,
                program: b.program(&key)?,
            })
        })
        .collect()
}

fn setup(b: &Builder, d: SetupDesc) -> Res<Setup> {
    let table = |rows: Vec<(i64, Vec<String>)>| -> Vec<(i64, Vec<Text>)> {
        rows.into_iter().map(|(n, xs)| (n, texts(&xs))).collect()
    };
    let program = |key: Option<String>| key.map(|k| b.program(&k)).transpose();
    Ok(Setup {
        loyalty: table(d.loyalty),
        loyalty_open: interned(d.loyalty_open.word()),
        vote_cards: d
            .vote_cards
            .iter()
            .map(|c| Shared::from(c.as_str()))
            .collect(),
        hand_size: d.hand_size,
        treasure: d.treasure,
        pawn_order: d.pawn_order,
        places: d.places,
        counts: d
            .counts
            .into_iter()
            .map(|(c, n)| (Shared::from(c.as_str()), n))
            .collect(),
        starred_pool: d
            .starred_pool
            .iter()
            .map(|c| Shared::from(c.as_str()))
            .collect(),
        starred_choose: d.starred_choose,
        starred_avoid: table(d.starred_avoid),
        removals: table(d.removals),
        final_card: Shared::from(d.final_card.as_str()),
        among_last: d.among_last,
        remove_from_top: d.remove_from_top,
        start_play: b.program(&d.start_play)?,
        treasure_program: program(d.treasure_program)?,
        pawns_program: program(d.pawns_program)?,
    })
}

#[cfg(test)]
mod tests {
    use super::load;

    /// A document of Tortuga 1667 with empty tables (`extra`: more of its tables' keys).
    fn minimal(extra: &str) -> String {
        format!(
            r#"{{"format":"tortuga-rules-native","version":1,"game":"tortuga-1667",
            "ruleset":"tiny","written_by":"a test",
            "named":[{{"class":"Place","members":[[0,"galleon"]]}},
                     {{"class":"ChestSpot","members":[[0,"hold"]]}}],
            "programs":[{{"key":"builtin:start-play","code":[]}}],"options":[],
            "roles":["anyone","captain"],"facets":[],"actions":[],"kit":null,
            "tables":{{"place_enum":"Place","spot_enum":"ChestSpot","capacity":[1],
            "adjacent":[[]],"holds":[[]],"votes":[],"event_programs":[],"section_icons":[],
            "vote_cards":[],"checks_pawns":[],"checks_kept":[],"before_turn":[],
            "after_reveal":[],"sit_outs":[],"vote_plays":[],"reactions":[],
            "actions_default":2,"actions_by_players":[[2,3]],"row_size":4,
            "first_player_ship":0{extra},
            "setup":{{"loyalty":[],"loyalty_open":"none","vote_cards":[],"hand_size":3,
            "treasure":[],"pawn_order":[],"places":1,"counts":[],"starred_pool":[],
            "starred_choose":0,"starred_avoid":[],"removals":[],"final":"end",
            "among_last":0,"remove_from_top":0,"start_play":"builtin:start-play",
            "treasure_program":null,"pawns_program":null}}}}}}"#
        )
    }

    #[test]
    fn a_minimal_document_of_the_game_loads_its_tables() {
        let rules = load(&minimal("")).expect("loads");
        let t = &rules.tables;
        assert_eq!(t.row_size, 4);
        assert_eq!(t.role_bits[0], 1); // anyone, the first role
        assert_eq!(t.setup.start_play, 0);
        assert_eq!(rules.builtin("start-play"), Some(0));
    }

    #[test]
    fn an_unknown_key_of_its_tables_is_refused_with_its_path() {
        let Err(err) = load(&minimal(r#","crew":[]"#)) else {
            panic!("refused")
        };
        assert!(err.contains("at tables.crew: unknown field"), "{}", err);
        let Err(err) = load(&minimal("").replace(r#""capacity":[1]"#, r#""capacity":1"#)) else {
            panic!("refused")
        };
        assert!(err.contains("at tables.capacity: invalid type"), "{}", err);
    }

    #[test]
    fn a_program_its_tables_name_must_be_there() {
        let doc = minimal("").replace(
            r#""event_programs":[]"#,
            r#""event_programs":[["storm","event:storm"]]"#,
        );
        let Err(err) = load(&doc) else {
            panic!("refused")
        };
        assert!(err.contains("event:storm"), "{}", err);
    }
}

//! Tortuga 1667's turn actions as listed for a seat (`legality.py`'s `_turn_actions`),
//! remembered in the rules' memo; vote plays; an action started.

use super::{text, Env, MAX_OPTIONS, R};
use crate::engine::eval::combinations;
use crate::engine::fail::Fail;
use crate::engine::machine::{log, set_env, TO_ALL};
use crate::engine::memo::MemoKey;
use crate::engine::shared::{locked, Shared, Text};
use crate::engine::value::{grouped, Value};
use crate::games::tortuga1667::state::VotePlay;
use crate::games::tortuga1667::Game;

/// The facets of one position for one seat as packed memo-key parts, each packed when an
/// action's key first needs it: its bytes and their count ([`NOT_YET`]: not packed yet,
/// [`WONT`]: it does not pack).
pub(crate) struct Facts<'a> {
    texts: &'a std::cell::RefCell<crate::engine::memo::TextIds>,
    bits: [u128; crate::games::tortuga1667::facets::FACETS],
    lens: [u8; crate::games::tortuga1667::facets::FACETS],
}

pub(crate) const NOT_YET: u8 = 255;
pub(crate) const WONT: u8 = 254;

impl<'a> Facts<'a> {
    fn new(texts: &'a std::cell::RefCell<crate::engine::memo::TextIds>) -> Facts<'a> {
        Facts {
            texts,
            bits: [0; crate::games::tortuga1667::facets::FACETS],
            lens: [NOT_YET; crate::games::tortuga1667::facets::FACETS],
        }
    }
}

/// What answers a turn action's preconditions at a listing: its listing's memo entry (they
/// read no facet its parameters do not, or there are none), or their value found before
/// the listing (None where evaluating them failed: the action is then listed the slower
/// way, in its turn, which meets the same failure in the reference's order).
#[derive(Clone, Copy, PartialEq)]
pub(crate) enum Pre {
    InListing,
    Found(Option<bool>),
}

type Keyed = (usize, Pre, Option<MemoKey>);

/// A turn action's listing that failed: the action's number, which of its expressions
/// failed - 1 + its place among its preconditions and then its parameters' values, the
/// order `legality.py`'s `_failing_expression` tries them in; 0 for any other part (a
/// filter, a value that is not a list, too many options) - and how.
#[derive(Debug)]
pub struct Unlisted {
    pub action: usize,
    pub at: usize,
    pub fail: Fail,
}

impl Game {
    /// The preconditions of turn action `k` for `seat`, as [`Pre`] answers them.
    fn pre(&self, k: usize, seat: i64) -> Pre {
        if self.tr().actions[k].requires_in_listing {
            return Pre::InListing;
        }
        Pre::Found(self.allowed(k, seat).ok())
    }

    /// Every turn action `seat` may take: `(action number, its argument combinations)` in
    /// the reference's order (`legality.py`'s `_turn_actions`), remembered as the reference
    /// remembers them: keyed by exactly the facets the action's expressions read.
    #[allow(clippy::type_complexity)]
    pub fn turn_actions(
        &self,
        seat: i64,
    ) -> Result<Vec<(usize, Shared<crate::engine::memo::Listed>)>, Unlisted> {
        let pre = self.pres(seat);
        let memo = locked(&self.tr().memo);
        let keys = self.memo_keys(seat, &memo, &pre);
        self.listed_by(seat, keys, memo)
    }

    /// The turn actions of `keys` ([`Game::memo_keys`]) listed, `memo` the memo locked.
    #[allow(clippy::type_complexity)]
    fn listed_by(
        &self,
        seat: i64,
        keys: Vec<Keyed>,
        memo: std::sync::MutexGuard<'_, crate::engine::memo::Memo>,
    ) -> Result<Vec<(usize, Shared<crate::engine::memo::Listed>)>, Unlisted> {
        let t = self.tr();
        let mut out = Vec::with_capacity(keys.len());
        // What the memo remembers is read under the lock, as long as it answers; an action
        // it does not answer is listed with the lock let go (the listing runs the rules
        // and counts against the budget, which may empty every memo), then it is taken
        // again: the memo is asked in the same order, holding the same answers.
        for (k, _, listing) in keys.iter() {
            if let Some(Some(found)) = listing.as_ref().and_then(|key| memo.listings[*k].peek(key))
            {
                crate::engine::memo::prefetch(&**found);
            }
        }
        let mut memo = Some(memo);
        for (k, pre, listing) in keys {
            let m = memo.get_or_insert_with(|| locked(&t.memo));
            match remembered(&m.listings[k], pre, &listing) {
                Some(Some(combos)) => out.push((k, combos)),
                Some(None) => {}
                None => {
                    memo = None;
                    if let Some(combos) = self.listed(k, seat, pre, listing)? {
                        out.push((k, combos));
                    }
                }
            }
        }
        Ok(out)
    }

    /// The memo keys of the turn actions `pres` ([`Game::pres`]): `(action number, what
    /// answers its preconditions, key of its listing - none where they fail)`. Every key
    /// first, each table slot asked for as its key is known: the lookups then wait for
    /// memory together, not one after another. `memo` is locked for all of them (making a
    /// key reads the state alone, and runs no Python).
    #[allow(clippy::type_complexity)]
    fn memo_keys(
        &self,
        seat: i64,
        memo: &crate::engine::memo::Memo,
        pres: &[(usize, Pre)],
    ) -> Vec<Keyed> {
        let t = self.tr();
        let mut keys = Vec::with_capacity(pres.len());
        let mut facts = Facts::new(&memo.texts);
        for &(k, pre) in pres {
            let act = &t.actions[k];
            // an action whose preconditions fail lists nothing: no key is made for it
            let listing = match pre {
                Pre::Found(Some(false)) => None,
                _ => act
                    .depends
                    .as_ref()
                    .map(|f| self.memo_key(f, seat, &mut facts)),
            };
            listing
                .iter()
                .for_each(|key| memo.listings[k].prefetch(key));
            keys.push((k, pre, listing));
        }
        keys
    }

    /// The turn actions `seat`'s roles allow, each with [`Game::pre`]'s answer.
    fn pres(&self, seat: i64) -> Vec<(usize, Pre)> {
        let t = self.tr();
        let roles = self.role_bits(seat);
        t.actions
            .iter()
            .enumerate()
            .filter(|(_, act)| act.role & roles != 0)
            .map(|(k, _)| (k, self.pre(k, seat)))
            .collect()
    }

    /// The turn action numbered `draw(count)` of the `count` that `seat` may take, as
    /// [`Game::turn_actions`] lists them: `(action number, its listing, which combination)`,
    /// or None where there is none (and `draw` is not called). Where the memo answers for
    /// every action, no counted copy is taken of the listings not drawn; else they are
    /// listed as [`Game::turn_actions`] lists them, from the same keys.
    #[allow(clippy::type_complexity)]
    pub fn turn_action_drawn(
        &self,
        seat: i64,
        draw: &mut dyn FnMut(usize) -> usize,
    ) -> Result<Option<(usize, Shared<crate::engine::memo::Listed>, usize)>, Unlisted> {
        let pre = self.pres(seat);
        let memo = locked(&self.tr().memo);
        let keys = self.memo_keys(seat, &memo, &pre);
        if let Some(found) = self.all_remembered(&keys, &memo) {
            return Ok(drawn_at(&found, draw).map(|(g, at)| (found[g].0, found[g].1.clone(), at)));
        }
        let mut listed = self.listed_by(seat, keys, memo)?;
        Ok(drawn_at(&listed, draw).map(|(g, at)| {
            let (k, l) = listed.swap_remove(g);
            (k, l, at)
        }))
    }

    /// The turn action `choose` picks of those `seat` may take, given them as
    /// [`Game::turn_actions`] lists them (action numbers and listings, in order) and
    /// answering which group and which combination (None: it takes none): `(action
    /// number, its listing, which combination)`, the memo read as
    /// [`Game::turn_action_drawn`] reads it.
    #[allow(clippy::type_complexity)]
    pub fn turn_action_chosen(
        &self,
        seat: i64,
        choose: impl FnOnce(&[(usize, &Shared<crate::engine::memo::Listed>)]) -> Option<(usize, usize)>,
    ) -> Result<Option<(usize, Shared<crate::engine::memo::Listed>, usize)>, Unlisted> {
        let pre = self.pres(seat);
        let memo = locked(&self.tr().memo);
        let keys = self.memo_keys(seat, &memo, &pre);
        if let Some(found) = self.all_remembered(&keys, &memo) {
            return Ok(choose(&found).map(|(g, at)| (found[g].0, found[g].1.clone(), at)));
        }
        let mut listed = self.listed_by(seat, keys, memo)?;
        let groups: Vec<_> = listed.iter().map(|(k, l)| (*k, l)).collect();
        Ok(choose(&groups).map(|(g, at)| {
            let (k, l) = listed.swap_remove(g);
            (k, l, at)
        }))
    }

    /// The listings of the actions of `keys` ([`Game::memo_keys`]) that list something,
    /// borrowed from `memo`, where it answers for every one of them.
    // inlined into both: a random playout draws as before (drawing through the reflex's
    // chooser cost it 1.8% a step, paired A/B)
    #[inline(always)]
    #[allow(clippy::type_complexity)]
    fn all_remembered<'m>(
        &self,
        keys: &[Keyed],
        memo: &'m crate::engine::memo::Memo,
    ) -> Option<Vec<(usize, &'m Shared<crate::engine::memo::Listed>)>> {
        let mut found = Vec::with_capacity(keys.len());
        for (k, pre, listing) in keys.iter() {
            let remembered = remembered_ref(&memo.listings[*k], *pre, listing)?;
            if let Some(listed) = remembered {
                crate::engine::memo::prefetch(&**listed);
                found.push((*k, listed));
            }
        }
        Some(found)
    }

    /// Action `k`'s listing for `seat` (None where its preconditions do not hold or it
    /// lists nothing), remembered by `listing`, the key of the facets its parameters
    /// depend on; `pre` answers its preconditions where that entry does not.
    pub(crate) fn listed(
        &self,
        k: usize,
        seat: i64,
        pre: Pre,
        listing: Option<MemoKey>,
    ) -> Result<Option<Shared<crate::engine::memo::Listed>>, Unlisted> {
        let holds = match pre {
            Pre::InListing => true,
            Pre::Found(Some(holds)) => holds,
            Pre::Found(None) => self.allowed(k, seat)?,
        };
        if !holds {
            return Ok(None);
        }
        if let Some(key) = &listing {
            if let Some(found) = locked(&self.tr().memo).listings[k].get(key) {
                return Ok(found);
            }
        }
        let ok = pre != Pre::InListing || self.allowed(k, seat)?;
        // an empty listing is remembered as None too: the memo's answer then says whether
        // there is anything to list without reading the listing
        let listed = if ok {
            Some(self.action_options(k, seat)?).filter(|l| !l.combos.is_empty())
        } else {
            None
        };
        if let Some(key) = listing {
            let memo = &self.tr().memo;
            if crate::engine::budget::charge(
                memo,
                1 + listed.as_ref().map_or(0, |l| l.combos.len()),
            ) {
                locked(memo).listings[k].insert(key, listed.clone());
            }
        }
        Ok(listed)
    }

    /// Whether every precondition of action `k` holds for `seat`.
    pub(crate) fn allowed(&self, k: usize, seat: i64) -> Result<bool, Unlisted> {
        let act = &self.tr().actions[k];
        if act.requires.is_empty() {
            return Ok(true);
        }
        let env: Env = vec![(self.tr().actor, Value::Int(seat))];
        for (j, test) in act.requires.iter().enumerate() {
            let holds = self.evaluate(test, &env).map_err(|fail| Unlisted {
                action: k,
                at: 1 + j,
                fail,
            })?;
            if !holds {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Action `k`'s argument combinations for `seat`, a failure placed as [`Unlisted`]
    /// places it.
    fn action_options(
        &self,
        k: usize,
        seat: i64,
    ) -> Result<Shared<crate::engine::memo::Listed>, Unlisted> {
        let unlisted = |at: usize| {
            move |fail| Unlisted {
                action: k,
                at,
                fail,
            }
        };
        let act = &self.tr().actions[k];
        let env: Env = vec![(self.tr().actor, Value::Int(seat))];
        let mut domains = Vec::with_capacity(act.params.len());
        for (i, p) in act.params.iter().enumerate() {
            let values = self
                .eval(&p.values, &env)
                .map_err(unlisted(1 + act.requires.len() + i))?;
            domains.push(self.kept_by(p, values, &env).map_err(unlisted(0))?);
        }
        self.combined(k, domains).map_err(unlisted(0))
    }

    /// The items of `values`, a parameter's values, that pass all of `p`'s filters.
    fn kept_by(
        &self,
        p: &crate::engine::actions::Param,
        values: Value,
        env: &Env,
    ) -> R<Vec<Value>> {
        let values = values.to_items()?;
        if p.filters.is_empty() {
            return Ok(values.to_vec());
        }
        let mut fenv = env.clone();
        fenv.push((p.name, Value::None));
        let last = fenv.len() - 1;
        let mut kept = Vec::new();
        for v in values.iter() {
            fenv[last].1 = v.clone();
            let mut all = true;
            for test in p.filters.iter() {
                if !self.evaluate(test, &fenv)? {
                    all = false;
                    break;
                }
            }
            if all {
                kept.push(v.clone());
            }
        }
        Ok(kept)
    }

    /// Every combination of `domains`, action `k`'s parameters' values, refused where
    /// there would be too many.
    fn combined(
        &self,
        k: usize,
        domains: Vec<Vec<Value>>,
    ) -> R<Shared<crate::engine::memo::Listed>> {
        let act = &self.tr().actions[k];
        let total: usize = if domains.is_empty() {
            0
        } else {
            domains.iter().map(|d| d.len()).product()
        };
        if domains.len() > 1 && total > MAX_OPTIONS
            || domains.len() == 1 && domains[0].len() > MAX_OPTIONS
        {
            let sizes: Vec<String> = domains.iter().map(|d| d.len().to_string()).collect();
            return Err(Fail::value(format!(
                "{} would have more than {} options ({})",
                act.id,
                grouped(MAX_OPTIONS as i64),
                sizes.join(" x ")
            )));
        }
        let mut combos = Vec::new();
        product(&domains, &mut |combo| combos.push(combo.to_vec()));
        Ok(Shared::new(crate::engine::memo::Listed {
            combos,
            ..Default::default()
        }))
    }

    /// The memo key of `facets` in this state, for `seat` acting: packed when its parts are
    /// small numbers and known texts (nearly always), else the parts themselves. Each facet
    /// is packed once a listing (`facts`), as the reference takes each once.
    // inlined where the keys are made: a key handed back through memory was read back
    // before its writes had landed (a stall at every key, by the profile)
    #[inline(always)]
    pub(crate) fn memo_key(
        &self,
        facets: &[crate::engine::actions::FacetId],
        seat: i64,
        facts: &mut Facts,
    ) -> crate::engine::memo::MemoKey {
        let mut key = crate::engine::memo::KeyBits::new(self.players);
        for f in facets {
            let Some(k) = key else { break };
            let i = *f as usize;
            if facts.lens[i] == NOT_YET {
                let facet = crate::games::tortuga1667::facets::Facet::ALL[i];
                let one = self.facet_packed(facet, seat, facts.texts);
                facts.bits[i] = one.bits;
                facts.lens[i] = if one.failed { WONT } else { one.n as u8 };
            }
            key = match facts.lens[i] {
                WONT => None,
                n => k.then(facts.bits[i], n as usize),
            };
        }
        if let Some(k) = key {
            return k.key();
        }
        let mut parts = vec![crate::engine::memo::Key::I(self.players)];
        facets.iter().for_each(|f| {
            let facet = crate::games::tortuga1667::facets::Facet::ALL[*f as usize];
            self.facet_parts(facet, seat, &mut parts)
        });
        crate::engine::memo::MemoKey::Long(parts)
    }

    /// Every play of the pending voter (`voting.py`'s `vote_options`): `(several, cards)`.
    pub fn vote_plays(&self) -> Result<Vec<VotePlay>, String> {
        let t = self.tr();
        let seat = self
            .decision
            .as_ref()
            .and_then(|d| d.seat.int())
            .unwrap_or(0) as usize;
        let mut hand = self.own.hands[seat].clone();
        hand.sort();
        let mut plays: Vec<(bool, Vec<Text>)> =
            hand.iter().map(|c| (false, vec![c.clone()])).collect();
        for (card, n, _, only_next) in t.vote_plays.iter() {
            let lapsed = |m: &Text| m.strip_prefix(card.as_ref()) == Some("-lapsed");
            if *only_next && self.own.marks[seat].iter().any(lapsed) {
                continue;
            }
            let n = *n as usize;
            if self.own.kept[seat].contains(card) && hand.len() >= n {
                if binomial(hand.len(), n) > MAX_OPTIONS as u128 {
                    return Err(format!(
                        "playing {} of {} vote cards at once",
                        n,
                        hand.len()
                    ));
                }
                for combo in combinations(hand.len(), n) {
                    plays.push((true, combo.iter().map(|i| hand[*i].clone()).collect()));
                }
            }
        }
        Ok(plays)
    }

    /// Start the turn action `act` with `args` (`transition.start`); then run.
    pub fn start_action(
        &mut self,
        act: usize,
        args: &[Value],
    ) -> Result<(), crate::engine::machine::Failure> {
        let rules = self.rules.clone();
        let t = &rules.tables;
        let def = &t.actions[act];
        let seat = self
            .decision
            .as_ref()
            .map(|d| d.seat.clone())
            .unwrap_or(Value::None);
        self.decision = None;
        log!(self, Some(def.clause.clone()), "action", TO_ALL, {
            let pairs: Vec<Value> = def
                .params
                .iter()
                .zip(args.iter())
                .map(|(p, v)| Value::tuple(vec![text(&p.label), v.clone()]))
                .collect();
            vec![
                seat.clone(),
                Value::tuple(vec![text(&def.id), Value::tuple(pairs)]),
            ]
        });
        let mut env: Env = Vec::with_capacity(def.params.len() + 1);
        for (p, v) in def.params.iter().zip(args.iter()) {
            set_env(&mut env, p.name, v.clone());
        }
        let actor = t.actor;
        set_env(&mut env, actor, seat);
        let finish = self.builtin("finish-action");
        self.push_program(finish, Vec::new());
        self.push_program(def.program, env);
        Ok(())
    }
}

/// The combination numbered `draw(count)` of the `count` that `groups` list together
/// (each an action number and its listing, in order): which group, and its place in the
/// group; None where they list nothing (`draw` is not called).
fn drawn_at<L: AsRef<crate::engine::memo::Listed>>(
    groups: &[(usize, L)],
    draw: &mut dyn FnMut(usize) -> usize,
) -> Option<(usize, usize)> {
    let total: usize = groups.iter().map(|(_, l)| l.as_ref().combos.len()).sum();
    if total == 0 {
        return None;
    }
    let mut at = draw(total);
    for (g, (_, listed)) in groups.iter().enumerate() {
        let n = listed.as_ref().combos.len();
        if at < n {
            return Some((g, at));
        }
        at -= n;
    }
    unreachable!("a draw below the count")
}

/// What the memo answers for an action, as [`Game::listed`] would find it (None: it does
/// not answer; Some(None): nothing to list), reading nothing but the memo.
fn remembered(
    listings: &crate::engine::memo::Table<Option<Shared<crate::engine::memo::Listed>>>,
    pre: Pre,
    listing: &Option<MemoKey>,
) -> Option<Option<Shared<crate::engine::memo::Listed>>> {
    remembered_ref(listings, pre, listing).map(|l| l.cloned())
}

/// [`remembered`], the listing borrowed from the memo.
fn remembered_ref<'m>(
    listings: &'m crate::engine::memo::Table<Option<Shared<crate::engine::memo::Listed>>>,
    pre: Pre,
    listing: &Option<MemoKey>,
) -> Option<Option<&'m Shared<crate::engine::memo::Listed>>> {
    match pre {
        Pre::Found(Some(false)) => return Some(None),
        Pre::Found(None) => return None,
        _ => {}
    }
    listings.peek(listing.as_ref()?).map(|l| l.as_ref())
}

/// Python's `str()` of a value, for comparing a fixed order with the items it orders.
pub(crate) fn py_str(v: &Value) -> String {
    match v {
        Value::Str(s) => s.to_string(),
        other => other.repr(),
    }
}

pub(crate) fn product(domains: &[Vec<Value>], emit: &mut dyn FnMut(&[Value])) {
    if domains.is_empty() {
        emit(&[]);
        return;
    }
    if domains.iter().any(|d| d.is_empty()) {
        return;
    }
    let mut idx = vec![0usize; domains.len()];
    let mut combo: Vec<Value> = domains.iter().map(|d| d[0].clone()).collect();
    loop {
        emit(&combo);
        let mut k = domains.len();
        loop {
            if k == 0 {
                return;
            }
            k -= 1;
            idx[k] += 1;
            if idx[k] < domains[k].len() {
                combo[k] = domains[k][idx[k]].clone();
                break;
            }
            idx[k] = 0;
            combo[k] = domains[k][0].clone();
        }
    }
}

pub(crate) fn binomial(n: usize, k: usize) -> u128 {
    let mut r: u128 = 1;
    for i in 0..k {
        r = r * (n - i) as u128 / (i + 1) as u128;
    }
    r
}

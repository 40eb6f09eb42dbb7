//! What a seat may do in Tortuga 1667 (`roles.py`) and the facets of a position its turn
//! actions' listings are remembered by.

use crate::engine::shared::Text;
use crate::engine::words::words;
use crate::games::tortuga1667::Game;

words!(Facet {
    Actor = "actor",
    Players = "players",
    Lines = "lines",
    Places = "places",
    LineSizes = "line_sizes",
    Chests = "chests",
    Sunk = "sunk",
    RowMask = "row_mask",
    HandSizes = "hand_sizes",
    Hands = "hands",
    Kept = "kept",
    Marks = "marks",
    VoteDeck = "vote_deck",
    Revealed = "revealed",
});

/// How many kinds of [`Facet`] there are.
pub const FACETS: usize = Facet::ALL.len();

impl Game {
    // -- what a seat may do --------------------------------------------------------------------

    /// The roles `seat` holds, as bits of the rules' role names (`roles.py`).
    pub fn role_bits(&self, seat: i64) -> u32 {
        let [anyone, governor, captain, first_mate, cabin_boy] = self.tr().role_bits;
        for (p, line) in self.own.lines.iter().enumerate() {
            if let Some(i) = line.iter().position(|s| *s == seat) {
                let mut bits = anyone;
                if p >= 2 {
                    if p == 2 && i == 0 {
                        bits |= governor;
                    }
                    return bits;
                }
                if i == 0 {
                    bits |= captain;
                } else if i == 1 {
                    bits |= first_mate;
                }
                if i == line.len() - 1 {
                    bits |= cabin_boy;
                }
                return bits;
            }
        }
        0
    }

    /// Facet `f` in this state, for `seat` acting, packed.
    #[inline(never)]
    pub(crate) fn facet_packed<'a>(
        &self,
        f: Facet,
        seat: i64,
        texts: &'a std::cell::RefCell<crate::engine::memo::TextIds>,
    ) -> crate::engine::memo::Packer<'a> {
        let mut one = crate::engine::memo::Packer::new(texts);
        self.facet_parts(f, seat, &mut one);
        one
    }

    /// The parts of the memo key of facet `f` in this state, for `seat` acting, into `key`.
    pub(crate) fn facet_parts(
        &self,
        f: Facet,
        seat: i64,
        key: &mut impl crate::engine::memo::KeySink,
    ) {
        let t = &self.own;
        fn strings(key: &mut impl crate::engine::memo::KeySink, xs: &[Text]) {
            key.int(xs.len() as i64);
            xs.iter().for_each(|x| key.text(x));
        }
        match f {
            Facet::Actor => key.int(seat),
            Facet::Players => {}
            Facet::Lines => {
                for line in t.lines.iter() {
                    key.int(line.len() as i64);
                    line.iter().for_each(|s| key.int(*s));
                }
            }
            Facet::Places => {
                for s in 0..self.players {
                    let p = t
                        .lines
                        .iter()
                        .position(|l| l.contains(&s))
                        .map(|p| p as i64)
                        .unwrap_or(-1);
                    key.int(p);
                }
            }
            Facet::LineSizes => t.lines.iter().for_each(|l| key.int(l.len() as i64)),
            Facet::Chests => t.chests.iter().for_each(|c| key.int(*c)),
            Facet::Sunk => t.sunk.iter().for_each(|b| key.int(*b as i64)),
            Facet::RowMask => {
                let mask = t
                    .row
                    .iter()
                    .enumerate()
                    .filter(|(_, c)| c.is_some())
                    .fold(0i64, |m, (i, _)| m | 1 << i);
                key.int(mask);
                key.int(t.row.len() as i64);
            }
            Facet::HandSizes => t.hands.iter().for_each(|h| key.int(h.len() as i64)),
            Facet::Hands => t.hands.iter().for_each(|h| strings(key, h)),
            Facet::Kept => t.kept.iter().for_each(|h| strings(key, h)),
            Facet::Marks => t.marks.iter().for_each(|h| strings(key, h)),
            Facet::VoteDeck => strings(key, &t.vote_deck),
            Facet::Revealed => key.int(
                (t.discard.len()
                    + t.resolving.len()
                    + t.kept.iter().map(|k| k.len()).sum::<usize>()) as i64,
            ),
        }
    }
}

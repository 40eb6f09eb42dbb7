//! The DSL words the native engine knows, by the names the rules use: the generic
//! functions every game has (`dsl/functions.py`) and the component kit's words
//! (`dsl/kit.py`); a game's own words (Tortuga 1667's, `crate::games::tortuga1667::words`)
//! are numbers here, each game's list its own. A ruleset that calls any other word is not
//! run natively.

/// A closed list of words, each by the name the rules use: an enum with `parse` (a name's
/// word), `ALL` (every word, in order) and `index` (a word's place in `ALL`, how a game's
/// own words are numbered in [`Func::Game`] and [`Verb::Game`]).
macro_rules! words {
    ($name:ident { $($variant:ident = $text:literal),* $(,)? }) => {
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum $name { $($variant),* }

        impl $name {
            /// Every word, in order.
            #[allow(dead_code)]
            pub const ALL: &'static [$name] = &[$($name::$variant),*];

            pub fn parse(text: &str) -> Option<$name> {
                match text { $($text => Some($name::$variant),)* _ => None }
            }

            /// This word's place in [`Self::ALL`].
            #[allow(dead_code)]
            pub fn index(self) -> u16 {
                self as u16
            }
        }
    };
}
// a game names its own words with it (`games/tortuga1667/words.rs`); with no game compiled in,
// only this module does
#[allow(unused_imports)]
pub(crate) use words;

words!(Base {
    // generic (dsl/functions.py)
    Players = "players",
    Others = "others",
    Rest = "rest",
    Without = "without",
    Count = "count",
    First = "first",
    Second = "second",
    Last = "last",
    Reversed = "reversed",
    Pairs = "pairs",
    Option = "option",
    // the component kit (dsl/kit.py)
    Zone = "zone",
    Track = "track",
    Counter = "counter",
    Side = "side",
    Pips = "pips",
    Letter = "letter",
    Letters = "letters",
    Picked = "picked",
    Showing = "showing",
    PipsOn = "pips_on",
    OfAKind = "of_a_kind",
    Ranked = "ranked",
    SeatsFrom = "seats_from",
    NextSeat = "next_seat",
    Distinct = "distinct",
    CountOf = "count_of",
    Total = "total",
    Highest = "highest",
    TokenValue = "value",
    CompleteSets = "complete_sets",
    Held = "held",
    Shown = "shown",
    Between = "between",
});

words!(KitVerb {
    MoveToken = "move_token",
    MoveLast = "move_last",
    Draw = "draw",
    Advance = "advance",
    SetCounter = "set_counter",
    Roll = "roll",
    MoveDice = "move_dice",
    MoveAll = "move_all",
    TurnDie = "turn_die",
    Hold = "hold",
    RevealHeld = "reveal_held",
    Say = "say",
    Run = "run",
    Finish = "finish",
});

/// A DSL function: a generic or kit one, or one of the game's own (its number in the
/// game's list of functions).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Func {
    B(Base),
    Game(u16),
}

impl Func {
    /// The function called `text`: the engine's, else the game's own (`game` numbers the
    /// game's functions by name).
    pub fn parse(text: &str, game: impl Fn(&str) -> Option<u16>) -> Option<Func> {
        Base::parse(text)
            .map(Func::B)
            .or_else(|| game(text).map(Func::Game))
    }
}

/// A verb: the kit's, one of the game's own, or one of the game's engine steps its
/// builtin programs call (each by its number in the game's list).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verb {
    K(KitVerb),
    Game(u16),
    Step(u16),
}

impl Verb {
    /// The verb called `text`: the kit's, else the game's own (`game` numbers the game's
    /// verbs by name).
    pub fn parse(text: &str, game: impl Fn(&str) -> Option<u16>) -> Option<Verb> {
        KitVerb::parse(text)
            .map(Verb::K)
            .or_else(|| game(text).map(Verb::Game))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game whose one function is `left_of` and whose one verb is `give_vote`.
    fn game_func(name: &str) -> Option<u16> {
        (name == "left_of").then_some(0)
    }

    fn game_verb(name: &str) -> Option<u16> {
        (name == "give_vote").then_some(0)
    }

    #[test]
    fn the_engines_words_come_before_the_games() {
        assert_eq!(Func::parse("count", game_func), Some(Func::B(Base::Count)));
        assert_eq!(Func::parse("left_of", game_func), Some(Func::Game(0)));
        assert_eq!(Verb::parse("roll", game_verb), Some(Verb::K(KitVerb::Roll)));
        assert_eq!(Verb::parse("give_vote", game_verb), Some(Verb::Game(0)));
    }

    #[test]
    fn a_word_neither_has_is_not_known() {
        assert_eq!(Func::parse("left_of", |_| None), None);
        assert_eq!(Func::parse("above_of", game_func), None);
        assert_eq!(Verb::parse("steal_vote", game_verb), None);
    }

    #[test]
    fn words_are_numbered_by_their_place() {
        assert_eq!(KitVerb::ALL[KitVerb::Roll.index() as usize], KitVerb::Roll);
        assert_eq!(Base::ALL.len(), Base::Between.index() as usize + 1);
    }
}

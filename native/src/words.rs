//! The DSL words the native engine knows, by the names the rules use: the generic
//! functions every game has (`dsl/functions.py`) and the component kit's words
//! (`dsl/kit.py`). A ruleset that calls any other word is not run natively.

macro_rules! words {
    ($name:ident { $($variant:ident = $text:literal),* $(,)? }) => {
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum $name { $($variant),* }

        impl $name {
            pub fn parse(text: &str) -> Option<$name> {
                match text { $($text => Some($name::$variant),)* _ => None }
            }
        }
    };
}

words!(Func {
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

words!(Verb {
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

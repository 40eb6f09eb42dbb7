//! The DSL words the native engine knows, by the names the rules use: the generic
//! functions every game has (`dsl/functions.py`) and the component kit's words
//! (`dsl/kit.py`), and Tortuga 1667's (`games/tortuga1667/verbs.py`, `functions.py`). A
//! ruleset that calls any other word is not run natively.

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

words!(TFunc {
    Location = "location",
    Crew = "crew",
    Captain = "captain",
    Chests = "chests",
    Holds = "holds",
    Nonempty = "nonempty",
    ChestMoves = "chest_moves",
    Transfers = "transfers",
    OtherShip = "other_ship",
    RightOf = "right_of",
    LeftOf = "left_of",
    Rowboats = "rowboats",
    IsBoat = "is_boat",
    IsShip = "is_ship",
    Adjacent = "adjacent",
    WithRoom = "with_room",
    Revealed = "revealed",
    KeptCount = "kept_count",
    Hand = "hand",
    VoteDeckCards = "vote_deck_cards",
    Marks = "marks",
    Holder = "holder",
    HasRoom = "has_room",
    Sunk = "sunk",
    FaceDown = "face_down",
    HandSize = "hand_size",
    FreeSpots = "free_spots",
});

words!(TVerb {
    Maroon = "maroon",
    MaroonAnyway = "maroon_anyway",
    Move = "move",
    MoveChest = "move_chest",
    Gather = "gather",
    Share = "share",
    Peek = "peek",
    Reveal = "reveal",
    ReshuffleLine = "reshuffle_line",
    SwapPlaces = "swap_places",
    Sink = "sink",
    SwapLoyalties = "swap_loyalties",
    Keep = "keep",
    DiscardKept = "discard_kept",
    DrawVote = "draw_vote",
    VoteToTop = "vote_to_top",
    LoseVote = "lose_vote",
    HandToDeck = "hand_to_deck",
    TakeVote = "take_vote",
    GiveVote = "give_vote",
    ShuffleVotes = "shuffle_votes",
    MaroonAll = "maroon_all",
    Discard = "discard",
    Vote = "vote",
    EndGame = "end_game",
    PlaceChest = "place_chest",
    Mark = "mark",
    Unmark = "unmark",
    ExtraAction = "extra_action",
    SkipTurn = "skip_turn",
    Cite = "cite",
    PlacePawn = "place_pawn",
    PlacePawnAt = "place_pawn_at",
    Stop = "stop",
});

words!(Internal {
    FinishAction = "finish-action",
    FinishReveal = "finish-reveal",
    FinishVote = "finish-vote",
    StartPlay = "start-play",
    BeginTurn = "begin-turn",
    OpenVote = "open-vote",
    Ask = "ask",
    Respond = "respond",
});

/// A DSL function: a generic or kit one, or one of Tortuga 1667's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Func {
    B(Base),
    T(TFunc),
}

impl Func {
    pub fn parse(text: &str) -> Option<Func> {
        Base::parse(text)
            .map(Func::B)
            .or_else(|| TFunc::parse(text).map(Func::T))
    }
}

/// A verb: the kit's, Tortuga 1667's, or one of the engine steps its builtin programs call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verb {
    K(KitVerb),
    T(TVerb),
    I(Internal),
}

impl Verb {
    pub fn parse(text: &str) -> Option<Verb> {
        KitVerb::parse(text)
            .map(Verb::K)
            .or_else(|| TVerb::parse(text).map(Verb::T))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_words_authors_asked_for_are_known_by_their_names() {
        assert_eq!(Func::parse("left_of"), Some(Func::T(TFunc::LeftOf)));
        assert_eq!(Func::parse("right_of"), Some(Func::T(TFunc::RightOf)));
        assert_eq!(Verb::parse("give_vote"), Some(Verb::T(TVerb::GiveVote)));
    }

    #[test]
    fn a_word_no_game_has_is_not_known() {
        assert_eq!(Func::parse("above_of"), None);
        assert_eq!(Verb::parse("steal_vote"), None);
    }
}

//! A component kit game's setup (`game/kit/loop.py`'s `setup_kit`).

use crate::engine::ext::Ext;
use crate::engine::machine::{log, Failure, Game, TO_ALL};
use crate::engine::value::Value;

impl<X: Ext> Game<X> {
    /// A component kit game's setup (`game/kit/loop.py`'s `setup_kit`): tracks, counters and
    /// zones as the components set them out, then the `setup` and `play` programs run
    /// until the first decision.
    pub fn setup_kit(&mut self) -> Result<(), Failure> {
        let rules = self.rules.clone();
        let kit = &rules.kit;
        let n = self.players as usize;
        self.tracks = vec![kit.track_starts.clone(); n];
        self.counters = kit.counter_starts.clone();
        self.zones = kit.shared_starts.clone();
        for _ in 0..n {
            self.zones.extend(kit.own_starts.iter().cloned());
        }
        self.held = vec![None; n];
        self.shown = vec![Value::None; n];
        self.step = -1;
        log!(
            self,
            None,
            "players",
            TO_ALL,
            vec![Value::Int(self.players)]
        );
        for prog in kit.setup_programs.iter() {
            self.push_program(*prog, kit.lists.clone());
        }
        self.run()?;
        self.end_step();
        Ok(())
    }
}

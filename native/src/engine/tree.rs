//! The search tree of single-observer ISMCTS (`tortuga_rules/bots/ismcts.py`), knowing no
//! game: nodes with visits, availability counts and totals, each node's children by the
//! side that chose and the action taken (both interned as numbers), one descent step by
//! UCB1 with availability counts, and the backup. The arithmetic and the order of the
//! draws are the reference walk's, so the same draws give the same tree.

use crate::engine::memo::FxMap;

/// The root's node number.
pub const ROOT: usize = 0;

/// One node: how often it was chosen, how often it could have been, and the results
/// backed up through it.
#[derive(Debug, Clone, Default)]
pub struct Node {
    pub visits: f64,
    pub avail: f64,
    pub total: f64,
}

/// Where a descent step went: the position of the action taken among the legal actions
/// given, the child reached, and whether the child was added now (the walk stops there).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Went {
    pub at: usize,
    pub child: usize,
    pub added: bool,
}

/// The tree: its nodes, their children by `(node, side, action)`, and the names of sides
/// and actions interned as numbers.
#[derive(Debug, Default)]
pub struct Tree {
    nodes: Vec<Node>,
    children: FxMap<(usize, u32, u32), usize>,
    names: FxMap<String, u32>,
    /// the positions of the untried actions of the step under way (kept for its buffer)
    untried: Vec<usize>,
}

impl Tree {
    /// A tree of one node, the root.
    pub fn new() -> Tree {
        Tree {
            nodes: vec![Node::default()],
            ..Tree::default()
        }
    }

    /// The number standing for `name` (a side or an action's key): equal names, equal
    /// numbers.
    pub fn intern(&mut self, name: &str) -> u32 {
        if let Some(n) = self.names.get(name) {
            return *n;
        }
        let n = self.names.len() as u32;
        self.names.insert(name.to_string(), n);
        n
    }

    pub fn node(&self, id: usize) -> &Node {
        &self.nodes[id]
    }

    pub fn node_mut(&mut self, id: usize) -> &mut Node {
        &mut self.nodes[id]
    }

    /// The child of `node` reached when `side` takes `action`, if there is one.
    pub fn child(&self, node: usize, side: u32, action: u32) -> Option<usize> {
        self.children.get(&(node, side, action)).copied()
    }

    /// The child of `node` for `side` taking `action`, a new node with no visits (one in
    /// its place is forgotten, as the reference's dictionary replaces it).
    pub fn add(&mut self, node: usize, side: u32, action: u32) -> usize {
        let id = self.nodes.len();
        self.nodes.push(Node::default());
        self.children.insert((node, side, action), id);
        id
    }

    /// One step down from `node` where `side` chooses among the legal actions `keys`
    /// (interned, in the listing's order): each child among them is counted available
    /// once more (an action listed twice, twice); if some have no child, one of them is
    /// drawn (`draw(count)`, the reference's `randrange`) and added with one
    /// availability; else the child best by UCB1 with constant `c` is taken (`None`: no
    /// legal action).
    pub fn descend(
        &mut self,
        node: usize,
        side: u32,
        keys: &[u32],
        c: f64,
        draw: impl FnOnce(usize) -> usize,
    ) -> Option<Went> {
        let mut untried = std::mem::take(&mut self.untried);
        untried.clear();
        for (at, key) in keys.iter().enumerate() {
            match self.child(node, side, *key) {
                None => untried.push(at),
                Some(child) => self.nodes[child].avail += 1.0,
            }
        }
        let went = if untried.is_empty() {
            self.chosen(node, side, keys, c)
        } else {
            let at = untried[draw(untried.len())];
            let child = self.add(node, side, keys[at]);
            self.nodes[child].avail = 1.0;
            Some(Went {
                at,
                child,
                added: true,
            })
        };
        self.untried = untried;
        went
    }

    /// The legal action whose child scores best by UCB1 with availability counts, the
    /// first of equals (every one has a child): `total / visits + c * sqrt(ln(avail) /
    /// visits)`, infinite for a child never visited - the reference's float arithmetic.
    fn chosen(&self, node: usize, side: u32, keys: &[u32], c: f64) -> Option<Went> {
        let mut best: Option<Went> = None;
        let mut score = f64::NEG_INFINITY;
        for (at, key) in keys.iter().enumerate() {
            let child = self.child(node, side, *key)?;
            let n = &self.nodes[child];
            let value = if n.visits == 0.0 {
                f64::INFINITY
            } else {
                n.total / n.visits + c * (n.avail.ln() / n.visits).sqrt()
            };
            if best.is_none() || value > score {
                best = Some(Went {
                    at,
                    child,
                    added: false,
                });
                score = value;
            }
        }
        best
    }

    /// Back up `result` (each seat's) through `path`, the nodes reached and the seat that
    /// chose each, in the order they were reached.
    pub fn back_up(&mut self, path: &[(usize, usize)], result: &[f64]) -> Result<(), String> {
        for (child, seat) in path {
            let value = result.get(*seat).ok_or_else(|| {
                format!(
                    "a result for {} seats has none for seat {}",
                    result.len(),
                    seat
                )
            })?;
            let n = &mut self.nodes[*child];
            n.visits += 1.0;
            n.total += value;
        }
        Ok(())
    }

    /// How many nodes the tree has.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn untried_actions_are_added_first_drawing_among_them() {
        let mut t = Tree::new();
        let (a, b) = (t.intern("a"), t.intern("b"));
        let went = t.descend(ROOT, 0, &[a, b], 0.7, |n| {
            assert_eq!(n, 2);
            1
        });
        assert_eq!(went.map(|w| (w.at, w.added)), Some((1, true)));
        let went = t.descend(ROOT, 0, &[a, b], 0.7, |n| {
            assert_eq!(n, 1);
            0
        });
        assert_eq!(went.map(|w| (w.at, w.added)), Some((0, true)));
        // b was available twice, a once
        let b_child = t.child(ROOT, 0, b).expect("b added");
        assert_eq!(t.node(b_child).avail, 2.0);
    }

    #[test]
    fn a_never_visited_child_is_chosen_first_then_the_best_by_ucb() {
        let mut t = Tree::new();
        let (a, b) = (t.intern("a"), t.intern("b"));
        for (key, visits, total) in [(a, 4.0, 3.0), (b, 0.0, 0.0)] {
            let n = t.add(ROOT, 0, key);
            *t.node_mut(n) = Node {
                visits,
                avail: 4.0,
                total,
            };
        }
        let went = t.descend(ROOT, 0, &[a, b], 0.7, |_| unreachable!("no untried"));
        assert_eq!(went.map(|w| w.at), Some(1));
        let b_child = t.child(ROOT, 0, b).expect("b");
        t.node_mut(b_child).visits = 4.0;
        let went = t.descend(ROOT, 0, &[a, b], 0.7, |_| unreachable!("no untried"));
        assert_eq!(went.map(|w| w.at), Some(0));
    }

    #[test]
    fn sides_keep_apart_and_equal_scores_go_to_the_first() {
        let mut t = Tree::new();
        let a = t.intern("a");
        let b = t.intern("b");
        for side in [0, 1] {
            for key in [a, b] {
                let n = t.add(ROOT, side, key);
                *t.node_mut(n) = Node {
                    visits: 2.0,
                    avail: 2.0,
                    total: 1.0,
                };
            }
        }
        let went = t.descend(ROOT, 1, &[b, a], 0.7, |_| unreachable!("no untried"));
        assert_eq!(went.map(|w| w.at), Some(0));
        assert_eq!(t.node(t.child(ROOT, 0, a).expect("a")).avail, 2.0);
    }

    #[test]
    fn backing_up_adds_each_seats_result_and_refuses_a_missing_seat() {
        let mut t = Tree::new();
        let a = t.intern("a");
        let n = t.add(ROOT, 0, a);
        t.back_up(&[(n, 1)], &[0.0, 0.75]).expect("two seats");
        assert_eq!((t.node(n).visits, t.node(n).total), (1.0, 0.75));
        assert!(t.back_up(&[(n, 2)], &[0.0, 0.75]).is_err());
        assert!(t.descend(ROOT, 0, &[], 0.7, |_| 0).is_none());
    }
}

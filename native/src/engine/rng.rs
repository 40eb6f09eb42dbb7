//! The game's random generator, SplitMix64, as the reference engine's `model/rng.py`.

const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;

/// Advance `state`; the next 64 random bits.
pub fn next_u64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(GOLDEN);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A number in `0..n` (Lemire's multiply-shift, as the reference).
pub fn below(state: &mut u64, n: usize) -> usize {
    ((next_u64(state) as u128 * n as u128) >> 64) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first three outputs from `state`, and the state after them.
    fn three(mut state: u64) -> ([u64; 3], u64) {
        let out = [
            next_u64(&mut state),
            next_u64(&mut state),
            next_u64(&mut state),
        ];
        (out, state)
    }

    #[test]
    fn splitmix_gives_the_reference_generators_numbers() {
        // computed with tortuga_rules.model.rng.next_u64
        assert_eq!(
            three(0),
            (
                [0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, 0x06c45d188009454f],
                0xdaa66d2c7ddf743f
            )
        );
        assert_eq!(
            three(1),
            (
                [0x910a2dec89025cc1, 0xbeeb8da1658eec67, 0xf893a2eefb32555e],
                0xdaa66d2c7ddf7440
            )
        );
        assert_eq!(
            three(u64::MAX),
            (
                [0xe4d971771b652c20, 0xe99ff867dbf682c9, 0x382ff84cb27281e9],
                0xdaa66d2c7ddf743e
            )
        );
    }

    #[test]
    fn below_draws_the_reference_numbers_each_under_its_bound() {
        // tortuga_rules.model.rng.below from state 7, for 1, 2, 3, 10, 1000
        let mut s = 7;
        let got: Vec<usize> = [1, 2, 3, 10, 1000].map(|n| below(&mut s, n)).to_vec();
        assert_eq!(got, vec![0, 0, 2, 5, 452]);
        let mut s = 12345;
        for n in 1..200 {
            assert!(below(&mut s, n) < n);
        }
    }
}

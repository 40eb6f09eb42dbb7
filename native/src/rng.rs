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

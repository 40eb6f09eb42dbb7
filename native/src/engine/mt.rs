//! Python's `random.Random` (MT19937, as CPython's `_randommodule.c` runs it), so that a
//! playout policy run natively draws exactly the numbers the reference draws from the
//! same generator: the state comes from `Random.getstate()` and goes back by `setstate` -
//! or lives here, in a [`Generator`] that Python code uses as it would a `random.Random`.

const N: usize = 624;
const M: usize = 397;
const MATRIX_A: u32 = 0x9908_b0df;
const UPPER: u32 = 0x8000_0000;
const LOWER: u32 = 0x7fff_ffff;

/// `init_genrand(19650218)`, where every seeding by `init_by_array` starts: the same
/// 624 words for every seed, so made once, when the engine is compiled.
const GENRAND: [u32; N] = {
    let mut mt = [0u32; N];
    mt[0] = 19_650_218;
    let mut i = 1;
    while i < N {
        mt[i] = 1_812_433_253u32
            .wrapping_mul(mt[i - 1] ^ (mt[i - 1] >> 30))
            .wrapping_add(i as u32);
        i += 1;
    }
    mt
};

pub struct PyRandom {
    mt: [u32; N],
    index: usize,
}

impl PyRandom {
    /// From `getstate()[1]`: 624 words and the index of the next one.
    pub fn from_state(words: &[u64]) -> Option<PyRandom> {
        if words.len() != N + 1 || words[N] > N as u64 {
            return None;
        }
        let mut mt = [0u32; N];
        for (i, w) in words[..N].iter().enumerate() {
            mt[i] = u32::try_from(*w).ok()?;
        }
        Some(PyRandom {
            mt,
            index: words[N] as usize,
        })
    }

    /// `random.Random(seed)` for a whole number `seed` (CPython's `init_by_array` over the
    /// 32-bit words of `abs(seed)`, least significant first).
    pub fn seeded(key: &[u32]) -> PyRandom {
        let mut mt = GENRAND;
        let key: &[u32] = if key.is_empty() { &[0] } else { key };
        let (mut i, mut j) = (1usize, 0usize);
        for _ in 0..N.max(key.len()) {
            let prev = mt[i - 1] ^ (mt[i - 1] >> 30);
            mt[i] = (mt[i] ^ prev.wrapping_mul(1_664_525))
                .wrapping_add(key[j])
                .wrapping_add(j as u32);
            i += 1;
            j += 1;
            if i >= N {
                mt[0] = mt[N - 1];
                i = 1;
            }
            if j >= key.len() {
                j = 0;
            }
        }
        for _ in 0..N - 1 {
            let prev = mt[i - 1] ^ (mt[i - 1] >> 30);
            mt[i] = (mt[i] ^ prev.wrapping_mul(1_566_083_941)).wrapping_sub(i as u32);
            i += 1;
            if i >= N {
                mt[0] = mt[N - 1];
                i = 1;
            }
        }
        mt[0] = 0x8000_0000;
        PyRandom { mt, index: N }
    }

    /// The state as `setstate` takes its second item.
    pub fn state(&self) -> Vec<u64> {
        let mut out: Vec<u64> = self.mt.iter().map(|w| *w as u64).collect();
        out.push(self.index as u64);
        out
    }

    /// The next 624 words, as CPython's `genrand_uint32` makes them: in three runs, so no
    /// word's neighbours are found by a remainder and the first two runs vectorise (the
    /// playouts' rules of thumb draw two words for every legal action they score).
    fn twist(&mut self) {
        let mt = &mut self.mt;
        let step = |a: u32, b: u32, far: u32| {
            let y = (a & UPPER) | (b & LOWER);
            far ^ (y >> 1) ^ (0u32.wrapping_sub(y & 1) & MATRIX_A)
        };
        for k in 0..N - M {
            mt[k] = step(mt[k], mt[k + 1], mt[k + M]);
        }
        for k in N - M..N - 1 {
            mt[k] = step(mt[k], mt[k + 1], mt[k + M - N]);
        }
        mt[N - 1] = step(mt[N - 1], mt[0], mt[M - 1]);
        self.index = 0;
    }

    pub fn next_u32(&mut self) -> u32 {
        if self.index >= N {
            self.twist();
        }
        let mut y = self.mt[self.index];
        self.index += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^ (y >> 18)
    }

    /// `random()`: a float in [0, 1) from 53 random bits.
    pub fn random(&mut self) -> f64 {
        let a = (self.next_u32() >> 5) as f64;
        let b = (self.next_u32() >> 6) as f64;
        (a * 67_108_864.0 + b) * (1.0 / 9_007_199_254_740_992.0)
    }

    /// `randrange(n)` for 0 < n (`_randbelow`).
    pub fn below(&mut self, n: usize) -> usize {
        self.below_u64(n as u64) as usize
    }

    /// `shuffle` of `n` items: `swap(i, j)` for each exchange Python's Fisher-Yates makes,
    /// in its order (an exchange of an item with itself is left out).
    pub fn shuffle_with<E>(
        &mut self,
        n: usize,
        mut swap: impl FnMut(usize, usize) -> Result<(), E>,
    ) -> Result<(), E> {
        for i in (1..n).rev() {
            let j = self.below(i + 1);
            if i != j {
                swap(i, j)?;
            }
        }
        Ok(())
    }

    /// Python's `random.shuffle` of `items`, in place.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        let n = items.len();
        let _ = self.shuffle_with(n, |i, j| {
            items.swap(i, j);
            Ok::<(), ()>(())
        });
    }

    /// `getrandbits(k)` for k <= 64: 32-bit words, least significant first, the last one
    /// cut to the bits still wanted (as CPython fills its integer).
    pub fn bits(&mut self, k: u32) -> u64 {
        let (mut out, mut shift, mut left) = (0u64, 0u32, k);
        while left > 0 {
            let mut r = self.next_u32() as u64;
            if left < 32 {
                r >>= 32 - left;
            }
            out |= r << shift;
            shift += 32;
            left = left.saturating_sub(32);
        }
        out
    }

    /// `randrange(n)` for 0 < n < 2**63: `_randbelow`, `getrandbits(n.bit_length())` until
    /// one is below `n`.
    pub fn below_u64(&mut self, n: u64) -> u64 {
        if n == 0 {
            return 0; // Python refuses randrange(0); callers never ask it (no endless loop)
        }
        let k = u64::BITS - n.leading_zeros();
        loop {
            let r = self.bits(k);
            if r < n {
                return r;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seeded_generator_draws_what_cpythons_random_draws() {
        // random.Random(42): random(), getrandbits(32), getrandbits(64), getrandbits(5),
        // randrange(10), randrange(1000000), randrange(2**40)
        let mut r = PyRandom::seeded(&[42]);
        assert_eq!(r.random(), 0.6394267984578837);
        assert_eq!(r.bits(32), 107420369);
        assert_eq!(r.bits(64), 5073395517033431291);
        assert_eq!(r.bits(5), 7);
        assert_eq!(r.below(10), 3);
        assert_eq!(r.below(1_000_000), 146316);
        assert_eq!(r.below_u64(1 << 40), 226501419177);
        // seeds of several words (2**100 + 3) and zero
        assert_eq!(
            PyRandom::seeded(&[3, 0, 0, 16]).random(),
            0.3567616365770526
        );
        assert_eq!(PyRandom::seeded(&[]).random(), 0.8444218515250481);
        assert_eq!(PyRandom::seeded(&[0]).random(), 0.8444218515250481);
    }

    #[test]
    fn a_shuffle_exchanges_as_cpythons_shuffle_does() {
        // random.Random(42).shuffle(list(range(10))), then random()
        let mut r = PyRandom::seeded(&[42]);
        let mut items: Vec<i32> = (0..10).collect();
        r.shuffle_with(items.len(), |i, j| {
            items.swap(i, j);
            Ok::<(), ()>(())
        })
        .unwrap();
        assert_eq!(items, vec![7, 3, 2, 8, 5, 6, 9, 4, 0, 1]);
        assert_eq!(r.random(), 0.5904925124490397);
    }

    #[test]
    fn a_state_goes_out_and_back_and_a_bad_one_is_refused() {
        let mut r = PyRandom::seeded(&[42]);
        let state = r.state();
        // random.Random(42).getstate()[1]: its first words and its index
        assert_eq!(&state[..3], &[2147483648, 3564348608, 1266698288]);
        assert_eq!(state[624], 624);
        r.random();
        let mut back = PyRandom::from_state(&r.state()).expect("a state it wrote");
        assert_eq!(back.random(), r.random());
        assert!(PyRandom::from_state(&state[..624]).is_none());
        let mut late = state.clone();
        late[624] = 625;
        assert!(PyRandom::from_state(&late).is_none());
        let mut wide = state;
        wide[0] = 1 << 32;
        assert!(PyRandom::from_state(&wide).is_none());
    }

    #[test]
    fn many_twists_draw_what_cpythons_random_draws() {
        // random.Random(42): the 5,000th random() (ten twists of its words), then the
        // first word of its state
        let mut r = PyRandom::seeded(&[42]);
        for _ in 0..4_999 {
            r.random();
        }
        assert_eq!(r.random(), 0.35385334437419);
        assert_eq!(r.state()[0], 2_915_828_367);
    }

    #[test]
    fn below_zero_asks_for_nothing() {
        let mut r = PyRandom::seeded(&[1]);
        let before = r.state();
        assert_eq!(r.below_u64(0), 0);
        assert_eq!(r.state(), before);
    }
}

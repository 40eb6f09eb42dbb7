//! `Generator`: a Python `random.Random` whose state lives in the native engine.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::engine::mt::PyRandom;

/// A `random.Random` whose state lives in the native engine: the same numbers from the same
/// state (`random`, `getrandbits`, `randrange(n)`, `getstate`, `setstate`), so a search
/// hands it to native playouts without copying its state across each time.
#[pyclass(module = "tortuga_rules._native")]
pub struct Generator {
    pub r: PyRandom,
}

#[pymethods]
impl Generator {
    /// From a `random.Random`'s `getstate()`.
    #[new]
    fn new(state: &Bound<'_, PyAny>) -> PyResult<Generator> {
        Ok(Generator {
            r: from_getstate(state)?,
        })
    }

    /// `random.Random(seed)` for a whole number `seed`.
    #[staticmethod]
    fn seeded(seed: &Bound<'_, PyAny>) -> PyResult<Generator> {
        let n: num_words::Words = seed.extract()?;
        Ok(Generator {
            r: PyRandom::seeded(&n.0),
        })
    }

    /// `shuffle(items)`: the list shuffled in place, as `random.Random.shuffle` does.
    fn shuffle(&mut self, items: &Bound<'_, PyAny>) -> PyResult<()> {
        if let Ok(list) = items.downcast::<pyo3::types::PyList>() {
            // read in place
            return self.r.shuffle_with(list.len(), |i, j| {
                let (a, b) = (list.get_item(i)?, list.get_item(j)?);
                list.set_item(i, b)?;
                list.set_item(j, a)
            });
        }
        self.r.shuffle_with(items.len()?, |i, j| {
            let (a, b) = (items.get_item(i)?, items.get_item(j)?);
            items.set_item(i, b)?;
            items.set_item(j, a)
        })
    }

    fn random(&mut self) -> f64 {
        self.r.random()
    }

    fn getrandbits(&mut self, k: i64) -> PyResult<u64> {
        if !(0..=64).contains(&k) {
            return Err(PyValueError::new_err("getrandbits: 0 to 64 bits"));
        }
        Ok(self.r.bits(k as u32))
    }

    fn randrange(&mut self, n: i64) -> PyResult<u64> {
        if n <= 0 {
            return Err(PyValueError::new_err("empty range for randrange()"));
        }
        Ok(self.r.below_u64(n as u64))
    }

    fn getstate<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let words = PyTuple::new(py, self.r.state())?;
        PyTuple::new(
            py,
            [
                3i64.into_pyobject(py)?.into_any(),
                words.into_any(),
                py.None().into_bound(py),
            ],
        )
    }

    fn setstate(&mut self, state: &Bound<'_, PyAny>) -> PyResult<()> {
        self.r = from_getstate(state)?;
        Ok(())
    }
}

/// A generator from `getstate()`'s `(3, words, gauss)`.
pub(crate) fn from_getstate(state: &Bound<'_, PyAny>) -> PyResult<PyRandom> {
    let bad = || PyValueError::new_err("not the state of a Python random.Random");
    let words: Vec<u64> = state
        .get_item(1)
        .and_then(|w| w.extract())
        .map_err(|_| bad())?;
    PyRandom::from_state(&words).ok_or_else(bad)
}

/// `random.Random(seed)`'s generator (what [`Generator::seeded`] makes), with no Python
/// object made.
pub(crate) fn seeded(seed: u64) -> PyRandom {
    PyRandom::seeded(&num_words::of(seed as u128))
}

mod num_words {
    //! A Python integer's absolute value as 32-bit words, least significant first.
    use pyo3::prelude::*;
    use pyo3::types::PyInt;

    pub struct Words(pub Vec<u32>);

    /// `n` as 32-bit words, least significant first, with no leading zero word (one at
    /// least): the key `random.Random(n)` seeds from.
    pub fn of(n: u128) -> Vec<u32> {
        let mut words: Vec<u32> = (0..4).map(|i| (n >> (32 * i)) as u32).collect();
        while words.len() > 1 && words[words.len() - 1] == 0 {
            words.pop();
        }
        words
    }

    impl<'py> FromPyObject<'py> for Words {
        fn extract_bound(ob: &Bound<'py, PyAny>) -> PyResult<Self> {
            if let Ok(n) = ob.extract::<i128>() {
                // a seed that fits: no Python calls
                return Ok(Words(of(n.unsigned_abs())));
            }
            let n = ob.downcast::<PyInt>()?.call_method0("__abs__")?;
            let bits: usize = n.call_method0("bit_length")?.extract()?;
            let bytes: Vec<u8> = n
                .call_method1("to_bytes", (bits.div_ceil(32).max(1) * 4, "little"))?
                .extract()?;
            Ok(Words(
                bytes
                    .chunks(4)
                    .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                    .collect(),
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seed_keys_the_generator_as_python_keys_random_random() {
        // `random.Random(n)` keys from `n`'s 32-bit words, least significant first, with
        // no leading zero word
        assert_eq!(seeded(0).state(), PyRandom::seeded(&[0]).state());
        assert_eq!(seeded(5).state(), PyRandom::seeded(&[5]).state());
        let big = (7u64 << 32) | 9;
        assert_eq!(seeded(big).state(), PyRandom::seeded(&[9, 7]).state());
        assert_ne!(seeded(1 << 32).state(), seeded(1).state());
    }
}

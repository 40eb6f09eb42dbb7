//! The Python extension `tortuga_rules._native`: the rules and game classes, the random
//! generator, the memo budget's functions, and the conversions between them.

use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;

pub mod batch;
pub mod budget;
pub mod convert;
pub mod fields;
pub mod game;
pub mod hosted;
pub mod random;
pub mod rules;
pub mod sampler;
pub mod search;
pub mod tortuga1667;

create_exception!(_native, NativeFailure, PyException);

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    crate::engine::budget::set_forget(budget::forget_all);
    m.add_class::<rules::NativeRules>()?;
    m.add_class::<game::NativeGame>()?;
    m.add_class::<batch::NativeBatch>()?;
    m.add_class::<search::NativeSearch>()?;
    m.add_class::<sampler::NativeSampler>()?;
    m.add_class::<random::Generator>()?;
    m.add_function(wrap_pyfunction!(budget::charge_reference, m)?)?;
    m.add_function(wrap_pyfunction!(budget::memo_items, m)?)?;
    m.add_function(wrap_pyfunction!(budget::forget_memos, m)?)?;
    m.add_function(wrap_pyfunction!(budget::set_memo_budget, m)?)?;
    m.add_function(wrap_pyfunction!(budget::share_memos, m)?)?;
    m.add_function(wrap_pyfunction!(convert::name_members, m)?)?;
    m.add_function(wrap_pyfunction!(convert::index_of, m)?)?;
    m.add("FORMAT_VERSION", crate::engine::desc::FORMAT_VERSION)?;
    m.add("MEMO_BUDGET", crate::engine::budget::MEMO_BUDGET)?;
    m.add("NativeFailure", m.py().get_type::<NativeFailure>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}

//! Values between Python and the engine: `Value`s to Python objects and back, named
//! sets' members, events, failures and decisions.

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyList, PyString, PyTuple};

use crate::engine::fail::FailKind;
use crate::engine::machine::{Decision, Event};
use crate::engine::shared::{Shared, Text};
use crate::engine::value::Value;
use crate::py::NativeFailure;

pub(crate) type Res<T> = Result<T, String>;

// -- values between Python and Rust -----------------------------------------------------

/// The Python objects of each named set's members, by set and number (any thread's).
pub(crate) static MEMBERS: std::sync::Mutex<Vec<Vec<(i64, PyObject)>>> =
    std::sync::Mutex::new(Vec::new());

pub(crate) fn members() -> std::sync::MutexGuard<'static, Vec<Vec<(i64, PyObject)>>> {
    MEMBERS.lock().unwrap_or_else(|e| e.into_inner())
}

/// Where the very object `item` stands in `items` (by identity: the object a listing
/// handed out, as a caller stepping by its own legal actions passes it back), or None.
/// An equal action that is another object is found by the caller, by equality.
#[pyfunction]
pub(crate) fn index_of(items: &Bound<'_, PyTuple>, item: &Bound<'_, PyAny>) -> Option<usize> {
    items.iter().position(|x| x.is(item))
}

/// Name the members of the named class `class_name` (registered by a rules description read
/// before): `to_py` then returns these objects (a game's `IntEnum` members) for its values,
/// not their numbers. The first objects named for a class stay.
#[pyfunction]
pub(crate) fn name_members(class_name: &str, objects: Vec<(i64, PyObject)>) -> PyResult<()> {
    let kind = crate::engine::value::named_kind(class_name).ok_or_else(|| {
        pyo3::exceptions::PyValueError::new_err(format!(
            "the named class {:?}: no rules description read names it",
            class_name
        ))
    })? as usize;
    let mut ms = members();
    while ms.len() <= kind {
        ms.push(Vec::new());
    }
    if ms[kind].is_empty() {
        ms[kind] = objects;
    }
    Ok(())
}

pub(crate) fn to_value(obj: &Bound<'_, PyAny>) -> Res<Value> {
    if obj.is_none() {
        Ok(Value::None)
    } else if obj.is_exact_instance_of::<PyBool>() {
        Ok(Value::Bool(
            obj.extract::<bool>().map_err(|e| e.to_string())?,
        ))
    } else if obj.is_exact_instance_of::<PyInt>() {
        obj.extract::<i64>()
            .map(Value::Int)
            .map_err(|_| "a number too large".to_string())
    } else if obj.is_exact_instance_of::<PyString>() {
        Ok(Value::Str(crate::engine::shared::interned(
            &obj.extract::<String>().map_err(|e| e.to_string())?,
        )))
    } else if obj.is_exact_instance_of::<PyTuple>() || obj.is_exact_instance_of::<PyList>() {
        let mut out = Vec::new();
        for x in obj.try_iter().map_err(|e| e.to_string())? {
            out.push(to_value(&x.map_err(|e| e.to_string())?)?);
        }
        Ok(Value::tuple(out))
    } else {
        let kind = obj
            .get_type()
            .name()
            .map(|n| n.to_string())
            .unwrap_or_default();
        if let Some(k) = crate::engine::value::named_kind(&kind) {
            if let Ok(i) = obj.extract::<i64>() {
                return Ok(Value::Named(k, i));
            }
        }
        Err(format!(
            "a value of type {} ({})",
            kind,
            obj.repr().map(|r| r.to_string()).unwrap_or_default()
        ))
    }
}

pub(crate) fn to_py(py: Python<'_>, v: &Value) -> PyObject {
    match v {
        Value::None => py.None(),
        Value::Bool(b) => PyBool::new(py, *b).to_owned().into_any().unbind(),
        Value::Int(i) => i.into_pyobject(py).unwrap().into_any().unbind(),
        Value::Str(s) => PyString::intern(py, s).into_any().unbind(),
        Value::Tuple(t) => {
            let items: Vec<PyObject> = t.iter().map(|x| to_py(py, x)).collect();
            PyTuple::new(py, items).unwrap().into_any().unbind()
        }
        Value::Named(k, i) => members()
            .get(*k as usize)
            .and_then(|m| m.iter().find(|(v, _)| v == i).map(|(_, o)| o.clone_ref(py)))
            .unwrap_or_else(|| i.into_pyobject(py).unwrap().into_any().unbind()),
    }
}

pub(crate) fn text_or_none(py: Python<'_>, s: &Option<Text>) -> PyObject {
    match s {
        None => py.None(),
        Some(s) => PyString::intern(py, s).into_any().unbind(),
    }
}

pub(crate) fn get<'py>(d: &Bound<'py, PyDict>, key: &str) -> Res<Bound<'py, PyAny>> {
    d.get_item(key)
        .map_err(|e| e.to_string())?
        .ok_or_else(|| format!("no {}", key))
}

pub(crate) fn items<'py>(obj: &Bound<'py, PyAny>) -> Res<Vec<Bound<'py, PyAny>>> {
    if let Ok(t) = obj.downcast::<PyTuple>() {
        return Ok(t.iter().collect()); // the state's sequences are tuples: read directly
    }
    let mut out = Vec::new();
    for x in obj.try_iter().map_err(|e| e.to_string())? {
        out.push(x.map_err(|e| e.to_string())?);
    }
    Ok(out)
}

pub(crate) fn string(obj: &Bound<'_, PyAny>) -> Res<String> {
    obj.extract::<String>()
        .map_err(|_| format!("expected text, got {}", obj))
}

pub(crate) fn opt_string(obj: &Bound<'_, PyAny>) -> Res<Option<Text>> {
    if obj.is_none() {
        Ok(None)
    } else {
        Ok(Some(rc_text(obj)?))
    }
}

pub(crate) fn int(obj: &Bound<'_, PyAny>) -> Res<i64> {
    obj.extract::<i64>()
        .map_err(|_| format!("expected a number, got {}", obj))
}

pub(crate) fn event_to_py(py: Python<'_>, e: &Event) -> PyObject {
    let mut parts: Vec<PyObject> = vec![
        text_or_none(py, &e.clause),
        PyString::intern(py, e.kind).into_any().unbind(),
        e.to.into_pyobject(py).unwrap().into_any().unbind(),
    ];
    parts.extend(e.args.iter().map(|a| to_py(py, a)));
    PyTuple::new(py, parts).unwrap().into_any().unbind()
}

pub(crate) fn failure_to_py(f: crate::engine::machine::Failure) -> PyErr {
    let kind = match &*f.fail.0 {
        FailKind::Value(_) => "value",
        FailKind::Other(_, _) => "other",
        FailKind::Rigged(_) => "rigged",
        FailKind::Budget => "budget",
    };
    NativeFailure::new_err((
        f.program.to_string(),
        f.pc,
        f.fail.detail(),
        kind,
        f.clause.map(|c| c.to_string()),
    ))
}

pub(crate) fn py_tuple(py: Python<'_>, xs: Vec<PyObject>) -> PyObject {
    PyTuple::new(py, xs).unwrap().into_any().unbind()
}

pub(crate) fn py_text(py: Python<'_>, s: &str) -> PyObject {
    PyString::intern(py, s).into_any().unbind()
}

pub(crate) fn py_int(py: Python<'_>, i: i64) -> PyObject {
    i.into_pyobject(py).unwrap().into_any().unbind()
}

pub(crate) fn py_texts(py: Python<'_>, xs: &[Text]) -> PyObject {
    py_tuple(py, xs.iter().map(|x| py_text(py, x)).collect())
}

pub(crate) fn py_ints(py: Python<'_>, xs: &[i64]) -> PyObject {
    py_tuple(py, xs.iter().map(|x| py_int(py, *x)).collect())
}

pub(crate) fn decision_to_py(py: Python<'_>, d: &Decision) -> PyObject {
    let options: Vec<PyObject> = d.options.iter().map(|x| to_py(py, x)).collect();
    let parts: Vec<PyObject> = vec![
        to_py(py, &d.seat),
        PyString::intern(py, &d.kind).into_any().unbind(),
        text_or_none(py, &d.name),
        PyTuple::new(py, options).unwrap().into_any().unbind(),
        text_or_none(py, &d.clause),
    ];
    PyTuple::new(py, parts).unwrap().into_any().unbind()
}

pub(crate) fn rcs(obj: &Bound<'_, PyAny>) -> Res<Vec<Text>> {
    items(obj)?.iter().map(rc_text).collect()
}

/// A text as the engine holds it, read from Python's string in place (one allocation).
pub(crate) fn rc_text(obj: &Bound<'_, PyAny>) -> Res<Text> {
    match obj.downcast::<PyString>() {
        Ok(s) => s.to_str().map(Shared::from).map_err(|e| e.to_string()),
        Err(_) => Err(format!("expected text, got {}", obj)),
    }
}

//! Values named by their C++ type: swizzles `Sw<B,M,S>` (CuTe's print) and `Swizzle<B,M,S>`
//! (the C++ name), and the GMMA shared-memory atoms `GMMA::Layout_K_SW128_Atom<half_t>`, ...
//!
//! In an expression, an identifier followed by `<` or `::` is such a name; the parser hands the
//! whole name (through its closing `>`) to [`resolve`]. New kinds of named values (MMA atoms,
//! for instance) are added here.

use crate::value::Value;
use cute_dynamic::Swizzle;

/// The value of a C++ type name, or why there is none.
///
/// ```
/// use cute_cli::{named::resolve, View};
/// assert_eq!(resolve("Sw<3,4,3>").unwrap().show(View::Cute), "Sw<3,4,3>");
/// assert_eq!(resolve("cute::Swizzle<2, 4, 3>").unwrap().show(View::Cute), "Sw<2,4,3>");
/// assert_eq!(
///     resolve("GMMA::Layout_K_SW128_Atom<half_t>").unwrap().show(View::Cute),
///     "Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)"
/// );
/// assert!(resolve("Sw<3,4,2>").unwrap_err().contains("abs(SShift) must be more than BBits."));
/// assert!(resolve("GMMA::Layout_K_SW16_Atom<half_t>").is_err());
/// ```
pub fn resolve(name: &str) -> Result<Value, String> {
    let compact: String = name.chars().filter(|c| !c.is_whitespace()).collect();
    let short = compact.trim_start_matches("cute::");
    if let Some(params) = short
        .strip_prefix("Sw<")
        .or_else(|| short.strip_prefix("Swizzle<"))
    {
        return swizzle(name, params).map(Value::Swizzle);
    }
    if compact.contains("GMMA::") || short.starts_with("Layout_") {
        return cute_dynamic::gmma_atom(&compact)
            .map(Value::Composed)
            .map_err(|e| {
                format!(
                    "{e}; the GMMA shared-memory atoms are GMMA::Layout_{{K,MN}}_{{INTER,SW32,\
                     SW64,SW128}}_Atom<T> (T = half_t, bfloat16_t, float, tfloat32_t, int8_t, \
                     uint8_t, ...) and GMMA::Layout_..._Atom_Bits"
                )
            });
    }
    Err(format!(
        "unknown type name '{name}': the names known are swizzles Sw<B,M,S> (or \
         Swizzle<B,M,S>) and the GMMA atoms GMMA::Layout_{{K,MN}}_{{INTER,SW32,SW64,SW128}}_Atom<T>"
    ))
}

/// `B,M,S>`: the three parameters of a swizzle.
fn swizzle(name: &str, params: &str) -> Result<Swizzle, String> {
    let bad = || format!("expected Sw<B,M,S> with three integers, found '{name}'");
    let inner = params.strip_suffix('>').ok_or_else(bad)?;
    let numbers = inner
        .split(',')
        .map(|p| p.parse::<i32>().map_err(|_| bad()))
        .collect::<Result<Vec<_>, _>>()?;
    let [b, m, s] = numbers[..] else {
        return Err(bad());
    };
    Swizzle::new(b, m, s).map_err(|e| e.to_string())
}

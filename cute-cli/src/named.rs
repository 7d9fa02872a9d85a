//! Values named by their C++ type: swizzles `Sw<B,M,S>` (CuTe's print) and `Swizzle<B,M,S>`
//! (the C++ name), and the GMMA shared-memory atoms `GMMA::Layout_K_SW128_Atom<half_t>`, ...
//!
//! In an expression, an identifier followed by `<` or `::` is such a name; the parser hands the
//! whole name (through its closing `>`) to [`resolve`]. The MMA atoms go by their CuTe names
//! (`SM80_16x8x16_F16F16F16F16_TN`, `SM90_64x64x16_F32F16F16_SS<GMMA::Major::K,GMMA::Major::K>`,
//! [`cute_dynamic::mma_atom_names`]), as a bare identifier too ([`mma`]), and a member of an
//! atom's traits (`SM80_16x8x16_F16F16F16F16_TN::ALayout`, `ThrID`, `Shape_MNK`, `BLayout`,
//! `CLayout`, or the `MMA_Atom` names `LayoutA_TV`, ...) is that layout.

use crate::value::Value;
use cute_dynamic::{ErrorKind, Swizzle};

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
    if let Some((atom, field)) = short
        .rsplit_once("::")
        .filter(|(_, f)| f.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
    {
        if let Some(value) = mma_field(atom, field)? {
            return Ok(value);
        }
    }
    if let Some(atom) = mma(short) {
        return Ok(atom);
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
         Swizzle<B,M,S>), the GMMA atoms GMMA::Layout_{{K,MN}}_{{INTER,SW32,SW64,SW128}}_Atom<T> \
         and the MMA atoms (SM80_16x8x16_F16F16F16F16_TN, ...; `cute --list-atoms` lists them)"
    ))
}

/// The MMA atom called `name` (CuTe's type name, template arguments and `cute::` ignored;
/// `MMA_Atom<X>` and `MMA_Traits<X>` are `X`), if there is one.
///
/// ```
/// use cute_cli::{named::mma, View};
/// let atom = mma("SM70_8x8x4_F32F16F16F32_NT").unwrap();
/// assert!(atom.show(View::Cute).contains("ThrID:      (_4,_2):(_1,_16)"));
/// assert!(mma("SM80_16x8x16").is_none());
/// ```
pub fn mma(name: &str) -> Option<Value> {
    let name = unwrap_atom(name);
    if !(name.starts_with("SM") || name.starts_with("Universal")) {
        return None;
    }
    cute_dynamic::mma_atom(name)
        .ok()
        .map(|a| Value::Mma(Box::new(a)))
}

/// `MMA_Atom<X>` or `MMA_Traits<X>` (with or without `cute::`) is `X`.
fn unwrap_atom(name: &str) -> &str {
    let name = name.trim_start_matches("cute::");
    for wrapper in ["MMA_Atom<", "MMA_Traits<"] {
        if let Some(inner) = name.strip_prefix(wrapper).and_then(|r| r.strip_suffix('>')) {
            return inner.trim_start_matches("cute::");
        }
    }
    name
}

/// `Atom::Field`: a layout of an MMA atom's traits (`ThrID`, `Shape_MNK`, `ALayout`, `BLayout`,
/// `CLayout`, or `MMA_Atom`'s `LayoutA_TV`, `LayoutB_TV`, `LayoutC_TV`). `Ok(None)` if `atom` is
/// not an MMA atom.
fn mma_field(atom: &str, field: &str) -> Result<Option<Value>, String> {
    let Some(Value::Mma(a)) = mma(atom) else {
        return Ok(None);
    };
    Ok(Some(match field {
        "ThrID" => Value::Layout(a.thr_id),
        "Shape_MNK" => Value::Tuple(a.shape_mnk),
        "ALayout" | "LayoutA_TV" => Value::Layout(a.a_layout),
        "BLayout" | "LayoutB_TV" => Value::Layout(a.b_layout),
        "CLayout" | "LayoutC_TV" => Value::Layout(a.c_layout),
        other => {
            return Err(format!(
                "an MMA atom has no member '{other}': its members are ThrID, Shape_MNK, \
                 ALayout, BLayout, CLayout (or LayoutA_TV, LayoutB_TV, LayoutC_TV)"
            ));
        }
    }))
}

/// `B,M,S>`: the three parameters of a swizzle, read as CuTe's print `Sw<B,M,S>`.
fn swizzle(name: &str, params: &str) -> Result<Swizzle, String> {
    format!("Sw<{params}")
        .parse::<Swizzle>()
        .map_err(|e| match e.kind() {
            ErrorKind::Parse { .. } => {
                format!("expected Sw<B,M,S> with three integers, found '{name}'")
            }
            _ => e.to_string(),
        })
}

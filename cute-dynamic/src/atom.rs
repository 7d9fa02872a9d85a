//! CuTe's atoms (`atom/mma_traits*.hpp`, `atom/copy_atom.hpp`): the thread-value layouts of
//! the MMA instructions by their CuTe type names, and the thread-value layout that
//! `make_tiled_copy` builds from a thread layout and a value layout ([`make_layout_tv`]).
//!
//! ```
//! use cute_dynamic::mma_atom;
//! let atom = mma_atom("SM80_16x8x16_F16F16F16F16_TN")?;
//! assert_eq!(atom.thr_id.to_string(), "_32:_1");
//! assert_eq!(atom.c_layout.to_string(), "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))");
//! // Thread 5, value 3 of C is element (m,n) = (9,3) of the 16x8 tile (index m + 16*n).
//! assert_eq!(atom.c_layout.call(&"(5,3)".parse()?)?.value(), 57);
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

use crate::error::{LayoutError, Result};
use crate::int_tuple::IntTuple;
use crate::int_tuple_algebra::product_each;
use crate::layout::Layout;
use crate::prelude::*;
use crate::stride::make_layout;
use crate::{composition, raked_product, right_inverse};

/// The layouts of an MMA atom, CuTe's `MMA_Traits<Atom>`: `thr_id` maps the atom's thread
/// numbers to thread indices, and `a_layout`, `b_layout`, `c_layout` map `(thread, value)` to
/// the column-major index of an element in the `MxK`, `NxK` and `MxN` tiles.
///
/// ```
/// let atom = cute_dynamic::mma_atom("SM70_8x8x4_F16F16F16F16_TN")?;
/// assert_eq!(atom.shape_mnk.to_string(), "(_8,_8,_4)");
/// assert_eq!(atom.thr_id.to_string(), "(_4,_2):(_1,_16)");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MmaAtom {
    /// CuTe's type name, without template arguments.
    pub name: String,
    /// `Shape_MNK`: the `(M,N,K)` of the instruction.
    pub shape_mnk: IntTuple,
    /// `ThrID`: atom thread number to thread index.
    pub thr_id: Layout,
    /// `ALayout`: `(thread, value)` to the index in the `MxK` tile of A.
    pub a_layout: Layout,
    /// `BLayout`: `(thread, value)` to the index in the `NxK` tile of B.
    pub b_layout: Layout,
    /// `CLayout`: `(thread, value)` to the index in the `MxN` tile of C.
    pub c_layout: Layout,
}

/// Where a layout of an atom comes from.
#[derive(Clone, Copy)]
enum Spec {
    /// A fixed layout, in CuTe text.
    Text(&'static str),
    /// SM90 GMMA operand in shared memory, `ABLayout<M,K>`: every one of the 128 threads sees
    /// the whole `MxK` tile, `(_128,(M,K)):(_0,(_1,M))`.
    GmmaSmem(i32, i32),
    /// SM90 GMMA accumulator `CLayout_64xN`: `((_4,_8,_4),(_2,_2,N/8)):((_128,_1,_16),(_64,_8,_512))`.
    GmmaAccum(i32),
}

/// One MMA atom: name, `(M,N,K)`, and its four layouts.
struct AtomSpec {
    name: &'static str,
    mnk: [i32; 3],
    thr_id: &'static str,
    a: Spec,
    b: Spec,
    c: Spec,
}

// The recurring layouts of CuTe's SM80 traits (`SM80_8x4`, `SM80_8x8_Row`, ...).
const SM80_8X4: Spec = Spec::Text("((_4,_8),_1):((_8,_1),_0)");
const SM80_8X8_ROW: Spec = Spec::Text("((_4,_8),_2):((_16,_1),_8)");
const SM80_8X16_ROW: Spec = Spec::Text("((_4,_8),_4):((_32,_1),_8)");
const SM80_16X8_ROW: Spec = Spec::Text("((_4,_8),(_2,_2)):((_32,_1),(_16,_8))");
const SM80_16X8X16_A: Spec = Spec::Text("((_4,_8),(_2,_2,_2)):((_32,_1),(_16,_8,_128))");
const SM80_16X8X16_B: Spec = Spec::Text("((_4,_8),(_2,_2)):((_16,_1),(_8,_64))");
const SM80_16X8X16_S8_A: Spec = Spec::Text("((_4,_8),(_4,_2)):((_64,_1),(_16,_8))");
const SM80_16X8X32_S8_A: Spec = Spec::Text("((_4,_8),(_4,_2,_2)):((_64,_1),(_16,_8,_256))");
const SM80_16X8X32_S8_B: Spec = Spec::Text("((_4,_8),(_4,_2)):((_32,_1),(_8,_128))");
// SM70's quad pairs.
const SM70_QUAD_PAIR: &str = "(_4,_2):(_1,_16)";
const SM70_8X4_ROW: Spec = Spec::Text("(_8,_4):(_1,_8)");
const SM70_8X4_COL: Spec = Spec::Text("((_4,_2),_4):((_8,_4),_1)");
const SM70_8X8_16B: Spec = Spec::Text("(_8,_8):(_1,_8)");
const SM70_8X8_32B: Spec = Spec::Text("((_2,_2,_2),(_2,_2,_2)):((_1,_16,_4),(_8,_2,_32))");

const WARP: &str = "_32:_1";
const ONE_THREAD: &str = "_1:_0";

const fn atom(
    name: &'static str,
    mnk: [i32; 3],
    thr_id: &'static str,
    a: Spec,
    b: Spec,
    c: Spec,
) -> AtomSpec {
    AtomSpec {
        name,
        mnk,
        thr_id,
        a,
        b,
        c,
    }
}

/// The atoms before SM90, as CuTe's traits define them.
#[rustfmt::skip]
const ATOMS: &[AtomSpec] = &[
    atom("UniversalFMA", [1, 1, 1], ONE_THREAD, Spec::Text("(_1,_1):(_0,_0)"), Spec::Text("(_1,_1):(_0,_0)"), Spec::Text("(_1,_1):(_0,_0)")),
    atom("SM61_DP4A", [1, 1, 4], ONE_THREAD, Spec::Text("(_1,_4):(_0,_1)"), Spec::Text("(_1,_4):(_0,_1)"), Spec::Text("(_1,_1):(_0,_0)")),
    atom("SM61_DP2A", [1, 1, 2], ONE_THREAD, Spec::Text("(_1,_2):(_0,_1)"), Spec::Text("(_1,_2):(_0,_1)"), Spec::Text("(_1,_1):(_0,_0)")),
    atom("SM70_8x8x4_F16F16F16F16_TN", [8, 8, 4], SM70_QUAD_PAIR, SM70_8X4_ROW, SM70_8X4_ROW, SM70_8X8_16B),
    atom("SM70_8x8x4_F16F16F16F16_NT", [8, 8, 4], SM70_QUAD_PAIR, SM70_8X4_COL, SM70_8X4_COL, SM70_8X8_16B),
    atom("SM70_8x8x4_F16F16F16F16_NN", [8, 8, 4], SM70_QUAD_PAIR, SM70_8X4_COL, SM70_8X4_ROW, SM70_8X8_16B),
    atom("SM70_8x8x4_F16F16F16F16_TT", [8, 8, 4], SM70_QUAD_PAIR, SM70_8X4_ROW, SM70_8X4_COL, SM70_8X8_16B),
    atom("SM70_8x8x4_F32F16F16F32_TN", [8, 8, 4], SM70_QUAD_PAIR, SM70_8X4_ROW, SM70_8X4_ROW, SM70_8X8_32B),
    atom("SM70_8x8x4_F32F16F16F32_NT", [8, 8, 4], SM70_QUAD_PAIR, SM70_8X4_COL, SM70_8X4_COL, SM70_8X8_32B),
    atom("SM70_8x8x4_F32F16F16F32_NN", [8, 8, 4], SM70_QUAD_PAIR, SM70_8X4_COL, SM70_8X4_ROW, SM70_8X8_32B),
    atom("SM70_8x8x4_F32F16F16F32_TT", [8, 8, 4], SM70_QUAD_PAIR, SM70_8X4_ROW, SM70_8X4_COL, SM70_8X8_32B),
    atom("SM75_16x8x8_F32F16F16F32_TN", [16, 8, 8], WARP, SM80_16X8_ROW, SM80_8X8_ROW, SM80_16X8_ROW),
    atom("SM75_16x8x8_F16F16F16F16_TN", [16, 8, 8], WARP, SM80_16X8_ROW, SM80_8X8_ROW, SM80_16X8_ROW),
    atom("SM75_8x8x16_S32S8S8S32_TN", [8, 8, 16], WARP, SM80_8X16_ROW, SM80_8X16_ROW, SM80_8X8_ROW),
    atom("SM80_16x8x8_F16F16F16F16_TN", [16, 8, 8], WARP, SM80_16X8_ROW, SM80_8X8_ROW, SM80_16X8_ROW),
    atom("SM80_16x8x8_F32F16F16F32_TN", [16, 8, 8], WARP, SM80_16X8_ROW, SM80_8X8_ROW, SM80_16X8_ROW),
    atom("SM80_16x8x8_F32BF16BF16F32_TN", [16, 8, 8], WARP, SM80_16X8_ROW, SM80_8X8_ROW, SM80_16X8_ROW),
    atom("SM80_16x8x16_F16F16F16F16_TN", [16, 8, 16], WARP, SM80_16X8X16_A, SM80_16X8X16_B, SM80_16X8_ROW),
    atom("SM80_16x8x16_F32F16F16F32_TN", [16, 8, 16], WARP, SM80_16X8X16_A, SM80_16X8X16_B, SM80_16X8_ROW),
    atom("SM80_16x8x16_F32BF16BF16F32_TN", [16, 8, 16], WARP, SM80_16X8X16_A, SM80_16X8X16_B, SM80_16X8_ROW),
    atom("SM80_16x8x4_F32TF32TF32F32_TN", [16, 8, 4], WARP, Spec::Text("((_4,_8),_2):((_16,_1),_8)"), SM80_8X4, SM80_16X8_ROW),
    atom("SM80_16x8x8_F32TF32TF32F32_TN", [16, 8, 8], WARP, Spec::Text("((_4,_8),(_2,_2)):((_16,_1),(_8,_64))"), Spec::Text("((_4,_8),_2):((_8,_1),_32)"), SM80_16X8_ROW),
    atom("SM80_8x8x4_F64F64F64F64_TN", [8, 8, 4], WARP, SM80_8X4, SM80_8X4, SM80_8X8_ROW),
    atom("SM80_8x8x4_C64C64C64C64_TN", [8, 8, 4], WARP, SM80_8X4, SM80_8X4, SM80_8X8_ROW),
    atom("SM80_8x8x16_S32S8S8S32_TN", [8, 8, 16], WARP, SM80_8X16_ROW, SM80_8X16_ROW, SM80_8X8_ROW),
    atom("SM80_8x8x16_S32S8U8S32_TN", [8, 8, 16], WARP, SM80_8X16_ROW, SM80_8X16_ROW, SM80_8X8_ROW),
    atom("SM80_8x8x16_S32U8S8S32_TN", [8, 8, 16], WARP, SM80_8X16_ROW, SM80_8X16_ROW, SM80_8X8_ROW),
    atom("SM80_8x8x16_S32U8U8S32_TN", [8, 8, 16], WARP, SM80_8X16_ROW, SM80_8X16_ROW, SM80_8X8_ROW),
    atom("SM80_16x8x16_S32S8S8S32_TN", [16, 8, 16], WARP, SM80_16X8X16_S8_A, SM80_8X16_ROW, SM80_16X8_ROW),
    atom("SM80_16x8x16_S32S8U8S32_TN", [16, 8, 16], WARP, SM80_16X8X16_S8_A, SM80_8X16_ROW, SM80_16X8_ROW),
    atom("SM80_16x8x16_S32U8S8S32_TN", [16, 8, 16], WARP, SM80_16X8X16_S8_A, SM80_8X16_ROW, SM80_16X8_ROW),
    atom("SM80_16x8x16_S32U8U8S32_TN", [16, 8, 16], WARP, SM80_16X8X16_S8_A, SM80_8X16_ROW, SM80_16X8_ROW),
    atom("SM80_16x8x32_S32S8S8S32_TN", [16, 8, 32], WARP, SM80_16X8X32_S8_A, SM80_16X8X32_S8_B, SM80_16X8_ROW),
    atom("SM80_16x8x32_S32S8U8S32_TN", [16, 8, 32], WARP, SM80_16X8X32_S8_A, SM80_16X8X32_S8_B, SM80_16X8_ROW),
    atom("SM80_16x8x32_S32U8S8S32_TN", [16, 8, 32], WARP, SM80_16X8X32_S8_A, SM80_16X8X32_S8_B, SM80_16X8_ROW),
    atom("SM80_16x8x32_S32U8U8S32_TN", [16, 8, 32], WARP, SM80_16X8X32_S8_A, SM80_16X8X32_S8_B, SM80_16X8_ROW),
];

/// A family of dense SM90 GMMA atoms `SM90_64xNxK_<types>_{SS,RS}<suffix>`: the value types,
/// `K`, the name suffix, the register-source A layout (`ALayout_64x8/16/32`) and the `N`s CuTe
/// defines.
struct GmmaFamily {
    types: &'static str,
    k: i32,
    suffix: &'static str,
    rs_a: &'static str,
    ns: &'static [i32],
}

/// `N` in 8..=256 by 8 (the 16- and 32-bit and FP8 atoms).
const EVERY_8: &[i32] = &[
    8, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128, 136, 144, 152, 160, 168,
    176, 184, 192, 200, 208, 216, 224, 232, 240, 248, 256,
];
/// The `N`s of the integer atoms.
const INT8_NS: &[i32] = &[
    8, 16, 24, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176, 192, 208, 224, 240, 256,
];
const A_64X8: &str = "((_4,_8,_4),(_2,_2)):((_64,_1,_16),(_8,_256))";
const A_64X16: &str = "((_4,_8,_4),(_2,_2,_2)):((_128,_1,_16),(_64,_8,_512))";
const A_64X32: &str = "((_4,_8,_4),(_4,_2,_2)):((_256,_1,_16),(_64,_8,_1024))";

const fn gmma(
    types: &'static str,
    k: i32,
    suffix: &'static str,
    rs_a: &'static str,
    ns: &'static [i32],
) -> GmmaFamily {
    GmmaFamily {
        types,
        k,
        suffix,
        rs_a,
        ns,
    }
}

#[rustfmt::skip]
const GMMA_FAMILIES: &[GmmaFamily] = &[
    gmma("F16F16F16", 16, "", A_64X16, EVERY_8),
    gmma("F32F16F16", 16, "", A_64X16, EVERY_8),
    gmma("F32BF16BF16", 16, "", A_64X16, EVERY_8),
    gmma("F32TF32TF32", 8, "_TN", A_64X8, EVERY_8),
    gmma("S32S8S8", 32, "_TN", A_64X32, INT8_NS),
    gmma("S32S8U8", 32, "_TN", A_64X32, INT8_NS),
    gmma("S32U8S8", 32, "_TN", A_64X32, INT8_NS),
    gmma("S32U8U8", 32, "_TN", A_64X32, INT8_NS),
    gmma("F16E4M3E4M3", 32, "_TN", A_64X32, EVERY_8),
    gmma("F32E4M3E4M3", 32, "_TN", A_64X32, EVERY_8),
    gmma("F16E4M3E5M2", 32, "_TN", A_64X32, EVERY_8),
    gmma("F32E4M3E5M2", 32, "_TN", A_64X32, EVERY_8),
    gmma("F16E5M2E4M3", 32, "_TN", A_64X32, EVERY_8),
    gmma("F32E5M2E4M3", 32, "_TN", A_64X32, EVERY_8),
    gmma("F16E5M2E5M2", 32, "_TN", A_64X32, EVERY_8),
    gmma("F32E5M2E5M2", 32, "_TN", A_64X32, EVERY_8),
];

fn gmma_name(f: &GmmaFamily, n: i32, source: &str) -> String {
    format!("SM90_64x{n}x{}_{}_{source}{}", f.k, f.types, f.suffix)
}

/// The name without CuTe's namespace and template arguments (`cute::SM90_..._SS<...>`).
fn bare(name: &str) -> &str {
    let name = name.trim().trim_start_matches("cute::");
    match name.find('<') {
        Some(k) => &name[..k],
        None => name,
    }
}

fn layout_of(spec: Spec) -> Result<Layout> {
    match spec {
        Spec::Text(text) => text.parse(),
        Spec::GmmaSmem(m, k) => Layout::from_parts(
            IntTuple::tuple(vec![
                IntTuple::s(128),
                IntTuple::tuple(vec![IntTuple::s(m), IntTuple::s(k)]),
            ]),
            IntTuple::tuple(vec![
                IntTuple::s(0),
                IntTuple::tuple(vec![IntTuple::s(1), IntTuple::s(m)]),
            ]),
        ),
        Spec::GmmaAccum(n) => format!(
            "((_4,_8,_4),(_2,_2,_{})):((_128,_1,_16),(_64,_8,_512))",
            n / 8
        )
        .parse(),
    }
}

fn build(name: &str, mnk: [i32; 3], thr_id: &str, [a, b, c]: [Spec; 3]) -> Result<MmaAtom> {
    Ok(MmaAtom {
        name: name.to_string(),
        shape_mnk: mnk.iter().map(|&v| IntTuple::s(v)).collect(),
        thr_id: thr_id.parse()?,
        a_layout: layout_of(a)?,
        b_layout: layout_of(b)?,
        c_layout: layout_of(c)?,
    })
}

/// The MMA atom with CuTe's type name `name` (`SM80_16x8x16_F16F16F16F16_TN`,
/// `SM90_64x128x16_F32BF16BF16_RS<GMMA::Major::K,GMMA::Major::K>`, `UniversalFMA<float,...>`;
/// template arguments and a `cute::` prefix are ignored, the layouts do not depend on them).
/// Unknown names are an error; [`mma_atom_names`] lists the known ones.
///
/// ```
/// use cute_dynamic::mma_atom;
/// let gmma = mma_atom("SM90_64x64x16_F32F16F16_SS<GMMA::Major::K,GMMA::Major::MN>")?;
/// assert_eq!(gmma.a_layout.to_string(), "(_128,(_64,_16)):(_0,(_1,_64))");
/// assert_eq!(gmma.c_layout.to_string(), "((_4,_8,_4),(_2,_2,_8)):((_128,_1,_16),(_64,_8,_512))");
/// assert!(mma_atom("SM80_16x8x16_F16F16F16F16_XX").is_err());
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn mma_atom(name: &str) -> Result<MmaAtom> {
    let wanted = bare(name);
    if let Some(a) = ATOMS.iter().find(|a| a.name == wanted) {
        return build(a.name, a.mnk, a.thr_id, [a.a, a.b, a.c]);
    }
    for f in GMMA_FAMILIES {
        for &n in f.ns {
            let mnk = [64, n, f.k];
            if wanted == gmma_name(f, n, "SS") {
                let specs = [
                    Spec::GmmaSmem(64, f.k),
                    Spec::GmmaSmem(n, f.k),
                    Spec::GmmaAccum(n),
                ];
                return build(wanted, mnk, "_128:_1", specs);
            }
            if wanted == gmma_name(f, n, "RS") {
                let specs = [
                    Spec::Text(f.rs_a),
                    Spec::GmmaSmem(n, f.k),
                    Spec::GmmaAccum(n),
                ];
                return build(wanted, mnk, "_128:_1", specs);
            }
        }
    }
    Err(LayoutError::invalid(
        "mma_atom",
        format!("unknown MMA atom {name} (see mma_atom_names)"),
    ))
}

/// The names [`mma_atom`] knows, without template arguments.
///
/// ```
/// let names = cute_dynamic::mma_atom_names();
/// assert!(names.iter().any(|n| n == "SM80_16x8x16_F16F16F16F16_TN"));
/// assert!(names.iter().any(|n| n == "SM90_64x256x16_F16F16F16_RS"));
/// assert!(names.iter().all(|n| cute_dynamic::mma_atom(n).is_ok()));
/// ```
#[must_use]
pub fn mma_atom_names() -> Vec<String> {
    let mut names: Vec<String> = ATOMS.iter().map(|a| a.name.to_string()).collect();
    for f in GMMA_FAMILIES {
        for &n in f.ns {
            names.push(gmma_name(f, n, "SS"));
            names.push(gmma_name(f, n, "RS"));
        }
    }
    names
}

/// The thread-value layout that CuTe's `make_tiled_copy(atom, thr, val)` builds (the CuTe DSL's
/// `make_layout_tv`): `(tiler_mn, layout_tv)`. Rule:
///
/// ```text
/// layout_mn = raked_product(thr, val)
/// layout_tv = composition(right_inverse(layout_mn), (size(thr),size(val)):(_1,size(thr)))
/// tiler_mn  = product_each(shape(layout_mn))
/// ```
///
/// `layout_tv` maps `(thread, value)` to the column-major index in the `tiler_mn` tile.
///
/// ```
/// use cute_dynamic::make_layout_tv;
/// let (tiler, tv) = make_layout_tv(&"(_4,_8):(_8,_1)".parse()?, &"(_2,_2):(_2,_1)".parse()?)?;
/// assert_eq!(tiler.to_string(), "(_8,_16)");
/// assert_eq!(tv.to_string(), "((_8,_4),(_2,_2)):((_16,_2),(_8,_1))");
/// # Ok::<(), cute_dynamic::LayoutError>(())
/// ```
pub fn make_layout_tv(thr: &Layout, val: &Layout) -> Result<(IntTuple, Layout)> {
    let layout_mn = raked_product(thr, val)?;
    let tv_shape = IntTuple::tuple(vec![thr.size()?.into(), val.size()?.into()]);
    let layout_tv = composition(&right_inverse(&layout_mn)?, &make_layout(&tv_shape)?)?;
    Ok((product_each(&layout_mn.shape())?, layout_tv))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_known_name_builds_and_unknown_ones_are_errors() {
        for name in mma_atom_names() {
            let atom = mma_atom(&name).unwrap_or_else(|e| panic!("{name}: {e}"));
            // A thread-value layout covers its tile: size(C) = M * N.
            let mnk = atom.shape_mnk.leaves();
            let (m, n) = (mnk[0].value(), mnk[1].value());
            let threads = atom.thr_id.size().unwrap().value();
            let c = atom.c_layout.size().unwrap().value();
            assert!(c == m * n || c == threads * m * n / 128, "{name}");
        }
        for bad in [
            "",
            "SM80",
            "SM90_64x12x16_F16F16F16_SS",
            "SM90_64x40x32_S32S8S8_SS_TN",
        ] {
            assert!(mma_atom(bad).is_err(), "{bad}");
        }
        assert!(mma_atom("cute::SM90_64x8x16_F16F16F16_SS<GMMA::Major::K,GMMA::Major::K>").is_ok());
    }

    #[test]
    fn make_layout_tv_refuses_what_cute_refuses() {
        // Dynamic multi-mode strides: the raked product's complement is rank-1 only.
        let err = make_layout_tv(
            &"(4,8):(1,4)".parse().unwrap(),
            &"(2,2):(2,1)".parse().unwrap(),
        );
        assert_eq!(
            err.unwrap_err().condition(),
            Some(crate::Condition::DynamicStrideComplement)
        );
    }
}

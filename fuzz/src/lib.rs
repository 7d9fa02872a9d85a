//! Structure-aware inputs for the fuzz targets: CuTe layouts, integer tuples, tilers and
//! coordinates built from the fuzzer's bytes with [`arbitrary`], as CuTe text. Leaves are each
//! static (`_N`) or dynamic (`N`); values are mostly small, sometimes the i32 limits and the
//! values around them, sometimes anything; trees are up to 3 deep with 0 to 4 modes (empty and
//! rank-1 tuples included).

#![forbid(unsafe_code)]

use arbitrary::{Arbitrary, Result, Unstructured};
use cute_dynamic::{Coord, IntTuple, Layout, Tiler};
use cute_tests::exercise::{EXTREMES, Inputs};

/// Deepest nesting of generated trees.
pub const MAX_DEPTH: u32 = 3;

/// An integer: mostly small, sometimes extreme, sometimes anything.
pub fn value(u: &mut Unstructured) -> Result<i32> {
    Ok(match u.int_in_range(0..=15u8)? {
        0..=10 => u.int_in_range(-4..=12)?,
        11..=13 => *u.choose(EXTREMES)?,
        _ => i32::arbitrary(u)?,
    })
}

/// A shape value: mostly 1 to 8, sometimes anything [`value`] gives.
pub fn shape_value(u: &mut Unstructured) -> Result<i32> {
    Ok(if u.ratio(3, 4)? {
        u.int_in_range(1..=8)?
    } else {
        value(u)?
    })
}

/// CuTe text of one integer.
pub fn int_text(v: i32, is_static: bool) -> String {
    if is_static {
        format!("_{v}")
    } else {
        v.to_string()
    }
}

/// A value and whether it is static.
pub type Tagged = (i32, bool);

/// A tree of (shape, stride) leaves, each value with its static tag.
#[derive(Clone, Debug)]
pub enum Tree {
    /// A leaf: shape and stride.
    Leaf(Tagged, Tagged),
    /// A tuple of subtrees (possibly empty).
    Node(Vec<Tree>),
}

impl Tree {
    /// A tree at most `depth` deep.
    pub fn generate(u: &mut Unstructured, depth: u32) -> Result<Tree> {
        if depth == 0 || u.ratio(1, 2)? {
            let shape = (shape_value(u)?, bool::arbitrary(u)?);
            let stride = (value(u)?, bool::arbitrary(u)?);
            return Ok(Tree::Leaf(shape, stride));
        }
        let n = if u.ratio(1, 12)? {
            0
        } else {
            u.int_in_range(1..=4)?
        };
        let modes = (0..n)
            .map(|_| Tree::generate(u, depth - 1))
            .collect::<Result<_>>()?;
        Ok(Tree::Node(modes))
    }

    fn text(&self, part: &dyn Fn(&Tagged, &Tagged) -> Tagged) -> String {
        match self {
            Tree::Leaf(s, d) => {
                let (v, st) = part(s, d);
                int_text(v, st)
            }
            Tree::Node(c) => {
                let items: Vec<String> = c.iter().map(|t| t.text(part)).collect();
                format!("({})", items.join(","))
            }
        }
    }

    /// The shape's text.
    pub fn shape_text(&self) -> String {
        self.text(&|s, _| *s)
    }

    /// The stride's text.
    pub fn stride_text(&self) -> String {
        self.text(&|_, d| *d)
    }

    /// `shape:stride`.
    pub fn layout_text(&self) -> String {
        format!("{}:{}", self.shape_text(), self.stride_text())
    }
}

/// A layout: a generated tree, parsed (generated trees are congruent, so they always parse).
pub fn layout(u: &mut Unstructured) -> Result<Layout> {
    let text = Tree::generate(u, MAX_DEPTH)?.layout_text();
    Ok(text
        .parse()
        .unwrap_or_else(|e| panic!("generated layout {text} does not parse: {e}"))) // fires only on a bug of this generator, which the fuzz run is there to report
}

/// An integer tuple (a generated tree's shape, or its stride for negative and extreme values).
pub fn int_tuple(u: &mut Unstructured) -> Result<IntTuple> {
    let tree = Tree::generate(u, MAX_DEPTH)?;
    let text = if u.ratio(3, 4)? {
        tree.shape_text()
    } else {
        tree.stride_text()
    };
    Ok(text
        .parse()
        .unwrap_or_else(|e| panic!("generated tuple {text} does not parse: {e}"))) // fires only on a bug of this generator, which the fuzz run is there to report
}

fn tiler_text(u: &mut Unstructured, depth: u32) -> Result<String> {
    let kind = if depth == 0 {
        u.int_in_range(0..=2u8)?
    } else {
        u.int_in_range(0..=3u8)?
    };
    Ok(match kind {
        0 => Tree::generate(u, MAX_DEPTH - 1)?.layout_text(),
        1 => int_text(shape_value(u)?, bool::arbitrary(u)?),
        2 => "_".to_string(),
        _ => {
            let n = u.int_in_range(0..=4)?;
            let items = (0..n)
                .map(|_| tiler_text(u, depth - 1))
                .collect::<Result<Vec<_>>>()?;
            format!("({})", items.join(","))
        }
    })
}

/// A tiler: a layout, an integer, `_`, or a tuple of tilers.
pub fn tiler(u: &mut Unstructured) -> Result<Tiler> {
    let text = tiler_text(u, 2)?;
    Ok(text
        .parse()
        .unwrap_or_else(|e| panic!("generated tiler {text} does not parse: {e}"))) // fires only on a bug of this generator, which the fuzz run is there to report
}

fn coord_text(u: &mut Unstructured, depth: u32) -> Result<String> {
    let kind = if depth == 0 {
        u.int_in_range(0..=1u8)?
    } else {
        u.int_in_range(0..=2u8)?
    };
    Ok(match kind {
        0 => int_text(value(u)?, bool::arbitrary(u)?),
        1 => "_".to_string(),
        _ => {
            let n = u.int_in_range(0..=4)?;
            let items = (0..n)
                .map(|_| coord_text(u, depth - 1))
                .collect::<Result<Vec<_>>>()?;
            format!("({})", items.join(","))
        }
    })
}

/// A coordinate: an integer, `_`, or a tuple of coordinates.
pub fn coord(u: &mut Unstructured) -> Result<Coord> {
    let text = coord_text(u, MAX_DEPTH)?;
    Ok(text
        .parse()
        .unwrap_or_else(|e| panic!("generated coordinate {text} does not parse: {e}"))) // fires only on a bug of this generator, which the fuzz run is there to report
}

/// The input of one run of the `ops` target: [`cute_tests::exercise::Inputs`] built with
/// [`arbitrary`] (its `Debug` is CuTe text, for `cargo fuzz fmt`).
#[derive(Clone)]
pub struct OpsInput(pub Inputs);

impl std::fmt::Debug for OpsInput {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl<'a> Arbitrary<'a> for OpsInput {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        Ok(OpsInput(Inputs {
            a: layout(u)?,
            b: layout(u)?,
            t: int_tuple(u)?,
            u: int_tuple(u)?,
            tiler: tiler(u)?,
            coord: coord(u)?,
            n: value(u)?,
            i: u.int_in_range(0..=5)?,
            j: u.int_in_range(0..=5)?,
            sw: (
                u.int_in_range(-1..=8)?,
                u.int_in_range(-1..=8)?,
                u.int_in_range(-9..=9)?,
            ),
        }))
    }
}

/// A literal of the `cute` expression language.
fn literal(u: &mut Unstructured) -> Result<String> {
    Ok(match u.int_in_range(0..=11u8)? {
        0..=3 => Tree::generate(u, MAX_DEPTH)?.layout_text(),
        4 | 5 => Tree::generate(u, MAX_DEPTH)?.shape_text(),
        6 => int_text(value(u)?, bool::arbitrary(u)?),
        7 => "_".to_string(),
        8 => {
            let (b, m, s) = (
                u.int_in_range(-1..=8)?,
                u.int_in_range(-1..=8)?,
                u.int_in_range(-9..=9)?,
            );
            format!("Sw<{b},{m},{s}>")
        }
        9 => {
            let (b, m, s) = (u.int_in_range(0..=4)?, u.int_in_range(0..=4)?, 3);
            let off = int_text(value(u)?, bool::arbitrary(u)?);
            let l = Tree::generate(u, 2)?.layout_text();
            format!("Sw<{b},{m},{s}> o {off} o {l}")
        }
        10 => {
            let off = value(u)?;
            format!("{off}|{}", Tree::generate(u, 2)?.layout_text())
        }
        _ => u
            .choose(&[
                "GMMA::Layout_K_SW128_Atom<half_t>",
                "GMMA::Layout_MN_SW64_Atom<float>",
                "GMMA::Layout_K_INTER_Atom<uint8_t>",
                "SM80_16x8x16_F16F16F16F16_TN",
                "SM80_16x8x8_F16F16F16F16_TN",
                "SM70_8x8x4_F16F16F16F16_TN",
                "SM80_16x8x16_F16F16F16F16_TN::ALayout",
                "UniversalFMA<float>",
                "ArithTuple(_0,_0) o (_4,_8):(_1@0,_1@1)",
                "(_4,_8):(_1@0,_1@1)",
            ])?
            .to_string(),
    })
}

fn expr(u: &mut Unstructured, depth: u32) -> Result<String> {
    if depth == 0 || u.ratio(1, 2)? {
        return literal(u);
    }
    let op = u.choose(cute_dynamic::ops::OPS)?;
    let max = if op.variadic {
        op.args.len() + 2
    } else {
        op.args.len()
    };
    let n = u.int_in_range(op.required..=max.min(op.required + 3))?;
    let n = if u.ratio(1, 16)? { n + 1 } else { n };
    let args = (0..n)
        .map(|_| expr(u, depth - 1))
        .collect::<Result<Vec<_>>>()?;
    Ok(format!("{}({})", op.name, args.join(", ")))
}

/// A `cute` expression: calls of the evaluator's operations (with their usual number of
/// arguments, sometimes one more) on literals and on nested calls.
pub fn cli_expression(u: &mut Unstructured) -> Result<String> {
    expr(u, 3)
}

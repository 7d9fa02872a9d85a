//! # cute-cli: the `cute` command
//!
//! A calculator for CuTe's layout algebra, built on [`cute_dynamic`]: it evaluates nested calls
//! of every operation by its CuTe name on CuTe-text values and prints the result the way CuTe
//! prints it, and it draws layouts (ASCII grids identical to CuTe's `print_layout`, SVG, and
//! TikZ in the style of CuTe's `print_latex`).
//!
//! ```
//! use cute_cli::{evaluate, View};
//! let r = evaluate("composition((10,2):(16,4), (5,4):(1,5))").unwrap();
//! assert_eq!(r.show(View::Cute), "((5,1),(2,2)):((16,4),(80,4))");
//! let r = evaluate("call(logical_divide(_8:_1, _4:_2))").unwrap();
//! assert_eq!(r.show(View::Cute), "[0,2,4,6,1,3,5,7]");
//! ```
//!
//! The parts, one concept per module:
//! * [`parse`]: the expression grammar (calls, names, CuTe literals, composed layouts
//!   `A o O o B`, tensors `OFF|L` and `ArithTuple(..) o L`), with byte offsets;
//! * [`named`]: values named by their C++ type (`Sw<3,4,3>`, `GMMA::Layout_K_SW128_Atom<half_t>`,
//!   MMA atoms such as `SM80_16x8x16_F16F16F16F16_TN` and their `::ALayout`, ...);
//! * [`eval`]: evaluation, the operations from cute-dynamic's registry ([`cute_dynamic::ops`]);
//! * [`value`]: values, their conversions and the three print views;
//! * [`session`]: line-by-line input with names;
//! * [`grid`]: the grid every picture draws (offsets, swizzled offsets, or thread-value labels);
//! * [`tv`]: thread-value pictures (one TV layout, the C, A and B layouts of an MMA, an MMA atom
//!   by name);
//! * [`draw`], [`table`], [`svg`], [`latex`]: the outputs;
//! * [`desc`], [`banks`]: what the tensor cores' descriptors and the shared-memory banks make of
//!   a shared-memory layout (`--desc`, `--banks`);
//! * [`swizzle_search`]: the swizzled layout of a tile that its writer and reader access with
//!   the fewest wavefronts (`--swizzle-search`);
//! * [`cli`]: the command line;
//! * [`error`]: errors, rendered with a caret under the offending character.

#![forbid(unsafe_code)]

// The README's examples, run as doctests (not part of the documentation).
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

pub mod banks;
pub mod cli;
pub mod desc;
pub mod draw;
pub mod error;
pub mod eval;
pub mod grid;
pub mod latex;
pub mod named;
pub mod parse;
pub mod session;
pub mod svg;
pub mod swizzle_search;
pub mod table;
pub mod tv;
pub mod value;

pub use cli::{Cli, run};
pub use error::CliError;
pub use grid::{Cell, Grid, MAX_CELLS};
pub use session::{Session, evaluate};
pub use value::{Value, View};

//! The CuTe DSL tutorial notebook "Using CuTe Layout Algebra With Python DSL", cell by cell.
//!
//! Run it with `cargo run --example notebook`. Each `@cute.jit` cell of the notebook prints its
//! compile-time lines first (`>>>`, Python `print`: static values as numbers, dynamic values as
//! `?`) and then its run-time lines (`>??`, `cute.printf`: every value). Here a plain Python int is
//! a static CuTe integer (`_6` in CuTe text) and `cutlass.Int32(6)` a dynamic one (`6`).
//! `.dsl()` gives the compile-time view and `.values()` the run-time view.
//!
//! One difference from the notebook: Python prints a tuple of layouts as object addresses
//! (`<cutlass.cute.core._Layout object at 0x...>`); this example prints the tiler in CuTe text.

use cute_dynamic::{self as cute, Layout, LayoutError, Tiler};
use std::io::{self, Write};

type Out<'a> = &'a mut dyn Write;
type Res = Result<(), Box<dyn std::error::Error>>;

fn layout(text: &str) -> Result<Layout, LayoutError> {
    text.parse()
}

fn tiler(text: &str) -> Result<Tiler, LayoutError> {
    text.parse()
}

/// `cute.make_layout((2, (1, 6)), stride=(1, (cutlass.Int32(6), 2)))` and its coalesce.
fn coalesce_example(out: Out) -> Res {
    let layout = layout("(_2,(_1,_6)):(_1,(6,_2))")?;
    let result = cute::coalesce(&layout)?;
    writeln!(out, ">>> Original: {}", layout.dsl())?;
    writeln!(out, ">>> Coalesced: {}", result.dsl())?;
    writeln!(out, ">?? Original: {}", layout.values())?;
    writeln!(out, ">?? Coalesced: {}", result.values())?;
    Ok(())
}

/// Coalesce's three post-conditions: same size, depth <= 1, same function.
fn coalesce_post_conditions(out: Out) -> Res {
    let layout = layout("((_2,(_3,_4)),(_3,_2),_1):((_4,(_8,_24)),(_2,_6),_12)")?;
    let result = cute::coalesce(&layout)?;
    writeln!(out, ">>> Original: {}", layout.dsl())?;
    writeln!(out, ">>> Coalesced: {}", result.dsl())?;
    writeln!(out, ">>> Checking post-conditions:")?;
    writeln!(
        out,
        ">>> 1. Checking size remains the same after the coalesce operation:"
    )?;
    let (original_size, coalesced_size) = (layout.size()?.value(), result.size()?.value());
    writeln!(
        out,
        "Original size: {original_size}, Coalesced size: {coalesced_size}"
    )?;
    assert_eq!(coalesced_size, original_size, "size mismatch");
    writeln!(out, ">>> 2. Checking depth of coalesced layout <= 1:")?;
    let depth = result.depth();
    writeln!(out, "Depth of coalesced layout: {depth}")?;
    assert!(
        depth <= 1,
        "depth of coalesced layout should be <= 1, got {depth}"
    );
    writeln!(
        out,
        ">>> 3. Checking layout functionality remains the same after the coalesce operation:"
    )?;
    for i in 0..original_size {
        let (original, coalesced) = (layout.call(i)?.value(), result.call(i)?.value());
        writeln!(out, "Index {i}: original {original}, coalesced {coalesced}")?;
        assert_eq!(coalesced, original, "value mismatch at index {i}");
    }
    Ok(())
}

/// `cute.coalesce(layout, target_profile=(1, 1))`: coalesce each mode on its own.
fn bymode_coalesce_example(out: Out) -> Res {
    let layout = layout("(_2,(_1,_6)):(_1,(_6,_2))")?;
    let result = cute::coalesce_profile(&layout, &"(_1,_1)".parse()?)?;
    writeln!(out, ">>> Original: {}", layout.dsl())?;
    writeln!(out, ">>> Coalesced Result: {}", result.dsl())?;
    Ok(())
}

/// `R = A ◦ B` with a dynamic stride in A: the DSL knows the stride 24 is a multiple of 3.
fn composition_example(out: Out) -> Res {
    let a = layout("(_6,_2):(8,_2)")?;
    let b = layout("(_4,_3):(_3,_1)")?;
    let r = cute::composition(&a, &b)?;
    writeln!(out, ">>> Layout A: {}", a.dsl())?;
    writeln!(out, ">>> Layout B: {}", b.dsl())?;
    writeln!(out, ">>> Composition R = A ◦ B: {}", r.dsl())?;
    writeln!(out, ">?? Layout A: {}", a.values())?;
    writeln!(out, ">?? Layout B: {}", b.values())?;
    writeln!(out, ">?? Composition R: {}", r.values())?;
    Ok(())
}

/// The same composition, all static and all dynamic: dynamic size-1 modes cannot be dropped.
fn composition_static_vs_dynamic_layout(out: Out) -> Res {
    let (a_static, b_static) = (layout("(_10,_2):(_16,_4)")?, layout("(_5,_4):(_1,_5)")?);
    let r_static = cute::composition(&a_static, &b_static)?;
    writeln!(out, ">>> Static composition:")?;
    writeln!(out, ">>> A_static: {}", a_static.dsl())?;
    writeln!(out, ">>> B_static: {}", b_static.dsl())?;
    writeln!(out, ">>> R_static: {}", r_static.dsl())?;
    let (a_dynamic, b_dynamic) = (layout("(10,2):(16,4)")?, layout("(5,4):(1,5)")?);
    let r_dynamic = cute::composition(&a_dynamic, &b_dynamic)?;
    writeln!(out, ">?? Dynamic composition:")?;
    writeln!(out, ">?? A_dynamic: {}", a_dynamic.values())?;
    writeln!(out, ">?? B_dynamic: {}", b_dynamic.values())?;
    writeln!(out, ">?? R_dynamic: {}", r_dynamic.values())?;
    Ok(())
}

/// By-mode composition with the tiler `(3, 8)`: `3:1` on mode 0, `8:1` on mode 1.
fn bymode_composition_example(out: Out) -> Res {
    let a = layout("(12,(4,8)):(59,(13,1))")?;
    let t = tiler("(_3,_8)")?;
    let result = cute::composition_tiler(&a, &t)?;
    writeln!(out, ">>> Layout A: {}", a.dsl())?;
    writeln!(out, ">>> Tiler: {}", t.dsl())?;
    writeln!(out, ">>> By-mode Composition Result: {}", result.dsl())?;
    writeln!(out, ">?? Layout A: {}", a.values())?;
    writeln!(out, ">?? Tiler: {}", t.values())?;
    writeln!(out, ">?? By-mode Composition Result: {}", result.values())?;
    Ok(())
}

/// `logical_divide` by the layout `4:2`.
fn logical_divide_1d_example(out: Out) -> Res {
    let t = layout("_4:_2")?;
    let layout = layout("(_4,_2,_3):(_2,_1,_8)")?;
    let result = cute::logical_divide(&layout, &t)?;
    writeln!(out, ">>> Layout: {}", layout.dsl())?;
    writeln!(out, ">>> Tiler : {}", t.dsl())?;
    writeln!(out, ">>> Logical Divide Result: {}", result.dsl())?;
    writeln!(out, ">?? Logical Divide Result: {}", result.values())?;
    Ok(())
}

/// The 2-D layout `(9,(4,8)):(59,(13,1))` and the tiler `(3:3, (2,4):(1,8))` of the divide cells.
fn divide_inputs() -> Result<(Layout, Tiler), LayoutError> {
    Ok((
        layout("(_9,(_4,_8)):(_59,(_13,_1))")?,
        tiler("(_3:_3,(_2,_4):(_1,_8))")?,
    ))
}

/// One of the four divides of the 2-D example.
fn divide_example(
    out: Out,
    name: &str,
    divide: fn(&Layout, &Tiler) -> cute::Result<Layout>,
) -> Res {
    let (layout, t) = divide_inputs()?;
    let result = divide(&layout, &t)?;
    writeln!(out, ">>> Layout: {}", layout.dsl())?;
    writeln!(out, ">>> Tiler : {}", t.dsl())?;
    writeln!(out, ">>> {name} Result: {}", result.dsl())?;
    writeln!(out, ">?? {name} Result: {}", result.values())?;
    Ok(())
}

/// `logical_product` of `(2,2):(4,1)` by `6:1`.
fn logical_product_1d_example(out: Out) -> Res {
    let t = layout("_6:_1")?;
    let layout = layout("(_2,_2):(_4,_1)")?;
    let result = cute::logical_product(&layout, &t)?;
    writeln!(out, ">>> Layout: {}", layout.dsl())?;
    writeln!(out, ">>> Tiler : {}", t.dsl())?;
    writeln!(out, ">>> Logical Product Result: {}", result.dsl())?;
    writeln!(out, ">?? Logical Product Result: {}", result.values())?;
    Ok(())
}

/// The block `(2,5):(5,1)` and the tiler `(3,4):(1,3)` of the product cells.
fn product_inputs() -> Result<(Layout, Layout), LayoutError> {
    Ok((layout("(_2,_5):(_5,_1)")?, layout("(_3,_4):(_1,_3)")?))
}

fn blocked_raked_product_example(out: Out) -> Res {
    let (layout, t) = product_inputs()?;
    let blocked = cute::blocked_product(&layout, &t)?;
    let raked = cute::raked_product(&layout, &t)?;
    writeln!(out, ">>> Layout: {}", layout.dsl())?;
    writeln!(out, ">>> Tiler : {}", t.dsl())?;
    writeln!(out, ">>> Blocked Product Result: {}", blocked.dsl())?;
    writeln!(out, ">>> Raked Product Result: {}", raked.dsl())?;
    writeln!(out, ">?? Blocked Product Result: {}", blocked.values())?;
    writeln!(out, ">?? Raked Product Result: {}", raked.values())?;
    Ok(())
}

fn zipped_tiled_flat_product_example(out: Out) -> Res {
    let (layout, t) = product_inputs()?;
    let t_tiler = Tiler::from(t.clone());
    let zipped = cute::zipped_product(&layout, &t_tiler)?;
    let tiled = cute::tiled_product(&layout, &t_tiler)?;
    let flat = cute::flat_product(&layout, &t_tiler)?;
    writeln!(out, ">>> Layout: {}", layout.dsl())?;
    writeln!(out, ">>> Tiler : {}", t.dsl())?;
    writeln!(out, ">>> Zipped Product Result: {}", zipped.dsl())?;
    writeln!(out, ">>> Tiled Product Result: {}", tiled.dsl())?;
    writeln!(out, ">>> Flat Product Result: {}", flat.dsl())?;
    writeln!(out, ">?? Zipped Product Result: {}", zipped.values())?;
    writeln!(out, ">?? Tiled Product Result: {}", tiled.values())?;
    writeln!(out, ">?? Flat Product Result: {}", flat.values())?;
    Ok(())
}

/// Every cell of the notebook, in order.
pub fn run(out: Out) -> Res {
    coalesce_example(out)?;
    coalesce_post_conditions(out)?;
    bymode_coalesce_example(out)?;
    composition_example(out)?;
    composition_static_vs_dynamic_layout(out)?;
    bymode_composition_example(out)?;
    logical_divide_1d_example(out)?;
    divide_example(out, "Logical Divide", cute::logical_divide_tiler)?;
    divide_example(out, "Zipped Divide", cute::zipped_divide)?;
    divide_example(out, "Tiled Divide", cute::tiled_divide)?;
    divide_example(out, "Flat Divide", cute::flat_divide)?;
    logical_product_1d_example(out)?;
    blocked_raked_product_example(out)?;
    zipped_tiled_flat_product_example(out)?;
    Ok(())
}

#[allow(dead_code)] // `main` is unused when a test includes this file as a module.
fn main() -> Res {
    run(&mut io::stdout().lock())
}

//! Reading CuTe text into const trees without the macros, for tools and tests: the same const
//! algorithms, run on text at run time. Hidden from the documented API.

use crate::algebra::layout::{L, Major, make_layout};
use crate::algebra::{
    coalesce as co, complement as cm, composition as cp, divide as dv, int_tuple as it,
    inverse as iv, layout as ly, product as pr, recast as rc, slice as sl, stride as st,
};
use crate::error::Msg;
use crate::prog::Prog;
use crate::tree::{Kind, Tree, V};

struct P<'a> {
    s: &'a [u8],
    i: usize,
}

impl P<'_> {
    const fn value(&mut self, out: &mut Tree) {
        let start = out.len;
        self.term(out);
        if self.i < self.s.len() && self.s[self.i] == b':' {
            self.i += 1;
            // Re-root: LAYOUT node, then the shape already written, then the stride.
            let mut shape = Tree::new();
            shape.append_sub(out, start);
            out.len = start;
            out.push(Kind::Layout, 0);
            out.append(&shape);
            self.term(out);
        }
    }

    const fn term(&mut self, out: &mut Tree) {
        if self.i >= self.s.len() {
            Msg::new("parse: unexpected end of input").fail()
        }
        match self.s[self.i] {
            b'(' => {
                self.i += 1;
                let at = out.open();
                let mut n = 0;
                if self.i < self.s.len() && self.s[self.i] == b')' {
                    self.i += 1;
                    out.close(at, 0);
                    return;
                }
                loop {
                    self.value(out);
                    n += 1;
                    if self.i >= self.s.len() {
                        Msg::new("parse: expected ',' or ')'").fail()
                    }
                    match self.s[self.i] {
                        b',' => self.i += 1,
                        b')' => {
                            self.i += 1;
                            break;
                        }
                        _ => Msg::new("parse: expected ',' or ')' at byte ")
                            .num(self.i as i32)
                            .fail(),
                    }
                }
                out.close(at, n);
            }
            b'_' => {
                self.i += 1;
                if self.i < self.s.len()
                    && (self.s[self.i] == b'-' || self.s[self.i].is_ascii_digit())
                {
                    let v = self.int();
                    out.push_leaf(V::s(v));
                } else {
                    out.push(Kind::Under, 0);
                }
            }
            _ => Msg::new("parse: static integers are written _N; unexpected byte ")
                .num(self.i as i32)
                .fail(),
        }
    }

    const fn int(&mut self) -> i32 {
        let neg = self.s[self.i] == b'-';
        if neg {
            self.i += 1;
        }
        let mut v: i64 = 0;
        let start = self.i;
        while self.i < self.s.len() && self.s[self.i].is_ascii_digit() {
            v = v * 10 + (self.s[self.i] - b'0') as i64;
            if v > i32::MAX as i64 {
                Msg::new("parse: integer does not fit in i32").fail()
            }
            self.i += 1;
        }
        if self.i == start {
            Msg::new("parse: expected digits at byte ")
                .num(self.i as i32)
                .fail()
        }
        if neg { -(v as i32) } else { v as i32 }
    }
}

/// Parse CuTe text (static integers only) into a tree; a layout is a `LAYOUT` node.
pub const fn parse(text: &str) -> Tree {
    let mut p = P {
        s: text.as_bytes(),
        i: 0,
    };
    let mut out = Tree::new();
    p.value(&mut out);
    if p.i != p.s.len() {
        Msg::new("parse: unexpected trailing text at byte ")
            .num(p.i as i32)
            .fail()
    }
    out
}

const fn layout(text: &str) -> L {
    let t = parse(text);
    if !matches!(t.tag[0], Kind::Layout) {
        Msg::new("parse: expected a layout shape:stride").fail()
    }
    L::new(t.sub(1), t.sub(t.end(1)))
}

fn int_text(v: i32) -> Msg {
    let mut m = Msg::new("");
    m.int(v);
    m
}

fn layout_text(l: &L) -> Msg {
    let mut m = Msg::new("");
    m.layout(&l.shape, &l.stride);
    m
}

fn tree_text(t: &Tree) -> Msg {
    let mut m = Msg::new("");
    m.tree(t);
    m
}

fn bool_text(b: bool) -> Msg {
    Msg::new(if b { "_1" } else { "_0" })
}

/// Run a conformance op on CuTe text with the const algorithms; a failed precondition panics
/// with CuTe's words, as it stops compilation in the typed API. `None` for an unknown op.
pub fn run(op: &str, a: &[&str]) -> Option<impl core::fmt::Display> {
    let t = |i: usize| parse(a[i]);
    let l = |i: usize| layout(a[i]);
    let mut prog = Prog::new(0);
    let p = &mut prog;
    Some(match op {
        "size" => int_text(p.product(&t(0).leaves()).value()),
        "flatten" => tree_text(&t(0).flatten()),
        "shape_div" => tree_text(&it::shape_div(p, &t(0), &t(1))),
        "ceil_div" => tree_text(&it::ceil_div(p, &t(0), &t(1))),
        "compact_col_major" => tree_text(&st::compact_major(p, &t(0), V::s(1), Major::Left)),
        "compact_row_major" => tree_text(&st::compact_major(p, &t(0), V::s(1), Major::Right)),
        "idx2crd" => tree_text(&st::idx2crd(p, &t(0), &t(1))),
        "crd2idx" => int_text(st::crd2idx(p, &t(0), &t(1), &t(2)).value()),
        "congruent" => bool_text(it::congruent(&t(0), &t(1)).value() != 0),
        "compatible" => bool_text(it::compatible(p, &t(0), &t(1)).value() != 0),
        "weakly_congruent" => bool_text(it::weakly_congruent(p, &t(0), &t(1)).value() != 0),
        "cosize" => int_text(l(0).cosize(p).value()),
        "coalesce" => layout_text(&co::coalesce(p, &l(0))),
        "coalesce_profile" => layout_text(&co::coalesce_profile(p, &l(0), &t(1))),
        "filter" => layout_text(&co::filter(p, &l(0))),
        "filter_zeros" => layout_text(&co::filter_zeros(&l(0))),
        "composition" => layout_text(&cp::composition(p, &l(0), &l(1))),
        "composition_tiler" => layout_text(&cp::composition_tiler(p, &l(0), &t(1))),
        "complement" => layout_text(&cm::complement(p, &l(0), &t(1))),
        "complement1" => layout_text(&cm::complement1(p, &l(0))),
        "right_inverse" => layout_text(&iv::right_inverse(p, &l(0))),
        "left_inverse" => layout_text(&iv::left_inverse(p, &l(0))),
        "nullspace" => layout_text(&iv::nullspace(p, &l(0))),
        "max_common_layout" => layout_text(&iv::max_common_layout(p, &l(0), &l(1))),
        "max_common_vector" => int_text(iv::max_common_vector(p, &l(0), &l(1)).value()),
        "logical_divide" => layout_text(&dv::logical_divide(p, &l(0), &l(1))),
        "logical_divide_tiler" => layout_text(&dv::logical_divide_tiler(p, &l(0), &t(1))),
        "zipped_divide" => layout_text(&dv::zipped_divide(p, &l(0), &t(1))),
        "tiled_divide" => layout_text(&dv::tiled_divide(p, &l(0), &t(1))),
        "flat_divide" => layout_text(&dv::flat_divide(p, &l(0), &t(1))),
        "logical_product" => layout_text(&pr::logical_product(p, &l(0), &l(1))),
        "zipped_product" => layout_text(&pr::zipped_product(p, &l(0), &t(1))),
        "tiled_product" => layout_text(&pr::tiled_product(p, &l(0), &t(1))),
        "flat_product" => layout_text(&pr::flat_product(p, &l(0), &t(1))),
        "blocked_product" => layout_text(&pr::blocked_product(p, &l(0), &l(1))),
        "raked_product" => layout_text(&pr::raked_product(p, &l(0), &l(1))),
        "make_ordered_layout" => layout_text(&L::new(t(0), st::compact_order(p, &t(0), &t(1)))),
        "slice" => layout_text(&sl::slice(&t(0), &l(1))),
        "dice" => layout_text(&sl::dice(&t(0), &l(1))),
        "append" => layout_text(&ly::append(&l(0), &l(1))),
        "prepend" => layout_text(&ly::prepend(&l(0), &l(1))),
        "tile_to_shape" => layout_text(&pr::tile_to_shape(p, &l(0), &t(1))),
        "upcast" => layout_text(&rc::upcast(p, t(0).value().value(), &l(1))),
        "downcast" => layout_text(&rc::downcast(p, t(0).value().value(), &l(1))),
        "make_layout" => layout_text(&make_layout(p, &t(0), Major::Left)),
        _ => return None,
    })
}

//! The data-model question of issue 9, point 2, measured: what one operation costs in
//! cute-dynamic's data model (`Arc` trees of 12-byte integers, the static twin run for dynamic
//! inputs) against a compact one (a layout's leaves contiguous, shape and stride as two arrays of
//! 8-byte integers, its profile as one byte per node in preorder; 148 bytes inline, no heap).
//! The operation is coalesce, on the inputs below; `scripts/data-model.sh` counts the
//! instructions per call with callgrind (docs/bench.md, section 4).
//!
//! ```text
//! cargo run --release -p cute-bench --bin data-model -- MODE INPUT [CALLS]
//!   MODE:  cute-dynamic | compact        INPUT: static | dynamic
//! ```
//!
//! This prototype is a measuring instrument, not a second implementation: it checks its result
//! against cute-dynamic's on every run, and goes when cute-dynamic adopts a compact model.

use cute_dynamic::{Layout, coalesce};
use std::hint::black_box;

/// The input: a nested layout that coalesces to `_192:_1` in its static form; in its dynamic
/// form nothing merges (CuTe merges only into a static front): `(4,2,3,8):(1,4,8,24)`.
const STATIC: &str = "(_4,(_2,_3),_8):(_1,(_4,_8),_24)";
const DYNAMIC: &str = "(4,(2,3),8):(1,(4,8),24)";

/// An integer in 8 bytes: the value, and the static flag with the divisibility (the number a
/// dynamic value is known to be a multiple of) in one word.
#[derive(Clone, Copy, Default)]
struct V {
    value: i32,
    meta: u32,
}

const STATIC_BIT: u32 = 1 << 31;

impl V {
    fn new(value: i32, is_static: bool) -> V {
        V {
            value,
            meta: if is_static { STATIC_BIT } else { 1 },
        }
    }
    fn is_static(self) -> bool {
        self.meta & STATIC_BIT != 0
    }
    fn is_constant(self, v: i32) -> bool {
        self.is_static() && self.value == v
    }
    fn divisibility(self) -> u32 {
        if self.is_static() {
            self.value.unsigned_abs()
        } else {
            self.meta
        }
    }
    /// CuTe's `*`: `_0` absorbs; static times static is static; overflow is an error.
    fn mul(self, o: V) -> Option<V> {
        if self.is_constant(0) || o.is_constant(0) {
            return Some(V::new(0, true));
        }
        let value = self.value.checked_mul(o.value)?;
        if self.is_static() && o.is_static() {
            return Some(V::new(value, true));
        }
        let div = self
            .divisibility()
            .checked_mul(o.divisibility())
            .filter(|&d| i32::try_from(d).is_ok_and(|d| d > 0 && value % d == 0))
            .unwrap_or(1);
        Some(V { value, meta: div })
    }
}

const LEAVES: usize = 8;
const NODES: usize = 16;
/// A node of the profile that is a leaf; any other byte is a tuple of that many modes.
const LEAF: u8 = 0xFF;

#[derive(Clone, Copy)]
struct Compact {
    leaves: u8,
    nodes: u8,
    profile: [u8; NODES],
    shape: [V; LEAVES],
    stride: [V; LEAVES],
}

impl Compact {
    fn empty() -> Compact {
        Compact {
            leaves: 0,
            nodes: 0,
            profile: [0; NODES],
            shape: [V::default(); LEAVES],
            stride: [V::default(); LEAVES],
        }
    }

    fn leaf(s: V, d: V) -> Compact {
        let mut c = Compact::empty();
        (c.leaves, c.nodes, c.profile[0], c.shape[0], c.stride[0]) = (1, 1, LEAF, s, d);
        c
    }

    /// From cute-dynamic's layout (outside the timed loop).
    fn of(l: &Layout) -> Compact {
        fn walk(s: &cute_dynamic::IntTuple, d: &cute_dynamic::IntTuple, c: &mut Compact) {
            match (s.as_tuple(), d.as_tuple()) {
                (Some(s), Some(d)) => {
                    c.profile[usize::from(c.nodes)] = u8::try_from(s.len()).expect("small");
                    c.nodes += 1;
                    s.iter().zip(d).for_each(|(s, d)| walk(s, d, c));
                }
                _ => {
                    let (s, d) = (s.as_int().expect("leaf"), d.as_int().expect("leaf"));
                    let i = usize::from(c.leaves);
                    c.shape[i] = V::new(s.value(), s.is_static());
                    c.stride[i] = V::new(d.value(), d.is_static());
                    c.profile[usize::from(c.nodes)] = LEAF;
                    (c.leaves, c.nodes) = (c.leaves + 1, c.nodes + 1);
                }
            }
        }
        let mut c = Compact::empty();
        walk(&l.shape(), &l.stride(), &mut c);
        c
    }

    /// CuTe's text of the result (outside the timed loop), for the check against cute-dynamic.
    fn text(&self) -> String {
        let int = |v: V| format!("{}{}", if v.is_static() { "_" } else { "" }, v.value);
        let part = |of: &[V]| {
            let items: Vec<String> = of[..usize::from(self.leaves)]
                .iter()
                .map(|&v| int(v))
                .collect();
            if self.profile[0] == LEAF {
                items[0].clone()
            } else {
                format!("({})", items.join(","))
            }
        };
        format!("{}:{}", part(&self.shape), part(&self.stride))
    }
}

/// CuTe's coalesce on the compact model, leaves right to left: a static `_1` mode is dropped;
/// a front of static `_1` is replaced; `s * d == front stride` (static) merges into a static
/// front; anything else starts a new mode. One mode left is the layout `s:d` (`_1:_0` if `_1`).
fn coalesce_compact(l: &Compact) -> Option<Compact> {
    let n = usize::from(l.leaves);
    let mut out = Compact::empty();
    // The modes are built at the back of the arrays, last first, then moved to the front.
    let mut k = LEAVES - 1;
    (out.shape[k], out.stride[k]) = (l.shape[n - 1], l.stride[n - 1]);
    let mut is_tuple = false;
    for i in (0..n - 1).rev() {
        let (s, d) = (l.shape[i], l.stride[i]);
        let (front_s, front_d) = (out.shape[k], out.stride[k]);
        if s.is_constant(1) {
            continue;
        }
        let product = s.mul(d)?;
        if !is_tuple && front_s.is_constant(1) {
            (out.shape[k], out.stride[k]) = (s, d);
        } else if front_s.is_static()
            && product.is_static()
            && front_d.is_static()
            && product.value == front_d.value
        {
            (out.shape[k], out.stride[k]) = (s.mul(front_s)?, d);
        } else {
            k -= 1;
            (out.shape[k], out.stride[k]) = (s, d);
            is_tuple = true;
        }
    }
    if !is_tuple {
        let (s, d) = (out.shape[k], out.stride[k]);
        return Some(if s.is_constant(1) {
            Compact::leaf(V::new(1, true), V::new(0, true))
        } else {
            Compact::leaf(s, d)
        });
    }
    let m = LEAVES - k;
    out.shape.copy_within(k.., 0);
    out.stride.copy_within(k.., 0);
    let m8 = u8::try_from(m).expect("small");
    (out.leaves, out.nodes, out.profile[0]) = (m8, m8 + 1, m8);
    out.profile[1..=m].fill(LEAF);
    Some(out)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let usage = "usage: data-model cute-dynamic|compact static|dynamic [CALLS]";
    let (Some(mode), Some(input)) = (args.get(1), args.get(2)) else {
        eprintln!("{usage}");
        std::process::exit(2);
    };
    let text = match input.as_str() {
        "static" => STATIC,
        "dynamic" => DYNAMIC,
        _ => {
            eprintln!("{usage}");
            std::process::exit(2);
        }
    };
    let calls: usize = args.get(3).map_or(1_000_000, |c| c.parse().expect(usage));
    let layout: Layout = text.parse().expect("valid layout");
    let compact = Compact::of(&layout);
    let expected = coalesce(&layout).expect("coalesce").to_string();
    let got = coalesce_compact(&compact).expect("coalesce").text();
    assert_eq!(got, expected, "the compact model's coalesce must be CuTe's");
    match mode.as_str() {
        "cute-dynamic" => (0..calls).for_each(|_| {
            black_box(coalesce(black_box(&layout)).ok());
        }),
        "compact" => (0..calls).for_each(|_| {
            black_box(coalesce_compact(black_box(&compact)));
        }),
        _ => {
            eprintln!("{usage}");
            std::process::exit(2);
        }
    }
    println!("coalesce({text}) = {expected}");
}

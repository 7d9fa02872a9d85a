//! The `serde` feature: the layout types serialize as the CuTe text they print (`Display`) and
//! deserialize by parsing it (`FromStr`), so a layout in JSON, TOML or any other format reads as
//! CuTe prints it, and a malformed one is refused with the parser's message.
//!
//! ```
//! # #[cfg(feature = "serde")] {
//! use cute_dynamic::Layout;
//! let l: Layout = "((_2,_2),8):((_1,16),_2)".parse()?;
//! let json = serde_json::to_string(&l).unwrap();
//! assert_eq!(json, r#""((_2,_2),8):((_1,16),_2)""#);
//! assert_eq!(serde_json::from_str::<Layout>(&json).unwrap(), l);
//! assert!(serde_json::from_str::<Layout>(r#""(_2,_2):(_1)""#).is_err());
//! # }
//! # Ok::<(), cute_dynamic::LayoutError>(())
//! ```

use crate::{AnyLayout, ComposedLayout, Coord, IntTuple, Layout, Swizzle, Tensor, Tiler};
use core::fmt;
use core::marker::PhantomData;
use core::str::FromStr;
use serde::de::{Deserializer, Error, Visitor};
use serde::ser::Serializer;
use serde::{Deserialize, Serialize};

/// Reads a string and parses it as `T`.
struct Text<T>(PhantomData<T>);

impl<T: FromStr<Err: fmt::Display>> Visitor<'_> for Text<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("CuTe text")
    }

    fn visit_str<E: Error>(self, v: &str) -> Result<T, E> {
        v.parse().map_err(E::custom)
    }
}

macro_rules! as_cute_text {
    ($($t:ty),*) => {$(
        impl Serialize for $t {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }

        impl<'de> Deserialize<'de> for $t {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                d.deserialize_str(Text(PhantomData))
            }
        }
    )*};
}

as_cute_text!(
    IntTuple,
    Layout,
    Tiler,
    Coord,
    Swizzle,
    ComposedLayout,
    AnyLayout,
    Tensor
);

//! Every `FromStr` of cute-dynamic on arbitrary text: never a panic; whatever parses prints as
//! text that parses back to the same value (printing again gives the same text).

#![no_main]

use cute_dynamic::{
    AnyLayout, ComposedLayout, Coord, CoordLayout, CoordStride, IntTuple, Layout, Offset,
    ScaledBasis, Swizzle, Tensor, Tiler,
};
use libfuzzer_sys::fuzz_target;
use std::fmt::Display;
use std::str::FromStr;

/// Parse `text` as `T`; if it parses, its text must parse again and print the same.
fn round_trip<T: FromStr + Display>(text: &str)
where
    T::Err: Display,
{
    match text.parse::<T>() {
        Ok(v) => {
            let printed = v.to_string();
            match printed.parse::<T>() {
                Ok(again) => assert_eq!(
                    again.to_string(),
                    printed,
                    "{} {text:?} printed {printed:?}",
                    std::any::type_name::<T>()
                ),
                Err(e) => panic!(
                    "{} {text:?} printed {printed:?}, which does not parse: {e}",
                    std::any::type_name::<T>()
                ),
            }
        }
        Err(e) => assert!(!e.to_string().is_empty()),
    }
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let text = text.as_ref();
    round_trip::<IntTuple>(text);
    round_trip::<Layout>(text);
    round_trip::<Tiler>(text);
    round_trip::<Coord>(text);
    round_trip::<CoordStride>(text);
    round_trip::<ScaledBasis>(text);
    round_trip::<CoordLayout>(text);
    round_trip::<Swizzle>(text);
    round_trip::<Offset>(text);
    round_trip::<ComposedLayout>(text);
    round_trip::<AnyLayout>(text);
    round_trip::<Tensor>(text);
    // The views of what parses.
    if let Ok(t) = text.parse::<IntTuple>() {
        let _ = (t.dsl().to_string(), t.values().to_string());
    }
    if let Ok(l) = text.parse::<Layout>() {
        let _ = (l.dsl().to_string(), l.values().to_string());
    }
    if let Ok(t) = text.parse::<Tiler>() {
        let _ = (t.dsl().to_string(), t.values().to_string());
    }
});

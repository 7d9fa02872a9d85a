//! The layout algebra as `const fn`s on const trees. Every integer is static here, so CuTe's
//! static branches are the only branches; the results are exactly CuTe's for static inputs.

pub(crate) mod arithmetic_tuple;
pub(crate) mod by_mode;
pub(crate) mod coalesce;
pub(crate) mod complement;
pub(crate) mod composed;
pub(crate) mod composition;
pub(crate) mod divide;
pub(crate) mod exact;
pub(crate) mod int_tuple;
pub(crate) mod inverse;
pub(crate) mod layout;
pub(crate) mod product;
pub(crate) mod recast;
pub(crate) mod slice;
pub(crate) mod stride;
pub(crate) mod swizzle;
pub(crate) mod swizzle_layout;
pub(crate) mod tensor;
pub(crate) mod tiled;
pub(crate) mod tiler;

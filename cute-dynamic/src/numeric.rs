//! CuTe's numeric types (`numeric/numeric_types.hpp`) by their C++ names: `sizeof_bits<T>`,
//! the size in bits of a CUTLASS value type (`half_t`, `float`, `tfloat32_t`, `uint8_t`, ...).

/// The size in bits of a CUTLASS value type name (`half_t`, `float`, `tfloat32_t`, `uint8_t`, ...).
pub(crate) fn sizeof_bits(name: &str) -> Option<i32> {
    let name = name
        .trim_start_matches("cutlass::")
        .trim_start_matches("cute::");
    Some(match name {
        "int8_t" | "uint8_t" | "float_e4m3_t" | "float_e5m2_t" | "float_ue8m0_t" => 8,
        "half_t" | "bfloat16_t" | "int16_t" | "uint16_t" => 16,
        "float" | "tfloat32_t" | "int32_t" | "uint32_t" => 32,
        "double" | "int64_t" | "uint64_t" => 64,
        "uint128_t" => 128,
        _ => return None,
    })
}

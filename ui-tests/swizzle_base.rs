// CuTe: "MBase must be positive." (swizzle/handcrafted/13).
use cute_static::Swizzle;

fn main() {
    let sw = Swizzle::<3, -1, 3>::new();
    println!("{}", sw.call(5));
}

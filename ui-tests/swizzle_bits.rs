// CuTe: "BBits must be positive." (swizzle/handcrafted/12).
use cute_static::Swizzle;

fn main() {
    let sw = Swizzle::<-1, 4, 3>::new();
    println!("{}", sw.call(5));
}

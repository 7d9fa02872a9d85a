// A tiler (a tuple of layouts) is not a layout: `composition` names the trait, and its note
// sends the user to `composition_tiler` (CuTe's one `composition` takes both).
use cute_static::{composition, layout, tile};

fn main() {
    let a = layout!((_12,(_4,_8)):(_59,(_13,_1)));
    let r = composition(a, tile!((_3:_4, _8:_2)));
    println!("{r}");
}

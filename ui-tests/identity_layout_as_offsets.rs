// An identity layout maps coordinates to coordinates (its strides are scaled bases): it is not
// an offset function, so neither `call` nor a tensor over memory accepts it; its tensor is
// `make_identity_tensor`.
use cute_static::{int_tuple, make_identity_layout, make_tensor};

fn main() {
    let id = make_identity_layout(int_tuple!((_4, _8)));
    println!("{}", id.call(3));
    let data = [0u8; 32];
    println!("{:?}", make_tensor(&data[..], id).is_ok());
}

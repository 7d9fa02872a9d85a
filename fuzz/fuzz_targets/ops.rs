//! Every public operation of cute-dynamic on structured inputs ([`cute_fuzz::OpsInput`]):
//! [`cute_tests::exercise::every_operation`], the calls and post-conditions shared with the
//! proptest suite `tests/tests/no_panic.rs`. The fuzz build checks integer overflow, so a
//! wrapped overflow is a panic too.

#![no_main]

use cute_fuzz::OpsInput;
use cute_tests::exercise::every_operation;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|x: OpsInput| {
    every_operation(&x.0);
});

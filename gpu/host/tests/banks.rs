//! The bank-conflict probes: cute-static's predictions (made while compiling the kernels'
//! crate) equal cute-dynamic's analysis of the same layouts' text, and the wavefronts the H100
//! counted for each probe (`docs/data/banks-h100.tsv`, written by `scripts/gpu-banks.sh`).

use cute_dynamic::{AnyLayout, Layout, bank_conflicts};
use cute_kernels::bank_probes::{CASES, Text};

#[test]
fn cute_dynamic_agrees_with_every_probe() {
    for c in CASES {
        let smem: AnyLayout = Text(c.smem).to_string().parse().unwrap();
        let tv: Layout = Text(c.tv).to_string().parse().unwrap();
        let r = bank_conflicts(&smem, &tv, c.bits as i32, c.op).unwrap();
        assert_eq!(r.total, c.predicted, "{}", c.name);
    }
    assert!(CASES.len() >= 60);
}

#[test]
fn every_probe_was_measured_as_predicted() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/data/banks-h100.tsv"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let mut seen = 0;
    for line in text.lines().skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        let c = CASES
            .iter()
            .find(|c| c.name == f[0])
            .unwrap_or_else(|| panic!("{}: no such probe", f[0]));
        let (instructions, measured): (u32, u32) = (f[6].parse().unwrap(), f[8].parse().unwrap());
        assert_eq!(
            (instructions, measured),
            (c.predicted.instructions, c.predicted.wavefronts),
            "{}",
            c.name
        );
        assert_eq!(
            (f[3], f[4]),
            (
                Text(c.smem).to_string().as_str(),
                Text(c.tv).to_string().as_str()
            ),
            "{}",
            c.name
        );
        seen += 1;
    }
    assert_eq!(seen, CASES.len());
}

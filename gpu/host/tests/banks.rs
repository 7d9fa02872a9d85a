//! The bank-conflict probes: cute-static's predictions (made while compiling the kernels'
//! crate) equal cute-dynamic's analysis of the same layouts' text, and the wavefronts the H100
//! counted for each probe (`docs/data/banks-h100.tsv`, written by `scripts/gpu-banks.sh`), the
//! `cp.async` probes' among them.

use cute_dynamic::{AnyLayout, Layout, bank_conflicts, cp_async_bank_conflicts};
use cute_kernels::bank_probes::{CASES, CP_ASYNC_CASES, Text};

#[test]
fn cute_dynamic_agrees_with_every_probe() {
    for c in CASES {
        let smem: AnyLayout = Text(c.smem).to_string().parse().unwrap();
        let tv: Layout = Text(c.tv).to_string().parse().unwrap();
        let r = bank_conflicts(&smem, &tv, c.bits as i32, c.op).unwrap();
        assert_eq!(r.total, c.predicted, "{}", c.name);
    }
    assert!(CASES.len() >= 60);
    for c in CP_ASYNC_CASES {
        let gmem: AnyLayout = Text(c.gmem).to_string().parse().unwrap();
        let smem: AnyLayout = Text(c.smem).to_string().parse().unwrap();
        let tv: Layout = Text(c.tv).to_string().parse().unwrap();
        let r = cp_async_bank_conflicts(&gmem, &smem, &tv, c.bits as i32, c.op).unwrap();
        assert_eq!(r.total, c.predicted, "{}", c.name);
    }
    assert!(CP_ASYNC_CASES.len() >= 10);
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
        if f[1].starts_with("cp.async") {
            // A cp.async probe: its global layout in the last column.
            let c = CP_ASYNC_CASES
                .iter()
                .find(|c| c.name == f[0])
                .unwrap_or_else(|| panic!("{}: no such cp.async probe", f[0]));
            let (instructions, measured): (u32, u32) =
                (f[6].parse().unwrap(), f[8].parse().unwrap());
            assert_eq!(
                (instructions, measured),
                (c.predicted.instructions, c.predicted.wavefronts),
                "{}",
                c.name
            );
            assert_eq!(
                (f[1], f[3], f[4], f[11]),
                (
                    c.op.to_string().as_str(),
                    Text(c.smem).to_string().as_str(),
                    Text(c.tv).to_string().as_str(),
                    Text(c.gmem).to_string().as_str()
                ),
                "{}",
                c.name
            );
            seen += 1;
            continue;
        }
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
    assert_eq!(seen, CASES.len() + CP_ASYNC_CASES.len());
}

/// The `tiledcopy_*` probes' TV layouts are what `TiledCopy::bank_conflicts_S` partitions:
/// `make_tiled_copy_A` of the `ldmatrix` atoms for the SM80 MMA, the same counts.
#[test]
fn tiled_copy_probes_are_the_tiled_copies() {
    use cute_dynamic::{copy_atom, make_tiled_copy_A, make_tiled_mma, mma_atom};
    let mma = make_tiled_mma(
        &mma_atom("SM80_16x8x16_F16F16F16F16_TN").unwrap(),
        &"(_2,_2,_1):(_1,_2,_0)".parse().unwrap(),
        &"(_,_,_)".parse().unwrap(),
    )
    .unwrap();
    for (name, atom) in [
        ("bank_tiledcopy_ldsm_n", "SM75_U32x4_LDSM_N"),
        ("bank_tiledcopy_ldsm_n_sw", "SM75_U32x4_LDSM_N"),
        ("bank_tiledcopy_ldsm_t", "SM75_U16x8_LDSM_T"),
        ("bank_tiledcopy_ldsm_t_sw", "SM75_U16x8_LDSM_T"),
    ] {
        let c = CASES.iter().find(|c| c.name == name).unwrap();
        let copy = make_tiled_copy_A(&copy_atom(atom, "half_t").unwrap(), &mma).unwrap();
        let smem: AnyLayout = Text(c.smem).to_string().parse().unwrap();
        assert_eq!(
            copy.bank_conflicts_S(&smem).unwrap().total,
            c.predicted,
            "{name}"
        );
    }
}

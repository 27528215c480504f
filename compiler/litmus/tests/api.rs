//! The public API on small tests: outcomes, witnesses, the bound, diagnostics.

use tilec_ir::SourceMap;
use tilec_litmus::{decide, outcomes, parse_test, Model, Options, Test, Verdict, WitnessKind};

fn parse(text: &str) -> Test {
    let mut s = SourceMap::new();
    let f = s.add("t.litmus", text);
    parse_test(&s, f).unwrap_or_else(|d| panic!("{}", d.render(&s)))
}

const MP: &str = "PTX MP\n{ x=0; f=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n st.weak x, 1 | ld.SEM r0, f ;\n st.release.gpu f, 1 | ld.weak r1, x ;\nexists (P1:r0 == 1 /\\ P1:r1 == 0)\n";

fn reg_pairs(t: &Test, m: Model) -> Vec<(i64, i64)> {
    outcomes(t, m, 1)
        .into_iter()
        .map(|o| {
            (
                o.regs[&(1, "r0".to_string())],
                o.regs[&(1, "r1".to_string())],
            )
        })
        .collect()
}

#[test]
fn acquire_forbids_the_stale_read_and_weak_allows_it() {
    let acq = parse(&MP.replace("SEM", "acquire.gpu"));
    let weak = parse(&MP.replace("SEM", "weak"));
    for m in [Model::PtxV6_0, Model::PtxV7_5] {
        assert!(!reg_pairs(&acq, m).contains(&(1, 0)));
        assert!(reg_pairs(&weak, m).contains(&(1, 0)));
        assert_eq!(decide(&acq, m, &Options::default()).verdict, Verdict::Fail);
        assert_eq!(decide(&weak, m, &Options::default()).verdict, Verdict::Pass);
    }
}

#[test]
fn outcomes_include_final_memory() {
    let t = parse(&MP.replace("SEM", "weak"));
    let all = outcomes(&t, Model::PtxV7_5, 1);
    assert!(all.iter().all(|o| o.mem["x"] == 1 && o.mem["f"] == 1));
}

#[test]
fn witnesses_name_the_axiom_or_show_the_execution() {
    let opts = Options {
        bound: 1,
        witness: true,
    };
    let acq = parse(&MP.replace("SEM", "acquire.gpu"));
    let w = decide(&acq, Model::PtxV6_0, &opts)
        .witness
        .expect("asked for one");
    assert!(
        matches!(&w.kind, WitnessKind::Rejected(v) if v.axiom == "Causality"),
        "{w}"
    );
    let weak = parse(&MP.replace("SEM", "weak"));
    let w = decide(&weak, Model::PtxV6_0, &opts)
        .witness
        .expect("asked for one");
    assert_eq!(w.kind, WitnessKind::Reaches);
    assert!(w.to_string().contains("final: P1:r0=1 P1:r1=0"), "{w}");
}

#[test]
fn the_bound_limits_loop_iterations() {
    // P0 retries until it reads 1 from a flag that P1 sets; the retry needs a second iteration.
    let t = parse(
        "PTX spin\n{ f=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n LC00: | st.relaxed.gpu f, 1 ;\n \
         ld.relaxed.gpu r0, f | ;\n add r1, r1, 1 | ;\n bne r0, 1, LC00 | ;\nexists (P0:r1 == 2)\n",
    );
    let one = decide(
        &t,
        Model::PtxV7_5,
        &Options {
            bound: 1,
            witness: false,
        },
    );
    let two = decide(
        &t,
        Model::PtxV7_5,
        &Options {
            bound: 2,
            witness: false,
        },
    );
    assert_eq!(one.verdict, Verdict::Fail);
    assert!(one.cut_at_bound > 0);
    assert_eq!(two.verdict, Verdict::Pass);
}

#[test]
fn errors_are_located_and_collected() {
    let mut s = SourceMap::new();
    let f = s.add("bad.litmus", "PTX bad\n{ x=0; }\n P0@cta 0,gpu 0 ;\n ld.acquire r0, x ;\n st.bogus x, 1 ;\nexists (x == 1)\n");
    let d = parse_test(&s, f).expect_err("malformed");
    let text = d.render(&s);
    assert_eq!(d.error_count(), 2, "{text}");
    assert!(
        text.contains("bad.litmus:4:5: error: 'ld.acquire' needs a scope"),
        "{text}"
    );
    assert!(
        text.contains("bad.litmus:5:5: error: expected a semantic of 'st'"),
        "{text}"
    );
}

/// `race` on a message-passing skeleton: release/acquire orders the data (no race), a relaxed
/// flag does not (a race, with a witness naming the pair), and an unknown location is an error.
#[test]
fn data_race_on_a_location() {
    let mp = |flag_sem: &str| {
        format!(
            "PTX mp\n{{ x=0; f=0; }}\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n st.weak x, 1 | LC00: ;\n st.{flag_sem}.gpu f, 1 | ld.acquire.gpu r0, f ;\n | beq r0, 0, LC00 ;\n | ld.weak r1, x ;\nexists (P1:r1 == 0)\n"
        )
    };
    let ordered = parse(&mp("release"));
    assert!(tilec_litmus::race(&ordered, Model::Tilec, "x", 1)
        .unwrap()
        .is_none());
    let relaxed = parse(&mp("relaxed"));
    let w = tilec_litmus::race(&relaxed, Model::Tilec, "x", 1)
        .unwrap()
        .expect("a race on x");
    assert!(matches!(w.kind, tilec_litmus::WitnessKind::Race(_, _)));
    assert!(w.to_string().contains("race"), "{w}");
    // The flag itself: a release store and an acquire load are morally strong, no race.
    assert!(tilec_litmus::race(&ordered, Model::Tilec, "f", 1)
        .unwrap()
        .is_none());
    assert!(tilec_litmus::race(&ordered, Model::Tilec, "nowhere", 1).is_err());
}

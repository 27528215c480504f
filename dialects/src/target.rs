//! The compilation target: an SM architecture and a PTX ISA version.
//!
//! Facts from docs/reference/ptx-sync-isa.md §9: the minimum `.version` of each `.target`.
//! `a` targets enable architecture-specific features (wgmma on sm_90a, tcgen05 on sm_100a);
//! `f` targets the family features (PTX 8.8+).

use std::fmt;

/// A PTX ISA version `major.minor`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Hash)]
pub struct PtxIsa(pub u8, pub u8);

impl fmt::Display for PtxIsa {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.0, self.1)
    }
}

impl PtxIsa {
    /// Parses `8.7`.
    pub fn parse(s: &str) -> Result<PtxIsa, String> {
        let bad = || format!("invalid PTX ISA version '{s}': expected MAJOR.MINOR, e.g. 8.7");
        let (a, b) = s.split_once('.').ok_or_else(bad)?;
        let v = PtxIsa(a.parse().map_err(|_| bad())?, b.parse().map_err(|_| bad())?);
        if v < PtxIsa(6, 0) || v > PtxIsa(9, 4) {
            return Err(format!(
                "unsupported PTX ISA version '{s}': tilec emits 6.0 to 9.4"
            ));
        }
        Ok(v)
    }
}

/// Architecture suffix of an SM target.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum ArchVariant {
    /// `sm_90`: forward-compatible features only.
    Base,
    /// `sm_90a`: architecture-specific features.
    Specific,
    /// `sm_100f`: family features.
    Family,
}

/// What to compile for.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Target {
    /// The SM number (`90` for sm_90a).
    pub sm: u32,
    /// The suffix.
    pub variant: ArchVariant,
    /// `--ptx-isa`: a hard ceiling on `.version` when given.
    pub ptx_isa: Option<PtxIsa>,
}

/// Every `.target` tilec knows, with the minimum PTX ISA that introduced it.
const TARGETS: &[(u32, &str, PtxIsa)] = &[
    (70, "", PtxIsa(6, 0)),
    (75, "", PtxIsa(6, 3)),
    (80, "", PtxIsa(7, 0)),
    (86, "", PtxIsa(7, 1)),
    (87, "", PtxIsa(7, 4)),
    (89, "", PtxIsa(7, 8)),
    (90, "", PtxIsa(7, 8)),
    (90, "a", PtxIsa(8, 0)),
    (100, "", PtxIsa(8, 6)),
    (100, "a", PtxIsa(8, 6)),
    (100, "f", PtxIsa(8, 8)),
    (101, "", PtxIsa(8, 6)),
    (101, "a", PtxIsa(8, 6)),
    (103, "", PtxIsa(8, 8)),
    (103, "a", PtxIsa(8, 8)),
    (103, "f", PtxIsa(8, 8)),
    (110, "", PtxIsa(9, 0)),
    (110, "a", PtxIsa(9, 0)),
    (110, "f", PtxIsa(9, 0)),
    (120, "", PtxIsa(8, 7)),
    (120, "a", PtxIsa(8, 7)),
    (120, "f", PtxIsa(8, 8)),
    (121, "", PtxIsa(8, 8)),
    (121, "a", PtxIsa(8, 8)),
    (121, "f", PtxIsa(8, 8)),
];

impl Default for Target {
    fn default() -> Self {
        Target {
            sm: 90,
            variant: ArchVariant::Specific,
            ptx_isa: None,
        }
    }
}

impl Target {
    /// Parses `sm_90a` (also `compute_90a`).
    pub fn parse(s: &str) -> Result<Target, String> {
        let body = s
            .strip_prefix("sm_")
            .or_else(|| s.strip_prefix("compute_"))
            .ok_or_else(|| Self::unknown(s))?;
        let digits: String = body.chars().take_while(|c| c.is_ascii_digit()).collect();
        let suffix = &body[digits.len()..];
        let sm: u32 = digits.parse().map_err(|_| Self::unknown(s))?;
        if !TARGETS.iter().any(|(n, suf, _)| *n == sm && *suf == suffix) {
            return Err(Self::unknown(s));
        }
        let variant = match suffix {
            "a" => ArchVariant::Specific,
            "f" => ArchVariant::Family,
            _ => ArchVariant::Base,
        };
        Ok(Target {
            sm,
            variant,
            ptx_isa: None,
        })
    }
    fn unknown(s: &str) -> String {
        let known: Vec<String> = TARGETS
            .iter()
            .map(|(n, suf, _)| format!("sm_{n}{suf}"))
            .collect();
        format!(
            "unknown target '{s}'; expected one of: {}",
            known.join(", ")
        )
    }
    /// The `.target` spelling.
    pub fn name(&self) -> String {
        let suf = match self.variant {
            ArchVariant::Base => "",
            ArchVariant::Specific => "a",
            ArchVariant::Family => "f",
        };
        format!("sm_{}{suf}", self.sm)
    }
    /// The lowest PTX ISA that knows this target.
    pub fn min_ptx(&self) -> PtxIsa {
        let suf = match self.variant {
            ArchVariant::Base => "",
            ArchVariant::Specific => "a",
            ArchVariant::Family => "f",
        };
        TARGETS
            .iter()
            .find(|(n, s, _)| *n == self.sm && *s == suf)
            .map(|t| t.2)
            .unwrap_or(PtxIsa(6, 0))
    }
    /// The most static shared memory (`.shared` declarations) one entry may declare, as ptxas 13
    /// enforces it ("Entry function … uses too much shared data (…, 0x… max)"): 227 KiB on the
    /// architecture-specific targets of sm_90 and sm_10x/sm_11x, 99 KiB on sm_12xa, else 48 KiB
    /// (more takes dynamic shared memory, which tilec does not use).
    pub fn max_static_shared(&self) -> u64 {
        match (self.variant, self.sm) {
            (ArchVariant::Specific, 90 | 100..=119) => 0x38c00,
            (ArchVariant::Specific, 120..=129) => 0x18c00,
            _ => 0xc000,
        }
    }
    /// True from sm_90 on (clusters, cluster scope, shared::cluster, mbarrier try_wait/expect_tx).
    pub fn has_clusters(&self) -> bool {
        self.sm >= 90
    }
    /// wgmma: sm_90a only.
    pub fn has_wgmma(&self) -> bool {
        self.sm == 90 && self.variant == ArchVariant::Specific
    }
    /// tcgen05: sm_100a / sm_101a / sm_110a and the sm_10x / sm_11x `f` targets.
    pub fn has_tcgen05(&self) -> bool {
        matches!(self.sm, 100 | 101 | 103 | 110) && self.variant != ArchVariant::Base
    }
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_targets() {
        let t = Target::parse("sm_90a").unwrap();
        assert_eq!((t.sm, t.variant), (90, ArchVariant::Specific));
        assert_eq!(t.min_ptx(), PtxIsa(8, 0));
        assert!(t.has_wgmma() && t.has_clusters() && !t.has_tcgen05());
        assert!(Target::parse("sm_100a").unwrap().has_tcgen05());
        assert!(!Target::parse("sm_100").unwrap().has_tcgen05());
        assert!(!Target::parse("sm_80").unwrap().has_clusters());
        assert!(Target::parse("sm_91")
            .unwrap_err()
            .contains("unknown target 'sm_91'"));
        assert!(Target::parse("gfx90a").is_err());
    }

    #[test]
    fn parses_isa() {
        assert_eq!(PtxIsa::parse("8.7").unwrap(), PtxIsa(8, 7));
        assert!(PtxIsa::parse("8").is_err());
        assert!(PtxIsa::parse("5.0").is_err());
        assert!(PtxIsa(8, 6) > PtxIsa(8, 0));
    }
}

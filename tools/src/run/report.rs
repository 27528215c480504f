//! What a run prints: per buffer OK / MISMATCH (with the first differing elements), launch
//! counts, kernel times, and a last line `PASS` or `FAIL`. One fact per line, so that scripts
//! and lit tests can grep it.

use super::check::Mismatch;
use super::plan::{show3, Plan};
use super::spec::CheckMode;
use super::value::ElemType;
use std::fmt::Write;

/// One buffer's results.
#[derive(Clone, Debug, PartialEq)]
pub struct BufferReport {
    /// Its name.
    pub name: String,
    /// Element type.
    pub ty: ElemType,
    /// Element count.
    pub len: usize,
    /// Whether the spec gives an `expect`.
    pub checked: bool,
    /// How many times it was checked.
    pub checks: u64,
    /// Checks that failed.
    pub wrong_launches: u64,
    /// The first failing launch (1-based) and what it found.
    pub first_wrong: Option<(u64, Mismatch)>,
}

/// A whole run's results.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// The entry.
    pub kernel: String,
    /// The target it was compiled for.
    pub target: String,
    /// The compiler flags that changed what ran (see [`Plan::compiled_with`]).
    pub compiled_with: Vec<String>,
    /// The GPU.
    pub device: String,
    /// Launch shape.
    pub grid: [u32; 3],
    /// Launch shape.
    pub block: [u32; 3],
    /// Launch shape.
    pub cluster: [u32; 3],
    /// Dynamic shared memory.
    pub shared_bytes: u32,
    /// Per buffer.
    pub buffers: Vec<BufferReport>,
    /// Checked launches asked for.
    pub launches_planned: u64,
    /// Checked launches that ran.
    pub launches_done: u64,
    /// Launches after which some buffer mismatched.
    pub wrong_launches: u64,
    /// When results were checked.
    pub check: CheckMode,
    /// Whether buffers were re-initialized before each launch.
    pub reinit: bool,
    /// The timed launches' kernel times, µs.
    pub times_us: Vec<f64>,
    /// The device error that ended the run.
    pub error: Option<String>,
}

impl Report {
    /// Every check passed and every launch ran.
    pub fn passed(&self) -> bool {
        self.error.is_none()
            && self.launches_done == self.launches_planned
            && self.buffers.iter().all(|b| b.wrong_launches == 0)
    }

    /// The process exit status for this report (see [`crate::run::exit`]).
    pub fn exit_code(&self) -> i32 {
        if self.passed() {
            super::exit::OK
        } else {
            super::exit::FAIL
        }
    }

    /// The report text.
    pub fn render(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(
            s,
            "kernel {} ({}) on {}",
            self.kernel,
            compiled(&self.target, &self.compiled_with),
            self.device
        );
        let _ = writeln!(
            s,
            "shape {}",
            shape(self.grid, self.block, self.cluster, self.shared_bytes)
        );
        let width = self.buffers.iter().map(|b| b.name.len()).max().unwrap_or(0);
        for b in &self.buffers {
            let decl = format!("{}[{}]", b.ty, b.len);
            let status = if !b.checked {
                "not checked".to_string()
            } else if b.checks == 0 {
                "not checked (no launch completed)".to_string()
            } else if b.wrong_launches == 0 {
                "OK".to_string()
            } else {
                format!(
                    "MISMATCH after {} of {} checked launches",
                    b.wrong_launches, b.checks
                )
            };
            let _ = writeln!(s, "buffer {:width$} {decl:<12} {status}", b.name);
            if let Some((k, m)) = &b.first_wrong {
                render_mismatch(&mut s, *k, m);
            }
        }
        let when = match self.check {
            CheckMode::Each => "checked after each launch",
            CheckMode::End => "checked after the last launch",
        };
        let init = if self.reinit {
            "buffers re-initialized before each"
        } else {
            "buffers initialized once"
        };
        let _ = writeln!(
            s,
            "launches {} of {} done, {} wrong ({when}; {init})",
            self.launches_done, self.launches_planned, self.wrong_launches
        );
        match (median(&self.times_us), min(&self.times_us)) {
            (Some(med), Some(lo)) => {
                let _ = writeln!(
                    s,
                    "time median {med:.3} µs, min {lo:.3} µs over {} launches (CUDA events)",
                    self.times_us.len()
                );
            }
            _ => {
                let _ = writeln!(s, "time not measured (timing_launches = 0)");
            }
        }
        if let Some(e) = &self.error {
            let _ = writeln!(s, "error {e}");
        }
        s.push_str(if self.passed() { "PASS\n" } else { "FAIL\n" });
        s
    }
}

fn render_mismatch(s: &mut String, launch: u64, m: &Mismatch) {
    match m {
        Mismatch::Elements {
            wrong,
            total,
            first,
        } => {
            let _ = writeln!(
                s,
                "  first at launch {launch}: {wrong} of {total} elements differ"
            );
            for (i, want, got) in first {
                let _ = writeln!(s, "    [{i}] expected {want}, got {got}");
            }
            if *wrong > first.len() {
                let _ = writeln!(s, "    … {} more", wrong - first.len());
            }
        }
        Mismatch::Sum { expected, got } => {
            let _ = writeln!(
                s,
                "  first at launch {launch}: sum expected {expected}, got {got}"
            );
        }
        Mismatch::Error(e) => {
            let _ = writeln!(
                s,
                "  first at launch {launch}: cannot compute the expectation: {e}"
            );
        }
    }
}

fn shape(grid: [u32; 3], block: [u32; 3], cluster: [u32; 3], shared: u32) -> String {
    format!(
        "grid {} block {} cluster {} shared {shared} B",
        show3(grid),
        show3(block),
        show3(cluster)
    )
}

/// What `plan` would do, for `--no-run`.
pub fn describe(plan: &Plan) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "kernel {} ({})",
        plan.kernel,
        compiled(&plan.target, &plan.compiled_with)
    );
    let _ = writeln!(
        s,
        "shape {}{}",
        shape(plan.grid, plan.block, plan.cluster, plan.shared_bytes),
        if plan.cluster_attr {
            " (cluster launch)"
        } else {
            ""
        }
    );
    let width = plan.buffers.iter().map(|b| b.name.len()).max().unwrap_or(0);
    for b in &plan.buffers {
        let decl = format!("{}[{}]", b.ty, b.len);
        let what = if b.expect.is_some() {
            "checked"
        } else {
            "not checked"
        };
        let _ = writeln!(s, "buffer {:width$} {decl:<12} {what}", b.name);
    }
    let params: Vec<String> = plan
        .params
        .iter()
        .map(|p| match p {
            super::plan::Param::Buffer(b) => format!("&{}", plan.buffers[*b].name),
            super::plan::Param::Scalar(ty, v) => format!("{ty} {}", ty.show(*v)),
            super::plan::Param::HiddenMap(Some(t)) => format!(
                "[tensor map of {}, box {:?}]",
                plan.buffers[t.buffer].name, t.boxes
            ),
            super::plan::Param::HiddenMap(None) => {
                "[no tensor map: the kernel's other path]".into()
            }
            super::plan::Param::MapsOk => "[maps ok]".into(),
            super::plan::Param::TensorMap(t) => format!(
                "tensor map of {} (dims {:?}, box {:?}, swizzle {})",
                plan.buffers[t.buffer].name, t.dims, t.boxes, t.swizzle
            ),
        })
        .collect();
    let _ = writeln!(s, "params ({})", params.join(", "));
    let _ = writeln!(
        s,
        "launches {} checked, {} timed",
        plan.launches, plan.timing_launches
    );
    s
}

/// `sm_90a`, or `sm_90a, --no-weakest-fence` when flags changed the compile.
fn compiled(target: &str, flags: &[String]) -> String {
    std::iter::once(target)
        .chain(flags.iter().map(String::as_str))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The median (the mean of the middle two for an even count); `None` when empty.
pub fn median(xs: &[f64]) -> Option<f64> {
    if xs.is_empty() {
        return None;
    }
    let mut v = xs.to_vec();
    v.sort_by(f64::total_cmp);
    let n = v.len();
    Some(if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    })
}

fn min(xs: &[f64]) -> Option<f64> {
    xs.iter().copied().min_by(f64::total_cmp)
}

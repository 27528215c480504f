//! The launch loop, over an abstract [`Device`]: initialize, launch, check, count wrong launches,
//! then time. The CUDA implementation is `cuda.rs`; tests drive the same loop with a device
//! emulated on the CPU, so everything but the driver calls is tested without a GPU.

use super::check::Checker;
use super::plan::Plan;
use super::report::{BufferReport, Report};
use super::spec::CheckMode;

/// What the launch loop needs from a GPU. Errors are messages (a driver error name with what
/// was being done); the first one ends the run.
pub trait Device {
    /// The device's name, for the report.
    fn name(&self) -> String;
    /// Copies `bytes` (the buffer's whole contents) to buffer `b`.
    fn upload(&mut self, b: usize, bytes: &[u8]) -> Result<(), String>;
    /// Launches the kernel once and waits for it (within the plan's timeout).
    fn launch(&mut self) -> Result<(), String>;
    /// Copies buffer `b` back into `out` (sized to the buffer).
    fn download(&mut self, b: usize, out: &mut [u8]) -> Result<(), String>;
    /// Launches once and returns the kernel's time in microseconds, measured on the device.
    fn timed_launch(&mut self) -> Result<f64, String>;
}

/// Runs `plan` on `dev` and reports what happened. A device error does not panic or vanish: it
/// ends the loop and is part of the report (which then fails).
pub fn execute(plan: &Plan, dev: &mut dyn Device) -> Report {
    let mut report = Report {
        kernel: plan.kernel.clone(),
        target: plan.target.clone(),
        compiled_with: plan.compiled_with.clone(),
        device: dev.name(),
        grid: plan.grid,
        block: plan.block,
        cluster: plan.cluster,
        shared_bytes: plan.shared_bytes,
        buffers: plan
            .buffers
            .iter()
            .map(|b| BufferReport {
                name: b.name.clone(),
                ty: b.ty,
                len: b.len,
                checked: b.expect.is_some(),
                checks: 0,
                wrong_launches: 0,
                first_wrong: None,
            })
            .collect(),
        launches_planned: plan.launches,
        launches_done: 0,
        wrong_launches: 0,
        check: plan.check,
        reinit: plan.reinit,
        times_us: Vec::new(),
        error: None,
    };
    if let Err(e) = launch_and_check(plan, dev, &mut report) {
        report.error = Some(e);
        return report;
    }
    for t in 1..=plan.timing_launches {
        let r = upload_all(plan, dev, plan.reinit).and_then(|()| dev.timed_launch());
        match r {
            Ok(us) => report.times_us.push(us),
            Err(e) => {
                report.error = Some(format!("timed launch {t}: {e}"));
                break;
            }
        }
    }
    report
}

fn upload_all(plan: &Plan, dev: &mut dyn Device, when: bool) -> Result<(), String> {
    if when {
        for (i, b) in plan.buffers.iter().enumerate() {
            dev.upload(i, &b.bytes)
                .map_err(|e| format!("uploading '{}': {e}", b.name))?;
        }
    }
    Ok(())
}

fn launch_and_check(plan: &Plan, dev: &mut dyn Device, report: &mut Report) -> Result<(), String> {
    let mut checker = Checker::new(plan);
    let mut host: Vec<Vec<u8>> = plan
        .buffers
        .iter()
        .map(|b| vec![0; b.bytes.len()])
        .collect();
    for k in 1..=plan.launches {
        upload_all(plan, dev, plan.reinit || k == 1).map_err(|e| format!("launch {k}: {e}"))?;
        dev.launch().map_err(|e| format!("launch {k}: {e}"))?;
        report.launches_done = k;
        if plan.check == CheckMode::End && k != plan.launches {
            continue;
        }
        // With re-initialization every launch starts from `init`, so `launch` is always 1.
        let since_init = if plan.reinit { 1 } else { k };
        let mut wrong = false;
        for (i, b) in plan.buffers.iter().enumerate() {
            if b.expect.is_none() {
                continue;
            }
            dev.download(i, &mut host[i])
                .map_err(|e| format!("launch {k}: reading back '{}': {e}", b.name))?;
            let got = b.ty.decode(&host[i]);
            let br = &mut report.buffers[i];
            br.checks += 1;
            if let Some(m) = checker.check(plan, i, &got, since_init) {
                wrong = true;
                br.wrong_launches += 1;
                br.first_wrong.get_or_insert((k, m));
            }
        }
        report.wrong_launches += u64::from(wrong);
    }
    Ok(())
}

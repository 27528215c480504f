//! `tilec-tileiras INPUT.tilebc -o OUT.cubin --gpu-name sm_90 [-O3] [--lineinfo]`: tilec behind
//! NVIDIA tileiras's command line (`tilec_tools::tileiras`, docs/cutile.md), for cuTile Python
//! and cuTile Rust. Installed (or linked) under the name `tileiras` first on `PATH`, it is the
//! compiler cuTile runs. Exit status: 0 success, 1 a diagnostic, 2 a usage error.

use std::sync::Arc;
use tilec::{add_source, compile_file, Options};
use tilec_ir::{Diagnostics, SourceMap};
use tilec_tools::tileiras::{
    build_id, cutile_error_line, parse, ptxas, target_for, version_line, Request, VERSIONS,
};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let req = parse(&args).unwrap_or_else(|e| usage(&e));
    match req {
        Request::Version => {
            let exe = std::env::current_exe().and_then(std::fs::read);
            let build = exe.map(|b| build_id(&b)).unwrap_or(0);
            println!("{}", version_line(build, verify_races()));
        }
        Request::ListVersions => {
            for v in VERSIONS {
                println!("{v}");
            }
        }
        Request::Help => {
            println!("usage: tileiras INPUT.tilebc -o OUT.cubin --gpu-name sm_XX [-O0..3] [--lineinfo|--device-debug] [--remarks-output-file=F]\n       tileiras --version | --list-versions");
        }
        Request::Compile {
            input,
            output,
            gpu,
            remarks,
            lineinfo,
        } => {
            if let Err(e) = compile(&input, &output, &gpu, lineinfo) {
                if let Some(line) = cutile_error_line(&e) {
                    eprintln!("{line}");
                }
                eprint!("{e}");
                std::process::exit(1);
            }
            if let Some(f) = remarks {
                // tilec emits no optimization remarks: an empty YAML stream.
                if let Err(e) = std::fs::write(&f, "") {
                    eprintln!("error: cannot write {f}: {e}");
                    std::process::exit(1);
                }
            }
        }
    }
}

/// Whether verify-races runs: unless `TILEC_NO_VERIFY_RACES` is set (to anything).
fn verify_races() -> bool {
    std::env::var_os("TILEC_NO_VERIFY_RACES").is_none()
}

fn usage(e: &str) -> ! {
    eprintln!("error: {e}");
    std::process::exit(2)
}

/// INPUT → PTX (tilec) → OUTPUT (ptxas); an error is the rendered diagnostics or a message.
fn compile(input: &str, output: &str, gpu: &str, lineinfo: bool) -> Result<(), String> {
    let target = target_for(gpu).map_err(|e| format!("error: --gpu-name {gpu}: {e}\n"))?;
    let bytes = std::fs::read(input).map_err(|e| format!("error: cannot read {input}: {e}\n"))?;
    let mut sources = SourceMap::new();
    let (file, err) = add_source(&mut sources, input, bytes);
    if let Some(d) = err {
        return Err(Diagnostics::from(d).render(&sources));
    }
    let ptx = if sources.text(file).contains("entry @") {
        let opts = Options {
            target,
            verify_races: verify_races(),
            line_info: lineinfo,
            ..Options::default()
        };
        match compile_file(&Arc::new(sources), file, &opts) {
            Ok(out) => out.text,
            Err(e) => return Err(e.render()),
        }
    } else {
        // A module without kernels (cuTile's version probe): a PTX module with nothing in it.
        format!(
            ".version {}\n.target {}\n.address_size 64\n",
            target.min_ptx(),
            target.name()
        )
    };
    let ptxas = ptxas().ok_or(
        "error: no ptxas (set TILEC_PTXAS, or put ptxas beside tilec-tileiras or on PATH)\n",
    )?;
    let ptx_file = std::path::Path::new(output).with_extension("ptx");
    std::fs::write(&ptx_file, &ptx)
        .map_err(|e| format!("error: cannot write {}: {e}\n", ptx_file.display()))?;
    let mut cmd = std::process::Command::new(&ptxas);
    cmd.arg(format!("-arch={}", target.name()));
    if lineinfo {
        cmd.arg("-lineinfo");
    }
    let run = cmd
        .arg(&ptx_file)
        .arg("-o")
        .arg(output)
        .output()
        .map_err(|e| format!("error: cannot run {}: {e}\n", ptxas.display()))?;
    if !run.status.success() {
        return Err(format!(
            "error: ptxas rejected the PTX of {input} (kept in {}):\n{}",
            ptx_file.display(),
            String::from_utf8_lossy(&run.stderr)
        ));
    }
    let _ = std::fs::remove_file(&ptx_file);
    Ok(())
}

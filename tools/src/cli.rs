//! Pieces shared by the command-line tools: reading inputs, target flags, writing outputs.

use std::io::{Read, Write};
use tilec::{add_source, PtxIsa, Target};
use tilec_ir::{Diagnostic, FileId, SourceMap};

/// Reads `path` (`-` = stdin) into `sources`; returns the file and a UTF-8 error if any.
pub fn read_input(
    sources: &mut SourceMap,
    path: &str,
) -> Result<(FileId, Option<Diagnostic>), String> {
    let (name, bytes) = if path == "-" {
        let mut v = Vec::new();
        std::io::stdin()
            .read_to_end(&mut v)
            .map_err(|e| format!("cannot read stdin: {e}"))?;
        ("<stdin>".to_string(), v)
    } else {
        (
            path.to_string(),
            std::fs::read(path).map_err(|e| format!("cannot read '{path}': {e}"))?,
        )
    };
    Ok(add_source(sources, &name, bytes))
}

/// Builds the target from `--target` and `--ptx-isa`.
pub fn target(name: &str, isa: Option<&str>) -> Result<Target, String> {
    let mut t = Target::parse(name)?;
    if let Some(v) = isa {
        let v = PtxIsa::parse(v)?;
        if v < t.min_ptx() {
            return Err(format!(
                "--ptx-isa {v} is below PTX ISA {}, the first that knows {}",
                t.min_ptx(),
                t.name()
            ));
        }
        t.ptx_isa = Some(v);
    }
    Ok(t)
}

/// Writes `text` to `out` (`-` or absent = stdout).
pub fn write_output(out: Option<&str>, text: &str) -> Result<(), String> {
    match out {
        None | Some("-") => {
            let mut so = std::io::stdout().lock();
            so.write_all(text.as_bytes())
                .map_err(|e| format!("cannot write stdout: {e}"))
        }
        Some(p) => std::fs::write(p, text).map_err(|e| format!("cannot write '{p}': {e}")),
    }
}

/// Writes `bytes` to `out` (`-` or absent = stdout).
pub fn write_bytes(out: Option<&str>, bytes: &[u8]) -> Result<(), String> {
    match out {
        None | Some("-") => std::io::stdout()
            .lock()
            .write_all(bytes)
            .map_err(|e| format!("cannot write stdout: {e}")),
        Some(p) => std::fs::write(p, bytes).map_err(|e| format!("cannot write '{p}': {e}")),
    }
}

/// Prints a usage error (clap-like) and exits with status 2.
pub fn usage_error(tool: &str, msg: &str) -> ! {
    eprintln!("{tool}: error: {msg}");
    std::process::exit(2)
}

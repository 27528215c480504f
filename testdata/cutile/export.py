"""Exports every kernel of src/*.py to Tile IR bytecode and records what NVIDIA's tools make of it.

Usage: python export.py [--tables]   (the interpreter of a venv with `pip install
'cuda-tile[tileiras]==1.7.0'`; no GPU is needed). Each src module defines KERNEL and SIGNATURES
(one signature). For each <name> this writes
  <name>.tilebc       bytecode 13.4, architecture independent (gpu_code=None)
  <name>.disasm.txt   what `tileirdisasm <name>.tilebc` prints
and then
  tileiras.txt        per kernel: exit status of `tileiras --gpu-name=sm_90 <name>.tilebc -o
                      <tmp>.cubin` (the cubin goes to a temporary directory and is deleted) and
                      its first line of diagnostics, if any
  ops.txt             per kernel: every op name in the disassembly with its count
With --tables nothing is exported: the markdown tables of README.md (op counts, entry
parameters) are printed from the files above. The tools are looked up in
<site-packages>/nvidia/cu13/bin, or in $TILE_BIN.
"""
import collections
import importlib.util
import inspect
import os
import pathlib
import re
import subprocess
import sys
import sysconfig
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
VERSION = "13.4"
GPU = "sm_90"
BIN = pathlib.Path(os.environ.get("TILE_BIN")
                   or pathlib.Path(sysconfig.get_paths()["purelib"]) / "nvidia" / "cu13" / "bin")


def load(path):
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def sources():
    return sorted(pathlib.Path("src").glob("*.py"))


def op_counts(disasm):
    """Op name -> count over a tileirdisasm listing, region bodies and terminators included."""
    counts = collections.Counter()
    for line in disasm.splitlines():
        s = line.strip()
        if not s or s.startswith(("#loc", "entry ", "}", "(", "//")):
            continue
        if s.startswith("%"):
            s = s.split(" = ", 1)[1]
        counts[s.split()[0]] += 1
    return counts


def entry_params(disasm):
    """The entry's parameter types, in order."""
    header = next(line for line in disasm.splitlines() if line.startswith("entry "))
    params = header[header.index("(") + 1:header.index(") optimization_hints")]
    return re.findall(r"%arg\d+: ([^,]+(?:<[^>]*>)?[^,]*)", params)


def param_layout(module, disasm):
    """'name: %argI..%argJ (types)' for each kernel parameter (constants take no %arg)."""
    pyfunc = module.KERNEL._annotated_function.pyfunc
    names = list(inspect.signature(pyfunc).parameters)
    (sig,) = module.SIGNATURES
    types = entry_params(disasm)
    out, i = [], 0
    for name, c in zip(names, sig.parameters):
        kind = type(c).__name__
        if kind == "ArrayConstraint":
            n = 1 + 2 * c.ndim
            t = types[i:i + n]
            dims = ", ".join(f"%arg{i + 1 + d}" for d in range(c.ndim))
            strides = ", ".join(f"%arg{i + 1 + c.ndim + d}" for d in range(c.ndim))
            out.append(f"`{name}`: `%arg{i}` {t[0]}; shape {dims}; strides {strides} ({t[1]})")
            i += n
        elif kind == "ScalarConstraint":
            out.append(f"`{name}`: `%arg{i}` {types[i]}")
            i += 1
        else:
            out.append(f"`{name}`: constant {c.value!r} (no parameter)")
    assert i == len(types), (module.__name__, i, len(types))
    return out


def export():
    from cuda.tile.compilation import export_kernel

    status, ops = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for src in sources():
            module = load(src)
            name = src.stem
            out = pathlib.Path(f"{name}.tilebc")
            export_kernel(module.KERNEL, module.SIGNATURES, str(out),
                          output_format="tileir_bytecode", bytecode_version=VERSION,
                          gpu_code=None)
            dis = subprocess.run([BIN / "tileirdisasm", out], check=True, capture_output=True,
                                 text=True).stdout
            pathlib.Path(f"{name}.disasm.txt").write_text(dis)
            r = subprocess.run([BIN / "tileiras", f"--gpu-name={GPU}", out,
                                "-o", pathlib.Path(tmp) / f"{name}.cubin"],
                               capture_output=True, text=True)
            diag = (r.stderr.strip().splitlines() or [""])[0]
            status.append(f"{name} {r.returncode} {diag}".rstrip())
            counts = op_counts(dis)
            ops.append(f"{name} " + " ".join(f"{k}:{v}" for k, v in sorted(counts.items())))
            print(f"{out.name}: {out.stat().st_size} bytes, tileiras {GPU}: exit {r.returncode}")
    pathlib.Path("tileiras.txt").write_text(
        f"# tileiras --gpu-name={GPU} <name>.tilebc: kernel, exit status, first diagnostic\n"
        + "\n".join(status) + "\n")
    pathlib.Path("ops.txt").write_text(
        "# op counts in <name>.disasm.txt (region bodies and terminators included)\n"
        + "\n".join(ops) + "\n")


def tables():
    per_kernel = {}
    for src in sources():
        dis = pathlib.Path(f"{src.stem}.disasm.txt").read_text()
        per_kernel[src.stem] = (load(src), dis, op_counts(dis))
    print("| kernel | ops (count) |\n|---|---|")
    for name, (_, _, counts) in per_kernel.items():
        print(f"| `{name}` | " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())) + " |")
    total, kernels = collections.Counter(), collections.Counter()
    for _, _, counts in per_kernel.values():
        total.update(counts)
        kernels.update(counts.keys())
    print(f"\n{len(total)} distinct ops.\n\n| op | kernels | occurrences |\n|---|---|---|")
    for op, n in sorted(total.items(), key=lambda kv: (-kernels[kv[0]], -kv[1], kv[0])):
        print(f"| `{op}` | {kernels[op]} | {n} |")
    print()
    for name, (module, dis, _) in per_kernel.items():
        print(f"- `{name}`: " + "; ".join(param_layout(module, dis)))


if __name__ == "__main__":
    # cuTile records the source file's absolute path in the debug info (DIFile, DILoc).
    os.chdir(HERE)
    tables() if sys.argv[1:] == ["--tables"] else export()

"""cuTile Python, unchanged, launching every kernel of testdata/cutile/src with `ct.launch` and
checking the results against the NumPy references of testdata/cutile/reference.py.

Usage (a GPU, PyTorch, NumPy, the cuda-tile wheel, and the compiler to test on PATH under the
name `tileiras`, with no nvidia-cuda-tileiras pip package installed, so that cuTile finds it):

    mkdir -p bin && ln -sf "$(command -v tilec-tileiras)" bin/tileiras
    PATH=$PWD/bin:$PATH TILEC_PTXAS=$(command -v ptxas) \\
        python3 tools/scripts/cutile_via_tilec.py [--seed N] [--save RUN.npz] [KERNEL...]
    python3 tools/scripts/cutile_via_tilec.py --compare TILEC.npz TILEIRAS.npz

Each kernel gets the inputs, grid and scalars of its reference case (`make(seed)`), as PyTorch
tensors, and the compile-time constants its SIGNATURES name; cuTile compiles it on the first
launch (its own bytecode for these arguments, not the exported .tilebc) through whatever
`tileiras` it finds. Prints which compiler cuTile runs, then one line per kernel: `ok`, the failed
checks, or the compile error cuTile raised. `--save` writes every array's final contents;
`--compare` says, per array, whether two such runs (say tilec's and NVIDIA's tileiras') gave
bitwise the same results. Exit status 1 if any kernel is wrong or fails to compile.

`TILEC_NO_VERIFY_RACES=1` in the environment lets tilec-tileiras compile the kernels its race
checker cannot prove (testdata/cutile/README.md); a kernel spinning forever hangs this process,
so run it under `timeout`. cuTile's disk cache is off (`CUDA_TILE_CACHE_DIR=off` unless set):
it keys a cubin by the compiler's `--version` only, so a cached cubin would hide a rebuilt or
reconfigured compiler.
"""
import argparse
import importlib.util
import os
import pathlib
import sys

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parents[2] / "testdata" / "cutile"
sys.path.insert(0, str(ROOT))
import reference  # noqa: E402

KERNELS = ["vector_add", "softmax", "layernorm", "matmul_f16", "matmul_bf16", "splitk_matmul",
           "atomic_orders", "flag_handoff", "cas_spinlock", "xchg_spinlock", "ticket_lock",
           "last_block_reduce", "ping_pong", "atomic_rmw_modes", "load_store_orders",
           "scan_layout", "strided_views", "tile_reductions", "gather_rows"]


def source(name):
    spec = importlib.util.spec_from_file_location(name, ROOT / "src" / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def to_torch(torch, a):
    """A device tensor with the bits of NumPy array `a` (bfloat16 through its 16-bit pattern)."""
    if a.dtype.name == "bfloat16":
        return torch.from_numpy(a.view(np.int16).copy()).cuda().view(torch.bfloat16)
    return torch.from_numpy(a.copy()).cuda()


def to_numpy(torch, t, like):
    if t.dtype == torch.bfloat16:
        return t.view(torch.int16).cpu().numpy().view(like.dtype)
    return t.cpu().numpy()


def launch_args(torch, mod, launch):
    """cuTile's arguments in the kernel's order: the case's arrays (as tensors) and scalars, and
    for a compile-time constant the value its signature names."""
    values = iter(launch.args.items())
    args, tensors = [], {}
    (sig,) = mod.SIGNATURES
    for c in sig.parameters:
        kind = type(c).__name__
        if kind == "ArrayConstraint":
            name, a = next(values)
            tensors[name] = to_torch(torch, a)
            args.append(tensors[name])
        elif kind == "ScalarConstraint":
            _, v = next(values)
            args.append(v.item())
        else:
            args.append(c if isinstance(c, (int, float)) else c.value)
    assert next(values, None) is None, "the case has more arguments than the kernel"
    return args, tensors


def run(names, seed):
    # cuTile's disk cache keys a cubin by the compiler's --version, not by its build or its
    # environment (TILEC_NO_VERIFY_RACES): off, so every kernel is compiled by this run.
    os.environ.setdefault("CUDA_TILE_CACHE_DIR", "off")
    import torch
    import cuda.tile as ct
    from cuda.tile import _compile
    print("cuTile runs:", _compile._find_compiler_bin().path)
    print("its --version:", ((_compile._get_compiler_version_string() or "?").strip()
                             .splitlines() or ["?"])[-1], flush=True)
    stream = torch.cuda.current_stream()
    saved, bad = {}, 0
    for name in names:
        case, mod = reference.CASES[name], source(name)
        launch = case.make(seed)
        args, tensors = launch_args(torch, mod, launch)
        try:
            ct.launch(stream, launch.grid, mod.KERNEL, tuple(args))
            torch.cuda.synchronize()
        except Exception as e:  # cuTile's compile error: the compiler's message
            print(f"{name:18} COMPILE ERROR: {str(e).strip().splitlines()[0]}", flush=True)
            bad += 1
            continue
        got = {k: to_numpy(torch, t, launch.args[k]) for k, t in tensors.items()}
        saved.update({f"{name}.{k}": v for k, v in got.items()})
        failures = reference.check(case, launch, got)
        print(f"{name:18} {'ok' if not failures else 'WRONG'}", flush=True)
        for f in failures:
            print("  " + f)
        bad += bool(failures)
    return saved, bad


def compare(a, b):
    x, y = np.load(a), np.load(b)
    differ = 0
    for key in sorted(set(x.files) | set(y.files)):
        if key not in x.files or key not in y.files:
            print(f"{key:28} only in {a if key in x.files else b}")
            differ += 1
            continue
        same = x[key].shape == y[key].shape and np.array_equal(
            x[key].view(np.uint8), y[key].view(np.uint8))
        print(f"{key:28} {'same' if same else 'differs'}")
        differ += not same
    return differ


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("kernels", nargs="*")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--save", metavar="RUN.npz")
    p.add_argument("--compare", nargs=2, metavar="RUN.npz")
    a = p.parse_args()
    if a.compare:
        compare(*a.compare)
        return
    names = [k for k in (a.kernels or KERNELS) if k in reference.CASES]
    saved, bad = run(names, a.seed)
    if a.save:
        np.savez(a.save, **saved)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()

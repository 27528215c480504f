"""cuTile Python, unchanged, compiling through tilec: launches kernels of testdata/cutile/src with
`ct.launch` on PyTorch tensors and checks them against PyTorch.

Usage (a GPU, PyTorch, the cuda-tile wheel, and tilec-tileiras on PATH under the name
`tileiras`, with no nvidia-cuda-tileiras pip package installed, so that cuTile finds it):

    mkdir -p bin && ln -sf "$(command -v tilec-tileiras)" bin/tileiras
    PATH=$PWD/bin:$PATH TILEC_PTXAS=$(command -v ptxas) python3 tools/scripts/cutile_via_tilec.py

Prints which `tileiras` cuTile runs, then one line per kernel: OK or the mismatch. Exit status 1
if any kernel is wrong or fails to compile.
"""
import importlib.util
import pathlib
import sys

import torch
import cuda.tile as ct
from cuda.tile import _compile

SRC = pathlib.Path(__file__).resolve().parents[2] / "testdata" / "cutile" / "src"


def kernel(name):
    spec = importlib.util.spec_from_file_location(name, SRC / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.KERNEL


def run(stream):
    dev = torch.device("cuda")
    g = torch.Generator(device=dev).manual_seed(0)
    results = []

    n = 5000  # not a multiple of the tile (1024): the last tile is masked
    a = torch.randn(n, device=dev, generator=g)
    b = torch.randn(n, device=dev, generator=g)
    c = torch.empty_like(a)
    ct.launch(stream, ((n + 1023) // 1024, 1, 1), kernel("vector_add"), (a, b, c))
    torch.cuda.synchronize()
    results.append(("vector_add", torch.equal(c, a + b)))

    rows = 64
    x = torch.randn(rows, 1024, device=dev, generator=g) * 4
    out = torch.empty_like(x)
    ct.launch(stream, (rows, 1, 1), kernel("softmax"), (x, out))
    torch.cuda.synchronize()
    results.append(("softmax", torch.allclose(out, torch.softmax(x, dim=1), rtol=1e-5, atol=1e-6)))

    w = torch.randn(1024, device=dev, generator=g)
    bias = torch.randn(1024, device=dev, generator=g)
    y = torch.empty_like(x)
    eps = 1e-5
    ct.launch(stream, (rows, 1, 1), kernel("layernorm"), (x, w, bias, y, eps))
    torch.cuda.synchronize()
    ref = torch.nn.functional.layer_norm(x, (1024,), w, bias, eps)
    results.append(("layernorm", torch.allclose(y, ref, rtol=1e-4, atol=1e-4)))

    xs = torch.randn(1024, device=dev, generator=g)
    buf = torch.zeros(1024, device=dev)
    fo = torch.zeros(1024, device=dev)
    flag = torch.zeros(1, dtype=torch.int32, device=dev)
    ct.launch(stream, (2, 1, 1), kernel("flag_handoff"), (xs, buf, fo, flag))
    torch.cuda.synchronize()
    results.append(("flag_handoff", torch.equal(fo, 2 * xs + 1)))

    # Matmuls on tensor cores: partial tiles in M and K (zero padding), f32 accumulation.
    for name, dt in (("matmul_f16", torch.float16), ("matmul_bf16", torch.bfloat16)):
        m, n, k = 200, 256, 96
        a = torch.randn(m, k, device=dev, generator=g).to(dt)
        b = torch.randn(k, n, device=dev, generator=g).to(dt)
        c = torch.zeros(m, n, device=dev)
        grid = ((m + 127) // 128, (n + 127) // 128, 1)
        args = (a, b, c) if name == "matmul_f16" else (a, b, c, 128, 128, 32)
        ct.launch(stream, grid, kernel(name), args)
        torch.cuda.synchronize()
        ref = a.float() @ b.float()
        results.append((name, torch.allclose(c, ref, rtol=1e-3, atol=1e-3)))
    return results


def main():
    print("cuTile runs:", _compile._find_compiler_bin().path)
    print("its --version:", (_compile._get_compiler_version_string() or "?").strip())
    bad = 0
    for name, ok in run(torch.cuda.current_stream()):
        print(f"{name:14} {'OK' if ok else 'WRONG'}")
        bad += not ok
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()

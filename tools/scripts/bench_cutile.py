"""Times cuTile Python kernels (testdata/cutile) compiled by two compilers, in one process on one GPU.

Usage: python3 bench_cutile.py NAME=CUBIN_DIR ... [--kernels vector_add,softmax,...] [--iters 50]

Each CUBIN_DIR holds <kernel>.cubin as that compiler made it from testdata/cutile/<kernel>.tilebc
(tilec: `tilec k.tilebc -o k.ptx && ptxas -arch=sm_90a k.ptx -o k.cubin`; tileiras:
`tileiras --gpu-name=sm_90 k.tilebc -o k.cubin`). Every kernel is launched exactly as cuTile
launches it (per array its pointer, shape and strides as i32; scalars by value; the block size the
cubin requires), on inputs of the sizes below filled with a constant (cuMemsetD32: the timing of
these kernels does not depend on the values), after 3 warm-up launches, `--iters` launches between
two CUDA events. Prints one line per (kernel, compiler): microseconds per launch and the effective
bandwidth (bytes each launch must move / time), for matmul the TFLOPS (2·M·N·K / time).

The synchronization kernels (SYNC below: locks, flags, counters) change their own state, so each
of their launches starts from the inputs of their reference case (testdata/cutile/reference.py,
seed 0; `ping_pong` with 1000 rounds), copied in before the launch and outside the time, and is
timed alone between two events; the line gives the mean time per launch, and every launch's
results are checked against the reference (a wrong result stops the benchmark). These need
NumPy; the others only the Python stdlib and the CUDA driver.
"""
import ctypes
import pathlib
import struct
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "testdata" / "cutile"))
from launch import array_params, chk, load_kernel, param_block, scalar_param  # noqa: E402

ONE = struct.unpack("<I", struct.pack("<f", 1.0))[0]

# kernel: (symbol, grid, arrays [(shape)], scalars [(ctype, value)], bytes moved per launch)
N_VEC = 1 << 24
ROWS, COLS = 8192, 1024
MM = 4096
SCAN_ROWS = 1 << 16
KERNELS = {
    "vector_add": ("vector_add_Kt1_A1f32_1l0_A1f32_1l0_A1f32_1l0", (N_VEC // 1024, 1, 1),
                   [(N_VEC,), (N_VEC,), (N_VEC,)], [], 3 * 4 * N_VEC),
    "softmax": ("softmax_Kt1_A2f32_3l0_A2f32_3l0", (ROWS, 1, 1),
                [(ROWS, COLS), (ROWS, COLS)], [], 2 * 4 * ROWS * COLS),
    "layernorm": ("layernorm_Kt1_A2f32_3l0_A1f32_1l0_A1f32_1l0_A2f32_3l0_Sf32", (ROWS, 1, 1),
                  [(ROWS, COLS), (COLS,), (COLS,), (ROWS, COLS)], [("f32", 1e-5)],
                  2 * 4 * ROWS * COLS),
    # matmul: C = A @ B at 4096^3, 128x128 tiles; "moved" is the flop count (printed as TFLOPS)
    "matmul_f16": ("matmul_f16_Kt1_A2f16_3l0_A2f16_3l0_A2f32_3l0", (MM // 128, MM // 128, 1),
                   [(MM, MM), (MM, MM), (MM, MM)], [], 2 * MM ** 3),
    "matmul_bf16": ("matmul_bf16_Kt1_A2bf16_3l0_A2bf16_3l0_A2f32_3l0_I128_I128_I32", (MM // 128, MM // 128, 1),
                    [(MM, MM), (MM, MM), (MM, MM)], [], 2 * MM ** 3),
    # scan_layout: per 8x64 i32 tile, a row cumsum, a transpose, a half slice and a converted
    # elementwise result; moves x once, cs/tr/q fully and part (half the rows)
    "scan_layout": ("scan_layout_Kt1_A2i32_3l0_A2i32_3l0_A2i32_3l0_A2i32_3l0_A2i32_3l0",
                    (SCAN_ROWS // 8, 1, 1),
                    [(SCAN_ROWS, 64), (SCAN_ROWS, 64), (64, SCAN_ROWS), (SCAN_ROWS // 2, 64),
                     (SCAN_ROWS, 64)], [], 4 * 64 * SCAN_ROWS * 9 // 2),
}
FLOPS = {"matmul_f16", "matmul_bf16"}
SYNC = ["splitk_matmul", "atomic_orders", "flag_handoff", "cas_spinlock", "xchg_spinlock",
        "ticket_lock", "last_block_reduce", "ping_pong", "atomic_rmw_modes", "load_store_orders"]
PING_PONG_ROUNDS = 1000


def strides(shape):
    out, s = [], 1
    for d in reversed(shape):
        out.insert(0, s)
        s *= d
    return out


def load(cu, dev, cubin, symbol):
    """The module, the kernel and its required block size, with all shared memory opted in."""
    mod, fn, block, _ = load_kernel(cu, dev, cubin.read_bytes(), symbol)
    return mod, fn, block


def sync_case(kernel):
    """The reference case's launch (seed 0), ping_pong with PING_PONG_ROUNDS rounds."""
    import numpy as np
    import reference
    case = reference.CASES[kernel]
    launch = case.make(0)
    if kernel == "ping_pong":
        launch.args["rounds"] = np.int32(PING_PONG_ROUNDS)
        launch.args["trace"] = np.zeros(2 * PING_PONG_ROUNDS, np.int32)
    return case, launch


def time_sync(cu, dev, cubin, kernel, iters):
    """Mean µs of `iters` launches, each from the case's inputs and checked afterwards."""
    import numpy as np
    import reference
    case, launch = sync_case(kernel)
    mod, fn, block = load(cu, dev, cubin, reference.symbol(kernel))
    values, bufs = [], {}
    for name, v in launch.args.items():
        if name in launch.scalars:
            values.append(scalar_param("f32" if v.dtype == np.float32 else "i32", v.item()))
            continue
        a = np.ascontiguousarray(v)
        p = ctypes.c_uint64()
        chk(cu.cuMemAlloc_v2(ctypes.byref(p), ctypes.c_size_t(max(a.nbytes, 4))), "cuMemAlloc")
        bufs[name] = (p, a)
        values += array_params(p, a.shape, [s // a.itemsize for s in a.strides])
    params = param_block(values)
    start, end = ctypes.c_void_p(), ctypes.c_void_p()
    chk(cu.cuEventCreate(ctypes.byref(start), 0), "cuEventCreate")
    chk(cu.cuEventCreate(ctypes.byref(end), 0), "cuEventCreate")
    total = 0.0
    for i in range(3 + iters):
        for p, a in bufs.values():
            chk(cu.cuMemcpyHtoD_v2(p, a.ctypes.data, ctypes.c_size_t(a.nbytes)), "cuMemcpyHtoD")
        chk(cu.cuEventRecord(start, None), "cuEventRecord")
        chk(cu.cuLaunchKernel(fn, *launch.grid, *block, 0, None, params, None), "cuLaunchKernel")
        chk(cu.cuEventRecord(end, None), "cuEventRecord")
        chk(cu.cuEventSynchronize(end), "cuEventSynchronize")
        ms = ctypes.c_float()
        chk(cu.cuEventElapsedTime(ctypes.byref(ms), start, end), "cuEventElapsedTime")
        total += ms.value if i >= 3 else 0.0
        got = {}
        for name, (p, a) in bufs.items():
            out = np.empty_like(a)
            chk(cu.cuMemcpyDtoH_v2(out.ctypes.data, p, ctypes.c_size_t(a.nbytes)), "cuMemcpyDtoH")
            got[name] = out
        failures = reference.check(case, launch, got)
        if failures:
            raise RuntimeError(f"{kernel} ({cubin}), launch {i}: {failures}")
    for p, _ in bufs.values():
        chk(cu.cuMemFree_v2(p), "cuMemFree")
    chk(cu.cuModuleUnload(mod), "cuModuleUnload")
    return total * 1000 / iters, block[0]


def time_one(cu, dev, cubin, kernel, iters):
    symbol, grid, arrays, scalars, moved = KERNELS[kernel]
    mod, fn, block = load(cu, dev, cubin, symbol)
    values, ptrs = [], []
    for shape in arrays:
        n = 1
        for d in shape:
            n *= d
        p = ctypes.c_uint64()
        chk(cu.cuMemAlloc_v2(ctypes.byref(p), ctypes.c_size_t(4 * n)), "cuMemAlloc")
        chk(cu.cuMemsetD32_v2(p, ONE, ctypes.c_size_t(n)), "cuMemsetD32")
        ptrs.append(p)
        values += array_params(p, shape, strides(shape))
    for ty, v in scalars:
        values.append(scalar_param(ty, v))
    params = param_block(values)

    def launch():
        chk(cu.cuLaunchKernel(fn, grid[0], grid[1], grid[2], *block, 0, None, params, None),
            "cuLaunchKernel")

    for _ in range(3):
        launch()
    start, end = ctypes.c_void_p(), ctypes.c_void_p()
    chk(cu.cuEventCreate(ctypes.byref(start), 0), "cuEventCreate")
    chk(cu.cuEventCreate(ctypes.byref(end), 0), "cuEventCreate")
    chk(cu.cuEventRecord(start, None), "cuEventRecord")
    for _ in range(iters):
        launch()
    chk(cu.cuEventRecord(end, None), "cuEventRecord")
    chk(cu.cuEventSynchronize(end), "cuEventSynchronize")
    ms = ctypes.c_float()
    chk(cu.cuEventElapsedTime(ctypes.byref(ms), start, end), "cuEventElapsedTime")
    for p in ptrs:
        chk(cu.cuMemFree_v2(p), "cuMemFree")
    chk(cu.cuModuleUnload(mod), "cuModuleUnload")
    us = ms.value * 1000 / iters
    return us, moved / (us * 1e-6) / 1e12, block[0]


def main():
    args = sys.argv[1:]
    kernels, iters, dirs = list(KERNELS) + SYNC, 50, []
    while args:
        a = args.pop(0)
        if a == "--kernels":
            kernels = args.pop(0).split(",")
        elif a == "--iters":
            iters = int(args.pop(0))
        else:
            name, d = a.split("=", 1)
            dirs.append((name, pathlib.Path(d)))
    cu = ctypes.CDLL("libcuda.so.1")
    chk(cu.cuInit(0), "cuInit")
    dev = ctypes.c_int()
    chk(cu.cuDeviceGet(ctypes.byref(dev), 0), "cuDeviceGet")
    ctx = ctypes.c_void_p()
    chk(cu.cuDevicePrimaryCtxRetain(ctypes.byref(ctx), dev), "cuDevicePrimaryCtxRetain")
    chk(cu.cuCtxSetCurrent(ctx), "cuCtxSetCurrent")
    for k in kernels:
        for name, d in dirs:
            cubin = d / f"{k}.cubin"
            if not cubin.exists():
                print(f"{k:17} {name:9} (no cubin)")
                continue
            if k in SYNC:
                us, threads = time_sync(cu, dev, cubin, k, iters)
                print(f"{k:17} {name:9} {us:9.1f} us  (results checked, {threads} threads/block)")
                continue
            us, rate, threads = time_one(cu, dev, cubin, k, iters)
            unit = "TFLOPS" if k in FLOPS else "TB/s"
            print(f"{k:17} {name:9} {us:9.1f} us  {rate:6.2f} {unit}  ({threads} threads/block)")


if __name__ == "__main__":
    main()

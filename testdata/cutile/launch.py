"""Launches the corpus's cubins on a GPU through the CUDA driver API (Python stdlib + ctypes only).

Usage: python3 launch.py DIR RESULTS.json [NAME...]
DIR holds what `reference.py --bin DIR` wrote (<name>.json: symbol, grid, arguments; <name>.<arg>.in:
initial contents) and <name>.cubin (`tileiras --gpu-name=sm_90 <name>.tilebc -o DIR/<name>.cubin`).
Each kernel runs in a child process (a kernel that spins forever is cut off after 20 s); the
final contents of every array go into RESULTS.json (base64), which `reference.py --check-results
RESULTS.json` checks against the references.

Kernel parameters are passed as the entry's parameters (see README.md): per array its base
pointer (u64), then its shape, then its strides in elements (i32 each); per scalar its value.
Threads per block: the kernel's required block size (EIATTR_REQNTID in the cubin's
.nv.info.<symbol> section; tileiras fixes it, 128 for every kernel here); dynamic shared memory 0
(with the opt-in limit raised for kernels of large static shared memory).
"""
import base64
import ctypes
import json
import pathlib
import struct
import subprocess
import sys
import time

SIZES = {"f16": 2, "bf16": 2, "f32": 4, "i32": 4, "u32": 4}


def chk(rc, what):
    if rc != 0:
        raise RuntimeError(f"{what} failed: CUresult {rc}")


def reqntid(image, symbol):
    """(x, y, z) of EIATTR_REQNTID (0x10) in the ELF section .nv.info.<symbol>."""
    shoff, = struct.unpack_from("<Q", image, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", image, 0x3A)
    sections = [struct.unpack_from("<IIQQQQ", image, shoff + i * shentsize)
                for i in range(shnum)]
    strtab = sections[shstrndx][4]
    for name_off, _, _, _, off, size in sections:
        name = image[strtab + name_off:image.index(b"\0", strtab + name_off)].decode()
        if name != f".nv.info.{symbol}":
            continue
        i = off
        while i < off + size:
            fmt, attr = image[i], image[i + 1]
            n = struct.unpack_from("<H", image, i + 2)[0] if fmt == 4 else 0
            if attr == 0x10:
                return struct.unpack_from("<III", image, i + 4)
            i += 4 + n
    raise RuntimeError(f"no REQNTID for {symbol}")


def load_kernel(cu, dev, image, symbol):
    """The module, the kernel, its required block size and its static shared memory, with all
    shared memory opted in (for kernels of large static shared memory)."""
    mod, fn = ctypes.c_void_p(), ctypes.c_void_p()
    chk(cu.cuModuleLoadData(ctypes.byref(mod), ctypes.c_char_p(image)), "cuModuleLoadData")
    chk(cu.cuModuleGetFunction(ctypes.byref(fn), mod, symbol.encode()), "cuModuleGetFunction")
    static_smem, optin = ctypes.c_int(), ctypes.c_int()
    chk(cu.cuFuncGetAttribute(ctypes.byref(static_smem), 1, fn), "SHARED_SIZE_BYTES")
    chk(cu.cuDeviceGetAttribute(ctypes.byref(optin), 97, dev), "MAX_SHARED_MEMORY_PER_BLOCK_OPTIN")
    chk(cu.cuFuncSetAttribute(fn, 8, optin.value - static_smem.value),
        "MAX_DYNAMIC_SHARED_SIZE_BYTES")
    return mod, fn, reqntid(image, symbol), static_smem.value


def array_params(ptr, shape, strides):
    """One array's kernel parameters in cuTile's layout: its pointer, then its shape and its
    strides (in elements) as i32."""
    return [ptr] + [ctypes.c_int32(n) for n in shape] + [ctypes.c_int32(s) for s in strides]


def scalar_param(dtype, value):
    """A scalar kernel parameter: f32 or i32."""
    return ctypes.c_float(value) if dtype == "f32" else ctypes.c_int32(value)


def param_block(values):
    """The `kernelParams` array of cuLaunchKernel for these parameter values."""
    return (ctypes.c_void_p * len(values))(*[ctypes.addressof(v) for v in values])


def run_one(d, name):
    spec = json.loads((d / f"{name}.json").read_text())
    cu = ctypes.CDLL("libcuda.so.1")
    chk(cu.cuInit(0), "cuInit")
    dev = ctypes.c_int()
    chk(cu.cuDeviceGet(ctypes.byref(dev), 0), "cuDeviceGet")
    ctx = ctypes.c_void_p()
    chk(cu.cuDevicePrimaryCtxRetain(ctypes.byref(ctx), dev), "cuDevicePrimaryCtxRetain")
    chk(cu.cuCtxSetCurrent(ctx), "cuCtxSetCurrent")
    image = (d / f"{name}.cubin").read_bytes()
    _, fn, block, static_smem = load_kernel(cu, dev, image, spec["symbol"])

    values, buffers = [], {}
    for a in spec["args"]:
        if a["kind"] == "scalar":
            values.append(scalar_param(a["dtype"], a["value"]))
            continue
        data = (d / f"{name}.{a['name']}.in").read_bytes()
        ptr = ctypes.c_uint64()
        chk(cu.cuMemAlloc_v2(ctypes.byref(ptr), ctypes.c_size_t(max(len(data), 4))), "cuMemAlloc")
        chk(cu.cuMemcpyHtoD_v2(ptr, data, ctypes.c_size_t(len(data))), "cuMemcpyHtoD")
        buffers[a["name"]] = (ptr, len(data))
        values += array_params(ptr, a["shape"], a["strides"])
    params = param_block(values)
    g = spec["grid"]
    t0 = time.time()
    chk(cu.cuLaunchKernel(fn, g[0], g[1], g[2], *block, 0, None, params, None), "cuLaunchKernel")
    chk(cu.cuCtxSynchronize(), "cuCtxSynchronize")
    out = {"threads": block[0], "static_smem": static_smem,
           "seconds": round(time.time() - t0, 4), "arrays": {}}
    for k, (ptr, n) in buffers.items():
        buf = ctypes.create_string_buffer(n)
        chk(cu.cuMemcpyDtoH_v2(buf, ptr, ctypes.c_size_t(n)), "cuMemcpyDtoH")
        out["arrays"][k] = base64.b64encode(buf.raw).decode()
    print(json.dumps(out))


def main():
    if len(sys.argv) >= 3 and sys.argv[1] == "--one":
        run_one(pathlib.Path(sys.argv[2]), sys.argv[3])
        return
    d, results = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    names = sys.argv[3:] or sorted(p.stem for p in d.glob("*.json"))
    res = {}
    for name in names:
        try:
            p = subprocess.run([sys.executable, __file__, "--one", str(d), name],
                               capture_output=True, text=True, timeout=20)
            res[name] = (json.loads(p.stdout) if p.returncode == 0
                         else {"error": (p.stderr.strip().splitlines() or ["?"])[-1]})
        except subprocess.TimeoutExpired:
            res[name] = {"error": "timeout after 20 s (deadlock?)"}
        r = res[name]
        print(name, r.get("error") or f"ran: {r['threads']} threads, static smem "
              f"{r['static_smem']} B, {r['seconds']} s")
    results.write_text(json.dumps(res))


if __name__ == "__main__":
    main()

"""NumPy references for the cuTile kernels of src/: inputs, launch, expected outputs, checks.

Usage:
  python reference.py --list              one line per kernel: grid and arrays
  python reference.py --describe NAME     the full launch description of one kernel
  python reference.py --self-check        host self-check of every kernel (see below)
  python reference.py --npz DIR           DIR/<name>.npz: inputs (in_<array>), expected
                                          outputs (out_<array>) and scalars (scalar_<name>)
  python reference.py --bin DIR           DIR/<name>.json + DIR/<name>.<array>.in: the launch
                                          and raw inputs for launch.py
  python reference.py --check-results F   check the GPU results launch.py wrote to F
Options: --seed N (default 0). Needs NumPy, and ml_dtypes for bfloat16 (without it the bf16
case is skipped): `pip install numpy ml_dtypes`.

Each kernel has a Case: `make(seed)` returns a Launch with the grid, the kernel arguments in
order (arrays with their initial contents, then scalars; compile-time constants are not
arguments), `reference(args)` returns the expected final contents of the arrays the kernel
writes, and `checks` say how a GPU result is compared: "exact" (bitwise equal), "close"
(np.allclose with rtol/atol), "permutation" (the array is a permutation of 0..n-1), "range"
(every element in [lo, hi]). `check(case, launch, got)` applies them to the arrays a GPU run
returned and lists the failures.

Self-check (no GPU): every kernel also has a host emulation that runs its blocks one tile op at
a time, as in the kernel source. Kernels whose blocks wait for each other (locks, flags) run
their blocks as Python generators that yield at every memory access, interleaved in a random
(seeded) order, so the emulation is a sequentially consistent execution of the kernel. The
self-check runs each emulation (with several schedules where blocks interact) and applies
`check` to it. It does not model weak memory or the GPU's arithmetic rounding (the checks'
tolerances are for that).
"""
import argparse
import dataclasses
import pathlib
import random
import sys
from typing import Callable

import numpy as np

try:
    from ml_dtypes import bfloat16
except ImportError:  # pragma: no cover
    bfloat16 = None

I32_MIN = np.iinfo(np.int32).min


@dataclasses.dataclass
class Launch:
    grid: tuple
    args: dict          # name -> np.ndarray (initial contents) or scalar (np.float32 / np.int32)
    scalars: tuple = ()  # names in args that are scalar parameters


@dataclasses.dataclass
class Case:
    name: str
    what: str
    make: Callable[[int], Launch]
    reference: Callable[[dict], dict]     # args -> {array: expected final contents}
    checks: dict                           # array -> ("exact",) | ("close", rtol, atol) | ...
    emulate: Callable                      # (args, rng) -> None, updates the arrays in place
    notes: str = ""

    def describe(self, launch):
        lines = [f"{self.name}: {self.what}", f"  grid {launch.grid}"]
        for name, v in launch.args.items():
            if name in launch.scalars:
                lines.append(f"  scalar {name}: {np.asarray(v).dtype} = {v}")
            else:
                lines.append(f"  array  {name}: {dtype_name(v.dtype)}{list(v.shape)}")
        for name, c in self.checks.items():
            lines.append(f"  check  {name}: {describe_check(c)}")
        if self.notes:
            lines.append(f"  note   {self.notes}")
        return "\n".join(lines)


def dtype_name(dt):
    return "bf16" if bfloat16 is not None and dt == bfloat16 else {
        "float16": "f16", "float32": "f32", "int32": "i32", "uint32": "u32"}.get(dt.name, dt.name)


def describe_check(c):
    kind = c[0]
    if kind == "exact":
        return "bitwise equal to the reference"
    if kind == "close":
        return f"allclose to the reference, rtol={c[1]}, atol={c[2]}"
    if kind == "permutation":
        return "a permutation of 0..n-1 (n = its length)"
    if kind == "range":
        return f"every element in [{c[1]}, {c[2]}] (the reference holds one possible value)"
    if kind == "mixed":
        return "; ".join(f"[{i}] {describe_check(s)}" for i, s in c[1])
    raise ValueError(kind)


def check_one(c, got, want):
    kind = c[0]
    if kind == "exact":
        return got.shape == want.shape and np.array_equal(got.view(np.uint8),
                                                          want.view(np.uint8))
    if kind == "close":
        return np.allclose(got.astype(np.float64), want.astype(np.float64), rtol=c[1], atol=c[2])
    if kind == "permutation":
        return np.array_equal(np.sort(got), np.arange(len(got)))
    if kind == "range":
        return bool(np.all((got >= c[1]) & (got <= c[2])))
    if kind == "mixed":
        return all(check_one(s, got[i:i + 1], want[i:i + 1]) for i, s in c[1])
    raise ValueError(kind)


def check(case, launch, got):
    """Failures (strings) of the arrays `got` (name -> final contents) against the reference."""
    want = case.reference(launch.args)
    return [f"{case.name}.{name}: not {describe_check(c)}"
            for name, c in case.checks.items() if not check_one(c, got[name], want[name])]


def rng_for(seed, name):
    return np.random.default_rng([seed, sum(map(ord, name))])


def copy_args(launch):
    return {k: (v if k in launch.scalars else v.copy()) for k, v in launch.args.items()}


def run_blocks(gens, rng):
    """Interleaves block generators in a random order until all of them finish."""
    live = list(gens)
    steps = 0
    while live:
        g = live[rng.randrange(len(live))]
        try:
            next(g)
        except StopIteration:
            live.remove(g)
        steps += 1
        if steps > 10_000_000:
            raise RuntimeError("emulation does not terminate (deadlock?)")


def cdiv(a, b):
    return -(-a // b)


CASES = {}


def case(**kw):
    c = Case(**kw)
    CASES[c.name] = c
    return c


# ---- 1. vector_add ----------------------------------------------------------------------

def vector_add_make(seed):
    r = rng_for(seed, "vector_add")
    n = 5000  # not a multiple of 1024: the last tile is partial
    a = r.uniform(-1, 1, n).astype(np.float32)
    b = r.uniform(-1, 1, n).astype(np.float32)
    return Launch((cdiv(n, 1024), 1, 1), {"a": a, "b": b, "c": np.zeros(n, np.float32)})


def vector_add_emulate(m, _rng):
    n = len(m["a"])
    for bid in range(cdiv(n, 1024)):
        s = slice(1024 * bid, min(n, 1024 * bid + 1024))
        m["c"][s] = m["a"][s] + m["b"][s]


case(name="vector_add", what="c = a + b (f32, 1-D, tile 1024)", make=vector_add_make,
     reference=lambda a: {"c": a["a"] + a["b"]}, checks={"c": ("exact",)},
     emulate=vector_add_emulate)


# ---- 2. softmax -------------------------------------------------------------------------

def softmax_make(seed):
    r = rng_for(seed, "softmax")
    rows = 8
    x = (r.standard_normal((rows, 1024)) * 4).astype(np.float32)
    return Launch((rows, 1, 1), {"x": x, "out": np.zeros_like(x)})


def softmax_ref(a):
    x = a["x"].astype(np.float64)
    e = np.exp(x - x.max(axis=1, keepdims=True))
    return {"out": (e / e.sum(axis=1, keepdims=True)).astype(np.float32)}


def softmax_emulate(m, _rng):
    for row in range(m["x"].shape[0]):
        t = m["x"][row:row + 1]
        e = np.exp(t - t.max(axis=1, keepdims=True))
        m["out"][row:row + 1] = e / e.sum(axis=1, keepdims=True, dtype=np.float32)


case(name="softmax", what="row softmax of x (f32, rows x 1024), one row per block",
     make=softmax_make, reference=softmax_ref, checks={"out": ("close", 1e-5, 1e-7)},
     emulate=softmax_emulate)


# ---- 3. layernorm -----------------------------------------------------------------------

def layernorm_make(seed):
    r = rng_for(seed, "layernorm")
    rows = 8
    x = (r.standard_normal((rows, 1024)) * 3 + 1).astype(np.float32)
    w = r.uniform(0.5, 1.5, 1024).astype(np.float32)
    b = r.uniform(-0.5, 0.5, 1024).astype(np.float32)
    return Launch((rows, 1, 1), {"x": x, "weight": w, "bias": b, "out": np.zeros_like(x),
                                 "eps": np.float32(1e-5)}, scalars=("eps",))


def layernorm_ref(a):
    x = a["x"].astype(np.float64)
    mean = x.mean(axis=1, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=1, keepdims=True)
    y = (x - mean) / np.sqrt(var + float(a["eps"])) * a["weight"] + a["bias"]
    return {"out": y.astype(np.float32)}


def layernorm_emulate(m, _rng):
    for row in range(m["x"].shape[0]):
        t = m["x"][row:row + 1]
        mean = t.sum(axis=1, keepdims=True) / np.float32(1024)
        d = t - mean
        var = (d * d).sum(axis=1, keepdims=True) / np.float32(1024)
        rs = (np.float32(1) / np.sqrt(var + m["eps"])).astype(np.float32)
        m["out"][row:row + 1] = d * rs * m["weight"] + m["bias"]


case(name="layernorm", what="out = (x - mean) / sqrt(var + eps) * weight + bias per row "
     "(f32, rows x 1024)", make=layernorm_make, reference=layernorm_ref,
     checks={"out": ("close", 1e-4, 1e-5)}, emulate=layernorm_emulate)


# ---- 4, 5. matmul ---------------------------------------------------------------------

def matmul_make(name, dtype, m, n, k):
    def make(seed):
        r = rng_for(seed, name)
        A = r.uniform(-1, 1, (m, k)).astype(np.float32).astype(dtype)
        B = r.uniform(-1, 1, (k, n)).astype(np.float32).astype(dtype)
        return Launch((cdiv(m, 128), cdiv(n, 128), 1),
                      {"A": A, "B": B, "C": np.zeros((m, n), np.float32)})
    return make


def matmul_ref(a):
    return {"C": (a["A"].astype(np.float64) @ a["B"].astype(np.float64)).astype(np.float32)}


def tiled_matmul(A, B, i, j, tm, tn, tk, ktiles):
    """One block's accumulator, tile by tile over `ktiles` (zero padding past the edges)."""
    acc = np.zeros((tm, tn), np.float32)
    for k in ktiles:
        a = np.zeros((tm, tk), np.float32)
        b = np.zeros((tk, tn), np.float32)
        blk = A[tm * i:tm * i + tm, tk * k:tk * k + tk]
        a[:blk.shape[0], :blk.shape[1]] = blk
        blk = B[tk * k:tk * k + tk, tn * j:tn * j + tn]
        b[:blk.shape[0], :blk.shape[1]] = blk
        acc += a @ b
    return acc


def matmul_emulate(m, _rng):
    A, B, C = m["A"], m["B"], m["C"]
    for i in range(cdiv(A.shape[0], 128)):
        for j in range(cdiv(B.shape[1], 128)):
            acc = tiled_matmul(A, B, i, j, 128, 128, 32, range(cdiv(A.shape[1], 32)))
            blk = C[128 * i:128 * i + 128, 128 * j:128 * j + 128]
            blk[...] = acc[:blk.shape[0], :blk.shape[1]]


MATMUL_CHECK = {"C": ("close", 1e-3, 1e-3)}
case(name="matmul_f16", what="C = A @ B, f16 inputs, f32 accumulate/output, 128x128x32 tiles",
     make=matmul_make("matmul_f16", np.float16, 256, 384, 80), reference=matmul_ref,
     checks=MATMUL_CHECK, emulate=matmul_emulate,
     notes="K = 80 is not a multiple of 32: the last K tile is zero-padded")
if bfloat16 is not None:
    case(name="matmul_bf16", what="C = A @ B, bf16 inputs, f32 accumulate/output, "
         "128x128x32 tiles (constant parameters)",
         make=matmul_make("matmul_bf16", bfloat16, 200, 256, 96), reference=matmul_ref,
         checks=MATMUL_CHECK, emulate=matmul_emulate,
         notes="M = 200: the second row of output tiles is partial (masked store)")


# ---- 6. splitk_matmul -----------------------------------------------------------------

def splitk_make(seed):
    r = rng_for(seed, "splitk_matmul")
    m, n, k, s = 128, 192, 256, 4
    A = r.uniform(-1, 1, (m, k)).astype(np.float16)
    B = r.uniform(-1, 1, (k, n)).astype(np.float16)
    return Launch((cdiv(m, 64), cdiv(n, 64), s),
                  {"A": A, "B": B, "C": np.zeros((m, n), np.float32),
                   "locks": np.zeros(cdiv(m, 64) * cdiv(n, 64), np.int32)})


def splitk_emulate(m, rng):
    A, B, C, locks = m["A"], m["B"], m["C"], m["locks"]
    mt, nt, S = cdiv(A.shape[0], 64), cdiv(B.shape[1], 64), 4
    per = cdiv(A.shape[1], 32) // S

    def block(i, j, s):
        acc = tiled_matmul(A, B, i, j, 64, 64, 32, range(s * per, (s + 1) * per))
        lock = i * nt + j
        while True:  # atomic_cas(locks[lock], 0 -> 1)
            old = locks[lock]
            if old == 0:
                locks[lock] = 1
            yield
            if old == 0:
                break
        c = C[64 * i:64 * i + 64, 64 * j:64 * j + 64].copy()
        yield
        C[64 * i:64 * i + 64, 64 * j:64 * j + 64] = c + acc
        yield
        locks[lock] = 0  # atomic_xchg(locks[lock], 0)

    run_blocks([block(i, j, s) for i in range(mt) for j in range(nt) for s in range(S)], rng)


case(name="splitk_matmul", what="C = A @ B (f16 -> f32), 64x64x32 tiles, K split over grid z; "
     "the splits add into C under a per-tile CAS/xchg mutex",
     make=splitk_make,
     reference=lambda a: {**matmul_ref(a), "locks": np.zeros_like(a["locks"])},
     checks={"C": ("close", 1e-3, 1e-3), "locks": ("exact",)}, emulate=splitk_emulate,
     notes="C and locks must be zero before the launch; the order of the split additions "
     "varies between runs")


# ---- 7. atomic_orders -----------------------------------------------------------------

def atomic_orders_make(seed):
    g = 64
    return Launch((g, 1, 1), {"counters": np.zeros(12, np.int32),
                              "tickets": np.full(g, -1, np.int32)})


def atomic_orders_emulate(m, rng):
    def block(bid):
        for i in range(12):
            old = m["counters"][i]
            m["counters"][i] += 1
            if i == 10:
                m["tickets"][bid] = old
            yield
    run_blocks([block(b) for b in range(len(m["tickets"]))], rng)


# Counters 0, 3, 6, 9 use scope BLOCK: the PTX memory model makes them atomic only among the
# threads of one block, so across blocks only 1 <= value <= G is guaranteed.
_G = 64
case(name="atomic_orders", what="12 counters, one per (order, scope) of ct.atomic_add; "
     "each block adds 1 to each; tickets = old values of the ACQ_REL/DEVICE counter",
     make=atomic_orders_make,
     reference=lambda a: {"counters": np.full(12, len(a["tickets"]), np.int32),
                          "tickets": np.arange(len(a["tickets"]), dtype=np.int32)},
     checks={"counters": ("mixed", [(i, ("range", 1, _G) if i % 3 == 0 else ("exact",))
                                    for i in range(12)]),
             "tickets": ("permutation",)},
     emulate=atomic_orders_emulate,
     notes="counter 3*o+s: order o in (relaxed, acquire, release, acq_rel), scope s in "
     "(block, device, sys)")


# ---- 8. flag_handoff --------------------------------------------------------------------

def flag_handoff_make(seed):
    r = rng_for(seed, "flag_handoff")
    x = r.uniform(-1, 1, 1024).astype(np.float32)
    return Launch((2, 1, 1), {"x": x, "buf": np.zeros(1024, np.float32),
                              "out": np.zeros(1024, np.float32),
                              "flag": np.zeros(1, np.int32)})


def flag_handoff_ref(a):
    y = (a["x"] * np.float32(2) + np.float32(1)).astype(np.float32)
    return {"buf": y, "out": y, "flag": np.ones(1, np.int32)}


def flag_handoff_emulate(m, rng):
    def producer():
        t = m["x"].copy()
        yield
        m["buf"][:] = t * np.float32(2) + np.float32(1)
        yield
        m["flag"][0] = 1  # release

    def consumer():
        while m["flag"][0] != 1:  # acquire
            yield
        t = m["buf"].copy()
        yield
        m["out"][:] = t

    run_blocks([producer(), consumer()], rng)


case(name="flag_handoff", what="block 0 writes buf = 2x+1 then releases flag; block 1 "
     "acquires flag then copies buf to out", make=flag_handoff_make, reference=flag_handoff_ref,
     checks={"out": ("exact",), "buf": ("exact",), "flag": ("exact",)},
     emulate=flag_handoff_emulate)


# ---- 9, 10, 11. locks ----------------------------------------------------------------------

def lock_make(name, extra):
    def make(seed):
        g = 64
        values = rng_for(seed, name).integers(-1000, 1000, g).astype(np.int32)
        return Launch((g, 1, 1), {"values": values, "total": np.zeros(2, np.int32), **extra(g)})
    return make


def lock_ref(a):
    out = {"total": np.array([a["values"].sum(), len(a["values"])], np.int32)}
    if "lock" in a:
        out["lock"] = np.zeros(1, np.int32)
    if "state" in a:
        g = len(a["values"])
        out["state"] = np.array([g, g], np.int32)
        out["order"] = np.arange(g, dtype=np.int32)  # some permutation; checked as such
    return out


def spinlock_emulate(kind):
    def emulate(m, rng):
        lock, total = m["lock"], m["total"]

        def block(bid):
            v = m["values"][bid]
            yield
            while True:
                old = lock[0]
                if kind == "xchg" or old == 0:  # xchg(1) / cas(0 -> 1)
                    lock[0] = 1
                yield
                if old == 0:
                    break
            t = total.copy()
            yield
            total[:] = t + np.array([v, 1], np.int32)
            yield
            lock[0] = 0
        run_blocks([block(b) for b in range(len(m["values"]))], rng)
    return emulate


def ticket_emulate(m, rng):
    state, total = m["state"], m["total"]

    def block(bid):
        v = m["values"][bid]
        my = state[0]  # atomic_add(state[0], 1)
        state[0] += 1
        yield
        while state[1] != my:
            yield
        s, n = total[0], total[1]
        yield
        m["order"][n] = bid
        yield
        total[0], total[1] = s + v, n + 1
        yield
        state[1] = my + 1
    run_blocks([block(b) for b in range(len(m["values"]))], rng)


LOCK_CHECKS = {"total": ("exact",), "lock": ("exact",)}
case(name="cas_spinlock", what="total += (values[bid], 1) under a CAS spinlock",
     make=lock_make("cas_spinlock", lambda g: {"lock": np.zeros(1, np.int32)}),
     reference=lock_ref, checks=LOCK_CHECKS, emulate=spinlock_emulate("cas"))
case(name="xchg_spinlock", what="total += (values[bid], 1) under an exchange (test-and-set) "
     "spinlock", make=lock_make("xchg_spinlock", lambda g: {"lock": np.zeros(1, np.int32)}),
     reference=lock_ref, checks=LOCK_CHECKS, emulate=spinlock_emulate("xchg"))
case(name="ticket_lock", what="total += (values[bid], 1) and order[n] = bid under a ticket lock",
     make=lock_make("ticket_lock", lambda g: {"state": np.zeros(2, np.int32),
                                              "order": np.full(g, -1, np.int32)}),
     reference=lock_ref,
     checks={"total": ("exact",), "state": ("exact",), "order": ("permutation",)},
     emulate=ticket_emulate)


# ---- 12. last_block_reduce ----------------------------------------------------------------

def lbr_make(seed):
    n = 10000
    x = rng_for(seed, "last_block_reduce").uniform(-1, 1, n).astype(np.float32)
    g = cdiv(n, 1024)
    return Launch((g, 1, 1), {"x": x, "partials": np.zeros(g, np.float32),
                              "counter": np.zeros(1, np.int32), "out": np.zeros(1, np.float32)})


def lbr_ref(a):
    x = a["x"].astype(np.float64)
    g = len(a["partials"])
    parts = np.array([x[1024 * b:1024 * b + 1024].sum() for b in range(g)])
    return {"partials": parts.astype(np.float32), "out": np.array([x.sum()], np.float32),
            "counter": np.zeros(1, np.int32)}


def lbr_emulate(m, rng):
    g = len(m["partials"])

    def block(bid):
        m["partials"][bid] = m["x"][1024 * bid:1024 * bid + 1024].sum(dtype=np.float32)
        yield
        done = m["counter"][0]
        m["counter"][0] += 1
        yield
        if done == g - 1:
            acc = np.float32(0)
            for i in range(g):
                acc = np.float32(acc + m["partials"][i])
                yield
            m["out"][0] = acc
            yield
            m["counter"][0] = 0
    run_blocks([block(b) for b in range(g)], rng)


case(name="last_block_reduce", what="out = sum(x): per-block partial sums, the last block "
     "(atomic counter) adds them and resets the counter", make=lbr_make, reference=lbr_ref,
     checks={"partials": ("close", 1e-5, 1e-4), "out": ("close", 1e-5, 1e-3),
             "counter": ("exact",)}, emulate=lbr_emulate)


# ---- 13. ping_pong ----------------------------------------------------------------------------

def ping_pong_make(seed):
    rounds = 16
    ball0 = int(rng_for(seed, "ping_pong").integers(-100, 100))
    return Launch((2, 1, 1), {"ball": np.array([ball0], np.int32), "turn": np.zeros(1, np.int32),
                              "trace": np.zeros(2 * rounds, np.int32),
                              "rounds": np.int32(rounds)}, scalars=("rounds",))


def ping_pong_ref(a):
    r, b0 = int(a["rounds"]), int(a["ball"][0])
    return {"ball": np.array([b0 + 2 * r], np.int32), "turn": np.array([2 * r], np.int32),
            "trace": np.arange(b0 + 1, b0 + 2 * r + 1, dtype=np.int32)}


def ping_pong_emulate(m, rng):
    def block(me):
        for r in range(int(m["rounds"])):
            move = 2 * r + me
            while m["turn"][0] != move:
                yield
            v = m["ball"][0] + 1
            yield
            m["ball"][0] = v
            m["trace"][move] = v
            yield
            m["turn"][0] = move + 1
    run_blocks([block(0), block(1)], rng)


case(name="ping_pong", what="two blocks take turns (acquire/release on turn) incrementing ball "
     "for `rounds` rounds", make=ping_pong_make, reference=ping_pong_ref,
     checks={"ball": ("exact",), "turn": ("exact",), "trace": ("exact",)},
     emulate=ping_pong_emulate)


# ---- 14. atomic_rmw_modes -------------------------------------------------------------------

def rmw_make(seed):
    g = 24
    return Launch((g, 1, 1), {
        "ints": np.array([-1, 0, 0, I32_MIN, 0, -1, 0, 0], np.int32),
        "uints": np.array([0, 0xFFFFFFFF], np.uint32),
        "floats": np.zeros(1, np.float32), "hist": np.zeros(16, np.int32),
        "red": np.zeros(16, np.float32)})


def rmw_ref(a):
    g = 24
    bits = np.int64(sum(1 << b for b in range(g)))
    x = 0
    for b in range(g):
        x ^= b + 1
    ints = np.array([~bits, bits, x, g - 1, -(g - 1), 0, 1, 0], np.int64).astype(np.int32)
    return {"ints": ints, "uints": np.array([0x80000000 | (g - 1), 0xFFFFFFFF - (g - 1)],
                                            np.uint32),
            "floats": np.array([0.5 * g], np.float32), "hist": np.full(16, g, np.int32),
            "red": np.full(16, g, np.float32)}


def rmw_emulate(m, rng):
    ints, uints = m["ints"], m["uints"]

    def block(b):
        bit = np.int32(np.uint32(1 << b).view(np.int32))
        steps = [
            lambda: ints.__setitem__(0, ints[0] & ~bit),
            lambda: ints.__setitem__(1, ints[1] | bit),
            lambda: ints.__setitem__(2, ints[2] ^ (b + 1)),
            lambda: ints.__setitem__(3, max(ints[3], b)),
            lambda: ints.__setitem__(4, min(ints[4], -b)),
            lambda: ints.__setitem__(5, b),
            lambda: ints.__setitem__(6, b + 1) if ints[6] == 0 else None,
            lambda: uints.__setitem__(0, max(uints[0], 0x80000000 | b)),
            lambda: uints.__setitem__(1, min(uints[1], 0xFFFFFFFF - b)),
            lambda: m["floats"].__setitem__(0, m["floats"][0] + np.float32(0.5)),
            lambda: m["hist"].__iadd__(1),
            lambda: m["red"].__iadd__(np.float32(1)),
        ]
        for step in steps:
            step()
            yield
    run_blocks([block(b) for b in range(24)], rng)


case(name="atomic_rmw_modes", what="and/or/xor/max/min/xchg/cas on i32, umax/umin on u32, "
     "float add, a 16-wide atomic add and a tiled-view atomic add", make=rmw_make,
     reference=rmw_ref,
     checks={"ints": ("mixed", [(i, ("exact",)) for i in range(5)]
                      + [(5, ("range", 0, 23)), (6, ("range", 1, 24)), (7, ("exact",))]),
             "uints": ("exact",), "floats": ("exact",), "hist": ("exact",),
             "red": ("exact",)},
     emulate=rmw_emulate,
     notes="ints[5] (xchg) ends as the bid of the last block, ints[6] (cas) as 1 + the bid "
     "of the first; G = 24 <= 32 (1 << bid must fit)")


# ---- 15. load_store_orders ------------------------------------------------------------------

def lso_make(seed):
    src = rng_for(seed, "load_store_orders").integers(-1000, 1000, 7).astype(np.int32)
    return Launch((1, 1, 1), {"src": src, "dst": np.zeros(7, np.int32)})


def lso_emulate(m, _rng):
    m["dst"][:] = m["src"] + 1


case(name="load_store_orders", what="dst[k] = src[k] + 1, element k read/written with the k-th "
     "(order, scope) of ct.load / ct.store", make=lso_make,
     reference=lambda a: {"dst": a["src"] + np.int32(1)}, checks={"dst": ("exact",)},
     emulate=lso_emulate)


# ---- 16. scan_layout ------------------------------------------------------------------------

def scan_layout_make(seed):
    r = rng_for(seed, "scan_layout")
    rows = 16
    x = r.integers(0, 100, (rows, 64)).astype(np.int32)
    return Launch((rows // 8, 1, 1), {
        "x": x, "cs": np.zeros_like(x), "tr": np.zeros((64, rows), np.int32),
        "part": np.zeros((rows // 2, 64), np.int32), "q": np.zeros_like(x)})


def scan_layout_ref(a):
    x = a["x"].astype(np.int64)
    part = np.concatenate([x[8 * b + 4:8 * b + 8] for b in range(x.shape[0] // 8)])
    q = np.floor(x * 0.5) + np.maximum(x, 3) + np.abs(x - 50)
    return {"cs": np.cumsum(x, axis=1).astype(np.int32), "tr": np.ascontiguousarray(x.T, np.int32),
            "part": part.astype(np.int32), "q": q.astype(np.int32)}


def scan_layout_emulate(m, _rng):
    for bid in range(m["x"].shape[0] // 8):
        t = m["x"][8 * bid:8 * bid + 8].astype(np.int64)
        m["cs"][8 * bid:8 * bid + 8] = np.cumsum(t, axis=1)
        m["tr"][:, 8 * bid:8 * bid + 8] = t.T
        m["part"][4 * bid:4 * bid + 4] = t[4:8]
        half = t.astype(np.float32) * np.float32(0.5)
        m["q"][8 * bid:8 * bid + 8] = np.floor(half).astype(np.int32) + np.maximum(t, 3) \
            + np.abs(t - 50)


case(name="scan_layout", what="row prefix sums, a transpose, a slice and conversions of an 8x64 "
     "i32 tile per block", make=scan_layout_make, reference=scan_layout_ref,
     checks={"cs": ("exact",), "tr": ("exact",), "part": ("exact",), "q": ("exact",)},
     emulate=scan_layout_emulate)


# ---- 17. strided_views ---------------------------------------------------------------------

def strided_make(seed):
    r = rng_for(seed, "strided_views")
    rows, n = 5, 26  # cdiv(26, 6) = 5 tiles of z; the last one, z[24..28), is half past the end
    x = r.uniform(-1, 1, (rows, 64)).astype(np.float32)
    z = r.uniform(-1, 1, n).astype(np.float32)
    return Launch((rows, 1, 1), {"x": x, "out": np.zeros((2 * rows, 64), np.float32), "z": z,
                                 "picked": np.zeros(4 * rows, np.float32)})


def strided_ref(a):
    m = {k: (v.copy() if isinstance(v, np.ndarray) else v) for k, v in a.items()}
    strided_emulate(m, None)
    return {"out": m["out"], "picked": m["picked"]}


def strided_emulate(m, _rng):
    x, z = m["x"], m["z"]
    rows = x.shape[0]
    for b in range(rows):
        # rows b and b+1 of x (zero past the end) to rows 2b and 2b+1 of out
        m["out"][2 * b] = x[b]
        m["out"][2 * b + 1] = x[b + 1] if b + 1 < rows else 0
        # z[6b .. 6b+4), zero past the end, to picked[4b .. 4b+4)
        for k in range(4):
            i = 6 * b + k
            m["picked"][4 * b + k] = z[i] if i < len(z) else 0


case(name="strided_views", what="tiles one row apart (overlapping) and 4-element tiles 6 apart "
     "(gaps) read through strided views", make=strided_make, reference=strided_ref,
     checks={"out": ("exact",), "picked": ("exact",)}, emulate=strided_emulate)


# ---- 18. tile_reductions -------------------------------------------------------------------

def tile_reductions_make(seed):
    r = rng_for(seed, "tile_reductions")
    g = 6
    # Small integers in f32: every order of the sums is exact.
    x = r.integers(-50, 50, (8 * g, 64)).astype(np.float32)
    k = r.integers(-1000, 1000, (32 * g, 64)).astype(np.int32)
    return Launch((g, 1, 1), {"x": x, "colsum": np.zeros((g, 64), np.float32),
                              "rowmax": np.zeros(8 * g, np.float32), "k": k,
                              "colmin": np.zeros((g, 64), np.int32)})


def tile_reductions_ref(a):
    m = {key: (v.copy() if isinstance(v, np.ndarray) else v) for key, v in a.items()}
    tile_reductions_emulate(m, None)
    return {"colsum": m["colsum"], "rowmax": m["rowmax"], "colmin": m["colmin"]}


def tile_reductions_emulate(m, _rng):
    for b in range(m["colsum"].shape[0]):
        t = m["x"][8 * b:8 * b + 8]
        m["colsum"][b] = t.sum(axis=0, dtype=np.float32)
        m["rowmax"][8 * b:8 * b + 8] = t.max(axis=1)
        m["colmin"][b] = m["k"][32 * b:32 * b + 32].min(axis=0)


case(name="tile_reductions", what="column sums and row maxima of an 8x64 f32 tile, column minima "
     "of a 32x64 i32 tile, per block (reductions that keep a dimension)",
     make=tile_reductions_make, reference=tile_reductions_ref,
     checks={"colsum": ("exact",), "rowmax": ("exact",), "colmin": ("exact",)},
     emulate=tile_reductions_emulate)


# ---- 19. gather_rows -----------------------------------------------------------------------

def gather_rows_make(seed):
    r = rng_for(seed, "gather_rows")
    g, rows = 4, 20
    x = r.uniform(-1, 1, (rows, 64)).astype(np.float32)
    # Row indices in [-2, rows + 2): the ones out of [0, rows) read zeros.
    idx = r.integers(-2, rows + 2, 8 * g).astype(np.int32)
    return Launch((g, 1, 1), {"x": x, "rows": idx, "out": np.zeros((8 * g, 64), np.float32)})


def gather_rows_ref(a):
    m = {key: (v.copy() if isinstance(v, np.ndarray) else v) for key, v in a.items()}
    gather_rows_emulate(m, None)
    return {"out": m["out"]}


def gather_rows_emulate(m, _rng):
    x = m["x"]
    for i, r in enumerate(m["rows"]):
        m["out"][i] = x[r] if 0 <= r < x.shape[0] else 0


case(name="gather_rows", what="rows of x gathered by an index tile (zero padding out of range) "
     "and scattered to consecutive rows of out, through gather/scatter views",
     make=gather_rows_make, reference=gather_rows_ref, checks={"out": ("exact",)},
     emulate=gather_rows_emulate)


# ---- driver -----------------------------------------------------------------------------------

def self_check(seed):
    failures = []
    for c in CASES.values():
        launch = c.make(seed)
        want = c.reference(launch.args)
        assert set(c.checks) == set(want), (c.name, set(c.checks), set(want))
        schedules = 1 if c.name in ("vector_add", "softmax", "layernorm", "matmul_f16",
                                    "matmul_bf16", "load_store_orders") else 5
        for s in range(schedules):
            m = copy_args(launch)
            c.emulate(m, random.Random(seed * 1000 + s))
            got = {k: m[k] for k in c.checks}
            f = check(c, launch, got)
            failures += [f"{x} (schedule {s})" for x in f]
        # The checks must also reject a wrong result: perturb each checked array.
        for name, chk in c.checks.items():
            bad = {k: want[k].copy() for k in c.checks}
            flat = bad[name].reshape(-1)
            if chk[0] == "permutation":
                flat[0] = flat[1] = 0 if len(flat) > 1 else flat[0]
            elif chk[0] == "range":
                flat[:] = chk[2] + 1
            else:
                flat[0] = flat[0] + (flat.dtype.type(1) if flat.dtype.kind in "iu"
                                     else flat.dtype.type(1.0))
            if not check(c, launch, bad):
                failures.append(f"{c.name}.{name}: a perturbed result passes")
        print(f"{c.name}: ok" if not [x for x in failures if x.startswith(c.name + ".")]
              else f"{c.name}: FAIL")
    return failures


def symbol(name):
    """The entry's symbol, from <name>.disasm.txt."""
    dis = (pathlib.Path(__file__).resolve().parent / f"{name}.disasm.txt").read_text()
    line = next(l for l in dis.splitlines() if l.startswith("entry @"))
    return line[len("entry @"):line.index("(")]


def write_bin(d, seed):
    import json
    d.mkdir(parents=True, exist_ok=True)
    for c in CASES.values():
        l = c.make(seed)
        args = []
        for k, v in l.args.items():
            dt = dtype_name(np.asarray(v).dtype)
            if k in l.scalars:
                args.append({"name": k, "kind": "scalar", "dtype": dt, "value": v.item()})
                continue
            v = np.ascontiguousarray(v)
            (d / f"{c.name}.{k}.in").write_bytes(v.tobytes())
            args.append({"name": k, "kind": "array", "dtype": dt, "shape": list(v.shape),
                         "strides": [s // v.itemsize for s in v.strides]})
        (d / f"{c.name}.json").write_text(json.dumps(
            {"symbol": symbol(c.name), "grid": list(l.grid), "args": args}, indent=1))


def check_results(path, seed):
    import base64
    import json
    res = json.loads(pathlib.Path(path).read_text())
    failures = []
    for name, r in res.items():
        c = CASES[name]
        if "error" in r:
            failures.append(f"{name}: {r['error']}")
            print(f"{name}: ERROR {r['error']}")
            continue
        l = c.make(seed)
        got = {}
        for k in c.checks:
            a = l.args[k]
            got[k] = np.frombuffer(base64.b64decode(r["arrays"][k]), a.dtype).reshape(a.shape)
        f = check(c, l, got)
        failures += f
        print(f"{name}: {'ok' if not f else 'FAIL'} ({r['threads']} threads)")
        for x in f:
            print("  " + x)
    return failures


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--list", action="store_true")
    p.add_argument("--describe", metavar="NAME")
    p.add_argument("--self-check", action="store_true")
    p.add_argument("--npz", metavar="DIR")
    p.add_argument("--bin", metavar="DIR")
    p.add_argument("--check-results", metavar="FILE")
    p.add_argument("--seed", type=int, default=0)
    a = p.parse_args()
    if a.list:
        for c in CASES.values():
            l = c.make(a.seed)
            arrays = ", ".join(f"{k}: {dtype_name(v.dtype)}{list(v.shape)}"
                               for k, v in l.args.items() if k not in l.scalars)
            scalars = "".join(f", scalar {k} = {l.args[k]}" for k in l.scalars)
            print(f"{c.name:18} grid {l.grid}  {arrays}{scalars}")
    if a.describe:
        c = CASES[a.describe]
        print(c.describe(c.make(a.seed)))
    if a.npz:
        d = pathlib.Path(a.npz)
        d.mkdir(parents=True, exist_ok=True)
        for c in CASES.values():
            l = c.make(a.seed)
            data = {}
            for k, v in l.args.items():
                data[("scalar_" if k in l.scalars else "in_") + k] = np.asarray(v)
            for k, v in c.reference(l.args).items():
                data["out_" + k] = v
            np.savez(d / f"{c.name}.npz", grid=np.array(l.grid), **data)
    if a.bin:
        write_bin(pathlib.Path(a.bin), a.seed)
    if a.check_results:
        failures = check_results(a.check_results, a.seed)
        sys.exit(1 if failures else 0)
    if a.self_check:
        failures = self_check(a.seed)
        for f in failures:
            print(f)
        sys.exit(1 if failures else 0)
    if not (a.list or a.describe or a.npz or a.bin or a.self_check):
        p.print_help()


if __name__ == "__main__":
    main()

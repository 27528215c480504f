"""Every atomic read-modify-write mode cuTile has, on scalars and on tiles.

Block b (grid (G, 1, 1), G <= 32) does, with the default order/scope (ACQ_REL, DEVICE) unless
noted: ints[0] &= ~(1 << b); ints[1] |= 1 << b; ints[2] ^= b + 1; ints[3] = max(ints[3], b)
(signed); ints[4] = min(ints[4], -b) (signed); ints[5] = b (xchg, RELAXED); ints[6] = cas(0 ->
b + 1, ACQUIRE); uints[0] = max(uints[0], 0x80000000 | b) (unsigned); uints[1] = min(uints[1],
0xFFFFFFFF - b) (unsigned, RELEASE); floats[0] += 0.5 (float add); hist[0:16] += 1 (one
atomic_add over a 16-element index tile, RELAXED); red[0:16] += 1.0 through
`red.tiled_view((16,)).atomic_store_add` (a tiled-view atomic reduction, always RELAXED/DEVICE).
Launch: grid (G, 1, 1); arrays ints: i32[8] = [-1, 0, 0, INT32_MIN, 0, -1, 0, 0],
uints: u32[2] = [0, 0xFFFFFFFF], floats: f32[1] = [0], hist: i32[16] = 0, red: f32[16] = 0.
"""
import cuda.tile as ct
from cuda.tile.compilation import ArrayConstraint, CallingConvention, KernelSignature


def array(dtype, ndim=1):
    """An array with int32 indices, non-negative strides, aliasing nothing."""
    return ArrayConstraint(dtype, ndim, index_dtype=ct.int32, stride_lower_bound_incl=0,
                           alias_groups=(), may_alias_internally=False)


O, DEVICE = ct.MemoryOrder, ct.MemoryScope.DEVICE


@ct.kernel
def atomic_rmw_modes(ints, uints, floats, hist, red):
    b = ct.bid(0)
    bit = ct.astile(1, dtype=ct.int32) << b
    ct.atomic_and(ints, 0, ~bit)
    ct.atomic_or(ints, 1, bit)
    ct.atomic_xor(ints, 2, b + 1)
    ct.atomic_max(ints, 3, b)
    ct.atomic_min(ints, 4, -b)
    ct.atomic_xchg(ints, 5, b, memory_order=O.RELAXED, memory_scope=DEVICE)
    ct.atomic_cas(ints, 6, 0, b + 1, memory_order=O.ACQUIRE, memory_scope=DEVICE)
    ub = b.astype(ct.uint32)
    ct.atomic_max(uints, 0, ub | 0x80000000)
    ct.atomic_min(uints, 1, 0xFFFFFFFF - ub, memory_order=O.RELEASE, memory_scope=DEVICE)
    ct.atomic_add(floats, 0, 0.5)
    ct.atomic_add(hist, ct.arange(16, dtype=ct.int32), 1,
                  memory_order=O.RELAXED, memory_scope=DEVICE)
    red.tiled_view((16,)).atomic_store_add((0,), ct.ones((16,), dtype=ct.float32))


KERNEL = atomic_rmw_modes
SIGNATURES = [KernelSignature([array(ct.int32), array(ct.uint32), array(ct.float32),
                               array(ct.int32), array(ct.float32)],
                              CallingConvention.cutile_python_v1())]

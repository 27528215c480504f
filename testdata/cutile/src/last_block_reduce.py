"""Sum of x in one pass: each block stores a partial sum; the last block to finish adds them up.

Block b: partials[b] = sum(x[1024b : 1024b + 1024]) (weak store), then
done = ct.atomic_add(counter, 0, 1, ACQ_REL, DEVICE); the block that sees done == G - 1 reads all
partials (weak loads, in a loop over ct.num_blocks(0)), stores out[0] = their sum and resets
counter[0] to 0 (relaxed store) so the kernel can be launched again.
Launch: grid (G, 1, 1) with G = cdiv(N, 1024); arrays x: f32[N] (last tile zero-padded),
partials: f32[G], counter: i32[1] (zero-initialized), out: f32[1].
"""
import cuda.tile as ct
from cuda.tile.compilation import ArrayConstraint, CallingConvention, KernelSignature


def array(dtype, ndim=1):
    """An array with int32 indices, non-negative strides, aliasing nothing."""
    return ArrayConstraint(dtype, ndim, index_dtype=ct.int32, stride_lower_bound_incl=0,
                           alias_groups=(), may_alias_internally=False)


TILE = 1024
O, DEVICE = ct.MemoryOrder, ct.MemoryScope.DEVICE


@ct.kernel
def last_block_reduce(x, partials, counter, out):
    bid = ct.bid(0)
    nblocks = ct.num_blocks(0)
    t = ct.load(x, index=(bid,), shape=(TILE,), padding_mode=ct.PaddingMode.ZERO)
    ct.store(partials, index=(bid,), tile=ct.sum(t))
    done = ct.atomic_add(counter, 0, 1, memory_order=O.ACQ_REL, memory_scope=DEVICE)
    if done == nblocks - 1:
        acc = ct.zeros((), dtype=ct.float32)
        for i in range(nblocks):
            acc = acc + ct.load(partials, index=(i,), shape=())
        ct.store(out, index=(0,), tile=acc)
        ct.store(counter, index=(0,), tile=0, memory_order=O.RELAXED, memory_scope=DEVICE)


F32 = array(ct.float32)
KERNEL = last_block_reduce
SIGNATURES = [KernelSignature([F32, F32, array(ct.int32), F32],
                              CallingConvention.cutile_python_v1())]

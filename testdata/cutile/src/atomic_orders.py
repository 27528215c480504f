"""ct.atomic_add at every memory order x memory scope cuTile accepts: 4 x 3 = 12 counters.

cuTile's atomic RMW accepts memory_order RELAXED, ACQUIRE, RELEASE, ACQ_REL (not WEAK) and
memory_scope BLOCK, DEVICE, SYS (NONE is refused for a non-weak order; CLUSTER is refused:
"cuda.lang only"). Every block adds 1 to each counter; counter 3*o + s has order ORDERS[o] and
scope SCOPES[s]. The value returned by the ACQ_REL/DEVICE add (counter 10) is stored to
tickets[bid], so the tickets are a permutation of 0..G-1.
Launch: grid (G, 1, 1); arrays counters: i32[12] (zero-initialized), tickets: i32[G].
"""
import cuda.tile as ct
from cuda.tile.compilation import ArrayConstraint, CallingConvention, KernelSignature


def array(dtype, ndim=1):
    """An array with int32 indices, non-negative strides, aliasing nothing."""
    return ArrayConstraint(dtype, ndim, index_dtype=ct.int32, stride_lower_bound_incl=0,
                           alias_groups=(), may_alias_internally=False)


O, S = ct.MemoryOrder, ct.MemoryScope
ORDERS = (O.RELAXED, O.ACQUIRE, O.RELEASE, O.ACQ_REL)
SCOPES = (S.BLOCK, S.DEVICE, S.SYS)


@ct.kernel
def atomic_orders(counters, tickets):
    ct.atomic_add(counters, 0, 1, memory_order=O.RELAXED, memory_scope=S.BLOCK)
    ct.atomic_add(counters, 1, 1, memory_order=O.RELAXED, memory_scope=S.DEVICE)
    ct.atomic_add(counters, 2, 1, memory_order=O.RELAXED, memory_scope=S.SYS)
    ct.atomic_add(counters, 3, 1, memory_order=O.ACQUIRE, memory_scope=S.BLOCK)
    ct.atomic_add(counters, 4, 1, memory_order=O.ACQUIRE, memory_scope=S.DEVICE)
    ct.atomic_add(counters, 5, 1, memory_order=O.ACQUIRE, memory_scope=S.SYS)
    ct.atomic_add(counters, 6, 1, memory_order=O.RELEASE, memory_scope=S.BLOCK)
    ct.atomic_add(counters, 7, 1, memory_order=O.RELEASE, memory_scope=S.DEVICE)
    ct.atomic_add(counters, 8, 1, memory_order=O.RELEASE, memory_scope=S.SYS)
    ct.atomic_add(counters, 9, 1, memory_order=O.ACQ_REL, memory_scope=S.BLOCK)
    ticket = ct.atomic_add(counters, 10, 1, memory_order=O.ACQ_REL, memory_scope=S.DEVICE)
    ct.atomic_add(counters, 11, 1, memory_order=O.ACQ_REL, memory_scope=S.SYS)
    ct.store(tickets, index=(ct.bid(0),), tile=ticket)


KERNEL = atomic_orders
SIGNATURES = [KernelSignature([array(ct.int32), array(ct.int32)],
                              CallingConvention.cutile_python_v1())]

"""Ticket lock: blocks enter a critical section in the order of the tickets they draw.

state[0] = next ticket, state[1] = now serving. my = ct.atomic_add(state, 0, 1, RELAXED, DEVICE);
spin `while ct.load(state[1], ACQUIRE, DEVICE) != my`; critical section: order[total[1]] = bid,
total[0] += values[bid], total[1] += 1 (weak); release: ct.store(state[1], my + 1, RELEASE,
DEVICE). Since entry is in ticket order, order[my] == bid for every block.
Launch: grid (G, 1, 1); arrays values: i32[G], total: i32[2], state: i32[2] (both
zero-initialized; state ends as [G, G]), order: i32[G].
"""
import cuda.tile as ct
from cuda.tile.compilation import ArrayConstraint, CallingConvention, KernelSignature


def array(dtype, ndim=1):
    """An array with int32 indices, non-negative strides, aliasing nothing."""
    return ArrayConstraint(dtype, ndim, index_dtype=ct.int32, stride_lower_bound_incl=0,
                           alias_groups=(), may_alias_internally=False)


O, DEVICE = ct.MemoryOrder, ct.MemoryScope.DEVICE


@ct.kernel
def ticket_lock(values, total, state, order):
    bid = ct.bid(0)
    v = ct.load(values, index=(bid,), shape=())
    my = ct.atomic_add(state, 0, 1, memory_order=O.RELAXED, memory_scope=DEVICE)
    while ct.load(state, index=(1,), shape=(), memory_order=O.ACQUIRE,
                  memory_scope=DEVICE) != my:
        pass
    s = ct.load(total, index=(0,), shape=())
    n = ct.load(total, index=(1,), shape=())
    ct.store(order, index=(n,), tile=bid)
    ct.store(total, index=(0,), tile=s + v)
    ct.store(total, index=(1,), tile=n + 1)
    ct.store(state, index=(1,), tile=my + 1, memory_order=O.RELEASE, memory_scope=DEVICE)


I32 = array(ct.int32)
KERNEL = ticket_lock
SIGNATURES = [KernelSignature([I32, I32, I32, I32], CallingConvention.cutile_python_v1())]

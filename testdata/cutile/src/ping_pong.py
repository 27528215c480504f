"""Ping-pong between two blocks: they take turns incrementing a shared ball for `rounds` rounds.

turn[0] counts the moves made. In round r, block b (0 or 1) spins
`while ct.load(turn, ACQUIRE, DEVICE) != 2r + b`, then ball[0] += 1 and trace[2r + b] = ball[0]
(weak loads/stores), then hands the turn over with ct.store(turn, 2r + b + 1, RELEASE, DEVICE).
Afterwards ball[0] = ball0 + 2 * rounds, trace = ball0 + 1 .. ball0 + 2 * rounds, turn[0] =
2 * rounds. Launch: grid (2, 1, 1); arrays ball: i32[1] (holds ball0), turn: i32[1]
(zero-initialized), trace: i32[2 * rounds]; scalar rounds: i32 (a runtime parameter).
"""
import cuda.tile as ct
from cuda.tile.compilation import (ArrayConstraint, CallingConvention, KernelSignature,
                                   ScalarConstraint)


def array(dtype, ndim=1):
    """An array with int32 indices, non-negative strides, aliasing nothing."""
    return ArrayConstraint(dtype, ndim, index_dtype=ct.int32, stride_lower_bound_incl=0,
                           alias_groups=(), may_alias_internally=False)


ACQUIRE, RELEASE, DEVICE = ct.MemoryOrder.ACQUIRE, ct.MemoryOrder.RELEASE, ct.MemoryScope.DEVICE


@ct.kernel
def ping_pong(ball, turn, trace, rounds):
    me = ct.bid(0)
    for r in range(rounds):
        move = 2 * r + me
        while ct.load(turn, index=(0,), shape=(), memory_order=ACQUIRE,
                      memory_scope=DEVICE) != move:
            pass
        v = ct.load(ball, index=(0,), shape=()) + 1
        ct.store(ball, index=(0,), tile=v)
        ct.store(trace, index=(move,), tile=v)
        ct.store(turn, index=(0,), tile=move + 1, memory_order=RELEASE, memory_scope=DEVICE)


I32 = array(ct.int32)
KERNEL = ping_pong
SIGNATURES = [KernelSignature([I32, I32, I32, ScalarConstraint(ct.int32)],
                              CallingConvention.cutile_python_v1())]

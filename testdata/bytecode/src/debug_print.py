"""ct.printf, ct.print and ct.assert_ in one kernel (debugging aids)."""
import cuda.tile as ct
from cuda.tile.compilation import ArrayConstraint, CallingConvention, KernelSignature


@ct.kernel
def debug_print(x, out):
    b = ct.bid(0)
    t = ct.load(x, index=(b,), shape=(4,))
    s = ct.sum(t, axis=0)
    ct.printf("block %d sum %f\n", b, s)
    ct.print(f"tile {t}")
    ct.assert_(t > -1000.0, "x is too small")
    ct.store(out, index=(b,), tile=t + 1.0)


A = ArrayConstraint(ct.float32, 1, index_dtype=ct.int32, stride_lower_bound_incl=0,
                    alias_groups=(), may_alias_internally=False)
KERNEL = debug_print
SIGNATURES = [KernelSignature([A, A], CallingConvention.cutile_python_v1())]

"""Matmul C = A @ B with f16 inputs and an f32 accumulator/output (ct.mma), 128x128x32 tiles.

Launch: grid (cdiv(M, 128), cdiv(N, 128), 1); block (i, j) computes C[128i:, 128j:]; arrays
A: f16[M, K], B: f16[K, N], C: f32[M, N]. Partial K tiles are zero-padded (PaddingMode.ZERO).
"""
import cuda.tile as ct
from cuda.tile.compilation import ArrayConstraint, CallingConvention, KernelSignature


def array(dtype, ndim=1):
    """An array with int32 indices, non-negative strides, aliasing nothing."""
    return ArrayConstraint(dtype, ndim, index_dtype=ct.int32, stride_lower_bound_incl=0,
                           alias_groups=(), may_alias_internally=False)


TM, TN, TK = 128, 128, 32


@ct.kernel
def matmul_f16(A, B, C):
    i = ct.bid(0)
    j = ct.bid(1)
    acc = ct.zeros((TM, TN), dtype=ct.float32)
    for k in range(ct.num_tiles(A, axis=1, shape=(TM, TK))):
        a = ct.load(A, index=(i, k), shape=(TM, TK), padding_mode=ct.PaddingMode.ZERO)
        b = ct.load(B, index=(k, j), shape=(TK, TN), padding_mode=ct.PaddingMode.ZERO)
        acc = ct.mma(a, b, acc)
    ct.store(C, index=(i, j), tile=acc)


KERNEL = matmul_f16
SIGNATURES = [KernelSignature([array(ct.float16, 2), array(ct.float16, 2), array(ct.float32, 2)],
                              CallingConvention.cutile_python_v1())]

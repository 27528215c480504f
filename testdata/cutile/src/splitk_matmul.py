"""Split-K matmul C = A @ B (f16 in, f32 out) whose K splits are merged under a per-tile mutex.

Block (i, j, s) multiplies A[64i:, K-range s] by B[K-range s, 64j:] (K-range s = k-tiles
s*KT/S .. (s+1)*KT/S, KT = K/32, S = grid z) and then adds its 64x64 partial into C inside a
critical section guarded by the semaphore locks[i * nt + j] (nt = cdiv(N, 64)):
acquire = spin on ct.atomic_cas(0 -> 1, ACQUIRE, DEVICE), release = ct.atomic_xchg(-> 0,
RELEASE, DEVICE). The C update inside is a plain (weak) load + store.
Launch: grid (cdiv(M, 64), cdiv(N, 64), S); arrays A: f16[M, K], B: f16[K, N], C: f32[M, N]
(zero-initialized), locks: i32[cdiv(M, 64) * cdiv(N, 64)] (zero-initialized; all 0 again
afterwards). K must be a multiple of 32 * S.
"""
import cuda.tile as ct
from cuda.tile.compilation import ArrayConstraint, CallingConvention, KernelSignature


def array(dtype, ndim=1):
    """An array with int32 indices, non-negative strides, aliasing nothing."""
    return ArrayConstraint(dtype, ndim, index_dtype=ct.int32, stride_lower_bound_incl=0,
                           alias_groups=(), may_alias_internally=False)


TM, TN, TK = 64, 64, 32
ACQUIRE, RELEASE, DEVICE = ct.MemoryOrder.ACQUIRE, ct.MemoryOrder.RELEASE, ct.MemoryScope.DEVICE


@ct.kernel
def splitk_matmul(A, B, C, locks):
    i = ct.bid(0)
    j = ct.bid(1)
    s = ct.bid(2)
    k_per_split = ct.num_tiles(A, axis=1, shape=(TM, TK)) // ct.num_blocks(2)
    acc = ct.zeros((TM, TN), dtype=ct.float32)
    for k in range(s * k_per_split, (s + 1) * k_per_split):
        a = ct.load(A, index=(i, k), shape=(TM, TK), padding_mode=ct.PaddingMode.ZERO)
        b = ct.load(B, index=(k, j), shape=(TK, TN), padding_mode=ct.PaddingMode.ZERO)
        acc = ct.mma(a, b, acc)

    lock = i * ct.num_tiles(C, axis=1, shape=(TM, TN)) + j
    while ct.atomic_cas(locks, lock, 0, 1, memory_order=ACQUIRE, memory_scope=DEVICE) != 0:
        pass
    c = ct.load(C, index=(i, j), shape=(TM, TN))
    ct.store(C, index=(i, j), tile=c + acc)
    ct.atomic_xchg(locks, lock, 0, memory_order=RELEASE, memory_scope=DEVICE)


KERNEL = splitk_matmul
SIGNATURES = [KernelSignature([array(ct.float16, 2), array(ct.float16, 2), array(ct.float32, 2),
                               array(ct.int32)],
                              CallingConvention.cutile_python_v1())]

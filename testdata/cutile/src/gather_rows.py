"""Row gather and scatter through gather/scatter views (cuTile's `ct.load_advanced_indexing` /
`ct.store_advanced_indexing`, Tile IR 13.3 `make_gather_scatter_view`): block b reads the rows
of x named by rows[8b .. 8b+8) (a row index out of [0, R) reads zeros: the view's padding) and
writes them to rows 8b .. 8b+8 of out, both with 64 columns from column 0.

Launch: grid (G, 1, 1); arrays x: f32[R, 64], rows: i32[8G], out: f32[8G, 64].
"""
import cuda.tile as ct
from cuda.tile.compilation import ArrayConstraint, CallingConvention, KernelSignature


def array(dtype, ndim=1):
    """An array with int32 indices, non-negative strides, aliasing nothing."""
    return ArrayConstraint(dtype, ndim, index_dtype=ct.int32, stride_lower_bound_incl=0,
                           alias_groups=(), may_alias_internally=False)


@ct.kernel
def gather_rows(x, rows, out):
    b = ct.bid(0)
    r = ct.load(rows, index=(b,), shape=(8,))
    t = ct.load_advanced_indexing(x, (r, ct.Slice(0, 64)), padding_mode=ct.PaddingMode.ZERO)
    mine = ct.arange(8, dtype=ct.int32) + 8 * b
    ct.store_advanced_indexing(out, (mine, ct.Slice(0, 64)), t)


KERNEL = gather_rows
SIGNATURES = [KernelSignature([array(ct.float32, 2), array(ct.int32), array(ct.float32, 2)],
                              CallingConvention.cutile_python_v1())]

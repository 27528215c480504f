"""Strided tiled views (traversal_steps, cuTile 1.7 / Tile IR 13.3): tiles that overlap and tiles
with gaps between them, read from views that are not partitions.

- `win`: a view of x with (2, 64) tiles one row apart (traversal_steps=(1, 64)): block b reads
  rows b and b+1 (the last block's second row is past the end: zero padding) and writes them
  to rows 2b and 2b+1 of out, so every row but the first and last of x is read twice.
- `gap`: a view of z with 4-element tiles 6 apart (traversal_steps=(6,)): block b reads
  z[6b .. 6b+4) (zero past the end) and writes it to picked[4b .. 4b+4).

Launch: grid (R, 1, 1) with R = rows of x; arrays x: f32[R, 64], out: f32[2R, 64]; z: f32[N]
with cdiv(N, 6) >= R; picked: f32[4R].
"""
import cuda.tile as ct
from cuda.tile.compilation import ArrayConstraint, CallingConvention, KernelSignature


def array(dtype, ndim=1):
    """An array with int32 indices, non-negative strides, aliasing nothing."""
    return ArrayConstraint(dtype, ndim, index_dtype=ct.int32, stride_lower_bound_incl=0,
                           alias_groups=(), may_alias_internally=False)


@ct.kernel
def strided_views(x, out, z, picked):
    b = ct.bid(0)
    win = x.tiled_view((2, 64), traversal_steps=(1, 64), padding_mode=ct.PaddingMode.ZERO)
    rows = win.load((b, 0))
    ct.store(out, index=(b, 0), tile=rows)
    gap = z.tiled_view((4,), traversal_steps=(6,), padding_mode=ct.PaddingMode.ZERO)
    ct.store(picked, index=(b,), tile=gap.load((b,)))


KERNEL = strided_views
SIGNATURES = [KernelSignature([array(ct.float32, 2), array(ct.float32, 2), array(ct.float32),
                               array(ct.float32)], CallingConvention.cutile_python_v1())]

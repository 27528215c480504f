// Predicate (i1) tiles moved between threads on a GPU (passes/src/lower/aa_to_as/exchange.rs):
// shared memory holds no predicates, so a mask's image holds a word of 1 or 0 per element, read
// back as "nonzero". Over a = 0, 1, …, 1023 as a 32x32 i32 tile:
// - t = select(permute (a % 2 == 0) [1, 0], 1, 0): the transposed even mask;
// - o = select(reduce-or along 1 of (a % 64 == 5), 1, 0): row r holds 32r + 5 iff r is even;
// - w = select(broadcast (c % 3 == 0) to 32x2, 1, 0) for the first column c of a (32x1).
//
// Launch: grid = (1, 1, 1), block = (128, 1, 1).
cuda_tile.module @mask_moves {
  entry @mask_moves(%pa: tile<32x32xptr<i32>>, %pt: tile<32x32xptr<i32>>, %po: tile<32xptr<i32>>, %pc: tile<32x1xptr<i32>>, %pw: tile<32x2xptr<i32>>) {
    %a, %t0 = load_ptr_tko weak %pa : tile<32x32xptr<i32>> -> tile<32x32xi32>, token
    %one = constant <i32: 1> : tile<32x32xi32>
    %zero = constant <i32: 0> : tile<32x32xi32>
    %two = constant <i32: 2> : tile<32x32xi32>
    %r2 = remsi %a, %two : tile<32x32xi32>
    %even = cmpi equal %r2, %zero, signed : tile<32x32xi32> -> tile<32x32xi1>
    %et = permute %even [1, 0] : tile<32x32xi1> -> tile<32x32xi1>
    %t = select %et, %one, %zero : tile<32x32xi1>, tile<32x32xi32>
    %t1 = store_ptr_tko weak %pt, %t : tile<32x32xptr<i32>>, tile<32x32xi32> -> token
    %c64 = constant <i32: 64> : tile<32x32xi32>
    %c5 = constant <i32: 5> : tile<32x32xi32>
    %r64 = remsi %a, %c64 : tile<32x32xi32>
    %hit = cmpi equal %r64, %c5, signed : tile<32x32xi32> -> tile<32x32xi1>
    %any = reduce %hit dim=1 identities=[0 : i1] : tile<32x32xi1> -> tile<32xi1> (%e: tile<i1>, %acc: tile<i1>) {
      %o = ori %e, %acc : tile<i1>
      yield %o : tile<i1>
    }
    %one32 = constant <i32: 1> : tile<32xi32>
    %zero32 = constant <i32: 0> : tile<32xi32>
    %o = select %any, %one32, %zero32 : tile<32xi1>, tile<32xi32>
    %t2 = store_ptr_tko weak %po, %o : tile<32xptr<i32>>, tile<32xi32> -> token
    %col, %t3 = load_ptr_tko weak %pc : tile<32x1xptr<i32>> -> tile<32x1xi32>, token
    %three = constant <i32: 3> : tile<32x1xi32>
    %zc = constant <i32: 0> : tile<32x1xi32>
    %r3 = remsi %col, %three : tile<32x1xi32>
    %m3 = cmpi equal %r3, %zc, signed : tile<32x1xi32> -> tile<32x1xi1>
    %m32 = broadcast %m3 : tile<32x1xi1> -> tile<32x2xi1>
    %one2 = constant <i32: 1> : tile<32x2xi32>
    %zero2 = constant <i32: 0> : tile<32x2xi32>
    %w = select %m32, %one2, %zero2 : tile<32x2xi1>, tile<32x2xi32>
    %t4 = store_ptr_tko weak %pw, %w : tile<32x2xptr<i32>>, tile<32x2xi32> -> token
    return
  }
}

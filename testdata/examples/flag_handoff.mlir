// A flag handoff between tile blocks through global memory (SYNC-MODEL.md §2, §6 P7): the
// producer publishes 128 values, then bumps a flag with a release atomic at device scope; the
// consumer spins on the flag with acquire loads, then reads the 128 values and copies them out.
// Lowered: producer = each thread stores its element, CTA barrier, one elected
// `atom.release.gpu.global.add`; consumer = an elected `ld.acquire.gpu` per iteration, its value
// broadcast through shared memory + barrier (which is also the acquire side's barrier), then the
// loads and stores of the owned elements.
//
// Three entries:
// - @handoff (use this one): ONE kernel, two roles. Each tile block takes a ticket with a relaxed
//   atomic add on `ticket`; the block that gets ticket 0 produces, the others consume. The first
//   block to run is the producer, and the producer never waits, so this cannot deadlock even when
//   only one CTA is resident at a time (a role chosen by tile block id could: block 1 might run
//   first and spin forever). Launch: grid = (2, 1, 1), block = (128, 1, 1); ticket = 0, flag = 0,
//   data and out 128 i32 each. Afterwards out[i] = data[i] = i + 1, flag = 1, ticket = 2.
// - @producer and @consumer: the same two roles as separate kernels (same buffers, grid = (1,1,1)).
//   Launched in that order on one stream they cannot deadlock; launched concurrently, the consumer
//   relies on the producer being scheduled (it is on an H100 with free SMs, but no launch order
//   guarantees it).
cuda_tile.module @flag_handoff {
  entry @handoff(%ticket: tile<ptr<i32>>, %data: tile<128xptr<i32>>, %flag: tile<ptr<i32>>, %out: tile<128xptr<i32>>) {
    %t0 = make_token : token
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %role, %t1 = atomic_rmw_tko relaxed device %ticket, add, %one token=%t0 : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    %first = cmpi equal %role, %zero, signed : tile<i32> -> tile<i1>
    if %first {
      %i = iota : tile<128xi32>
      %ones = constant <i32: 1> : tile<128xi32>
      %v = addi %i, %ones : tile<128xi32>
      %p1 = store_ptr_tko weak %data, %v token=%t0 : tile<128xptr<i32>>, tile<128xi32> -> token
      %old, %p2 = atomic_rmw_tko release device %flag, add, %one token=%p1 : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    } else {
      %c1 = loop iter_values(%tk = %t0) : token -> token {
        %seen, %tk2 = load_ptr_tko acquire device %flag token=%tk : tile<ptr<i32>> -> tile<i32>, token
        %ready = cmpi greater_than_or_equal %seen, %one, signed : tile<i32> -> tile<i1>
        if %ready {
          break %tk2 : token
        }
        continue %tk2 : token
      }
      %v, %c2 = load_ptr_tko weak %data token=%c1 : tile<128xptr<i32>> -> tile<128xi32>, token
      %c3 = store_ptr_tko weak %out, %v token=%c1 : tile<128xptr<i32>>, tile<128xi32> -> token
    }
    return
  }
  entry @producer(%data: tile<128xptr<i32>>, %flag: tile<ptr<i32>>) {
    %t0 = make_token : token
    %i = iota : tile<128xi32>
    %ones = constant <i32: 1> : tile<128xi32>
    %v = addi %i, %ones : tile<128xi32>
    %t1 = store_ptr_tko weak %data, %v token=%t0 : tile<128xptr<i32>>, tile<128xi32> -> token
    %one = constant <i32: 1> : tile<i32>
    %old, %t2 = atomic_rmw_tko release device %flag, add, %one token=%t1 : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    return
  }
  entry @consumer(%data: tile<128xptr<i32>>, %flag: tile<ptr<i32>>, %out: tile<128xptr<i32>>) {
    %t0 = make_token : token
    %one = constant <i32: 1> : tile<i32>
    %t1 = loop iter_values(%tk = %t0) : token -> token {
      %seen, %tk2 = load_ptr_tko acquire device %flag token=%tk : tile<ptr<i32>> -> tile<i32>, token
      %ready = cmpi greater_than_or_equal %seen, %one, signed : tile<i32> -> tile<i1>
      if %ready {
        break %tk2 : token
      }
      continue %tk2 : token
    }
    %v, %t2 = load_ptr_tko weak %data token=%t1 : tile<128xptr<i32>> -> tile<128xi32>, token
    %t3 = store_ptr_tko weak %out, %v token=%t1 : tile<128xptr<i32>>, tile<128xi32> -> token
    return
  }
}

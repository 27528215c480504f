// lower-aa-to-as, one-thread kernels: a kernel that does not state `num_threads` and whose tiles
// all have one element (no reduction, scan or mma) runs on thread 0 alone. Thread 0 owns every
// element and every access is already the elected thread's, so the other threads have nothing
// to do: the body is one `nv_tileas.elect`, a loaded value is used where it was loaded (no
// shared-memory broadcast slot), and no CTA barrier is emitted (one thread's program order
// orders its accesses; the acquire and release sides need no barrier to cover other threads).
// The CTA keeps its default 128 threads (`.reqntid`), so the kernel is launched as before; the
// other threads return at once.
// RUN: tile-opt %s --passes lower-cuda-tile-to-aa,lower-aa-to-as | FileCheck %s
// RUN: tilec %s | FileCheck %s --check-prefix=PTX

cuda_tile.module @m {
  entry @solo(%flag: tile<ptr<i32>>, %out: tile<ptr<i32>>) {
    %t0 = make_token : token
    %one = constant <i32: 1> : tile<i32>
    %seen, %t1 = loop iter_values(%tk = %t0) : token -> tile<i32>, token {
      %v, %tk2 = load_ptr_tko acquire device %flag token=%tk : tile<ptr<i32>> -> tile<i32>, token
      %ready = cmpi greater_than_or_equal %v, %one, signed : tile<i32> -> tile<i1>
      if %ready {
        break %v, %tk2 : tile<i32>, token
      }
      continue %tk2 : token
    }
    %n = addi %seen, %one : tile<i32>
    %t2 = store_ptr_tko release device %out, %n token=%t1 : tile<ptr<i32>>, tile<i32> -> token
    return
  }
  // The same kernel stating 128 threads: thread 0 loads, the value is broadcast through a
  // shared slot, barriers order the slot and the acquire side.
  entry @stated(%flag: tile<ptr<i32>>, %out: tile<ptr<i32>>) attributes {num_threads = 128 : i32} {
    %t0 = make_token : token
    %one = constant <i32: 1> : tile<i32>
    %seen, %t1 = loop iter_values(%tk = %t0) : token -> tile<i32>, token {
      %v, %tk2 = load_ptr_tko acquire device %flag token=%tk : tile<ptr<i32>> -> tile<i32>, token
      %ready = cmpi greater_than_or_equal %v, %one, signed : tile<i32> -> tile<i1>
      if %ready {
        break %v, %tk2 : tile<i32>, token
      }
      continue %tk2 : token
    }
    %n = addi %seen, %one : tile<i32>
    %t2 = store_ptr_tko release device %out, %n token=%t1 : tile<ptr<i32>>, tile<i32> -> token
    return
  }
  // A two-element tile: threads 0 and 1 each own one, so the kernel keeps its 128 threads.
  entry @two(%p: tile<2xptr<i32>>, %out: tile<ptr<i32>>) {
    %x, %t1 = load_ptr_tko weak %p : tile<2xptr<i32>> -> tile<2xi32>, token
    %t2 = store_ptr_tko weak %p, %x token=%t1 : tile<2xptr<i32>>, tile<2xi32> -> token
    return
  }
}

// CHECK-LABEL: "nv_tileas.kernel"
// CHECK-NEXT: ^bb0(%arg0: !nv_tileas.ptr<global>, %arg1: !nv_tileas.ptr<global>):
// CHECK-NEXT: "nv_tileas.elect"() ({
// CHECK-NOT: "nv_tileas.barrier"
// CHECK-NOT: "nv_tileas.alloc_shared"
// CHECK: [[SEEN:%[0-9]+]] = "nv_tileas.while"
// CHECK-NEXT: [[V:%[0-9]+]] = "nv_tileas.ld"(%arg0) {{[{].*}}mem_semantic = #mem.sem<acquire>
// CHECK-NEXT: "nv_tileas.cmpi"([[V]]
// CHECK: [[N:%[0-9]+]] = "nv_tileas.addi"([[SEEN]]
// CHECK-NEXT: "nv_tileas.st"(%arg1, [[N]]) {{[{].*}}mem_semantic = #mem.sem<release>
// CHECK-NEXT: "nv_tileas.yield"() : () -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: "nv_tileas.return"
// CHECK-NEXT: }) {sym_name = "solo", num_threads = 128 : i32}

// CHECK: "nv_tileas.alloc_shared"
// CHECK: "nv_tileas.while"
// CHECK: "nv_tileas.barrier"
// CHECK: "nv_tileas.elect"
// CHECK: "nv_tileas.ld"
// CHECK: "nv_tileas.barrier"
// CHECK: }) {sym_name = "stated", num_threads = 128 : i32}

// CHECK: }) {sym_name = "two", num_threads = 128 : i32}

// PTX-LABEL: .visible .entry solo(
// PTX: .reqntid 128, 1, 1
// PTX-NOT: bar.sync
// PTX-NOT: .shared
// weakest-fence spins relaxed and acquires once after the loop, as in any kernel.
// PTX: ld.relaxed.gpu.global.u32
// PTX: fence.acquire.gpu;
// PTX: st.release.gpu.global.u32
// PTX-LABEL: .visible .entry stated(
// PTX: .reqntid 128, 1, 1
// PTX: bar.sync 0

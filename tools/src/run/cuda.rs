//! The [`Device`] that runs on a GPU, through the CUDA driver API (cudarc).
//!
//! The driver (libcuda.so) is loaded at run time, so building this needs no CUDA installation,
//! and a machine without one gets a clear "no CUDA driver" instead of a loader error. cudarc
//! panics when it cannot load the library, so [`CudaDevice::open`] asks
//! `is_culib_present` first.
//!
//! Launches go through `cuLaunchKernelEx` rather than cudarc's launch builder, because only it
//! takes the cluster-dimension attribute that a cluster launch needs. That call and the JIT-log
//! probe are the crate's only `unsafe` code, each `#[allow(unsafe_code)]` on its own function
//! (the crate denies it everywhere else; see tools/Cargo.toml and docs/runner.md).

use super::exec::Device;
use super::plan::{Param, Plan};
use cudarc::driver::sys;
use cudarc::driver::{
    CudaContext, CudaEvent, CudaFunction, CudaSlice, CudaStream, DevicePtr, DriverError,
};
use cudarc::nvrtc::Ptx;
use std::ffi::{c_void, CString};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Why no device could be opened.
#[derive(Debug)]
pub enum OpenError {
    /// libcuda.so could not be loaded.
    NoDriver,
    /// The driver loaded but offers no (usable) device; the detail says why.
    NoDevice(String),
    /// Anything later: context, JIT, function lookup, allocation.
    Failed(String),
}

/// A kernel loaded on a GPU with its buffers allocated and its parameters bound.
pub struct CudaDevice {
    ctx: Arc<CudaContext>,
    stream: Arc<CudaStream>,
    func: CudaFunction,
    bufs: Vec<CudaSlice<u8>>,
    /// One cell per kernel parameter: a buffer's device address or a scalar's bytes
    /// (little-endian, so a narrower scalar sits at the cell's start, where the driver reads
    /// it), or a whole tensor map.
    args: Vec<Cell>,
    grid: [u32; 3],
    block: [u32; 3],
    cluster: Option<[u32; 3]>,
    shared_bytes: u32,
    timeout: Duration,
    start: CudaEvent,
    end: CudaEvent,
    name: String,
}

/// A kernel parameter's bytes: 128, aligned as a `CUtensorMap` (64 bytes), the largest
/// parameter tile-run passes.
#[derive(Clone, Copy)]
#[repr(C, align(64))]
struct Cell([u8; 128]);

impl Cell {
    fn of(bytes: &[u8]) -> Cell {
        let mut c = Cell([0; 128]);
        c.0[..bytes.len()].copy_from_slice(bytes);
        c
    }
}

/// The driver's data type of a tensor map's elements.
fn map_type(t: super::value::ElemType) -> sys::CUtensorMapDataType {
    use super::value::ElemType as E;
    use sys::CUtensorMapDataType as D;
    match t {
        E::I8 | E::U8 => D::CU_TENSOR_MAP_DATA_TYPE_UINT8,
        E::I16 | E::U16 => D::CU_TENSOR_MAP_DATA_TYPE_UINT16,
        E::I32 => D::CU_TENSOR_MAP_DATA_TYPE_INT32,
        E::U32 => D::CU_TENSOR_MAP_DATA_TYPE_UINT32,
        E::I64 => D::CU_TENSOR_MAP_DATA_TYPE_INT64,
        E::U64 => D::CU_TENSOR_MAP_DATA_TYPE_UINT64,
        E::F16 => D::CU_TENSOR_MAP_DATA_TYPE_FLOAT16,
        E::BF16 => D::CU_TENSOR_MAP_DATA_TYPE_BFLOAT16,
        E::F32 => D::CU_TENSOR_MAP_DATA_TYPE_FLOAT32,
        E::F64 => D::CU_TENSOR_MAP_DATA_TYPE_FLOAT64,
    }
}

/// `cuTensorMapEncodeTiled` of `t` over the buffer at `addr`.
#[allow(unsafe_code)]
fn encode_map(t: &super::plan::TensorMap, addr: u64) -> Result<Cell, String> {
    use sys::CUtensorMapSwizzle as Sw;
    let swizzle = match t.swizzle {
        32 => Sw::CU_TENSOR_MAP_SWIZZLE_32B,
        64 => Sw::CU_TENSOR_MAP_SWIZZLE_64B,
        128 => Sw::CU_TENSOR_MAP_SWIZZLE_128B,
        _ => Sw::CU_TENSOR_MAP_SWIZZLE_NONE,
    };
    let ones = vec![1u32; t.dims.len()];
    let mut map = std::mem::MaybeUninit::<sys::CUtensorMap>::zeroed();
    // SAFETY: every array holds the rank's entries (Plan::resolve checked `box` against `dims`
    // and `strides` has rank - 1 entries); `map` is a writable CUtensorMap; the driver only
    // encodes the address, it does not access the memory.
    let r = unsafe {
        sys::cuTensorMapEncodeTiled(
            map.as_mut_ptr(),
            map_type(t.elem),
            t.dims.len() as u32,
            addr as *mut c_void,
            t.dims.as_ptr(),
            t.strides.as_ptr(),
            t.boxes.as_ptr(),
            ones.as_ptr(),
            sys::CUtensorMapInterleave::CU_TENSOR_MAP_INTERLEAVE_NONE,
            swizzle,
            sys::CUtensorMapL2promotion::CU_TENSOR_MAP_L2_PROMOTION_NONE,
            sys::CUtensorMapFloatOOBfill::CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE,
        )
    };
    r.result()
        .map_err(|e| format!("cuTensorMapEncodeTiled: {}", describe(e)))?;
    // SAFETY: the call succeeded, so it wrote the map; a CUtensorMap is 128 plain bytes.
    let bytes: [u8; 128] = unsafe { std::mem::transmute(map.assume_init()) };
    Ok(Cell(bytes))
}

/// Whether the CUDA driver library can be loaded.
#[allow(unsafe_code)]
pub fn driver_present() -> bool {
    // SAFETY: `is_culib_present` only dlopens the driver library under its usual names (and
    // drops the handle); loading libcuda runs its initializers, as any use of the driver does.
    unsafe { sys::is_culib_present() }
}

/// `CUDA_ERROR_X (description)`.
pub fn describe(e: DriverError) -> String {
    match e.error_string() {
        Ok(s) => format!("{:?} ({})", e.0, s.to_string_lossy()),
        Err(_) => format!("{:?}", e.0),
    }
}

impl CudaDevice {
    /// Opens device `ordinal`, JIT-compiles `ptx`, finds the plan's kernel, allocates the buffers
    /// and binds the parameters.
    pub fn open(plan: &Plan, ptx: &str, ordinal: usize) -> Result<CudaDevice, OpenError> {
        if !driver_present() {
            return Err(OpenError::NoDriver);
        }
        let count = CudaContext::device_count()
            .map_err(|e| OpenError::NoDevice(format!("cuInit: {}", describe(e))))?;
        if count <= 0 {
            return Err(OpenError::NoDevice("the driver reports no device".into()));
        }
        if ordinal >= count as usize {
            return Err(OpenError::NoDevice(format!(
                "no device {ordinal}: the driver reports {count}"
            )));
        }
        let fail = |what: &str| {
            let what = what.to_string();
            move |e: DriverError| OpenError::Failed(format!("{what}: {}", describe(e)))
        };
        let ctx = CudaContext::new(ordinal).map_err(fail("creating a context"))?;
        let (major, minor) = ctx
            .compute_capability()
            .map_err(fail("reading the device"))?;
        let name = format!(
            "{} (sm_{major}{minor})",
            ctx.name().map_err(fail("reading the device"))?
        );
        let module = ctx.load_module(Ptx::from_src(ptx)).map_err(|e| {
            let log = jit_error_log(ptx);
            OpenError::Failed(format!(
                "loading the PTX (JIT for {} on sm_{major}{minor}): {}{}",
                plan.target,
                describe(e),
                if log.is_empty() {
                    String::new()
                } else {
                    format!("\n{log}")
                }
            ))
        })?;
        let func = module
            .load_function(&plan.kernel)
            .map_err(fail(&format!("finding entry '{}'", plan.kernel)))?;
        if plan.shared_bytes > 48 * 1024 {
            // Above 48 KiB a kernel must opt in to its dynamic shared memory.
            func.set_attribute(
                sys::CUfunction_attribute::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                plan.shared_bytes as i32,
            )
            .map_err(fail("setting the dynamic shared memory size"))?;
        }
        let stream = ctx.default_stream();
        let mut bufs = Vec::new();
        for b in &plan.buffers {
            bufs.push(
                stream
                    .alloc_zeros::<u8>(b.bytes.len())
                    .map_err(fail(&format!("allocating '{}'", b.name)))?,
            );
        }
        // The hidden maps are made first: the `ok` parameter says whether all were.
        let mut made = true;
        let mut hidden = Vec::new();
        for p in &plan.params {
            if let Param::HiddenMap(t) = p {
                let cell = t.as_ref().and_then(|t| {
                    let (addr, _record) = bufs[t.buffer].device_ptr(&stream);
                    encode_map(t, addr).ok()
                });
                made &= cell.is_some();
                hidden.push(cell.unwrap_or(Cell([0; 128])));
            }
        }
        let mut hidden = hidden.into_iter();
        let args = plan
            .params
            .iter()
            .map(|p| match p {
                Param::HiddenMap(_) => Ok(hidden.next().unwrap_or(Cell([0; 128]))),
                Param::MapsOk => Ok(Cell::of(&u32::from(made).to_le_bytes())),
                Param::Buffer(b) => {
                    let (addr, _record) = bufs[*b].device_ptr(&stream);
                    Ok(Cell::of(&addr.to_le_bytes()))
                }
                Param::Scalar(..) => Ok(Cell::of(&p.scalar_bytes())),
                Param::TensorMap(t) => {
                    let (addr, _record) = bufs[t.buffer].device_ptr(&stream);
                    encode_map(t, addr).map_err(OpenError::Failed)
                }
            })
            .collect::<Result<Vec<_>, _>>()?;
        let timing = Some(sys::CUevent_flags::CU_EVENT_DEFAULT);
        let start = ctx.new_event(timing).map_err(fail("creating events"))?;
        let end = ctx.new_event(timing).map_err(fail("creating events"))?;
        Ok(CudaDevice {
            ctx,
            stream,
            func,
            bufs,
            args,
            grid: plan.grid,
            block: plan.block,
            cluster: plan.cluster_attr.then_some(plan.cluster),
            shared_bytes: plan.shared_bytes,
            timeout: plan.timeout,
            start,
            end,
            name,
        })
    }

    /// Enqueues one launch.
    #[allow(unsafe_code)]
    fn enqueue(&mut self) -> Result<(), String> {
        self.ctx.bind_to_thread().map_err(describe)?;
        let mut cluster_attr = self.cluster.map(|[x, y, z]| sys::CUlaunchAttribute {
            id: sys::CUlaunchAttributeID::CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION,
            pad: [0; 4],
            value: sys::CUlaunchAttributeValue {
                clusterDim: sys::CUlaunchAttributeValue_union__bindgen_ty_1 { x, y, z },
            },
        });
        let (attrs, num_attrs) = match cluster_attr.as_mut() {
            Some(a) => (a as *mut sys::CUlaunchAttribute, 1),
            None => (std::ptr::null_mut(), 0),
        };
        let cfg = sys::CUlaunchConfig {
            gridDimX: self.grid[0],
            gridDimY: self.grid[1],
            gridDimZ: self.grid[2],
            blockDimX: self.block[0],
            blockDimY: self.block[1],
            blockDimZ: self.block[2],
            sharedMemBytes: self.shared_bytes,
            hStream: self.stream.cu_stream(),
            attrs,
            numAttrs: num_attrs,
        };
        let mut params: Vec<*mut c_void> = self
            .args
            .iter_mut()
            .map(|cell| (cell as *mut Cell).cast::<c_void>())
            .collect();
        // SAFETY: `cfg` and its attribute outlive the call; `params` holds one pointer per
        // kernel parameter (Plan::resolve matched the count and sizes against the PTX entry),
        // each to a cell that outlives the call and holds the value in its first bytes;
        // the buffer addresses are live allocations of `self.bufs`; the function and stream
        // belong to `self.ctx`, which is current on this thread. The kernel itself may still
        // misbehave (read out of bounds): the driver reports that as an error code.
        let r = unsafe {
            sys::cuLaunchKernelEx(
                &cfg,
                self.func.cu_function(),
                params.as_mut_ptr(),
                std::ptr::null_mut(),
            )
        };
        r.result()
            .map_err(|e| format!("cuLaunchKernelEx: {}", describe(e)))
    }

    /// Waits for `ev` without blocking forever: a kernel that spins on a flag nobody sets must
    /// end the run with a message, not hang it.
    fn wait(&self, ev: &CudaEvent) -> Result<(), String> {
        let t0 = Instant::now();
        loop {
            match ev.try_is_complete() {
                Ok(true) => return Ok(()),
                Ok(false) => {}
                Err(e) => return Err(describe(e)),
            }
            if t0.elapsed() > self.timeout {
                return Err(format!(
                    "the kernel did not finish within {:.1} s (timeout_s); abandoned",
                    self.timeout.as_secs_f64()
                ));
            }
            std::thread::sleep(Duration::from_micros(20));
        }
    }
}

impl Device for CudaDevice {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn upload(&mut self, b: usize, bytes: &[u8]) -> Result<(), String> {
        self.stream
            .memcpy_htod(bytes, &mut self.bufs[b])
            .map_err(describe)
    }

    fn launch(&mut self) -> Result<(), String> {
        self.enqueue()?;
        self.end.record(&self.stream).map_err(describe)?;
        self.wait(&self.end)
    }

    fn download(&mut self, b: usize, out: &mut [u8]) -> Result<(), String> {
        self.stream
            .memcpy_dtoh(&self.bufs[b], out)
            .map_err(describe)?;
        self.stream.synchronize().map_err(describe)
    }

    fn timed_launch(&mut self) -> Result<f64, String> {
        self.start.record(&self.stream).map_err(describe)?;
        self.enqueue()?;
        self.end.record(&self.stream).map_err(describe)?;
        self.wait(&self.end)?;
        let ms = self.start.elapsed_ms(&self.end).map_err(describe)?;
        Ok(f64::from(ms) * 1000.0)
    }
}

/// The JIT's error log for `ptx` (what ptxas would print), or "" if it loads. The plain
/// `cuModuleLoadData` that cudarc uses returns only an error code; this second, diagnostic load
/// runs only after that one failed.
#[allow(unsafe_code)]
fn jit_error_log(ptx: &str) -> String {
    let Ok(src) = CString::new(ptx) else {
        return String::new();
    };
    let mut log = vec![0u8; 16 * 1024];
    let mut options = [
        sys::CUjit_option::CU_JIT_ERROR_LOG_BUFFER,
        sys::CUjit_option::CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
    ];
    // The size option's value is the integer itself in the pointer slot, as the driver API
    // specifies for scalar JIT options.
    let mut values: [*mut c_void; 2] = [
        log.as_mut_ptr().cast(),
        std::ptr::without_provenance_mut(log.len()),
    ];
    let mut module: sys::CUmodule = std::ptr::null_mut();
    // SAFETY: `src` is a NUL-terminated PTX image; `options` and `values` are two matching
    // entries that outlive the call, the first pointing to `log`, writable for the `log.len()`
    // bytes the second announces. A module that loads is unloaded right away.
    let r = unsafe {
        sys::cuModuleLoadDataEx(
            &mut module,
            src.as_ptr().cast(),
            options.len() as u32,
            options.as_mut_ptr(),
            values.as_mut_ptr(),
        )
    };
    if r == sys::CUresult::CUDA_SUCCESS {
        // SAFETY: `module` was just loaded by the call above and is used nowhere else.
        let _ = unsafe { sys::cuModuleUnload(module) };
        return String::new();
    }
    let end = log.iter().position(|&b| b == 0).unwrap_or(log.len());
    String::from_utf8_lossy(&log[..end]).trim().to_string()
}

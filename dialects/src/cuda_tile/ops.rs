//! The cuda_tile ops, each declared once (`opdef::ops!`, [`crate::opdef`]): its catalog row, typed view,
//! attribute accessors and [`OpKind`] variant. Hand-written accessors are in [`super::views`].

use crate::opdef::Arity::*;

crate::common::with_tile_ops! {
    dialect: "cuda_tile";
    // NVIDIA's cuda_tile ops (its ODS, `nvidia_ops.txt`) that tilec had not declared: the
    // counts, regions, terminators and attribute keys of the ODS; NVIDIA's own
    // `#cuda_tile.…` attributes are `Any`. The verifier checks them; `lower-cuda-tile-to-aa`
    // rejects them as not supported yet (docs/cuda-tile-ops.md). After the shared ops, so
    // that the `OpKind` order of the others is unchanged.
    appended: {
        Assert = "assert", "Terminate kernel execution with an error message if condition is false-y", (N(1), N(0), 0) {
            attrs: [message: req Str],
        }
        Alloca = "alloca", "Automatic memory allocation", (N(0), N(1), 0) {
            attrs: [num_elem: req Int64, alignment: req Int64, global: opt Flag],
            checks: [crate::cuda_tile::rules::check_alloca],
        }
        Assume = "assume", "Attach static information to an SSA value", (N(1), N(1), 0) {
            attrs: [predicate: req Any],
            checks: [crate::cuda_tile::assume::check_assume],
        }
        Atan2 = "atan2", "Element-wise atan2", (N(2), N(1), 0) {
            checks: [crate::cuda_tile::rules::check_float_operands],
        }
        AtomicRedViewTko = "atomic_red_view_tko", "View-based atomic reduction on global memory", (AtLeast(2), N(1), 0) {
            attrs: [kind: req Rmw, mem_semantic: req Sem, mem_scope: opt Scope],
            checks: [crate::cuda_tile::tensor_views::check_red_view],
        }
        Cos = "cos", "Element-wise cosine", (N(1), N(1), 0) {
            checks: [crate::cuda_tile::rules::check_float_operands],
        }
        CosH = "cosh", "Element-wise hyperbolic cosine", (N(1), N(1), 0) {
            checks: [crate::cuda_tile::rules::check_float_operands],
        }
        GetIndexSpaceShape = "get_index_space_shape", "Query the index space dimension size", (N(1), AtLeast(0), 0) {
            checks: [crate::cuda_tile::tensor_views::check_shape_query],
        }
        GetTensorShape = "get_tensor_shape", "Query the shape of a tensor view", (N(1), AtLeast(0), 0) {
            checks: [crate::cuda_tile::tensor_views::check_shape_query],
        }
        DivI = "divi", "Element-wise integer division", (N(2), N(1), 0) {
            attrs: [signedness: req Any, rounding: opt Any],
            checks: [crate::cuda_tile::tensor_views::check_divi],
        }
        MmaFScaled = "mmaf_scaled", "Floating-point matrix-multiply-accumulate with scaled inputs", (N(5), N(1), 0) {
            checks: [crate::cuda_tile::mmaf_scaled::check_mmaf_scaled],
        }
        ExtI = "exti", "Extend the width of an integer tile", (N(1), N(1), 0) {
            attrs: [signedness: req Any],
        }
        FToI = "ftoi", "Convert a tile from floating-point values to integer values", (N(1), N(1), 0) {
            attrs: [signedness: req Any, rounding_mode: req Any],
        }
        GetGlobal = "get_global", "Get a pointer to a global variable", (N(0), N(1), 0) {
            attrs: [name: req Any],
            checks: [crate::layout_ops::check_get_global],
        }
        Global = "global", "Allocate static global memory", (N(0), N(0), 0) {
            attrs: [sym_name: req Str, value: req Any, value_type: opt Type, alignment: opt Int64, constant: opt Flag, symbol_visibility: opt Any],
            checks: [crate::layout_ops::check_global],
        }
        IntToPtr = "int_to_ptr", "Convert a tile of integers to a tile of pointers", (N(1), N(1), 0) {
            checks: [crate::cuda_tile::rules::check_ptr_int],
        }
        IToF = "itof", "Convert integer to floating-point", (N(1), N(1), 0) {
            attrs: [signedness: req Any, rounding_mode: req Any],
        }
        LoadViewTko = "load_view_tko", "Load a tile from a tile view", (AtLeast(1), N(2), 0) {
            attrs: [mem_semantic: req Sem, mem_scope: opt Scope, optimization_hints: opt Any],
            checks: [crate::cuda_tile::tensor_views::check_view_access, crate::common::check_load],
        }
        MakeTensorView = "make_tensor_view", "Create a tensor_view from a pointer to global memory", (AtLeast(1), N(1), 0) {
            checks: [crate::cuda_tile::tensor_views::check_make_tensor_view],
        }
        MaxI = "maxi", "Element-wise integer maximum", (N(2), N(1), 0) {
            attrs: [signedness: req Any],
        }
        MinI = "mini", "Element-wise integer minimum", (N(2), N(1), 0) {
            attrs: [signedness: req Any],
        }
        NegI = "negi", "Element-wise integer negation", (N(1), N(1), 0) {
            attrs: [overflow: opt Any],
            checks: [crate::common::check_negi],
        }
        Pack = "pack", "Pack a tile into a byte array", (N(1), N(1), 0) {
            checks: [crate::cuda_tile::rules::check_pack],
        }
        Pow = "pow", "Element-wise floating-point exponentiation", (N(2), N(1), 0) {
            checks: [crate::cuda_tile::rules::check_float_operands],
        }
        PrintTko = "print_tko", "Print a formatted string (token-ordered)", (AtLeast(0), N(1), 0) {
            attrs: [str: req Str],
            checks: [crate::cuda_tile::rules::check_print_format],
        }
        PtrToInt = "ptr_to_int", "Convert a tile of pointers to a tile of integers", (N(1), N(1), 0) {
            checks: [crate::cuda_tile::rules::check_ptr_int],
        }
        PtrToPtr = "ptr_to_ptr", "Reinterpret a tile of one pointer type as another", (N(1), N(1), 0) {}
        RemI = "remi", "Element-wise integer remainder", (N(2), N(1), 0) {
            attrs: [signedness: req Any],
        }
        ShRI = "shri", "Element-wise shift-right", (N(2), N(1), 0) {
            attrs: [signedness: req Any],
        }
        Sin = "sin", "Element-wise sine", (N(1), N(1), 0) {
            checks: [crate::cuda_tile::rules::check_float_operands],
        }
        SinH = "sinh", "Element-wise hyperbolic sine", (N(1), N(1), 0) {
            checks: [crate::cuda_tile::rules::check_float_operands],
        }
        StoreViewTko = "store_view_tko", "Stores a tile into a tile view", (AtLeast(2), N(1), 0) {
            attrs: [mem_semantic: req Sem, mem_scope: opt Scope, optimization_hints: opt Any],
            checks: [crate::cuda_tile::tensor_views::check_view_access, crate::common::check_store],
        }
        Tan = "tan", "Element-wise tangent", (N(1), N(1), 0) {
            checks: [crate::cuda_tile::rules::check_float_operands],
        }
        TestingFunc = "testing$func", "NVIDIA's test-only function (its dialect tests' unit of code; results through return)", (N(0), N(0), 1) {
            attrs: [sym_name: req Str, function_type: req Type],
            checks: [crate::cuda_tile::rules::check_testing_func_return, crate::cuda_tile::rules::check_param_pointees, crate::cuda_tile::debug_rules::check_function],
        }
        Unpack = "unpack", "Unpack a byte array into a tile", (N(1), N(1), 0) {
            checks: [crate::cuda_tile::rules::check_pack],
        }
        MakePartitionView = "make_partition_view", "Create a partition view from a tensor view", (N(1), N(1), 0) {
            checks: [crate::cuda_tile::tensor_views::check_make_partition_view],
        }
        MakeStridedView = "make_strided_view", "Create a strided view from a tensor view", (N(1), N(1), 0) {
            checks: [crate::cuda_tile::tensor_views::check_make_strided_view],
        }
        MakeGatherScatterView = "make_gather_scatter_view", "Create a gather/scatter view from a tensor view", (N(1), N(1), 0) {
            checks: [crate::cuda_tile::tensor_views::check_make_gather_scatter_view],
        }
        RemF = "remf", "Element-wise floating-point remainder", (N(2), N(1), 0) {
            checks: [crate::cuda_tile::rules::check_float_operands],
        }
    }
    ModuleOp = "module", "a module of tile kernels", (N(0), N(0), 1) {
        attrs: [sym_name: opt Str],
        checks: [crate::cuda_tile::debug_rules::check_module],
    }
    Entry = "entry", "a tile kernel; block arguments are its parameters", (N(0), N(0), 1) {
        traits: [isolated],
        attrs: [
            sym_name: req Str = "",
            num_threads: opt Int = crate::opdef::DEFAULT_NUM_THREADS,
            cluster_dims: opt Dims3,
            grid_dims: opt Dims3,
            optimization_hints: opt Any,
        ],
        checks: [crate::common::check_kernel_name, crate::cuda_tile::hints::check_entry_hints, crate::cuda_tile::rules::check_param_pointees, crate::cuda_tile::debug_rules::check_function],
    }
}

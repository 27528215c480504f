//! The generic syntax of NVIDIA's view types: dynamic dimensions, named parameters and a nested
//! type of the same dialect written without its prefix, read into structured parameters and
//! printed back the way NVIDIA's printer writes them.

use tilec_ir::text::{parse_type, type_to_string};
use tilec_ir::{Module, NamedValue, TypeData, TypeParam, DYNAMIC};

fn round_trip(text: &str) -> String {
    let mut m = Module::new();
    let t = parse_type(&mut m, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    type_to_string(&m, t)
}

#[test]
fn tensor_view_with_dynamic_dims_and_strides() {
    let mut m = Module::new();
    let t = parse_type(&mut m, "!cuda_tile.tensor_view<?x16xf32, strides=[?, 1]>").unwrap();
    let TypeData::Dialect { params, .. } = m.type_data(t).clone() else {
        panic!("not a dialect type");
    };
    let TypeParam::Shaped { dims, .. } = &params[0] else {
        panic!("{:?}", params[0]);
    };
    assert_eq!(&dims[..], &[DYNAMIC, 16]);
    assert_eq!(
        params[1],
        TypeParam::Named {
            key: tilec_ir::Sym::new("strides"),
            value: NamedValue::List(vec![None, Some(1)].into()),
        }
    );
    assert_eq!(
        type_to_string(&m, t),
        "!cuda_tile.tensor_view<?x16xf32, strides=[?,1]>"
    );
}

#[test]
fn partition_view_nests_a_tensor_view_of_its_dialect() {
    let text = "!cuda_tile.partition_view<tile=(4x2), padding_value = nan, tensor_view<64x16xf32, strides=[16,1]>, dim_map=[1,0]>";
    let mut m = Module::new();
    let t = parse_type(&mut m, text).unwrap();
    let TypeData::Dialect { params, .. } = m.type_data(t).clone() else {
        panic!("not a dialect type");
    };
    let TypeParam::Type(inner) = params[2] else {
        panic!("{:?}", params[2]);
    };
    let inner_text = type_to_string(&m, inner);
    assert_eq!(
        inner_text,
        "!cuda_tile.tensor_view<64x16xf32, strides=[16,1]>"
    );
    assert_eq!(
        round_trip(text),
        "!cuda_tile.partition_view<tile=(4x2), padding_value = nan, !cuda_tile.tensor_view<64x16xf32, strides=[16,1]>, dim_map=[1,0]>"
    );
}

#[test]
fn printed_view_types_read_back_to_the_same_type() {
    for text in [
        "!cuda_tile.tensor_view<f32>",
        "!cuda_tile.tensor_view<?x?xf16, strides=[?,1]>",
        "!cuda_tile.partition_view<tile=(16), !cuda_tile.tensor_view<?xf32, strides=[?]>>",
    ] {
        let once = round_trip(text);
        assert_eq!(round_trip(&once), once, "{text}");
    }
}

#[test]
fn a_tile_shape_is_static_and_dimensions_positive() {
    let mut m = Module::new();
    for bad in [
        "!cuda_tile.partition_view<tile=(?), !cuda_tile.tensor_view<?xf32, strides=[?]>>",
        "!cuda_tile.tensor_view<0xf32, strides=[1]>",
        "!cuda_tile.tensor_view<?xf32, strides=[99999999999999999999]>",
    ] {
        assert!(parse_type(&mut m, bad).is_err(), "{bad}");
    }
}

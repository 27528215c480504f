// cuTile Rust kernels (its README's add, and reduce/scan kernels of its own test suite),
// launched and checked element by element; prints what it computed so that two compilers'
// runs can be compared line by line. testdata/cutile-rs/README.md says how to build and run it.
use cutile::prelude::*;
use std::sync::Arc;

#[cutile::module]
mod kernel {
    use cutile::core::*;

    #[cutile::entry()]
    fn add<const B: i32>(
        z: &mut Tensor<f32, { [B] }>,
        x: &Tensor<f32, { [-1] }>,
        y: &Tensor<f32, { [-1] }>,
    ) {
        let tx = x.load_like(z);
        let ty = y.load_like(z);
        z.store(tx + ty);
    }

    #[cutile::entry()]
    fn reduce_sum_kernel<const S: [i32; 1]>(
        input: &mut Tensor<f32, S>,
        result: &mut Tensor<f32, { [1] }>,
    ) {
        let tile: Tile<f32, S> = load_tile_mut(input);
        let sum_scalar = reduce(tile, 0i32, 0.0f32, |acc, x| acc + x);
        let sum_tile: Tile<f32, { [1] }> = sum_scalar.reshape(shape![1]);
        result.store(sum_tile);
    }

    #[cutile::entry()]
    fn reduce_max_kernel<const S: [i32; 1]>(
        input: &mut Tensor<f32, S>,
        result: &mut Tensor<f32, { [1] }>,
    ) {
        let tile: Tile<f32, S> = load_tile_mut(input);
        let max_scalar = reduce(tile, 0i32, f32::NEG_INFINITY, |acc, x| max(acc, x));
        let max_tile: Tile<f32, { [1] }> = max_scalar.reshape(shape![1]);
        result.store(max_tile);
    }

    #[cutile::entry()]
    fn scan_prefix_sum_kernel<const S: [i32; 1]>(output: &mut Tensor<f32, S>) {
        let tile: Tile<f32, S> = load_tile_mut(output);
        let prefix: Tile<f32, S> = scan_sum(tile, 0i32, reverse::Forward, 0.0f32);
        output.store(prefix);
    }
}

fn main() -> Result<(), Error> {
    // add: x = i, y = 2i over 1000 elements (a partial last tile of 128).
    let n = 1000usize;
    let xs: Vec<f32> = (0..n).map(|i| i as f32).collect();
    let ys: Vec<f32> = (0..n).map(|i| 2.0 * i as f32).collect();
    let x = api::copy_host_vec_to_device(&Arc::new(xs)).sync()?;
    let y = api::copy_host_vec_to_device(&Arc::new(ys)).sync()?;
    let z = api::zeros::<f32>(&[n]).partition([128]);
    let (z, _x, _y) = kernel::add(z, &x, &y).sync()?;
    let z = z.unpartition().to_host_vec().sync()?;
    for (i, v) in z.iter().enumerate() {
        assert_eq!(*v, 3.0 * i as f32, "add[{i}]");
    }
    println!("add: {n} elements ok, sum {}", z.iter().sum::<f32>());

    // reduce: 256 values i % 7 - 3 (sum and max known).
    let m = 256usize;
    let vals: Vec<f32> = (0..m).map(|i| (i % 7) as f32 - 3.0).collect();
    let want_sum: f32 = vals.iter().sum();
    let input = api::copy_host_vec_to_device(&Arc::new(vals.clone())).sync()?;
    let result = api::copy_host_vec_to_device(&Arc::new(vec![0.0f32; 1])).sync()?;
    let (input, result) = kernel::reduce_sum_kernel(input.partition([m]), result.partition([1])).sync()?;
    let got = result.unpartition().to_host_vec().sync()?[0];
    assert_eq!(got, want_sum, "reduce_sum");
    println!("reduce_sum: {got}");
    let result = api::copy_host_vec_to_device(&Arc::new(vec![0.0f32; 1])).sync()?;
    let (_, result) = kernel::reduce_max_kernel(input, result.partition([1])).sync()?;
    let got = result.unpartition().to_host_vec().sync()?[0];
    assert_eq!(got, 3.0, "reduce_max");
    println!("reduce_max: {got}");

    // scan: an inclusive prefix sum of 1, 2, …, 128.
    let s = 128usize;
    let host: Vec<f32> = (1..=s).map(|i| i as f32).collect();
    let buf = api::copy_host_vec_to_device(&Arc::new(host)).sync()?;
    let (buf,) = kernel::scan_prefix_sum_kernel(buf.partition([s])).sync()?;
    let out = buf.unpartition().to_host_vec().sync()?;
    for (i, v) in out.iter().enumerate() {
        let k = (i + 1) as f32;
        assert_eq!(*v, k * (k + 1.0) / 2.0, "scan[{i}]");
    }
    println!("scan_prefix_sum: {s} elements ok, last {}", out[s - 1]);
    println!("all cuTile Rust kernels ok");
    Ok(())
}

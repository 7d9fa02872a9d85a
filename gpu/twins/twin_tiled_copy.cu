// CuTe C++ twin of cute-kernels' tiled_copy: the tutorial's own tiled_copy.cu kernels
// (copy_kernel, copy_kernel_vectorized, unchanged) launched as its main launches them, on an
// M x N matrix, timed by twin.hpp.
//   tiled_copy M N [reps]
#define main cute_tutorial_main
#include "tiled_copy.cu"
#undef main
#include "twin.hpp"

int main(int argc, char** argv) {
  using namespace cute;
  if (argc < 3) { std::fprintf(stderr, "usage: %s M N [reps]\n", argv[0]); return 2; }
  int m = std::atoi(argv[1]), n = std::atoi(argv[2]);
  int reps = argc > 3 ? std::atoi(argv[3]) : 5;
  using Element = float;
  auto tensor_shape = make_shape(m, n);
  std::vector<float> hs = twin_random(size_t(m) * n, 3);
  float *s, *d;
  TWIN_CHECK(cudaMalloc(&s, sizeof(float) * m * n));
  TWIN_CHECK(cudaMalloc(&d, sizeof(float) * m * n));
  TWIN_CHECK(cudaMemcpy(s, hs.data(), sizeof(float) * m * n, cudaMemcpyHostToDevice));
  Tensor tensor_S = make_tensor(make_gmem_ptr(s), make_layout(tensor_shape));
  Tensor tensor_D = make_tensor(make_gmem_ptr(d), make_layout(tensor_shape));
  auto block_shape = make_shape(Int<128>{}, Int<64>{});
  if (not evenly_divides(tensor_shape, block_shape)) { std::fprintf(stderr, "not divisible\n"); return 1; }
  Tensor tiled_tensor_S = tiled_divide(tensor_S, block_shape);
  Tensor tiled_tensor_D = tiled_divide(tensor_D, block_shape);
  Layout thr_layout = make_layout(make_shape(Int<32>{}, Int<8>{}));
  Layout val_layout = make_layout(make_shape(Int<4>{}, Int<1>{}));
  using CopyOp = UniversalCopy<uint_byte_t<sizeof(Element) * size(val_layout)>>;
  using Atom = Copy_Atom<CopyOp, Element>;
  TiledCopy tiled_copy = make_tiled_copy(Atom{}, thr_layout, val_layout);
  dim3 gridDim(size<1>(tiled_tensor_D), size<2>(tiled_tensor_D));
  dim3 blockDim(size(thr_layout));
  std::string size_s = std::to_string(m) + "x" + std::to_string(n);
  auto gbps = [&](double ms) { return 8.0 * m * n / (ms * 1e-3) / 1e9; };
  auto plain = twin_time(reps, [&] {
    copy_kernel<<<gridDim, blockDim>>>(tiled_tensor_S, tiled_tensor_D, thr_layout);
  });
  twin_report("copy_kernel", size_s, "GB/s", plain, gbps);
  auto vec = twin_time(reps, [&] {
    copy_kernel_vectorized<<<gridDim, blockDim>>>(tiled_tensor_S, tiled_tensor_D, tiled_copy);
  });
  twin_report("copy_kernel_vectorized", size_s, "GB/s", vec, gbps);
  std::vector<float> hd(size_t(m) * n);
  TWIN_CHECK(cudaMemcpy(hd.data(), d, sizeof(float) * m * n, cudaMemcpyDeviceToHost));
  if (hd != hs) { std::fprintf(stderr, "tiled_copy twin: D differs from S\n"); return 1; }
  return 0;
}

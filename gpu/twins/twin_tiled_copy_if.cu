// CuTe C++ twin of cute-kernels' copy_if_kernel: the tutorial's own tiled_copy_if.cu kernel
// (copy_if_kernel, unchanged) launched as its main launches it, on an M x N matrix of any size,
// timed by twin.hpp.
//   tiled_copy_if M N [reps]
#define main cute_tutorial_main
#include "tiled_copy_if.cu"
#undef main
#include "twin.hpp"

int main(int argc, char** argv) {
  using namespace cute;
  if (argc < 3) { std::fprintf(stderr, "usage: %s M N [reps]\n", argv[0]); return 2; }
  int m = std::atoi(argv[1]), n = std::atoi(argv[2]);
  int reps = argc > 3 ? std::atoi(argv[3]) : 5;
  auto tensor_shape = make_shape(m, n);
  std::vector<float> hs = twin_random(size_t(m) * n, 5);
  float *s, *d;
  TWIN_CHECK(cudaMalloc(&s, sizeof(float) * m * n));
  TWIN_CHECK(cudaMalloc(&d, sizeof(float) * m * n));
  TWIN_CHECK(cudaMemcpy(s, hs.data(), sizeof(float) * m * n, cudaMemcpyHostToDevice));
  Tensor tensor_S = make_tensor(make_gmem_ptr(s), make_layout(tensor_shape));
  Tensor tensor_D = make_tensor(make_gmem_ptr(d), make_layout(tensor_shape));
  auto block_shape = make_shape(Int<128>{}, Int<64>{});
  Tensor tiled_tensor_D = tiled_divide(tensor_D, block_shape);
  Layout thr_layout = make_layout(make_shape(Int<32>{}, Int<8>{}));
  dim3 gridDim(size<1>(tiled_tensor_D), size<2>(tiled_tensor_D));
  dim3 blockDim(size(thr_layout));
  auto ms = twin_time(reps, [&] {
    copy_if_kernel<<<gridDim, blockDim>>>(tensor_S, tensor_D, block_shape, thr_layout);
  });
  twin_report("copy_if_kernel", std::to_string(m) + "x" + std::to_string(n), "GB/s", ms,
              [&](double t) { return 8.0 * m * n / (t * 1e-3) / 1e9; });
  std::vector<float> hd(size_t(m) * n);
  TWIN_CHECK(cudaMemcpy(hd.data(), d, sizeof(float) * m * n, cudaMemcpyDeviceToHost));
  if (hd != hs) { std::fprintf(stderr, "tiled_copy_if twin: D differs from S\n"); return 1; }
  return 0;
}

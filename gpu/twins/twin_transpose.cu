// CuTe C++ twin of cute-kernels' transpose: B = A^T for A (M,N) and B (N,M), both column-major.
// The same (64,64) tile, (32,8) thread layout, swizzled shared tile (row-major, Sw<5,0,6>) read
// transposed, and per-thread (2,8) register fragment as the Rust kernel.
//   transpose M N [reps]
#include <cute/tensor.hpp>
#include "twin.hpp"

using namespace cute;

template <class Tile, class SmemA, class SmemB, class Frag>
__global__ void transpose_kernel(float const* A, float* B, int m, int n) {
  Tensor mA = make_tensor(make_gmem_ptr(A), make_layout(make_shape(m, n)));  // (M,N):(_1,M)
  Tensor mB = make_tensor(make_gmem_ptr(B), make_layout(make_shape(n, m)));  // (N,M):(_1,N)
  Tensor gA = local_tile(mA, Tile{}, make_coord(blockIdx.x, blockIdx.y));    // (T,T) of A
  Tensor gB = local_tile(mB, Tile{}, make_coord(blockIdx.y, blockIdx.x));    // (T,T) of B
  extern __shared__ float smem[];
  Tensor sA = make_tensor(make_smem_ptr(smem), SmemA{});  // A's (i,j): Sw o (T,T):(T,_1)
  Tensor sB = make_tensor(make_smem_ptr(smem), SmemB{});  // B's (j,i): Sw o (T,T):(_1,T)
  auto thr = Layout<Shape<_32, _8>>{};
  Tensor frag = make_tensor<float>(Frag{});
  copy(local_partition(gA, thr, threadIdx.x), frag);
  copy(frag, local_partition(sA, thr, threadIdx.x));
  __syncthreads();
  copy(local_partition(sB, thr, threadIdx.x), frag);
  copy(frag, local_partition(gB, thr, threadIdx.x));
}

template <int T, class Sw, class Frag>
void run(const char* name, float const* a, float* b, int m, int n, int reps) {
  using Tile = Shape<Int<T>, Int<T>>;
  using SmemA = decltype(composition(Sw{}, Layout<Tile, Stride<Int<T>, _1>>{}));
  using SmemB = decltype(composition(Sw{}, Layout<Tile, Stride<_1, Int<T>>>{}));
  dim3 grid(m / T, n / T), block(256);
  size_t smem = sizeof(float) * cosize(SmemA{});
  auto ms = twin_time(reps, [&] {
    transpose_kernel<Tile, SmemA, SmemB, Frag><<<grid, block, smem>>>(a, b, m, n);
  });
  twin_report(name, std::to_string(m) + "x" + std::to_string(n), "GB/s", ms,
              [&](double t) { return 8.0 * m * n / (t * 1e-3) / 1e9; });
}

int main(int argc, char** argv) {
  if (argc < 3) { std::fprintf(stderr, "usage: %s M N [reps]\n", argv[0]); return 2; }
  int m = std::atoi(argv[1]), n = std::atoi(argv[2]);
  int reps = argc > 3 ? std::atoi(argv[3]) : 5;
  if (m % 64 || n % 64) { std::fprintf(stderr, "M and N must be multiples of 64\n"); return 1; }
  std::vector<float> ha = twin_random(size_t(m) * n, 4);
  float *a, *b;
  TWIN_CHECK(cudaMalloc(&a, sizeof(float) * m * n));
  TWIN_CHECK(cudaMalloc(&b, sizeof(float) * m * n));
  TWIN_CHECK(cudaMemcpy(a, ha.data(), sizeof(float) * m * n, cudaMemcpyHostToDevice));
  std::vector<float> hb(size_t(m) * n);
  auto verify = [&](const char* name) {
    TWIN_CHECK(cudaMemcpy(hb.data(), b, sizeof(float) * m * n, cudaMemcpyDeviceToHost));
    for (size_t j = 0; j < size_t(n); ++j)
      for (size_t i = 0; i < size_t(m); ++i)
        if (hb[j + i * n] != ha[i + j * m]) { std::fprintf(stderr, "%s: wrong\n", name); std::exit(1); }
  };
  run<64, Swizzle<5, 0, 6>, Layout<Shape<_2, _8>>>("transpose", a, b, m, n, reps);
  verify("transpose");
  return 0;
}

// CuTe C++ twin of cute-kernels' wgmma_tma_sm90: the tutorial's own hopper/wgmma_tma_sm90.cu (its kernel
// and its gemm_tn launcher for half_t, unchanged), timed as twin.hpp times and on the same
// operands as cute-gpu-bench's wgmma_tma_sm90_tn (A (M,K) and B (N,K) k-major, ldA = ldB = K,
// C (M,N), ldC = M, alpha 1, beta 0):
//   wgmma_tma_sm90 M N K [reps]
#define main cute_tutorial_main
#include "hopper/wgmma_tma_sm90.cu"
#undef main
#include "twin.hpp"

int main(int argc, char** argv) {
  if (argc < 4) { std::fprintf(stderr, "usage: %s M N K [reps]\n", argv[0]); return 2; }
  int m = std::atoi(argv[1]), n = std::atoi(argv[2]), k = std::atoi(argv[3]);
  int reps = argc > 4 ? std::atoi(argv[4]) : 5;
  using T = cute::half_t;
  std::vector<float> fa = twin_random(size_t(m) * k, 1), fb = twin_random(size_t(n) * k, 2);
  std::vector<T> ha(fa.begin(), fa.end()), hb(fb.begin(), fb.end());
  T *a, *b, *c;
  TWIN_CHECK(cudaMalloc(&a, sizeof(T) * m * k));
  TWIN_CHECK(cudaMalloc(&b, sizeof(T) * n * k));
  TWIN_CHECK(cudaMalloc(&c, sizeof(T) * m * n));
  TWIN_CHECK(cudaMemcpy(a, ha.data(), sizeof(T) * m * k, cudaMemcpyHostToDevice));
  TWIN_CHECK(cudaMemcpy(b, hb.data(), sizeof(T) * n * k, cudaMemcpyHostToDevice));
  double flops = 2.0 * m * n * k;
  std::string size = std::to_string(m) + "x" + std::to_string(n) + "x" + std::to_string(k);
  auto tflops = [&](double ms) { return flops / (ms * 1e-3) / 1e12; };
  T alpha = T(1.0f), beta = T(0.0f);
  auto tn = twin_time(reps, [&] { gemm('T', 'N', m, n, k, alpha, a, k, b, k, beta, c, m); });
  twin_report("wgmma_tma_sm90_tn", size, "TFLOP/s", tn, tflops);
  return 0;
}

// The main of the half_t TN GEMM twins (twin_sgemm_sm80.cu, twin_wgmma_sm90.cu,
// twin_wgmma_tma_sm90.cu), included after the tutorial's .cu: its gemm_tn launcher timed as
// twin.hpp times, on the same operands as cute-gpu-bench's kernel of the same name (A (M,K) and
// B (N,K) k-major, ldA = ldB = K, C (M,N), ldC = M, alpha 1, beta 0):
//   TWIN M N K [reps]
#pragma once
#include "twin.hpp"

// `gemm` calls the tutorial's gemm(transA, transB, m, n, k, alpha, A, ldA, B, ldB, beta, C, ldC).
template <class Gemm>
int twin_hgemm_tn(const char* kernel, int argc, char** argv, Gemm gemm) {
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
  twin_report(kernel, size, "TFLOP/s", tn, tflops);
  return 0;
}

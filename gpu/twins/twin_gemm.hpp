// The driver of the tutorial GEMMs' C++ twins (twin_sgemm_1.cu, twin_sgemm_2.cu): the including
// file has included its tutorial .cu (whose `gemm` launcher this calls) and defined TWIN_GEMM, the
// kernel names' prefix. Times gemm_nt and gemm_tn as twin.hpp times, on the sizes given:
//   TWIN M N K [reps]
#pragma once
#include "twin.hpp"

int main(int argc, char** argv) {
  if (argc < 4) { std::fprintf(stderr, "usage: %s M N K [reps]\n", argv[0]); return 2; }
  int m = std::atoi(argv[1]), n = std::atoi(argv[2]), k = std::atoi(argv[3]);
  int reps = argc > 4 ? std::atoi(argv[4]) : 5;
  std::vector<float> ha = twin_random(size_t(m) * k, 1), hb = twin_random(size_t(n) * k, 2);
  float *a, *b, *c;
  TWIN_CHECK(cudaMalloc(&a, sizeof(float) * m * k));
  TWIN_CHECK(cudaMalloc(&b, sizeof(float) * n * k));
  TWIN_CHECK(cudaMalloc(&c, sizeof(float) * m * n));
  TWIN_CHECK(cudaMemcpy(a, ha.data(), sizeof(float) * m * k, cudaMemcpyHostToDevice));
  TWIN_CHECK(cudaMemcpy(b, hb.data(), sizeof(float) * n * k, cudaMemcpyHostToDevice));
  double flops = 2.0 * m * n * k;
  std::string size = std::to_string(m) + "x" + std::to_string(n) + "x" + std::to_string(k);
  auto tflops = [&](double ms) { return flops / (ms * 1e-3) / 1e12; };
  // NT: ldA = M, ldB = N; TN: ldA = ldB = K (the tutorial's main).
  auto nt = twin_time(reps, [&] { gemm('N', 'T', m, n, k, 1.0f, a, m, b, n, 0.0f, c, m); });
  twin_report(TWIN_GEMM "_nt", size, "TFLOP/s", nt, tflops);
  auto tn = twin_time(reps, [&] { gemm('T', 'N', m, n, k, 1.0f, a, k, b, k, 0.0f, c, m); });
  twin_report(TWIN_GEMM "_tn", size, "TFLOP/s", tn, tflops);
  return 0;
}

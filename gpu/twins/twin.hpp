// The C++ side of scripts/gpu-side-by-side.sh: time a launch the way cute-gpu-bench times the
// Rust kernels (one warm-up call, one call to size a batch of about 20 ms, then `reps` batches
// between two CUDA events; the median is reported) and print the same RESULT line.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>
#include <cuda_runtime.h>

#define TWIN_CHECK(x)                                                                    \
  do {                                                                                   \
    cudaError_t e_ = (x);                                                                \
    if (e_ != cudaSuccess) {                                                             \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_));   \
      std::exit(1);                                                                      \
    }                                                                                    \
  } while (0)

// Milliseconds per call of f, `reps` times.
template <class F>
std::vector<double> twin_time(int reps, F&& f) {
  cudaEvent_t start, end;
  TWIN_CHECK(cudaEventCreate(&start));
  TWIN_CHECK(cudaEventCreate(&end));
  f();
  TWIN_CHECK(cudaEventRecord(start));
  f();
  TWIN_CHECK(cudaEventRecord(end));
  TWIN_CHECK(cudaEventSynchronize(end));
  float once = 0;
  TWIN_CHECK(cudaEventElapsedTime(&once, start, end));
  int batch = std::min(1000, std::max(1, int(std::ceil(20.0 / std::max(once, 1e-3f)))));
  std::vector<double> out;
  for (int r = 0; r < reps; ++r) {
    TWIN_CHECK(cudaEventRecord(start));
    for (int i = 0; i < batch; ++i) f();
    TWIN_CHECK(cudaEventRecord(end));
    TWIN_CHECK(cudaEventSynchronize(end));
    float ms = 0;
    TWIN_CHECK(cudaEventElapsedTime(&ms, start, end));
    out.push_back(double(ms) / batch);
  }
  TWIN_CHECK(cudaGetLastError());
  return out;
}

// Prints the RESULT line of `ms` with figure = per(ms).
template <class P>
void twin_report(const char* kernel, const std::string& size, const char* unit,
                 const std::vector<double>& ms, P per) {
  std::vector<double> v;
  for (double t : ms) v.push_back(per(t));
  std::vector<double> s = v;
  std::sort(s.begin(), s.end());
  std::printf("RESULT side=cpp kernel=%s size=%s unit=%s median=%.1f reps=", kernel, size.c_str(),
              unit, s[s.size() / 2]);
  for (size_t i = 0; i < v.size(); ++i) std::printf(i ? ",%.1f" : "%.1f", v[i]);
  std::printf("\n");
}

// Floats in [-1, 1) from a fixed seed.
inline std::vector<float> twin_random(size_t n, unsigned seed) {
  std::vector<float> v(n);
  std::srand(seed);
  for (auto& x : v) x = float(2.0 * (std::rand() / double(RAND_MAX)) - 1.0);
  return v;
}

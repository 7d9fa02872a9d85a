// cp.async probe, third form (issue 26). cpa2.cu's .cg copies read 0 LDGSTS wavefronts on the
// H100 (its .ca copies did not), so this one keeps cpa.cu's kernel as it was and adds the mask of
// active lanes in one of three ways, chosen when compiling (-DVAR=n):
//   VAR 1: if (mask bit) cp.async     VAR 2: inactive lanes return first
//   VAR 3: the cp.async predicated inside the asm
// Cases as cpa2.cu's (name kind mask(hex) 32 shared offsets 32 global offsets); one warp a launch.
//   cpa3 CASES NAMES_OUT SECONDS
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>
#include <cuda_runtime.h>
#ifndef VAR
#define VAR 1
#endif
#define CP(K, s, p)                                                                                       \
  do {                                                                                                  \
    if (K == 0) asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(s), "l"(p) : "memory"); \
    if (K == 1) asm volatile("cp.async.ca.shared.global [%0], [%1], 16;" ::"r"(s), "l"(p) : "memory"); \
    if (K == 2) asm volatile("cp.async.ca.shared.global [%0], [%1], 8;" ::"r"(s), "l"(p) : "memory");  \
    if (K == 3) asm volatile("cp.async.ca.shared.global [%0], [%1], 4;" ::"r"(s), "l"(p) : "memory");  \
  } while (0)
// dst[32] holds the mask
template <int K>
__global__ void cpa(const unsigned* dst, const unsigned* src, const char* g) {
  extern __shared__ uint4 smem[];
  unsigned base = (unsigned)__cvta_generic_to_shared(smem);
  unsigned lane = threadIdx.x;
  unsigned s = base + dst[lane];
  const char* p = g + src[lane];
  unsigned on = (dst[32] >> lane) & 1u;
#if VAR == 1
  if (on) CP(K, s, p);
#elif VAR == 2
  if (!on) return;
  CP(K, s, p);
#elif VAR == 3
  if (K == 0) asm volatile("{ .reg .pred q; setp.ne.u32 q, %2, 0; @q cp.async.cg.shared.global [%0], [%1], 16; }" ::"r"(s), "l"(p), "r"(on) : "memory");
  if (K == 1) asm volatile("{ .reg .pred q; setp.ne.u32 q, %2, 0; @q cp.async.ca.shared.global [%0], [%1], 16; }" ::"r"(s), "l"(p), "r"(on) : "memory");
  if (K == 2) asm volatile("{ .reg .pred q; setp.ne.u32 q, %2, 0; @q cp.async.ca.shared.global [%0], [%1], 8; }" ::"r"(s), "l"(p), "r"(on) : "memory");
  if (K == 3) asm volatile("{ .reg .pred q; setp.ne.u32 q, %2, 0; @q cp.async.ca.shared.global [%0], [%1], 4; }" ::"r"(s), "l"(p), "r"(on) : "memory");
#endif
  asm volatile("cp.async.wait_all;" ::: "memory");
}
typedef void (*F)(const unsigned*, const unsigned*, const char*);
static F ks[] = {cpa<0>, cpa<1>, cpa<2>, cpa<3>};
int main(int argc, char** argv) {
  if (argc < 4) { fprintf(stderr, "usage: cpa3 CASES NAMES_OUT SECONDS\n"); return 2; }
  std::ifstream in(argv[1]);
  FILE* names = fopen(argv[2], "w");
  double limit = atof(argv[3]);
  unsigned *dd, *ds;
  char* g;
  cudaMalloc(&dd, 256); cudaMalloc(&ds, 256); cudaMalloc(&g, 1 << 20);
  for (int k = 0; k < 4; ++k) cudaFuncSetAttribute(ks[k], cudaFuncAttributeMaxDynamicSharedMemorySize, 100 * 1024);
  auto t0 = std::chrono::steady_clock::now();
  std::string line;
  size_t n = 0;
  while (std::getline(in, line)) {
    if (std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() > limit) break;
    std::istringstream ss(line);
    std::string name, mask;
    int kind;
    if (!(ss >> name >> kind >> mask)) continue;
    std::vector<unsigned> d(33), s(32);
    for (int i = 0; i < 32; ++i) ss >> d[i];
    for (auto& x : s) ss >> x;
    d[32] = (unsigned)strtoul(mask.c_str(), nullptr, 16);
    cudaMemcpy(dd, d.data(), 132, cudaMemcpyHostToDevice);
    cudaMemcpy(ds, s.data(), 128, cudaMemcpyHostToDevice);
    ks[kind]<<<1, 32, 100 * 1024>>>(dd, ds, g);
    fprintf(names, "%s %s\n", name.c_str(), cudaGetErrorString(cudaDeviceSynchronize()));
    fflush(names);
    ++n;
  }
  fprintf(stderr, "launched %zu cases\n", n);
  fclose(names);
  return 0;
}

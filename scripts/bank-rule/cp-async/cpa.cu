// cp.async probe (issue 26, left open): one warp, one cp.async a launch at per-lane shared and
// global byte offsets (a line of the cases: name, kind, 32 shared offsets, 32 global offsets).
#include <cstdio>
#include <vector>
#include <string>
#include <fstream>
#include <sstream>
#include <cuda_runtime.h>
// kinds: 0 cg16, 1 ca16, 2 ca8, 3 ca4
template <int K>
__global__ void cpa(const unsigned* dst, const unsigned* src, const char* g) {
  extern __shared__ uint4 smem[];
  unsigned base = (unsigned)__cvta_generic_to_shared(smem);
  unsigned lane = threadIdx.x;
  unsigned s = base + dst[lane];
  const char* p = g + src[lane];
  if (K == 0) asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" :: "r"(s), "l"(p) : "memory");
  if (K == 1) asm volatile("cp.async.ca.shared.global [%0], [%1], 16;" :: "r"(s), "l"(p) : "memory");
  if (K == 2) asm volatile("cp.async.ca.shared.global [%0], [%1], 8;" :: "r"(s), "l"(p) : "memory");
  if (K == 3) asm volatile("cp.async.ca.shared.global [%0], [%1], 4;" :: "r"(s), "l"(p) : "memory");
  asm volatile("cp.async.wait_all;" ::: "memory");
}
typedef void (*F)(const unsigned*, const unsigned*, const char*);
static F ks[] = {cpa<0>, cpa<1>, cpa<2>, cpa<3>};
int main(int argc, char** argv) {
  std::ifstream in(argv[1]); std::string line;
  unsigned *dd, *ds; char* g;
  cudaMalloc(&dd, 128); cudaMalloc(&ds, 128); cudaMalloc(&g, 1 << 20);
  for (int k = 0; k < 4; ++k) cudaFuncSetAttribute(ks[k], cudaFuncAttributeMaxDynamicSharedMemorySize, 100 * 1024);
  while (std::getline(in, line)) {
    std::istringstream ss(line); std::string name; int kind; ss >> name >> kind;
    std::vector<unsigned> d(32), s(32);
    for (auto& x : d) ss >> x;
    for (auto& x : s) ss >> x;
    cudaMemcpy(dd, d.data(), 128, cudaMemcpyHostToDevice);
    cudaMemcpy(ds, s.data(), 128, cudaMemcpyHostToDevice);
    ks[kind]<<<1, 32, 100 * 1024>>>(dd, ds, g);
    printf("%s %s\n", name.c_str(), cudaGetErrorString(cudaDeviceSynchronize()));
  }
}

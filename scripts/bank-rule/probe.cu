// Discovery probe: one warp performs ninstr shared-memory instructions of one kind at
// per-lane byte addresses read from a table (0xffffffff: the lane is inactive).
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <string>
#include <fstream>
#include <sstream>
#include <cuda_runtime.h>

enum Kind { LD4, LD8, LD16, ST4, ST8, ST16, LDSM1, LDSM2, LDSM4, LDSM1T, LDSM2T, LDSM4T, STSM1, STSM2, STSM4, CPA4, CPA8, CPA16 };  // CPA*: cp.async, measured but not modelled

template <int K>
__global__ void probe(const unsigned* addrs, int ninstr, unsigned* out, const uint4* gsrc) {
  extern __shared__ uint4 smem[];
  unsigned base = (unsigned)__cvta_generic_to_shared(smem);
  unsigned lane = threadIdx.x;
  unsigned acc = 0;
  for (int i = 0; i < ninstr; ++i) {
    unsigned a = addrs[i * 32 + lane];
    bool on = a != 0xffffffffu;
    unsigned s = base + (on ? a : 0);
    unsigned r0 = lane, r1 = lane * 3, r2 = lane * 5, r3 = lane * 7;
    if (K == LD4) { if (on) asm volatile("ld.shared.b32 %0, [%1];" : "=r"(r0) : "r"(s)); acc ^= r0; }
    if (K == LD8) { if (on) asm volatile("ld.shared.v2.b32 {%0,%1}, [%2];" : "=r"(r0), "=r"(r1) : "r"(s)); acc ^= r0 ^ r1; }
    if (K == LD16) { if (on) asm volatile("ld.shared.v4.b32 {%0,%1,%2,%3}, [%4];" : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3) : "r"(s)); acc ^= r0 ^ r1 ^ r2 ^ r3; }
    if (K == ST4) { if (on) asm volatile("st.shared.b32 [%0], %1;" :: "r"(s), "r"(r0) : "memory"); }
    if (K == ST8) { if (on) asm volatile("st.shared.v2.b32 [%0], {%1,%2};" :: "r"(s), "r"(r0), "r"(r1) : "memory"); }
    if (K == ST16) { if (on) asm volatile("st.shared.v4.b32 [%0], {%1,%2,%3,%4};" :: "r"(s), "r"(r0), "r"(r1), "r"(r2), "r"(r3) : "memory"); }
    if (K == LDSM1) { asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];" : "=r"(r0) : "r"(s)); acc ^= r0; }
    if (K == LDSM2) { asm volatile("ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0,%1}, [%2];" : "=r"(r0), "=r"(r1) : "r"(s)); acc ^= r0 ^ r1; }
    if (K == LDSM4) { asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];" : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3) : "r"(s)); acc ^= r0 ^ r1 ^ r2 ^ r3; }
    if (K == LDSM1T) { asm volatile("ldmatrix.sync.aligned.m8n8.x1.trans.shared.b16 {%0}, [%1];" : "=r"(r0) : "r"(s)); acc ^= r0; }
    if (K == LDSM2T) { asm volatile("ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%0,%1}, [%2];" : "=r"(r0), "=r"(r1) : "r"(s)); acc ^= r0 ^ r1; }
    if (K == LDSM4T) { asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0,%1,%2,%3}, [%4];" : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3) : "r"(s)); acc ^= r0 ^ r1 ^ r2 ^ r3; }
    if (K == STSM1) { asm volatile("stmatrix.sync.aligned.m8n8.x1.shared.b16 [%0], {%1};" :: "r"(s), "r"(r0) : "memory"); }
    if (K == STSM2) { asm volatile("stmatrix.sync.aligned.m8n8.x2.shared.b16 [%0], {%1,%2};" :: "r"(s), "r"(r0), "r"(r1) : "memory"); }
    if (K == STSM4) { asm volatile("stmatrix.sync.aligned.m8n8.x4.shared.b16 [%0], {%1,%2,%3,%4};" :: "r"(s), "r"(r0), "r"(r1), "r"(r2), "r"(r3) : "memory"); }
    if (K == CPA4) { if (on) asm volatile("cp.async.ca.shared.global [%0], [%1], 4;" :: "r"(s), "l"(gsrc + lane) : "memory"); }
    if (K == CPA8) { if (on) asm volatile("cp.async.ca.shared.global [%0], [%1], 8;" :: "r"(s), "l"(gsrc + lane) : "memory"); }
    if (K == CPA16) { if (on) asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" :: "r"(s), "l"(gsrc + lane) : "memory"); }
  }
  if (K >= CPA4) asm volatile("cp.async.wait_all;" ::: "memory");
  if (acc == 0x9e3779b9u) out[lane] = acc;
}

typedef void (*KernelFn)(const unsigned*, int, unsigned*, const uint4*);
static KernelFn kernels[] = {probe<0>, probe<1>, probe<2>, probe<3>, probe<4>, probe<5>, probe<6>, probe<7>, probe<8>, probe<9>,
  probe<10>, probe<11>, probe<12>, probe<13>, probe<14>, probe<15>, probe<16>, probe<17>};

int main(int argc, char** argv) {
  // cases file: per line: name kind ninstr a0 ... a(32*ninstr-1)
  std::ifstream in(argv[1]);
  std::string line;
  unsigned *d_out; uint4* d_src; unsigned* d_addr;
  cudaMalloc(&d_out, 32 * 4); cudaMalloc(&d_src, 64 * 16); cudaMalloc(&d_addr, 32 * 4 * 4096);
  for (int k = 0; k < 18; ++k) cudaFuncSetAttribute(kernels[k], cudaFuncAttributeMaxDynamicSharedMemorySize, 200 * 1024);
  while (std::getline(in, line)) {
    std::istringstream ss(line);
    std::string name; int kind, n;
    ss >> name >> kind >> n;
    std::vector<unsigned> a(32 * n);
    for (auto& x : a) { long long v; ss >> v; x = (unsigned)v; }
    cudaMemcpy(d_addr, a.data(), a.size() * 4, cudaMemcpyHostToDevice);
    kernels[kind]<<<1, 32, 200 * 1024>>>(d_addr, n, d_out, d_src);
    cudaError_t e = cudaDeviceSynchronize();
    printf("%s %s\n", name.c_str(), cudaGetErrorString(e));
  }
  return 0;
}

// cp.async probe, second round (issue 26): like cpa.cu, plus a mask of active lanes (an inactive
// lane's cp.async is predicated off) and a time limit. On the H100 (2026-11-27) its .cg kernel read
// 0 LDGSTS wavefronts for every case, all lanes active too (its .ca kernels read plausible counts);
// the cause was not found, and cpa3.cu replaced it. Its per-instance mode (132 blocks) printed only
// sums: Nsight Compute gave no per-multiprocessor values for these metrics. A line of the cases file:
//   name kind mask(hex) 32 shared offsets 32 global offsets
// kinds: 0 .cg 16 B, 1 .ca 16 B, 2 .ca 8 B, 3 .ca 4 B.
//   cpa2 CASES NAMES_OUT SECONDS           one launch (one warp) a case, in file order, until SECONDS
//   cpa2 CASES NAMES_OUT SECONDS inst N    one launch of N blocks, one a multiprocessor, block b
//                                          running case b % cases; NAMES_OUT gets block, smid, case
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>
#include <cuda_runtime.h>

template <int K>
__global__ void cpa(const unsigned* cases, int ncase, const char* g, unsigned* smid_out) {
  extern __shared__ uint4 smem[];
  const unsigned* c = cases + 65 * (blockIdx.x % ncase);
  unsigned base = (unsigned)__cvta_generic_to_shared(smem);
  unsigned lane = threadIdx.x;
  unsigned mask = c[0];
  unsigned s = base + c[1 + lane];
  const char* p = g + c[33 + lane];
  if ((mask >> lane) & 1u) {
    if (K == 0) asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" :: "r"(s), "l"(p) : "memory");
    if (K == 1) asm volatile("cp.async.ca.shared.global [%0], [%1], 16;" :: "r"(s), "l"(p) : "memory");
    if (K == 2) asm volatile("cp.async.ca.shared.global [%0], [%1], 8;" :: "r"(s), "l"(p) : "memory");
    if (K == 3) asm volatile("cp.async.ca.shared.global [%0], [%1], 4;" :: "r"(s), "l"(p) : "memory");
  }
  asm volatile("cp.async.wait_all;" ::: "memory");
  if (smid_out && lane == 0) {
    unsigned id;
    asm volatile("mov.u32 %0, %%smid;" : "=r"(id));
    smid_out[blockIdx.x] = id;
  }
}
typedef void (*F)(const unsigned*, int, const char*, unsigned*);
static F ks[] = {cpa<0>, cpa<1>, cpa<2>, cpa<3>};

int main(int argc, char** argv) {
  if (argc < 4) { fprintf(stderr, "usage: cpa2 CASES NAMES_OUT SECONDS [inst N]\n"); return 2; }
  std::ifstream in(argv[1]);
  FILE* names = fopen(argv[2], "w");
  double limit = atof(argv[3]);
  bool inst = argc >= 6 && !strcmp(argv[4], "inst");
  int nblk = inst ? atoi(argv[5]) : 1;
  std::vector<std::string> nm;
  std::vector<int> kind;
  std::vector<unsigned> all;
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream ss(line);
    std::string name, mask;
    int k;
    if (!(ss >> name >> k >> mask)) continue;
    nm.push_back(name);
    kind.push_back(k);
    all.push_back((unsigned)strtoul(mask.c_str(), nullptr, 16));
    for (int i = 0; i < 64; ++i) { unsigned x; ss >> x; all.push_back(x); }
  }
  unsigned *dc, *dsm;
  char* g;
  cudaMalloc(&dc, all.size() * 4);
  cudaMalloc(&dsm, 4096 * 4);
  cudaMalloc(&g, 1 << 22);
  cudaMemset(g, 1, 1 << 22);
  cudaMemcpy(dc, all.data(), all.size() * 4, cudaMemcpyHostToDevice);
  int smem = inst ? 200 * 1024 : 100 * 1024;
  for (int k = 0; k < 4; ++k) cudaFuncSetAttribute(ks[k], cudaFuncAttributeMaxDynamicSharedMemorySize, smem);
  cudaDeviceSynchronize();
  auto t0 = std::chrono::steady_clock::now();
  if (inst) {
    // every case of the file must be of one kind here
    ks[kind[0]]<<<nblk, 32, smem>>>(dc, (int)nm.size(), g, dsm);
    cudaError_t e = cudaDeviceSynchronize();
    std::vector<unsigned> sm(nblk);
    cudaMemcpy(sm.data(), dsm, nblk * 4, cudaMemcpyDeviceToHost);
    for (int b = 0; b < nblk; ++b) fprintf(names, "%d %u %s\n", b, sm[b], nm[b % nm.size()].c_str());
    fprintf(names, "# %s\n", cudaGetErrorString(e));
    fclose(names);
    return 0;
  }
  size_t i = 0;
  for (; i < nm.size(); ++i) {
    double el = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (el > limit) break;
    ks[kind[i]]<<<1, 32, smem>>>(dc + 65 * i, 1, g, nullptr);
    cudaError_t e = cudaDeviceSynchronize();
    fprintf(names, "%s %s\n", nm[i].c_str(), cudaGetErrorString(e));
    fflush(names);
  }
  fprintf(stderr, "launched %zu of %zu cases\n", i, nm.size());
  fclose(names);
  return 0;
}

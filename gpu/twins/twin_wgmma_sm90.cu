// CuTe C++ twin of cute-kernels' wgmma_sm90: the tutorial's own hopper/wgmma_sm90.cu (its kernel and
// its gemm_tn launcher for half_t, unchanged), run by twin_hgemm.hpp's main:
//   wgmma_sm90 M N K [reps]
#define main cute_tutorial_main
#include "hopper/wgmma_sm90.cu"
#undef main
#include "twin_hgemm.hpp"

int main(int argc, char** argv) {
  return twin_hgemm_tn("wgmma_sm90_tn", argc, argv, [](auto... args) { gemm(args...); });
}

// CuTe C++ twin of cute-kernels' hgemm_sm80: the tutorial's own sgemm_sm80.cu (its kernel and
// its gemm_tn launcher for half_t, unchanged), run by twin_hgemm.hpp's main:
//   sgemm_sm80 M N K [reps]
#define main cute_tutorial_main
#include "sgemm_sm80.cu"
#undef main
#include "twin_hgemm.hpp"

int main(int argc, char** argv) {
  return twin_hgemm_tn("hgemm_sm80_tn", argc, argv, [](auto... args) { gemm(args...); });
}

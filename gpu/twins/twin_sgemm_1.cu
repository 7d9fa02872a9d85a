// CuTe C++ twin of cute-kernels' sgemm_1: the tutorial's own sgemm_1.cu (its kernels and its
// gemm_nt / gemm_tn launchers, unchanged), driven by twin_gemm.hpp at the sizes given.
//   sgemm_1 M N K [reps]
#define main cute_tutorial_main
#include "sgemm_1.cu"
#undef main
#define TWIN_GEMM "sgemm_1"
#include "twin_gemm.hpp"

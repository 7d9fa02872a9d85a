// CuTe C++ twin of cute-kernels' sgemm_2: the tutorial's own sgemm_2.cu (its kernels and its
// gemm_nt / gemm_tn launchers, unchanged), driven by twin_gemm.hpp at the sizes given.
//   sgemm_2 M N K [reps]
#define main cute_tutorial_main
#include "sgemm_2.cu"
#undef main
#define TWIN_GEMM "sgemm_2"
#include "twin_gemm.hpp"

// The CuTe C++ 4.2 documents tests/tests/print_latex.rs compares cute-static's print_latex with.
// Built against the headers ../shared/oracle/setup.sh fetches (its last line is the include flags):
//   g++ -std=c++17 -O0 -w $(bash ../shared/oracle/setup.sh | tail -1) record.cpp -o record && ./record
// Each document goes to the file named before it.
#include <cute/tensor.hpp>
#include <cute/atom/mma_atom.hpp>
#include <cute/atom/copy_atom.hpp>
#include <cute/util/print_latex.hpp>
#include <cstdio>
using namespace cute;

template <class X>
void record(char const* name, X const& x) {
  if (!std::freopen(name, "w", stdout)) { std::perror(name); std::exit(1); }
  print_latex(x);
  std::fflush(stdout);
}

int main() {
  record("tiled_mma_fma_2x2x1.tex", make_tiled_mma(UniversalFMA<float,float,float>{}, Layout<Shape<_2,_2,_1>>{}));
  record("tiled_mma_sm80_16x8x8.tex", make_tiled_mma(SM80_16x8x8_F16F16F16F16_TN{}));
  record("tiled_copy_u64_2x2_2x1.tex",
         make_tiled_copy(Copy_Atom<UniversalCopy<uint64_t>, float>{}, Layout<Shape<_2,_2>>{}, Layout<Shape<_2,_1>>{}));
  // The GEMM tutorial's mmaC (sgemm_2.cu) and sgemm_2's TN copy.
  record("tiled_mma_fma_16x16x1.tex", make_tiled_mma(UniversalFMA<float,float,float>{}, Layout<Shape<_16,_16,_1>>{}));
  record("tiled_copy_f32_32x8_k_major.tex",
         make_tiled_copy(Copy_Atom<UniversalCopy<float>, float>{}, Layout<Shape<_32,_8>,Stride<_8,_1>>{}, Layout<Shape<_1,_1>>{}));
  return 0;
}

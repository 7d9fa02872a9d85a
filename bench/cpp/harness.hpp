// CuTe C++'s part of the side-by-side benchmark: the timing loop shared by the generated
// translation units (bench/side_by_side.py writes them; scripts/side-by-side.sh builds them with
// g++ -O2 against the nvidia-cutlass 4.2.0.0 wheel's headers).
//
// Each case builds its inputs once, prints its result once with CuTe's print() (the driver
// compares it with cute-dynamic's), then times the operation. Before every call the inputs go
// through `clobber` (an empty asm that may have rewritten them, so nothing is hoisted out of the
// loop or folded), and the result through `escape` (an empty asm that reads it, so it is
// computed in full). The timing is the Rust driver's (cute_bench::measure): calls per batch
// double from 1 until a batch takes at least the target; then the median over the samples of
// (batch time / calls), in thread CPU time.
#pragma once
#include <cute/layout.hpp>

#include <algorithm>
#include <ctime>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace bench {

struct Timing {
  double target_ns = 2e6;
  int samples = 5;
};

inline Timing& timing() {
  static Timing t;
  return t;
}

template <class T>
inline __attribute__((always_inline)) void clobber(T& x) {
  asm volatile("" : "+m"(x));
}

template <class T>
inline __attribute__((always_inline)) void escape(T const& x) {
  asm volatile("" : : "m"(x) : "memory");
}

// The calling thread's CPU time in ns (what cute_bench::measure and pycute_bench.py use too).
inline double thread_ns() {
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return double(ts.tv_sec) * 1e9 + double(ts.tv_nsec);
}

template <class F>
double measure(F&& f) {
  auto batch = [&](long reps) {
    double t0 = thread_ns();
    for (long i = 0; i < reps; ++i) f();
    return thread_ns() - t0;
  };
  long reps = 1;
  while (batch(reps) < timing().target_ns && reps < (1L << 40)) reps *= 2;
  std::vector<double> v;
  for (int s = 0; s < std::max(1, timing().samples); ++s) v.push_back(batch(reps) / reps);
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// One case: `@R id result` then `@T id ns`.
template <class Op, class... Args>
void run(char const* id, Op op, Args... args) {
  std::printf("@R %s ", id);
  cute::print(op(args...));
  std::printf("\n");
  double ns = measure([&] {
    (clobber(args), ...);
    auto r = op(args...);
    escape(r);
  });
  std::printf("@T %s %.3f\n", id, ns);
  std::fflush(stdout);
}

// Evaluation at one index: the index cycles through 0..size(L)-1.
template <class L>
void run_call(char const* id, L layout) {
  int n = int(cute::size(layout));
  std::printf("@R %s [", id);
  for (int i = 0; i < n; ++i) {
    if (i) std::printf(",");
    cute::print(layout(i));
  }
  std::printf("]\n");
  int i = 0;
  double ns = measure([&] {
    clobber(layout);
    auto r = layout(i);
    escape(r);
    if (++i == n) i = 0;
  });
  std::printf("@T %s %.3f\n", id, ns);
  std::fflush(stdout);
}

inline void init(int argc, char** argv) {
  if (argc > 1) timing().target_ns = std::atof(argv[1]) * 1e6;
  if (argc > 2) timing().samples = std::atoi(argv[2]);
}

}  // namespace bench

# The headers CppADCodeGen 2.5's CMake configure step generates (include/CMakeLists.txt and
# include/cppad/cg/model/threadpool/CMakeLists.txt), without the rest of its configure step (which
# fetches GoogleTest for its tests): cppad/cg/configure.hpp, and the thread pools' C sources embedded
# as strings by its own textfile2h function. Used by bench/robots:
#   cmake -DCPPADCG=<source dir> -DOUT=<include dir> -P bench/peers/cppadcg_headers.cmake
include(${CPPADCG}/cmake/textfile2h.cmake)
set(cppadcg_version 2.5.0)
configure_file(${CPPADCG}/include/cppad/cg/configure.hpp.in ${OUT}/cppad/cg/configure.hpp)
set(pool ${CPPADCG}/include/cppad/cg/model/threadpool)
set(out ${OUT}/cppad/cg/model/threadpool)
textfile2h(SOURCE_FILE ${pool}/pthread_pool.c HEADER_FILE ${out}/pthread_pool_c.hpp VARIABLE_NAME CPPADCG_PTHREAD_POOL_C_FILE)
textfile2h(SOURCE_FILE ${pool}/pthread_pool.h HEADER_FILE ${out}/pthread_pool_h.hpp VARIABLE_NAME CPPADCG_PTHREAD_POOL_H_FILE)
textfile2h(SOURCE_FILE ${pool}/openmp.c HEADER_FILE ${out}/openmp_c.hpp VARIABLE_NAME CPPADCG_OPENMP_C_FILE)
textfile2h(SOURCE_FILE ${pool}/openmp.h HEADER_FILE ${out}/openmp_h.hpp VARIABLE_NAME CPPADCG_OPENMP_H_FILE)
